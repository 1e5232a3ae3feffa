// compare's leaderboards as sortable tables that fit a 1,300 px window: the columns a reader ranks by
// (run, model, packages, hits and targets, the score with its interval, errors, tokens, cost) are shown,
// the rest (agent, the interval's bounds, Phase II's other rates) are one checkbox away. The checkbox
// works by CSS alone (`:has`), so the view's pages and the offline file need no script for it.
import { BENCHMARKS, boardOf } from '../benchmarks/registry.js';
import { boardGrid, boardNotes, cellText } from '../compare/format.js';
import type { Leaderboard } from '../compare/leaderboard.js';
import { html, safeHref, tableBox, type SafeHtml } from '../report-parts/html.js';
import type { ReportInput } from './input.js';
import type { ReportLinks } from './links.js';
import { formatRate, RATE_DIGITS } from '../report-parts/numbers.js';

/** Shown whatever the board; its score column is shown too. */
const ESSENTIAL = new Set([
  'rank',
  'run',
  'model',
  'packages',
  'hits',
  'targets',
  'precision',
  'recall',
  'errors',
  'tokens',
  'cost_usd',
]);

/** A column name as words (`dry_run_ok_rate` → `dry run ok rate`): a heading breaks between words only. */
function headerWords(name: string): string {
  return name.replaceAll('_', ' ');
}

function cellHtml(
  input: ReportInput,
  links: ReportLinks,
  name: string,
  value: string | number | null,
  extra: { optional: boolean; interval: string | null },
): SafeHtml {
  const cls = extra.optional ? 'opt' : '';
  if (typeof value === 'number') {
    const text = cellText(value, name, RATE_DIGITS);
    const interval = extra.interval ? html`<span class="ci">${extra.interval}</span>` : '';
    return html`<td class="n ${cls}" data-col="${name}" data-v="${value}">${text}${interval}</td>`;
  }
  const text = cellText(value, name);
  const run = name === 'run' ? input.runs.find((r) => r.label === value) : undefined;
  if (!run) return html`<td class="${cls}" data-col="${name}">${text}</td>`;
  const temporal = links.temporalRunHref(run);
  const workflow = temporal ? html` <a class="temporal" href="${safeHref(temporal)}">(workflow)</a>` : '';
  return html`<td class="${cls}" data-col="${name}"><a class="run" href="#run-${input.runs.indexOf(run)}">${text}</a>${workflow}</td>`;
}

function boardTable(input: ReportInput, links: ReportLinks, board: Leaderboard): SafeHtml {
  const { header, rows } = boardGrid(board);
  const score = boardOf(board.phase).scoreColumn;
  const optional = header.map((h) => !ESSENTIAL.has(h) && h !== score);
  const hidden = optional.filter(Boolean).length;
  const body = rows.map((cells, r) => {
    const interval = board.entries[r]?.interval;
    const range = interval ? `${formatRate(interval.low)}–${formatRate(interval.high)}` : null;
    return html`<tr>${cells.map((value, i) =>
      cellHtml(input, links, header[i]!, value, {
        optional: optional[i]!,
        interval: header[i] === score ? range : null,
      }),
    )}</tr>`;
  });
  const heads = header.map(
    (h, i) =>
      html`<th class="${optional[i] ? 'opt' : ''}" data-col="${h}" title="${h}">${headerWords(h)}</th>`,
  );
  const toggle =
    hidden > 0
      ? html`<label class="columns"><input type="checkbox"> show all ${header.length} columns (${hidden} more: ${header
          .filter((_, i) => optional[i])
          .map(headerWords)
          .join(', ')})</label>`
      : '';
  return html`<div class="board">${toggle}${tableBox(html`<table class="sortable leaderboard" data-phase="${board.phase}"><thead><tr>${heads}</tr></thead><tbody>${body}</tbody></table>`)}</div>`;
}

export function leaderboards(input: ReportInput, links: ReportLinks): SafeHtml {
  return html`${input.boards.map((board) => {
    const notes = boardNotes(board, RATE_DIGITS).map(
      (line) => html`<p class="${line.startsWith('paired') ? 'note' : 'warn'}">${line}</p>`,
    );
    const meaning = boardOf(board.phase).terms;
    return html`<h3>${BENCHMARKS[board.phase].title}</h3>
${boardTable(input, links, board)}<p class="note">Under the score, its 95% bootstrap interval.${meaning ? ` ${meaning}` : ''}</p>${notes}`;
  })}`;
}
