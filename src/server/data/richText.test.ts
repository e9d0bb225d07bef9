import { describe, expect, it } from 'vitest';
import { sanitizeHtml } from './richText.js';
import guide from '../../schemas/guide/section.json' with { type: 'json' };

/** Stored-XSS attempts: none may leave a script, a handler or a script address in the output. */
const ATTACKS = [
  '<script>alert(1)</script>',
  '<SCRIPT SRC=//evil.example/x.js></SCRIPT>',
  '<img src=x onerror=alert(1)>',
  '<img src="https://ok.example/a.png" onerror="alert(1)">',
  '<a href="javascript:alert(1)">x</a>',
  '<a href="JaVaScRiPt:alert(1)">x</a>',
  '<a href="&#106;avascript:alert(1)">x</a>',
  '<a href="java\tscript:alert(1)">x</a>',
  '<a href=" javascript:alert(1)">x</a>',
  '<a href="vbscript:msgbox(1)">x</a>',
  '<a href="data:text/html,<script>alert(1)</script>">x</a>',
  '<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">',
  '<svg onload=alert(1)><a href="javascript:alert(1)">x</a></svg>',
  '<math><mi xlink:href="javascript:alert(1)">x</mi></math>',
  '<iframe src="https://evil.example"></iframe>',
  '<style>body{background:url(javascript:alert(1))}</style>',
  '<p style="background:url(javascript:alert(1))" onclick="alert(1)">x</p>',
  '<div onmouseover="alert(1)">hover</div>',
  '<body onload=alert(1)>',
  '<object data="javascript:alert(1)"></object><embed src="javascript:alert(1)">',
  '<form action="javascript:alert(1)"><button>x</button></form>',
  '<template><script>alert(1)</script></template>',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>',
  '<!--<img src=x onerror=alert(1)>-->',
  '<p>a</p><!-- --><script>alert(1)</script>',
  '<<script>script>alert(1)<</script>/script>',
  '<a href="https://ok.example" target="_blank" onfocus="alert(1)" autofocus>x</a>',
  '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  '<base href="javascript:alert(1)//">',
  '<table background="javascript:alert(1)"><tr><td onclick="alert(1)">x</td></tr></table>',
  '<xmp><img src=x onerror=alert(1)></xmp>',
  '<textarea><img src=x onerror=alert(1)></textarea>',
  '"><img src=x onerror=alert(1)>',
];

describe('sanitizeHtml', () => {
  it.each(ATTACKS)('leaves nothing that runs from %s', (attack) => {
    const out = sanitizeHtml(attack);
    expect(out).not.toMatch(/<(script|style|iframe|object|embed|svg|math|form|meta|base|template|body|textarea|xmp)\b/i);
    expect(out).not.toMatch(/\son[a-z]+\s*=/i);
    expect(out).not.toMatch(/(javascript|vbscript|data:text|data:image\/svg)/i);
    expect(out).not.toMatch(/\sstyle\s*=/i);
    // Whatever text remains is escaped: a second pass changes nothing.
    expect(sanitizeHtml(out)).toBe(out);
  });

  it('keeps the allowed structure and formatting', () => {
    const html =
      '<h2>Title</h2><p>Text with <strong>bold</strong>, <em>emphasis</em> and <code>code</code>.</p>' +
      '<ul><li>one</li></ul><ol><li>two</li></ol><blockquote>quote</blockquote><pre>a  b</pre>' +
      '<table><thead><tr><th colspan="2">h</th></tr></thead><tbody><tr><td>1</td><td>2</td></tr></tbody></table>';
    expect(sanitizeHtml(html)).toBe(html);
  });

  it('keeps http, https and mailto links with rel=noopener, and http(s) and raster data images', () => {
    expect(sanitizeHtml('<a href="https://example.com/a?b=1&amp;c=2" class="x">x</a>')).toBe(
      '<a href="https://example.com/a?b=1&amp;c=2" rel="noopener noreferrer">x</a>',
    );
    expect(sanitizeHtml('<a href="mailto:support@example.com">mail</a>')).toBe(
      '<a href="mailto:support@example.com" rel="noopener noreferrer">mail</a>',
    );
    expect(sanitizeHtml('<a href="/relative">x</a>')).toBe('<a>x</a>');
    expect(sanitizeHtml('<img src="http://example.com/a.png" alt="A &quot;b&quot;" width="20">')).toBe(
      '<img src="http://example.com/a.png" alt="A &quot;b&quot;" width="20">',
    );
    expect(sanitizeHtml('<img src="data:image/png;base64,iVBORw0KGgo=">')).toBe('<img src="data:image/png;base64,iVBORw0KGgo=">');
    expect(sanitizeHtml('<img src="/local.png">')).toBe('');
  });

  it('unwraps unknown elements, keeping their text escaped', () => {
    expect(sanitizeHtml('<div><span>a &lt;b&gt;</span> <font>c</font></div>')).toBe('a &lt;b&gt; c');
    expect(sanitizeHtml('<h1>big</h1><h5>small</h5>')).toBe('bigsmall');
  });

  it('bounds deep nesting without exhausting the stack', () => {
    const deep = '<em>'.repeat(20000) + 'x' + '</em>'.repeat(20000);
    const out = sanitizeHtml(deep);
    expect(out.match(/<em>/g)!.length).toBeLessThanOrEqual(32);
    expect(out).toContain('x');
  });

  it('has demo guide texts that are stored as the sanitiser would store them', () => {
    for (const row of guide.demo) {
      for (const body of [row.bodyZh, row.bodyEn, row.bodyEs, row.bodyJa]) expect(sanitizeHtml(body)).toBe(body);
    }
  });
});
