// The report as one HTML document: compare's leaderboards (sortable), the figures as inline SVG, a table
// of packages per run, and, for the self-contained file, every package's page as a section of the same
// document (shown by its anchor, without script).
import { BENCHMARKS, boardOf } from '../benchmarks/registry.js';
import type { PackagePage } from '../benchmarks/display.js';
import type { LoadedRun } from '../compare/leaderboard.js';
import { reportFigures, type Figure } from './figures.js';
import { figureSvg } from './figure-render.js';
import { plural } from '../core/plural.js';
import { setOfRun } from '../evalset/run-name.js';
import { html, safeHref, tableBox, trustedHtml, type SafeHtml } from '../report-parts/html.js';
import { leaderboards } from './leaderboard-table.js';
import { formatRate } from '../report-parts/numbers.js';
import type { ReportInput } from './input.js';
import { packageAnchor, type ReportLinks } from './links.js';
import { EMBEDDED_TURNS, packagePageBody } from './package-page.js';
import { REPORT_CSP, REPORT_SCRIPT, REPORT_STYLE } from './page-assets.js';
import { tracesFor, type PackageTrace } from '../report-parts/traces.js';
import { trailHtml } from './trail.js';

export interface RenderOptions {
  links: ReportLinks;
  /** Put every package page into the document (the self-contained file), or link to them (the view). */
  embedPackagePages: boolean;
  title?: string;
  /** Characters of each prompt and answer on embedded package pages (null: all; default: a share of a budget). */
  textLimit?: number | null;
}

/**
 * A self-contained report must stay small enough to mail: its prompts and answers share a budget of
 * characters, each cut to an equal share (at least MIN, at most MAX); `smi-bench view` shows them whole.
 */
const TEXT_BUDGET = 2_400_000;
const TEXT_MIN = 200;
const TEXT_MAX = 4000;

function embeddedTextLimit(traces: Map<LoadedRun, PackageTrace[]>): number {
  let texts = 0;
  for (const list of traces.values())
    for (const t of list)
      texts += 2 * Math.min(EMBEDDED_TURNS, t.prompts.length + t.rounds.length + t.attempts.length);
  return Math.max(TEXT_MIN, Math.min(TEXT_MAX, Math.floor(TEXT_BUDGET / Math.max(1, texts))));
}

function documentHtml(title: string, body: SafeHtml): string {
  // The script goes in byte for byte: the policy allows it by its hash.
  const head = html`<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${REPORT_CSP}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title><style>${trustedHtml(REPORT_STYLE)}</style></head>
<body>`;
  return `${head.text}${body.text}<script>${REPORT_SCRIPT}</script></body></html>\n`;
}

async function figuresHtml(figures: Figure[]): Promise<SafeHtml> {
  const svgs = await Promise.all(figures.map((f) => figureSvg(f.spec)));
  return html`${figures.map(
    (f, i) =>
      html`<figure id="fig-${f.id}"><h3>${f.title}</h3>${trustedHtml(svgs[i]!)}<figcaption>${f.caption}</figcaption></figure>`,
  )}`;
}

function runTable(run: LoadedRun, runIndex: number, links: ReportLinks): SafeHtml {
  const board = boardOf(run.phase);
  const stages = board.stages;
  const rows = run.rows.map((row, i) => {
    const score = board.rowScore(row);
    // Where a Phase II row says why it stopped (its error, or the reason for its stage), that is shown.
    const why = row['error'] ?? row['stop_reason'];
    const error = why === null || why === undefined ? '' : String(why);
    const stage = stages ? html`<td>${String(row['failure_stage'] ?? '')}</td>` : '';
    return html`<tr><td class="n" data-v="${i + 1}">${i + 1}</td><td><a href="${safeHref(links.packageHref(runIndex, i))}"><code>${String(row['package_id'])}</code></a></td><td class="n" data-v="${score}">${formatRate(score)}</td>${stage}<td>${error}</td></tr>`;
  });
  const page = links.runPageHref(run);
  const heading = page ? html`<a href="${safeHref(page)}">${run.label}</a>` : run.label;
  return html`<h3 id="run-${runIndex}">${heading}</h3>
<p class="sub">${BENCHMARKS[run.phase].title} · model ${run.model} · agent ${run.agent} · ${plural(run.rows.length, 'package')}</p>
${tableBox(html`<table class="sortable packages"><thead><tr><th>#</th><th>package</th><th>${board.rowScoreName}</th>${stages ? html`<th>stopped at</th>` : ''}<th>${board.whyHeader}</th></tr></thead><tbody>${rows}</tbody></table>`)}`;
}

function sandboxSummary(input: ReportInput, links: ReportLinks): SafeHtml | string {
  if (input.sandboxRuns.length === 0) return '';
  const lines = input.sandboxRuns.map((run) => {
    const aggregate = (run.result['aggregate'] ?? {}) as Record<string, unknown>;
    const rate = typeof aggregate['avg_tier_b_rate'] === 'number' ? aggregate['avg_tier_b_rate'] : 0;
    const page = links.runPageHref(run);
    const name = page ? html`<a href="${safeHref(page)}">${run.label}</a>` : run.label;
    return html`<p><strong>${name}</strong>: ${String(aggregate['functions'] ?? 0)} functions, Tier B rate ${formatRate(rate)} (mean over packages)</p>`;
  });
  return html`<h2>Sandbox runs</h2>${lines}`;
}

/** The package page part of each benchmark among the runs, loaded. */
async function pagesOf(runs: LoadedRun[]): Promise<Map<LoadedRun['phase'], PackagePage>> {
  const phases = [...new Set(runs.map((r) => r.phase))];
  return new Map(await Promise.all(phases.map(async (p) => [p, await boardOf(p).packagePage()] as const)));
}

async function embeddedPages(
  input: ReportInput,
  traces: Map<LoadedRun, PackageTrace[]>,
  options: RenderOptions,
): Promise<SafeHtml> {
  const pageOf = await pagesOf(input.runs);
  const pages: SafeHtml[] = [];
  const textLimit = options.textLimit === undefined ? embeddedTextLimit(traces) : options.textLimit;
  for (const [runIndex, run] of input.runs.entries()) {
    const runTraces = traces.get(run)!;
    for (let rowIndex = 0; rowIndex < run.rows.length; rowIndex++) {
      const body = packagePageBody({
        page: pageOf.get(run.phase)!,
        run,
        runIndex,
        rowIndex,
        trace: runTraces[rowIndex]!,
        links: options.links,
        textLimit,
      });
      pages.push(
        html`<section class="page" id="${packageAnchor(runIndex, rowIndex)}">${trailHtml(options.links.packageTrail(runIndex, run))}${body}</section>
`,
      );
    }
  }
  return html`${pages}`;
}

/** Each run's package traces, in its rows' order. */
export function tracesOf(input: ReportInput): Map<LoadedRun, PackageTrace[]> {
  return new Map(input.runs.map((run) => [run, tracesFor(run.runDir, run.rows)]));
}

/** What the report is of: each set by its id, each other run by its label; a count when that is long. */
function reportSubject(labels: string[]): string {
  const names = [
    ...new Set(
      labels.map((label) => {
        const set = setOfRun(label);
        return set ? `evaluation set ${set}` : label;
      }),
    ),
  ];
  return names.length <= 3 ? names.join(', ') : plural(labels.length, 'run');
}

export async function renderReport(input: ReportInput, options: RenderOptions): Promise<string> {
  const traces = tracesOf(input);
  const labels = [...input.runs, ...input.sandboxRuns].map((r) => r.label);
  const title = options.title ?? `smi-bench report: ${reportSubject(labels)}`;
  const boards =
    input.boards.length > 0
      ? html`<h2 id="leaderboard">Leaderboard</h2>${leaderboards(input, options.links)}`
      : '';
  const runs =
    input.runs.length > 0
      ? html`<h2 id="runs">Packages of each run</h2>${input.runs.map((run, i) => runTable(run, i, options.links))}`
      : '';
  const pages = options.embedPackagePages ? await embeddedPages(input, traces, options) : '';
  const body = html`<main id="overview">${trailHtml(options.links.reportTrail)}<h1>${title}</h1>
<p class="sub">${plural(labels.length, 'run')}. Scores, intervals and paired tests are <code>smi-bench compare</code>'s.</p>
${boards}<h2 id="figures">Figures</h2>${await figuresHtml(reportFigures(input, traces))}${sandboxSummary(input, options.links)}${runs}</main>
${pages}`;
  return documentHtml(title, body);
}

/** One package of one run, whole (the view server's package page). */
export async function renderPackagePage(
  input: ReportInput,
  runIndex: number,
  rowIndex: number,
  links: ReportLinks,
): Promise<string> {
  const run = input.runs[runIndex];
  if (!run || rowIndex < 0 || rowIndex >= run.rows.length)
    throw new RangeError('no such package in the report');
  const trace = tracesFor(run.runDir, run.rows)[rowIndex]!;
  const page = await boardOf(run.phase).packagePage();
  const body = packagePageBody({ page, run, runIndex, rowIndex, trace, links, textLimit: null });
  return documentHtml(
    `${String(run.rows[rowIndex]!['package_id'])} · ${run.label}`,
    html`<section class="page-whole">${trailHtml(links.packageTrail(runIndex, run))}${body}</section>`,
  );
}
