// Phase I's package page: its true and predicted key structs, side by side with the verdict on each.
import { answeredTypes, type Turn } from '../../report-parts/conversation.js';
import { html, tableBox, type SafeHtml } from '../../report-parts/html.js';
import { facts, obj, strings, type Json } from '../../report-parts/page-parts.js';
import type { PackagePageInput } from '../display.js';

/** Upstream's rows keep counts; the lists come with a flag, else from the interface and the last answer. */
function phase1Lists(
  row: Json,
  targets: string[] | null,
  turns: Turn[],
): { truth: string[]; predicted: string[] } {
  const score = obj(row['score']);
  const truth = Array.isArray(row['truth_key_types_list'])
    ? strings(row['truth_key_types_list'])
    : Array.isArray(row['truth_key_types'])
      ? strings(row['truth_key_types'])
      : (targets ?? strings(score['missing_sample']));
  const lastAnswer = [...turns].reverse().find((t) => t.answer !== null)?.answer ?? null;
  const predicted = Array.isArray(row['predicted_key_types_list'])
    ? strings(row['predicted_key_types_list'])
    : Array.isArray(row['predicted_key_types'])
      ? strings(row['predicted_key_types'])
      : lastAnswer !== null
        ? answeredTypes(lastAnswer)
        : strings(score['extra_sample']);
  return { truth, predicted };
}

function phase1Body(row: Json, truth: string[], predicted: string[]): SafeHtml {
  const all = [...new Set([...truth, ...predicted])].sort();
  const score = obj(row['score']);
  const verdictRow = (t: string) => {
    const isTrue = truth.includes(t);
    const isPredicted = predicted.includes(t);
    const verdict = isTrue && isPredicted ? 'found' : isTrue ? 'missed' : 'wrong';
    return html`<tr class="${verdict}"><td><code>${t}</code></td><td>${isTrue ? 'yes' : ''}</td><td>${isPredicted ? 'yes' : ''}</td><td>${verdict}</td></tr>`;
  };
  return html`${facts([
    ['precision', score['precision']],
    ['recall', score['recall']],
    ['F1', score['f1']],
    ['true key structs', truth.length],
    ['predicted', predicted.length],
    ['attempts', row['attempts']],
    ['error', row['error']],
  ])}<h3>Key structs: true against predicted</h3>
${tableBox(html`<table class="types"><thead><tr><th>struct</th><th>has key</th><th>predicted</th><th></th></tr></thead><tbody>${all.map(verdictRow)}</tbody></table>`)}`;
}

export function phase1Page({ row, targets, turns }: PackagePageInput): SafeHtml {
  const { truth, predicted } = phase1Lists(row, targets, turns);
  return phase1Body(row, truth, predicted);
}
