// A leaderboard as text: a table for the terminal, TSV, CSV, Markdown, or JSON for programs.
import { formatUsd } from '../core/cost.js';
import { plural } from '../core/plural.js';
import { BENCHMARKS, boardOf } from '../benchmarks/registry.js';
import type { Leaderboard } from './leaderboard.js';

export const COMPARE_FORMATS = ['table', 'tsv', 'csv', 'md', 'json'] as const;
export type CompareFormat = (typeof COMPARE_FORMATS)[number];

/** The header and the cells of each entry, in display order (numbers kept as numbers for JSON). */
export function boardGrid(board: Leaderboard): { header: string[]; rows: (string | number | null)[][] } {
  const extra = Object.keys(board.entries[0]?.columns ?? {}).filter((k) =>
    board.entries.some((e) => e.columns[k] !== null),
  );
  // The score the board ranks by leads, with its interval; the phase's other columns follow.
  const header = [
    'rank',
    'run',
    'model',
    'agent',
    'packages',
    boardOf(board.phase).scoreColumn,
    'ci95_low',
    'ci95_high',
    ...extra,
    'errors',
    'tokens',
    'cost_usd',
  ];
  const rows = board.entries.map((e, i) => [
    i + 1,
    e.run,
    e.model,
    e.agent,
    e.packages,
    e.score,
    e.interval?.low ?? null,
    e.interval?.high ?? null,
    ...extra.map((k) => e.columns[k] ?? null),
    e.errors,
    e.tokens,
    e.costUsd,
  ]);
  return { header, rows };
}

const COUNTS = new Set([
  'rank',
  'packages',
  'hits',
  'targets',
  'plans_executed',
  'empty_plans',
  'errors',
  'tokens',
]);

/** The decimals compare prints rates, means and scores with (pages print fewer: see report/numbers.ts). */
export const COMPARE_DIGITS = 4;

/** A cell as the text formats print it: counts whole, dollars as dollars, rates with `digits` decimals. */
export function cellText(value: string | number | null, header: string, digits = COMPARE_DIGITS): string {
  if (value === null) return '';
  if (typeof value === 'string' || COUNTS.has(header)) return String(value);
  return header === 'cost_usd' ? formatUsd(value) : value.toFixed(digits);
}

function csvCell(text: string): string {
  return /[",\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** "1 setting differs", "3 settings differ". */
export function settingsDiffer(n: number): string {
  return `${plural(n, 'setting')} ${n === 1 ? 'differs' : 'differ'}`;
}

/** The lines under a board: comparability warnings and the paired test, its numbers with `digits` decimals. */
export function boardNotes(board: Leaderboard, digits = COMPARE_DIGITS): string[] {
  const lines: string[] = [];
  if (board.differences.length > 0) {
    lines.push('warning: these runs are not comparable; they differ in:');
    for (const d of board.differences) lines.push(`  ${d}`);
  }
  const p = board.paired;
  if (p) {
    const ci = p.interval
      ? ` (95% CI ${p.interval.low.toFixed(digits)} to ${p.interval.high.toFixed(digits)})`
      : '';
    lines.push(
      `paired, on the ${p.packages} packages both ran: ${p.a} − ${p.b} = ${p.difference.toFixed(digits)}${ci}, ` +
        `sign-flip permutation test p = ${p.pValue.toPrecision(3)}`,
    );
  }
  return lines;
}

/** A board for programs, every key in snake_case as in the result files. */
function jsonBoard(board: Leaderboard): Record<string, unknown> {
  const { paired } = board;
  return {
    phase: board.phase,
    comparable: board.differences.length === 0,
    differences: board.differences,
    paired: paired && {
      a: paired.a,
      b: paired.b,
      packages: paired.packages,
      difference: paired.difference,
      interval: paired.interval,
      p_value: paired.pValue,
    },
    entries: board.entries.map((e) => ({
      run: e.run,
      model: e.model,
      agent: e.agent,
      packages: e.packages,
      errors: e.errors,
      score: e.score,
      interval: e.interval,
      columns: e.columns,
      tokens: e.tokens,
      cost_usd: e.costUsd,
    })),
  };
}

/** The boards as text; `notes` (comparability, the paired test) go with the table and Markdown forms. */
export function formatBoards(boards: Leaderboard[], format: CompareFormat): string {
  if (format === 'json') return JSON.stringify(boards.map(jsonBoard), null, 2) + '\n';
  const parts: string[] = [];
  for (const board of boards) {
    const { header, rows } = boardGrid(board);
    const texts = rows.map((r) => r.map((v, i) => cellText(v, header[i]!)));
    if (format === 'tsv') parts.push([header, ...texts].map((r) => r.join('\t')).join('\n'));
    else if (format === 'csv') parts.push([header, ...texts].map((r) => r.map(csvCell).join(',')).join('\n'));
    else if (format === 'md') {
      const escape = (t: string) => t.replace(/\|/g, '\\|');
      parts.push(
        [
          `### ${BENCHMARKS[board.phase].title}`,
          '',
          `| ${header.join(' | ')} |`,
          `|${header.map(() => ' --- ').join('|')}|`,
        ]
          .concat(texts.map((r) => `| ${r.map(escape).join(' | ')} |`))
          .concat(boardNotes(board).length > 0 ? ['', ...boardNotes(board).map((l) => `> ${l}`)] : [])
          .join('\n'),
      );
    } else {
      const widths = header.map((h, i) => Math.max(h.length, ...texts.map((r) => r[i]!.length)));
      const line = (cells: string[]) =>
        cells
          .map((c, i) => c.padEnd(widths[i]!))
          .join('  ')
          .trimEnd();
      parts.push(
        [
          BENCHMARKS[board.phase].title,
          line(header),
          line(widths.map((w) => '-'.repeat(w))),
          ...texts.map(line),
          ...boardNotes(board),
        ].join('\n'),
      );
    }
  }
  return parts.join('\n\n') + '\n';
}
