// HTML built from templates whose holes are escaped: run ids, package ids, model names and error texts come
// from run directories and are untrusted, so nothing interpolated can become markup unless it already is
// markup made by this template.

/** Markup this module made (or a constant the caller wrote): inserted as is. */
export class Html {
  constructor(readonly markup: string) {}
  toString(): string {
    return this.markup;
  }
}

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Text as HTML text or attribute value (quotes escaped too, so it is safe inside either kind of quote). */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => ESCAPES[ch]!);
}

type Hole = Html | string | number | null | undefined | Hole[];

function render(value: Hole): string {
  if (value instanceof Html) return value.markup;
  if (Array.isArray(value)) return value.map(render).join('');
  if (value === null || value === undefined) return '';
  return escapeHtml(String(value));
}

/** `html\`<td>${text}</td>\``: every hole escaped, except Html values and arrays of them. */
export function html(strings: TemplateStringsArray, ...holes: Hole[]): Html {
  let out = strings[0]!;
  holes.forEach((hole, i) => (out += render(hole) + strings[i + 1]!));
  return new Html(out);
}

/** A table with a header row, or the note `empty` when there are no rows. */
export function table(headers: string[], rows: Html[], empty = 'none'): Html {
  if (rows.length === 0) return html`<p class="note">${empty}</p>`;
  return html`<table>
    <thead>
      <tr>
        ${headers.map((h) => html`<th>${h}</th>`)}
      </tr>
    </thead>
    <tbody>
      ${rows}
    </tbody>
  </table>`;
}
