// Runs as a table: each with its state, how far it is, its numbers and its link into the Temporal UI.
import { html, table, type Html } from './html.js';
import type { RunState, RunView } from './run-state.js';

export const runHref = (runId: string) => `/runs/${encodeURIComponent(runId)}`;
export const setHref = (setId: string) => `/sets/${encodeURIComponent(setId)}`;

/** What a state is called on the page. */
const STATE_TEXT: Record<RunState, string> = {
  finished: 'finished',
  running: 'running',
  waiting: 'waiting for a worker',
  stopped: 'stopped',
  unfinished: 'unfinished',
};

export function stateBadge(state: RunState): Html {
  return html`<span class="state state-${state}">${STATE_TEXT[state]}</span>`;
}

export function temporalLink(url: string | null): Html {
  return url ? html`<a href="${url}" rel="noreferrer">Temporal</a>` : html``;
}

function packages(run: RunView): Html {
  const counted = `${run.done}/${run.total ?? '?'}`;
  const from = run.source === 'result' ? '' : ` (${run.source === 'Temporal' ? 'Temporal' : 'recorded'})`;
  return html`${counted}${from}`;
}

function details(run: RunView): Html {
  if (run.state === 'finished') return html`${run.numbers}`;
  if (run.progressLine) return html`${run.progressLine}`;
  if (run.state === 'running') return html`<span class="note">no worker answered the progress query</span>`;
  if (run.state === 'waiting')
    return html`<span class="note">started; no worker has picked it up yet (<code>smi-bench worker</code>)</span>`;
  return html``;
}

export function runTable(runs: RunView[]): Html {
  const rows = runs.map(
    (run) =>
      html`<tr>
        <td class="id"><a href="${runHref(run.runId)}">${run.runId}</a></td>
        <td>${run.phase ?? '?'}</td>
        <td>${run.agent ?? '?'}${run.model ? html`<br /><span class="mono">${run.model}</span>` : ''}</td>
        <td>
          ${stateBadge(run.state)}${run.stopReason ? html`<br /><span class="note">${run.stopReason}</span>` : ''}
        </td>
        <td>${packages(run)}</td>
        <td>${details(run)}</td>
        <td>${run.startedAt ? run.startedAt.toISOString().replace('T', ' ').slice(0, 19) : ''}</td>
        <td>${temporalLink(run.temporalUrl)}</td>
      </tr>`,
  );
  return table(['run', 'phase', 'agent / model', 'state', 'packages', 'numbers', 'started (UTC)', ''], rows);
}
