// The view's pages escape as the report does (src/report-parts/html.ts); this adds the one table shape they share.
import { html, tableBox, type SafeHtml } from '../report-parts/html.js';

export { html, SafeHtml as Html } from '../report-parts/html.js';

/** A table with a header row, or the note `empty` when there are no rows. */
export function table(headers: string[], rows: SafeHtml[], empty = 'none'): SafeHtml {
  if (rows.length === 0) return html`<p class="note">${empty}</p>`;
  return tableBox(
    html`<table><thead><tr>${headers.map((h) => html`<th>${h}</th>`)}</tr></thead><tbody>${rows}</tbody></table>`,
  );
}
