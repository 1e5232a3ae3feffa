// The report's own style and script, and the Content-Security-Policy that lets only this script run: a
// page that shows model answers must never run a script that came from a run.
import { createHash } from 'node:crypto';

export const REPORT_STYLE = `
body{font:14px/1.45 system-ui,sans-serif;margin:0;color:#1d1d1f;background:#fafafa}
main,section.page,section.page-whole{max-width:1200px;margin:0 auto;padding:16px 24px 48px}
h1{font-size:22px}h2{font-size:18px;margin-top:32px}h3{font-size:15px}
h1,h2,h3,h4,code{overflow-wrap:anywhere}
nav.trail{font-size:13px;margin-bottom:8px}
.table-box{max-width:100%;overflow-x:auto}
table{border-collapse:collapse;margin:8px 0;background:#fff}
th,td{border:1px solid #ddd;padding:3px 8px;text-align:left;vertical-align:top}
td{overflow-wrap:break-word}td.n{text-align:right;font-variant-numeric:tabular-nums;white-space:nowrap}
table.sortable th{cursor:pointer;user-select:none;background:#f0f0f3}
th{overflow-wrap:normal;word-break:keep-all;hyphens:none}
.board .opt{display:none}.board:has(label.columns input:checked) .opt{display:table-cell}
label.columns{display:block;font-size:13px;color:#444;margin-top:4px;cursor:pointer}
td .ci{display:block;font-size:11px;color:#666}
table.sortable th[aria-sort=ascending]::after{content:" \\25B2"}
table.sortable th[aria-sort=descending]::after{content:" \\25BC"}
.warn{background:#fff4e5;border:1px solid #f0b86e;padding:6px 10px}
.note{color:#666}.sub{color:#444}
figure{margin:16px 0;background:#fff;border:1px solid #e4e4e4;padding:8px}
figcaption{color:#555;font-size:13px}figure svg{max-width:100%;height:auto}
section.page{display:none}section.page:target{display:block}
body:has(section.page:target) #overview{display:none}
pre{white-space:pre-wrap;word-break:break-word;background:#fff;border:1px solid #e4e4e4;padding:8px;max-height:480px;overflow:auto}
pre.answer{border-color:#8fb3e6}pre.plan{border-color:#8fd19e}
dl.facts{display:grid;grid-template-columns:max-content minmax(0,1fr);gap:2px 12px}dl.facts dt{color:#555}dl.facts dd{margin:0;overflow-wrap:anywhere}
tr.missed td{background:#fdecea}.hit{background:#eaf6ec;border:1px solid #8fd19e;border-radius:3px;padding:0 4px;font-size:12px}tr.wrong td{background:#fff4e5}tr.found td{background:#eaf6ec}
.turn{border-left:3px solid #ccd;padding-left:10px;margin:12px 0}.who{font-weight:600;margin:6px 0 2px}
pre.source{white-space:pre;word-break:normal;max-height:none}pre.source .ln{color:#999}
pre.source .diag{color:#b3261e;background:#fdecea}pre.source .diag.warning{color:#7a4a00;background:#fff4e5}
.diags .diag.warning{color:#7a4a00}
.call-error{color:#9b2b1f;overflow-wrap:anywhere}
.attempt{border-left:3px solid #e0c080;padding-left:10px;margin:12px 0}
`;

// Sorts a leaderboard by the clicked column: numbers by their data-v value, text by its content.
export const REPORT_SCRIPT = `
for (const table of document.querySelectorAll('table.sortable')) {
  const heads = [...table.tHead.rows[0].cells];
  heads.forEach((th, col) => th.addEventListener('click', () => {
    const down = th.getAttribute('aria-sort') !== 'descending';
    heads.forEach((h) => h.removeAttribute('aria-sort'));
    th.setAttribute('aria-sort', down ? 'descending' : 'ascending');
    const key = (tr) => {
      const cell = tr.cells[col];
      const v = cell.dataset.v;
      return v === undefined || v === '' ? cell.textContent : Number(v);
    };
    const rows = [...table.tBodies[0].rows];
    rows.sort((a, b) => {
      const x = key(a), y = key(b);
      const order = typeof x === 'number' && typeof y === 'number' ? x - y : String(x).localeCompare(String(y));
      return down ? -order : order;
    });
    for (const tr of rows) table.tBodies[0].appendChild(tr);
  }));
}
`;

const scriptHash = createHash('sha256').update(REPORT_SCRIPT).digest('base64');

/** No source but this document: inline styles, data: images, and only the script above. */
export const REPORT_CSP = `default-src 'none'; style-src 'unsafe-inline'; img-src data:; script-src 'sha256-${scriptHash}'; base-uri 'none'; form-action 'none'`;
