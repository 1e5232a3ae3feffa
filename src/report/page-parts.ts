// Pieces every package page is made of: a row's values as text, the facts list, the targets, the note on
// text left out. Everything goes through the `html` template, so a run's text stays text.
import { html, type SafeHtml } from './html.js';

export type Json = Record<string, unknown>;

export const obj = (v: unknown): Json =>
  v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Json) : {};
export const strings = (v: unknown): string[] => (Array.isArray(v) ? v.map(String) : []);

/** A value as text; scores with four decimals, as the leaderboards print them. */
export const show = (v: unknown): string =>
  v === null || v === undefined
    ? '—'
    : typeof v === 'string'
      ? v
      : typeof v === 'number' && !Number.isInteger(v)
        ? v.toFixed(4)
        : JSON.stringify(v);

/** The facts that have a value (a row leaves most simulation fields null when nothing ran). */
export function facts(pairs: [string, unknown][]): SafeHtml {
  const known = pairs.filter(([, v]) => v !== null && v !== undefined);
  return html`<dl class="facts">${known.map(([k, v]) => html`<dt>${k}</dt><dd>${show(v)}</dd>`)}</dl>`;
}

/** The package's key types, or why they are not known. */
export function targetList(targets: string[] | null): SafeHtml {
  return targets === null
    ? html`<p class="note">The run directory does not keep this package's interface.</p>`
    : html`<ul class="targets">${targets.map((t) => html`<li><code>${t}</code></li>`)}</ul>`;
}

export function cutNote(chars: number): SafeHtml | string {
  return chars > 0
    ? html`<p class="note">… ${chars} more characters (whole in <code>smi-bench view</code>)</p>`
    : '';
}
