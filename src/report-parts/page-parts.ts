// Pieces every package page is made of: a row's values as text, the facts list, the targets, the note on
// text left out. Everything goes through the `html` template, so a run's text stays text.
import { canonicalBaseType } from '../core/phase2/type-string.js';
import { html, type SafeHtml } from './html.js';
import { formatRate } from './numbers.js';

export type Json = Record<string, unknown>;

export const obj = (v: unknown): Json =>
  v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Json) : {};
export const strings = (v: unknown): string[] => (Array.isArray(v) ? v.map(String) : []);

/** A value as text; scores with three decimals, as every page prints them. */
export const show = (v: unknown): string =>
  v === null || v === undefined
    ? '—'
    : typeof v === 'string'
      ? v
      : typeof v === 'number' && !Number.isInteger(v)
        ? formatRate(v)
        : JSON.stringify(v);

/** The facts that have a value (a row leaves most simulation fields null when nothing ran). */
export function facts(pairs: [string, unknown][]): SafeHtml {
  const known = pairs.filter(([, v]) => v !== null && v !== undefined);
  return html`<dl class="facts">${known.map(([k, v]) => html`<dt>${k}</dt><dd>${show(v)}</dd>`)}</dl>`;
}

/** The package's key types under their heading, or why there are none to show. */
export function targetList(targets: string[] | null): SafeHtml {
  const heading = html`<h3>Targets (the package's key types)</h3>`;
  if (targets === null)
    return html`${heading}<p class="note">The run directory does not keep this package's interface.</p>`;
  if (targets.length === 0)
    return html`${heading}<p class="note">None: the package has no key type, so there is nothing to create.</p>`;
  return html`${heading}<ul class="targets">${targets.map((t) => html`<li><code>${t}</code></li>`)}</ul>`;
}

/**
 * Whether a created type hits one of the targets, as the score counts it: by base type (type arguments
 * left out, addresses written in full), so `0x2::coin::Coin<0x2::sui::SUI>` hits `0x2::coin::Coin`.
 */
export function targetHit(targets: string[] | null): (created: string) => boolean {
  const bases = new Set((targets ?? []).map(canonicalBaseType));
  return (created) => bases.has(canonicalBaseType(created));
}

/** A created type, marked when it hits a target. */
export function createdType(type: string, hit: boolean): SafeHtml {
  return html`<code>${type}</code>${hit ? html` <span class="hit">target</span>` : ''}`;
}

/** Said under a list of created types: what marks a hit. */
export const HIT_NOTE = html`<p class="note">A created object hits a target (marked <span class="hit">target</span>) when its base type is one of the targets: type arguments do not count, so <code>Coin&lt;…::sui::SUI&gt;</code> hits <code>0x2::coin::Coin</code>.</p>`;

/** Under a text shortened for the self-contained report (a mark in it says where): how much was left out. */
export function cutNote(chars: number): SafeHtml | string {
  return chars > 0
    ? html`<p class="note">${chars} characters left out (whole in <code>smi-bench view</code>)</p>`
    : '';
}
