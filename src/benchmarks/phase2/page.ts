// Phase II's package page: its targets, where it stopped and why, the transaction's outcome or abort, and
// the types it created.
import { html, type SafeHtml } from '../../report-parts/html.js';
import {
  createdType,
  facts,
  HIT_NOTE,
  obj,
  show,
  strings,
  targetHit,
  targetList,
} from '../../report-parts/page-parts.js';
import { plural } from '../../core/plural.js';
import type { PackagePageInput } from '../display.js';

export function phase2Page({ row, targets }: PackagePageInput): SafeHtml {
  const score = obj(row['score']);
  const created = row['created_object_types_list'];
  const causality =
    row['causality_valid'] === false
      ? `broken: ${strings(row['causality_errors']).join('; ')}`
      : row['causality_valid'];
  const hit = targetHit(targets);
  const createdList = Array.isArray(created)
    ? html`<h3>Types the transaction created</h3><ul class="created">${strings(created).map((t) => html`<li>${createdType(t, hit(t))}</li>`)}</ul>${HIT_NOTE}`
    : html`<p class="note">${typeof score['created_hits'] === 'number' ? plural(score['created_hits'], 'target type') : `${show(score['created_hits'])} target types`} created; the list of created types is kept only with <code>--include-created-types</code>.</p>`;
  return html`${facts([
    ['stopped at', row['failure_stage']],
    ['why', row['stop_reason']],
    ['targets created', `${show(score['created_hits'])} of ${show(score['targets'])}`],
    ['error', row['error']],
    ['simulation mode', row['simulation_mode']],
    ['transaction built', row['tx_build_ok']],
    ['executed without failure', row['exec_ok']],
    ['status', row['dry_run_status']],
    ['effects error', row['dry_run_effects_error']],
    ['abort code', row['dry_run_abort_code']],
    ['abort location', row['dry_run_abort_location']],
    ['abort category', row['abort_category']],
    ['could not build or run because', row['dry_run_error']],
    ['plan attempts', row['plan_attempts']],
    ['causality', causality],
    ['formatting corrections', strings(row['formatting_corrections']).join(', ') || null],
  ])}${targetList(targets)}${createdList}`;
}
