// The view's own pages: the runs and sets of the log dir, and the progress of a run or set that has no
// report yet. Pages showing something that may still move reload themselves.
import { BENCHMARKS } from '../benchmarks/registry.js';
import type { StoredRow } from '../run-store/rows.js';
import { html, table, type Html } from './html.js';
import { page } from './layout.js';
import { mayChange, newestFirst, setState, startedMs, type RunView } from './run-state.js';
import { runHref, runTable, setHref, stateBadge, temporalLink } from './run-table.js';
import { ALL_RUNS, runTrail } from './links.js';

/** Seconds between reloads of a page that shows runs in progress. */
export const REFRESH_SECONDS = 5;

const refreshIf = (runs: RunView[]) => (mayChange(runs) ? { refreshSeconds: REFRESH_SECONDS } : {});

export interface TemporalNote {
  address: string;
  reachable: boolean;
}

function temporalNote({ address, reachable }: TemporalNote): Html {
  return reachable
    ? html`<p class="note">Temporal at ${address} answers: runs in progress are shown as it sees them.</p>`
    : html`<p class="note">
        No Temporal server answers at ${address}: whether an unfinished run still runs is unknown, and its
        progress is the packages its run directory has recorded.
      </p>`;
}

export interface SetSummary {
  setId: string;
  runs: RunView[];
  temporalUrl: string | null;
}

/** When the set last started a run: sets are listed newest first too. */
function setStarted(set: SetSummary): number {
  return Math.max(-Infinity, ...set.runs.map(startedMs));
}

function setTable(sets: SetSummary[]): Html {
  const ordered = [...sets].sort((a, b) => setStarted(b) - setStarted(a) || a.setId.localeCompare(b.setId));
  const rows = ordered.map(
    (set) =>
      html`<tr>
        <td class="id"><a href="${setHref(set.setId)}">${set.setId}</a></td>
        <td>${stateBadge(setState(set.runs))}</td>
        <td>
          ${newestFirst(set.runs).map(
            (run) =>
              html`<div>
                <a class="mono" href="${runHref(run.runId)}">${run.runId}</a> ${stateBadge(run.state)}
                ${run.done}/${run.total ?? '?'}
              </div>`,
          )}
        </td>
        <td>${temporalLink(set.temporalUrl)}</td>
      </tr>`,
  );
  return table(['set', 'state', 'runs', ''], rows);
}

export function indexPage(
  logDir: string,
  sets: SetSummary[],
  runs: RunView[],
  temporal: TemporalNote,
): string {
  const all = [...runs, ...sets.flatMap((s) => s.runs)];
  return page(
    { title: 'smi-bench runs', ...refreshIf(all) },
    html`<h1>Runs in <span class="mono">${logDir}</span></h1>
      ${temporalNote(temporal)}
      <h2>Evaluation sets</h2>
      ${setTable(sets)}
      <h2>Runs</h2>
      <p class="note">Newest first.</p>
      ${runTable(runs)}`,
  );
}

/** A recorded row's outcome: its error, else what its benchmark's display says of it (Phase II: where it stopped and why, as its result will say), else ok. */
function outcome(row: StoredRow['row'], phase: RunView['phase']): Html {
  if (row.error !== null) return html`<span class="error">${row.error}</span>`;
  const rowOutcome = phase ? BENCHMARKS[phase].display.rowOutcome : undefined;
  return rowOutcome ? html`${rowOutcome(row as unknown as Record<string, unknown>)}` : html`ok`;
}

function recordedRows(rows: StoredRow[], phase: RunView['phase']): Html {
  const lines = rows.map(
    (r) =>
      html`<tr>
        <td>${r.index + 1}</td>
        <td class="id">${r.row.package_id}</td>
        <td>${outcome(r.row, phase)}</td>
      </tr>`,
  );
  return table(['#', 'package', 'outcome'], lines, 'none yet');
}

/** A run without a result yet: where it stands, the packages in flight, the rows it has recorded. */
export function runProgressPage(run: RunView, rows: StoredRow[], temporal: TemporalNote): string {
  const inFlight =
    run.inFlight.length === 0
      ? html``
      : html`<h2>In flight</h2>
          <ul>
            ${run.inFlight.map((id) => html`<li class="mono">${id}</li>`)}
          </ul>`;
  return page(
    { title: `run ${run.runId}`, trail: runTrail(run.runId), ...refreshIf([run]) },
    html`<h1>Run <span class="mono">${run.runId}</span></h1>
      ${temporalNote(temporal)} ${runTable([run])}
      <p class="note">The report appears here when the run has finished.</p>
      ${inFlight}
      <h2>Recorded packages</h2>
      ${recordedRows(rows, run.phase)}`,
  );
}

/** A set some of whose runs have not finished: each run's state; finished runs link to their reports. */
export function setProgressPage(set: SetSummary, temporal: TemporalNote): string {
  return page(
    { title: `set ${set.setId}`, trail: [ALL_RUNS], ...refreshIf(set.runs) },
    html`<h1>Evaluation set <span class="mono">${set.setId}</span> ${stateBadge(setState(set.runs))}</h1>
      ${temporalNote(temporal)}
      <p class="note">
        The set's report appears here when all its runs have finished; a finished run's report is on its own
        page. ${temporalLink(set.temporalUrl)}
      </p>
      ${runTable(newestFirst(set.runs))}`,
  );
}

export function messagePage(title: string, message: string): string {
  return page(
    { title, trail: [ALL_RUNS] },
    html`<h1>${title}</h1>
      <p>${message}</p>`,
  );
}
