// The path back up from a page (all runs › set › run), shown at its top, so no page is a dead end.
import { html, safeHref, type SafeHtml } from '../report-parts/html.js';

export interface Crumb {
  href: string;
  text: string;
}

/** The links above a page, nearest last; nothing when the page is the top. */
export function trailHtml(crumbs: Crumb[]): SafeHtml | string {
  if (crumbs.length === 0) return '';
  const links = crumbs.map((c, i) => html`${i > 0 ? ' › ' : ''}<a href="${safeHref(c.href)}">${c.text}</a>`);
  return html`<nav class="trail" aria-label="back up">↑ ${links}</nav>`;
}
