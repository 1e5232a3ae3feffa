// The report's escaping: every value from a run is text, in element content and in attributes alike.
import { describe, expect, it } from 'vitest';
import { contentText, escapeHtml, html, safeHref, trustedHtml } from '../../src/report-parts/html.js';

describe('html', () => {
  it('escapes every interpolated value, quotes included, and joins arrays', () => {
    const answer = `</pre><script>alert("x")</script><img src=x onerror='y'>&`;
    expect(html`<pre title="${answer}">${answer}</pre>`.text).toBe(
      '<pre title="&lt;/pre&gt;&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&lt;img src=x onerror=&#39;y&#39;&gt;&amp;">' +
        '&lt;/pre&gt;&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&lt;img src=x onerror=&#39;y&#39;&gt;&amp;</pre>',
    );
    expect(html`<ul>${['<a>', 'b'].map((t) => html`<li>${t}</li>`)}</ul>`.text).toBe(
      '<ul><li>&lt;a&gt;</li><li>b</li></ul>',
    );
    expect(html`${null}${undefined}${false}${0}`.text).toBe('0');
  });

  it('keeps already made markup, and escapes content text without its quotes', () => {
    expect(html`<p>${trustedHtml('<b>ours</b>')}</p>`.text).toBe('<p><b>ours</b></p>');
    expect(html`<pre>${contentText('{"a": "<b>&"}')}</pre>`.text).toBe('<pre>{"a": "&lt;b&gt;&amp;"}</pre>');
    expect(escapeHtml(`'"`)).toBe('&#39;&quot;');
  });

  it('lets only anchors, site paths and http(s) through as link targets', () => {
    for (const ok of ['#pkg-1-2', '/runs/a/packages/3', 'http://127.0.0.1:8233/x', 'HTTPS://example.org'])
      expect(safeHref(ok)).toBe(ok);
    for (const bad of [
      'javascript:alert(1)',
      ' JavaScript:alert(1)',
      'data:text/html,x',
      '//evil.example',
      'vbscript:x',
    ])
      expect(safeHref(bad)).toBe('#');
  });
});
