// The frame of the view's own pages (the run and set lists, the progress of unfinished runs) and the
// Content-Security-Policy they are sent with: no script at all, and only this file's stylesheet, named by
// its hash, so that even markup slipping past the escaping could neither run nor restyle anything.
import { createHash } from 'node:crypto';
import { html, type Html } from './html.js';
import { trustedHtml } from '../report-parts/html.js';
import { trailHtml, type Crumb } from '../report/trail.js';

const STYLE = `
body { font: 14px/1.45 system-ui, sans-serif; margin: 1.5rem 2rem; color: #1d2330; }
header { margin-bottom: 1rem; }
header a { color: inherit; text-decoration: none; font-weight: 600; }
h1 { font-size: 1.35rem; margin: 0.3rem 0 0.6rem; }
h2 { font-size: 1.1rem; margin: 1.6rem 0 0.5rem; }
table { border-collapse: collapse; }
.table-box { max-width: 100%; overflow-x: auto; }
nav.trail { margin-bottom: 0.6rem; }
th, td { text-align: left; padding: 0.3rem 0.7rem; border-bottom: 1px solid #dde1e8; vertical-align: top; }
th { font-weight: 600; color: #4a5263; }
td { overflow-wrap: break-word; }
td.id, .mono { font-family: ui-monospace, monospace; font-size: 12.5px; overflow-wrap: anywhere; }
.note { color: #5b6475; }
.state { font-weight: 600; border-radius: 3px; padding: 0.05rem 0.4rem; white-space: nowrap; }
.state-finished { background: #e1f3e5; color: #1f6b33; }
.state-running { background: #e2ecfb; color: #1f4f9b; }
.state-stopped { background: #fbe7e4; color: #9b2b1f; }
.state-unfinished { background: #f6efd9; color: #7a5a0c; }
.state-waiting { background: #efe6f8; color: #5b2d8a; }
.error { color: #9b2b1f; overflow-wrap: anywhere; }
`;

const STYLE_HASH = createHash('sha256').update(STYLE).digest('base64');
// One piece, so that no formatting of the page template can put white space into what was hashed.
const STYLE_ELEMENT = trustedHtml(`<style>${STYLE}</style>`);

/** For the view's own pages. */
export const VIEW_PAGE_CSP = [
  "default-src 'none'",
  `style-src 'sha256-${STYLE_HASH}'`,
  "script-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

/**
 * For the report's pages, which carry their own policy (a meta tag allowing their own scripts by hash):
 * this one adds only what a meta tag cannot say, and restricts nothing the report needs.
 */
export const REPORT_PAGE_CSP = ["base-uri 'none'", "form-action 'none'", "frame-ancestors 'none'"].join('; ');

export interface PageOptions {
  title: string;
  /** Reload every this many seconds (runs that may still move); a meta refresh, as pages run no script. */
  refreshSeconds?: number;
  /** The path back up (none on the first page). */
  trail?: Crumb[];
}

export function page(options: PageOptions, body: Html): string {
  const refresh =
    options.refreshSeconds === undefined
      ? ''
      : html`<meta http-equiv="refresh" content="${options.refreshSeconds}" />`;
  return html`<!doctype html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        ${refresh}
        <title>${options.title}</title>
        ${STYLE_ELEMENT}
      </head>
      <body>
        <header><a href="/">smi-bench view</a></header>
        ${trailHtml(options.trail ?? [])} ${body}
      </body>
    </html> `.text;
}
