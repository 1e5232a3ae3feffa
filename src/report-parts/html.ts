// HTML built from escaped parts. Everything a run holds (model answers, prompts, package ids, module and
// model names) is untrusted: the `html` template escapes every value it is given unless the value is
// already `SafeHtml` (made by this module, or `trustedHtml` for markup we generate ourselves).
export class SafeHtml {
  constructor(readonly text: string) {}
  toString(): string {
    return this.text;
  }
}

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);
}

export type HtmlValue = SafeHtml | string | number | boolean | null | undefined | readonly HtmlValue[];

function part(value: HtmlValue): string {
  if (value === null || value === undefined || value === false) return '';
  if (value instanceof SafeHtml) return value.text;
  if (Array.isArray(value)) return value.map(part).join('');
  return escapeHtml(String(value as string | number | boolean));
}

/** A template whose interpolated values are escaped (arrays joined), quotes included, so attributes are safe. */
export function html(strings: TemplateStringsArray, ...values: HtmlValue[]): SafeHtml {
  let out = strings[0]!;
  values.forEach((value, i) => {
    out += part(value) + strings[i + 1]!;
  });
  return new SafeHtml(out);
}

const TEXT_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;' };

/**
 * Text for an element's content only (never an attribute): quotes need no escape there, which keeps JSON
 * in <pre> blocks half the size.
 */
export function contentText(text: string): SafeHtml {
  return new SafeHtml(text.replace(/[&<>]/g, (c) => TEXT_ESCAPES[c]!));
}

/**
 * A table in a box of its own that scrolls sideways when the table is wider than the page: a page must
 * never be wider than the window.
 */
export function tableBox(table: SafeHtml): SafeHtml {
  return html`<div class="table-box">${table}</div>`;
}

/** Markup smi-bench made itself (a figure's SVG from vega, the page's own script): not escaped. */
export function trustedHtml(markup: string): SafeHtml {
  return new SafeHtml(markup);
}

/** A link target that can only be a page-local anchor, a relative path or http(s): never `javascript:`. */
export function safeHref(href: string): string {
  return /^(#|\/(?!\/)|https?:\/\/)/i.test(href) ? href : '#';
}
