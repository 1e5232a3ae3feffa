// The view's routes. A name in a path is looked up as a run id in the log dir and nothing else: the run and
// set loaders get the run directories found there, never a path made from the request.
import type { HttpBindings } from '@hono/node-server';
import { Hono, type Context } from 'hono';
import { loadReportInput, type ReportInput } from '../report/input.js';
import { renderPackagePage, renderReport } from '../report/render.js';
import { readStoredRows } from '../run-store/rows.js';
import { evalSetWorkflowId } from '../temporal/names.js';
import { loopbackHostGuard } from './host-guard.js';
import { rawPathGuard } from './path-guard.js';
import { REPORT_PAGE_CSP, VIEW_PAGE_CSP } from './layout.js';
import { viewLinks, type PackageRoutes } from './links.js';
import type { LogDir } from './log-dir.js';
import { indexPage, messagePage, runProgressPage, setProgressPage, type SetSummary } from './pages.js';
import { newestFirst, runView, runViews, waitingRun, waitingRuns, type RunView } from './run-state.js';
import { setOfRun } from '../evalset/run-name.js';
import type { TemporalReader } from './temporal.js';

export interface ViewAppOptions {
  logDir: LogDir;
  temporal: TemporalReader;
  /** Answer only requests addressed to a loopback name (the server listens on loopback). */
  loopbackOnly: boolean;
}

/** A row or run index in a path: digits only, no sign, no exponent. */
const INDEX = /^\d{1,9}$/;

type ViewEnv = { Bindings: HttpBindings };

export function viewApp({ logDir, temporal, loopbackOnly }: ViewAppOptions): Hono<ViewEnv> {
  const app = new Hono<ViewEnv>();
  const note = async () => ({ address: temporal.address, reachable: await temporal.reachable() });

  app.use('*', async (c, next) => {
    await next();
    c.header('X-Content-Type-Options', 'nosniff');
    c.header('Referrer-Policy', 'no-referrer');
    c.header('Cache-Control', 'no-store');
    if (!c.res.headers.has('Content-Security-Policy')) c.header('Content-Security-Policy', VIEW_PAGE_CSP);
  });
  if (loopbackOnly) app.use('*', loopbackHostGuard());
  app.use('*', rawPathGuard());

  const ownPage = (c: Context<ViewEnv>, body: string, status: 200 | 400 | 404 | 500 = 200) =>
    c.html(body, status);
  const reportPage = (c: Context<ViewEnv>, body: string) => {
    c.header('Content-Security-Policy', REPORT_PAGE_CSP);
    return c.html(body);
  };
  const notFound = (c: Context<ViewEnv>, what: string) => ownPage(c, messagePage('Not found', what), 404);

  /** The set's runs and where they stand, those no worker has started on included. */
  const summarize = async (setId: string, runIds: string[], waiting: RunView[]): Promise<SetSummary> => ({
    setId,
    runs: [...(await runViews(logDir, runIds, temporal)), ...waiting],
    temporalUrl: temporal.workflowUrl(evalSetWorkflowId(setId)),
  });
  /** Running runs without a directory yet, by their set (null: runs of their own). */
  const waitingBySet = async (): Promise<Map<string | null, RunView[]>> => {
    const bySet = new Map<string | null, RunView[]>();
    for (const run of (await waitingRuns(logDir, temporal)).values()) {
      const setId = setOfRun(run.runId);
      bySet.set(setId, [...(bySet.get(setId) ?? []), run]);
    }
    return bySet;
  };
  /** Null when neither the log dir nor the server has a run of that set. */
  const setSummary = async (setId: string): Promise<SetSummary | null> => {
    const runIds = logDir.sets().get(setId) ?? [];
    const waiting = (await waitingBySet()).get(setId) ?? [];
    return runIds.length + waiting.length > 0 ? summarize(setId, runIds, waiting) : null;
  };
  const setInput = (set: SetSummary): ReportInput =>
    loadReportInput(
      set.runs.map((r) => r.runDir),
      logDir.root,
    );

  app.get('/favicon.ico', (c) => c.body(null, 204));

  app.get('/', async (c) => {
    const runIds = logDir.runIds();
    const sets = logDir.sets(runIds);
    const waiting = await waitingBySet();
    for (const setId of waiting.keys()) if (setId !== null && !sets.has(setId)) sets.set(setId, []);
    const inSets = new Set([...sets.values()].flat());
    const [runs, summaries] = await Promise.all([
      runViews(
        logDir,
        runIds.filter((id) => !inSets.has(id)),
        temporal,
      ),
      Promise.all([...sets].map(([setId, setRuns]) => summarize(setId, setRuns, waiting.get(setId) ?? []))),
    ]);
    const all = [...runs, ...(waiting.get(null) ?? [])];
    return ownPage(c, indexPage(logDir.root, summaries, newestFirst(all), await note()));
  });

  app.get('/runs/:runId', async (c) => {
    const runId = c.req.param('runId');
    if (!logDir.runDir(runId)) {
      // A run started (say with --detach) that no worker has picked up yet is on the server only.
      const waiting = await waitingRun(logDir, runId, temporal);
      if (waiting) return ownPage(c, runProgressPage(waiting, [], await note()));
      return notFound(c, 'No run of that name in the log directory.');
    }
    const run = await runView(logDir, runId, temporal);
    if (run.state !== 'finished')
      return ownPage(c, runProgressPage(run, await readStoredRows(run.runDir), await note()));
    const input = loadReportInput([run.runDir], logDir.root);
    const links = viewLinks({ runId }, temporal);
    return reportPage(
      c,
      await renderReport(input, { links, embedPackagePages: false, title: `run ${runId}` }),
    );
  });

  app.get('/runs/:runId/packages/:row', async (c) => {
    const runId = c.req.param('runId');
    if (!logDir.runDir(runId)) return notFound(c, 'No run of that name in the log directory.');
    const run = await runView(logDir, runId, temporal);
    if (run.state !== 'finished')
      return notFound(c, 'The run has not finished: its packages have no pages yet.');
    return packagePage(c, loadReportInput([run.runDir], logDir.root), { runId }, '0', c.req.param('row'));
  });

  app.get('/sets/:setId', async (c) => {
    const set = await setSummary(c.req.param('setId'));
    if (!set) return notFound(c, 'No evaluation set of that name in the log directory.');
    if (set.runs.some((r) => r.state !== 'finished')) return ownPage(c, setProgressPage(set, await note()));
    const links = viewLinks({ setId: set.setId }, temporal);
    const title = `evaluation set ${set.setId}`;
    return reportPage(c, await renderReport(setInput(set), { links, embedPackagePages: false, title }));
  });

  app.get('/sets/:setId/runs/:run/packages/:row', async (c) => {
    const set = await setSummary(c.req.param('setId'));
    if (!set || set.runs.some((r) => r.state !== 'finished'))
      return notFound(c, 'No finished evaluation set of that name in the log directory.');
    return packagePage(c, setInput(set), { setId: set.setId }, c.req.param('run'), c.req.param('row'));
  });

  const packagePage = async (
    c: Context<ViewEnv>,
    input: ReportInput,
    routes: PackageRoutes,
    runParam: string,
    rowParam: string,
  ) => {
    const [runIndex, rowIndex] = [Number(runParam), Number(rowParam)];
    const run = INDEX.test(runParam) ? input.runs[runIndex] : undefined;
    if (!run || !INDEX.test(rowParam) || rowIndex >= run.rows.length)
      return notFound(c, 'No package of that number in the run.');
    return reportPage(c, await renderPackagePage(input, runIndex, rowIndex, viewLinks(routes, temporal)));
  };

  app.notFound((c) => notFound(c, 'Nothing here.'));
  app.onError((err, c) => ownPage(c, messagePage('Could not show this page', err.message), 500));
  return app;
}
