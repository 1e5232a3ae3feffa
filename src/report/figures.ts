// The report's figures as Vega-Lite specifications, built from compare's boards and the runs' rows. Pure:
// rendering them (SVG, PNG) is figure-render.ts's job, so the same specs serve the page and `--figures`.
import type { TopLevelSpec } from 'vega-lite';
import { BENCHMARKS, boardOf } from '../benchmarks/registry.js';
import type { ReportFigureKind } from '../benchmarks/display.js';
import type { ComparedPhase, Leaderboard, LoadedRun } from '../compare/leaderboard.js';
import { FAILURE_STAGES } from '../core/phase2/taxonomy.js';
import type { ReportInput } from './input.js';
import { boardOrder, runNames, unrankedRunName, shortPackageIds } from './names.js';
import { EMPTY_TRACE, needMoreRounds, type PackageTrace } from '../report-parts/traces.js';

export interface Figure {
  /** File name stem for `--figures`, and the figure's anchor. */
  id: string;
  title: string;
  /** One sentence on what the figure shows, printed under it. */
  caption: string;
  spec: TopLevelSpec;
}

type Json = Record<string, unknown>;

const WIDTH = 640;
const CONFIG = { font: 'DejaVu Sans, Liberation Sans, sans-serif', view: { stroke: null } } as const;

const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : 0);
const obj = (v: unknown): Json => (v !== null && typeof v === 'object' ? (v as Json) : {});

/** A figure has no title of its own: the page heads it, and a paper captions it. */
function spec(body: Record<string, unknown>): TopLevelSpec {
  return {
    $schema: 'https://vega.github.io/schema/vega-lite/v6.json',
    config: CONFIG,
    ...body,
  } as TopLevelSpec;
}

/** Runs by the names figures give them, in the one order they all list runs in. */
interface NamedRuns {
  runs: LoadedRun[];
  name: (run: LoadedRun) => string;
  /** The names in figure order, for an axis's or legend's sort. */
  order: string[];
}

function named(runs: LoadedRun[]): NamedRuns {
  const names = runNames(runs);
  const name = (run: LoadedRun) => names.get(run)!;
  return { runs, name, order: runs.map(name) };
}

/** Score per run with its 95% bootstrap interval (compare's numbers). */
function scoreFigure(board: Leaderboard, runs: NamedRuns): Figure {
  const values = runs.runs.flatMap((run) => {
    const e = board.entries.find((entry) => entry.run === run.label);
    if (!e) return [];
    return [
      {
        run: runs.name(run),
        score: e.score,
        low: e.interval?.low ?? e.score,
        high: e.interval?.high ?? e.score,
      },
    ];
  });
  const meanName = boardOf(board.phase).meanName;
  const y = { field: 'run', type: 'nominal', sort: runs.order, title: null };
  return {
    id: `scores-${board.phase}`,
    title: `${BENCHMARKS[board.phase].title}: ${meanName} per run`,
    caption: `Each run's ${meanName} over its packages (dot) and its 95% bootstrap interval (bar), as compare computes them.`,
    spec: spec({
      width: WIDTH * 0.6,
      height: { step: 24 },
      data: { values },
      layer: [
        {
          mark: { type: 'rule', strokeWidth: 2 },
          encoding: {
            y,
            x: {
              field: 'low',
              type: 'quantitative',
              scale: { domain: [0, 1] },
              title: meanName,
            },
            x2: { field: 'high' },
          },
        },
        {
          mark: { type: 'point', filled: true, size: 70 },
          encoding: { y, x: { field: 'score', type: 'quantitative' } },
        },
      ],
    }),
  };
}

/** Cells that hold no score, each with a colour and a legend entry of its own (never a score's colour). */
const CELL_KINDS = {
  'no targets': '#b0b0b0',
  'not run': '#ffffff',
} as const;
type CellKind = keyof typeof CELL_KINDS;

/** Run × package matrix of scores: where each run succeeds and fails, packages in id order. */
function matrixFigure(phase: ComparedPhase, runs: NamedRuns): Figure {
  const board = boardOf(phase);
  const short = shortPackageIds(runs.runs.flatMap((run) => run.rows.map((row) => String(row['package_id']))));
  const scored = runs.runs.flatMap((run) =>
    run.rows.map((row, i) => ({
      run: runs.name(run),
      package: `${short.get(String(row['package_id']))!}${i > 0 && row['package_id'] === run.rows[i - 1]?.['package_id'] ? ' (again)' : ''}`,
      score: board.rowScore(row),
      kind: board.nothingToScore?.(row) ? ('no targets' as CellKind) : null,
      error: row['error'] !== null && row['error'] !== undefined,
    })),
  );
  const packages = [...new Set(scored.map((v) => v.package))].sort();
  // A package another run ran and this one did not: a cell of its own, not an empty spot.
  const ran = new Set(scored.map((v) => `${v.run}\n${v.package}`));
  const notRun = runs.order.flatMap((run) =>
    packages
      .filter((p) => !ran.has(`${run}\n${p}`))
      .map((p) => ({ run, package: p, score: null, kind: 'not run' as CellKind, error: false })),
  );
  const values = [...scored, ...notRun];
  const kinds = (Object.keys(CELL_KINDS) as CellKind[]).filter((k) => values.some((v) => v.kind === k));
  const kindLayer = {
    transform: [{ filter: 'datum.kind !== null' }],
    mark: { type: 'rect', aria: false, stroke: '#c8c8c8', strokeWidth: 0.5 },
    encoding: {
      fill: {
        field: 'kind',
        type: 'nominal',
        scale: { domain: kinds, range: kinds.map((k) => CELL_KINDS[k]) },
        legend: { title: null, symbolType: 'square', symbolStrokeColor: '#888' },
      },
    },
  };
  const notes = kinds.map((k) =>
    k === 'not run' ? 'white: the run did not run the package' : 'grey: no key type to create',
  );
  return {
    id: `matrix-${phase}`,
    title: `${BENCHMARKS[phase].title}: score per run and package`,
    caption: `One cell per run and package (packages in id order): ${board.cell.caption}${notes.length > 0 ? `; ${notes.join('; ')}` : ''}; a cross marks a row with an error.`,
    spec: spec({
      width: WIDTH,
      height: { step: 22 },
      data: { values },
      encoding: {
        x: {
          field: 'package',
          type: 'ordinal',
          sort: null,
          title: `package (${packages.length})`,
          // A domain, not a sort (thousands of names in a sort make one vega expression too deep to
          // compile): every layer draws its own filter of the data, all in id order.
          scale: { domain: packages },
          axis: packages.length > 40 ? { labels: false, ticks: false } : { labelAngle: -60, labelLimit: 120 },
        },
        y: { field: 'run', type: 'nominal', title: null, sort: runs.order },
      },
      resolve: { scale: { fill: 'independent' }, legend: { fill: 'independent' } },
      layer: [
        {
          transform: [{ filter: 'datum.kind === null' }],
          // No per-cell aria label: thousands of them would be most of the page.
          mark: { type: 'rect', aria: false },
          encoding: {
            fill: {
              field: 'score',
              type: 'quantitative',
              scale: { domain: [0, 1], scheme: 'viridis' },
              title: board.cell.legend,
            },
          },
        },
        ...(kinds.length > 0 ? [kindLayer] : []),
        ...(values.some((v) => v.error) ? [errorLayer(packages.length)] : []),
      ],
    }),
  };
}

/** A red cross on each cell whose row has an error, with a legend entry saying so. */
function errorLayer(packages: number): Record<string, unknown> {
  return {
    transform: [{ filter: 'datum.error' }],
    mark: {
      type: 'point',
      color: '#d62728',
      filled: true,
      size: packages > 40 ? 8 : 40,
      aria: false,
    },
    // A constant shape with a legend of its own: the cross says what it marks.
    encoding: {
      shape: {
        datum: 'error in the row',
        scale: { range: ['cross'] },
        legend: { title: null, symbolFillColor: '#d62728', symbolStrokeColor: '#d62728' },
      },
    },
  };
}

/** Cost against score, for runs whose models had a price. */
function costFigure(boards: Leaderboard[], runs: NamedRuns): Figure | null {
  const values = runs.runs.flatMap((run) => {
    const board = boards.find((b) => b.phase === run.phase);
    const e = board?.entries.find((entry) => entry.run === run.label);
    if (!e || e.costUsd === null) return [];
    return [{ run: runs.name(run), phase: BENCHMARKS[run.phase].title, cost: e.costUsd, score: e.score }];
  });
  // Free runs (a local model, a price of 0) would all sit on one spot of a zero axis.
  if (values.every((v) => v.cost === 0)) return null;
  return {
    id: 'cost',
    title: 'Cost against score',
    caption:
      'Each priced run: what its model calls cost (USD, from the price table or the provider) against its mean score.',
    spec: spec({
      width: WIDTH * 0.6,
      height: 260,
      data: { values },
      layer: [
        {
          mark: { type: 'point', filled: true, size: 80 },
          encoding: {
            x: { field: 'cost', type: 'quantitative', title: 'cost (USD)' },
            y: { field: 'score', type: 'quantitative', scale: { domain: [0, 1] }, title: 'mean score' },
            // Below the plot: the points' labels run to the right of it.
            color: { field: 'phase', type: 'nominal', title: 'phase', legend: { orient: 'bottom' } },
            shape: { field: 'phase', type: 'nominal', title: 'phase', legend: { orient: 'bottom' } },
          },
        },
        {
          mark: { type: 'text', align: 'left', dx: 7, fontSize: 10 },
          encoding: {
            x: { field: 'cost', type: 'quantitative' },
            y: { field: 'score', type: 'quantitative' },
            text: { field: 'run' },
          },
        },
      ],
    }),
  };
}

/** Where each Phase II run's packages stopped (the rows' failure_stage). */
function failureStagesFigure(runs: NamedRuns): Figure | null {
  const values = runs.runs.flatMap((run) => {
    const counts = new Map<string, number>();
    for (const row of run.rows) {
      const stage = typeof row['failure_stage'] === 'string' ? row['failure_stage'] : 'unknown';
      counts.set(stage, (counts.get(stage) ?? 0) + 1);
    }
    return [...counts].map(([stage, packages]) => ({ run: runs.name(run), stage, packages }));
  });
  if (values.length === 0) return null;
  const order: string[] = [...FAILURE_STAGES, 'unknown'];
  return {
    id: 'failure-stages',
    title: 'Phase II: where packages stopped',
    caption:
      'Packages per run by the first stage that stopped them: no answer from the model, a malformed plan, broken causality, a transaction that could not be built or aborted, built but never executed, none of the targets created, or some or all created.',
    spec: spec({
      width: WIDTH * 0.7,
      height: { step: 24 },
      data: { values },
      mark: 'bar',
      encoding: {
        y: { field: 'run', type: 'nominal', title: null, sort: runs.order },
        x: {
          field: 'packages',
          type: 'quantitative',
          stack: 'zero',
          title: 'packages',
          axis: { tickMinStep: 1 },
        },
        color: {
          field: 'stage',
          type: 'nominal',
          sort: order,
          scale: { domain: order.filter((s) => values.some((v) => v.stage === s)) },
          title: 'stopped at',
        },
        order: { field: 'stageIndex', type: 'quantitative' },
      },
      transform: [{ calculate: `indexof(${JSON.stringify(order)}, datum.stage)`, as: 'stageIndex' }],
    }),
  };
}

/** Phase II: how often each package asked to see more, against the tokens it used. */
function needMoreFigure(runs: NamedRuns, traces: Map<LoadedRun, PackageTrace[]>): Figure | null {
  const values = runs.runs.flatMap((run) =>
    run.rows.map((row, i) => ({
      run: runs.name(run),
      package: String(row['package_id']),
      rounds: needMoreRounds(traces.get(run)?.[i] ?? EMPTY_TRACE),
      tokens: num(obj(row['usage'])['total_tokens']),
    })),
  );
  // A scatter with one constant axis (no package asked for more, say) shows nothing.
  const varies = (key: 'rounds' | 'tokens') => values.some((v) => v[key] !== values[0]![key]);
  if (!varies('rounds') || !varies('tokens')) return null;
  return {
    id: 'need-more',
    title: 'Phase II: need_more rounds and tokens per package',
    caption:
      'One point per run and package: how many times the model asked to see more of the interface, and the tokens its calls used.',
    spec: spec({
      width: WIDTH * 0.6,
      height: 260,
      data: { values },
      mark: { type: 'point', opacity: 0.6, aria: false },
      encoding: {
        x: { field: 'rounds', type: 'quantitative', title: 'need_more rounds' },
        y: { field: 'tokens', type: 'quantitative', title: 'tokens' },
        color: { field: 'run', type: 'nominal', title: 'model', sort: runs.order },
      },
    }),
  };
}

/** The sandbox's functions per outcome (stages A1–B2 where they stopped, or a Tier A/B hit). */
function sandboxFigure(input: ReportInput): Figure | null {
  const values = input.sandboxRuns.flatMap((run) =>
    Object.entries(obj(obj(run.result['aggregate'])['outcomes'])).map(([outcome, functions]) => ({
      run: unrankedRunName(run.label),
      outcome,
      functions: num(functions),
    })),
  );
  if (values.length === 0) return null;
  return {
    id: 'sandbox-stages',
    title: 'Sandbox: functions per stage',
    caption:
      'For each sandbox run, its functions by the stage where they stopped (A1–A5 making arguments, B1–B2 running) or the tier they reached.',
    spec: spec({
      width: WIDTH * 0.7,
      height: 220,
      data: { values },
      mark: 'bar',
      encoding: {
        x: { field: 'outcome', type: 'nominal', title: 'stage or outcome', sort: null },
        xOffset: { field: 'run', type: 'nominal' },
        y: { field: 'functions', type: 'quantitative', title: 'functions' },
        color: { field: 'run', type: 'nominal', title: 'run' },
      },
    }),
  };
}

/**
 * Every figure the input has data for, in page order. A figure of one phase lists its runs as that phase's
 * leaderboard ranks them, so it reads beside the board; the cost figure, of all phases, has no run axis.
 */
export function reportFigures(input: ReportInput, traces: Map<LoadedRun, PackageTrace[]>): Figure[] {
  const ofPhase = (phase: ComparedPhase) => {
    const board = input.boards.find((b) => b.phase === phase);
    return named(
      boardOrder(
        input.runs.filter((r) => r.phase === phase),
        board,
      ),
    );
  };
  const kindFigure: Record<ReportFigureKind, (runs: NamedRuns) => Figure | null> = {
    'failure-stages': failureStagesFigure,
    'need-more': (runs) => needMoreFigure(runs, traces),
  };
  const figures: (Figure | null)[] = [
    ...input.boards.map((b) => scoreFigure(b, ofPhase(b.phase))),
    ...input.boards.map((b) => matrixFigure(b.phase, ofPhase(b.phase))),
    costFigure(input.boards, named(input.runs)),
    // The figures a benchmark's display asks for, of its runs.
    ...input.boards.flatMap((b) =>
      (boardOf(b.phase).figures ?? []).map((kind) => kindFigure[kind](ofPhase(b.phase))),
    ),
    sandboxFigure(input),
  ];
  return figures.filter((f): f is Figure => f !== null);
}
