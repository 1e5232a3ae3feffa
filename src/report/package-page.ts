// One package of one run: Phase I's true and predicted key structs; Phase II's targets, the plan as
// normalized with its corrections, the simulation's outcome or abort; the helper's attempts (helper-page.ts);
// and the conversation with the model.
import { boardOf } from '../benchmarks/registry.js';
import type { PackagePageKind } from '../benchmarks/display.js';
import type { LoadedRun } from '../compare/leaderboard.js';
import { contentText, html, safeHref, tableBox, type SafeHtml } from './html.js';
import type { ReportLinks } from './links.js';
import { answeredTypes, readConversation, readTargets, type Turn } from './conversation.js';
import { helperBody } from './helper-page.js';
import {
  createdType,
  cutNote,
  facts,
  HIT_NOTE,
  obj,
  show,
  strings,
  targetHit,
  targetList,
  type Json,
} from './page-parts.js';
import type { PackageTrace } from './traces.js';
import { plural } from '../core/plural.js';

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

function phase2Body(row: Json, targets: string[] | null): SafeHtml {
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

function turnHtml(turn: Turn): SafeHtml {
  const why = turn.error === null ? '' : html`<p class="call-error">not usable: ${turn.error}</p>`;
  const answer =
    turn.answer === null
      ? html`<p class="call-error">no answer: ${turn.error ?? 'the call failed'}</p>`
      : html`<pre class="answer">${contentText(turn.answer)}</pre>${cutNote(turn.cut.answer)}${why}`;
  const plan = turn.plan
    ? html`<p class="who">the plan as normalized${turn.plan.corrections.length > 0 ? ` (corrections: ${turn.plan.corrections.join(', ')})` : ''}</p><pre class="plan">${contentText(JSON.stringify(turn.plan.spec))}</pre>`
    : '';
  return html`<article class="turn"><h4>${turn.label}</h4><details><summary>prompt${turn.cut.prompt > 0 ? ' (shortened)' : ''}</summary><pre class="prompt">${contentText(turn.prompt)}</pre>${cutNote(turn.cut.prompt)}</details><p class="who">answer</p>${answer}${plan}</article>`;
}

/** A self-contained report shows a long conversation's first and last turns; the view shows all. */
const EMBEDDED_HEAD_TURNS = 2;
const EMBEDDED_TAIL_TURNS = 6;
export const EMBEDDED_TURNS = EMBEDDED_HEAD_TURNS + EMBEDDED_TAIL_TURNS + 1;

function conversationHtml(turns: Turn[], shortened: boolean): SafeHtml {
  if (!shortened || turns.length <= EMBEDDED_TURNS) return html`${turns.map(turnHtml)}`;
  const left = turns.length - EMBEDDED_HEAD_TURNS - EMBEDDED_TAIL_TURNS;
  return html`${turns.slice(0, EMBEDDED_HEAD_TURNS).map(turnHtml)}<p class="note">… ${left} more calls (all in <code>smi-bench view</code>)</p>${turns.slice(-EMBEDDED_TAIL_TURNS).map(turnHtml)}`;
}

export interface PackagePageArgs {
  run: LoadedRun;
  runIndex: number;
  rowIndex: number;
  trace: PackageTrace;
  links: ReportLinks;
  /** Characters of each prompt and answer shown (null: all). */
  textLimit: number | null;
}

/** The page's content (no document around it). */
export function packagePageBody(args: PackagePageArgs): SafeHtml {
  const { run, rowIndex, trace, links } = args;
  const row = run.rows[rowIndex] ?? {};
  const packageId = String(row['package_id']);
  const turns = readConversation(run.runDir, trace, args.textLimit);
  const targets = readTargets(run.runDir, trace);
  const temporal = links.temporalPackageHref(run, packageId);
  // The page of the kind its benchmark's display names.
  const bodies: Record<PackagePageKind, () => SafeHtml> = {
    'key-structs': () => {
      const { truth, predicted } = phase1Lists(row, targets, turns);
      return phase1Body(row, truth, predicted);
    },
    helper: () => helperBody({ row, runDir: run.runDir, trace, targets, textLimit: args.textLimit }),
    plan: () => phase2Body(row, targets),
  };
  const body = bodies[boardOf(run.phase).packagePage]();
  const temporalLink = temporal
    ? html` · <a href="${safeHref(temporal)}">package workflow in the Temporal UI</a>`
    : '';
  const conversation =
    turns.length === 0
      ? html`<p class="note">No model calls are recorded for this package (agent ${run.agent}).</p>`
      : conversationHtml(turns, args.textLimit !== null);
  return html`<h2>Package <code>${packageId}</code></h2>
<p class="sub">run <strong>${run.label}</strong> · model ${run.model} · agent ${run.agent}${temporalLink}</p>
${body}<h3>Conversation with the model</h3>${conversation}`;
}
