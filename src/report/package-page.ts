// One package of one run: its benchmark's part (its display's packagePage: Phase I's key structs, Phase
// II's targets and outcome, the helper's attempts), and the conversation with the model.
import type { PackagePage } from '../benchmarks/display.js';
import type { LoadedRun } from '../compare/leaderboard.js';
import { contentText, html, safeHref, type SafeHtml } from '../report-parts/html.js';
import type { ReportLinks } from './links.js';
import { readConversation, readTargets, type Turn } from '../report-parts/conversation.js';
import { cutNote } from '../report-parts/page-parts.js';
import type { PackageTrace } from '../report-parts/traces.js';

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
  /** Its benchmark's part of the page (its display's packagePage, loaded). */
  page: PackagePage;
}

/** The page's content (no document around it). */
export function packagePageBody(args: PackagePageArgs): SafeHtml {
  const { run, rowIndex, trace, links } = args;
  const row = run.rows[rowIndex] ?? {};
  const packageId = String(row['package_id']);
  const turns = readConversation(run.runDir, trace, args.textLimit);
  const targets = readTargets(run.runDir, trace);
  const temporal = links.temporalPackageHref(run, packageId);
  const body = args.page({
    row,
    runDir: run.runDir,
    trace,
    targets,
    turns,
    textLimit: args.textLimit,
  });
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
