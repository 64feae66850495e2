import { describe, expect, it } from 'vitest';
import { sanitizeLetterText, sanitizeRichText } from './html-sanitizer.ts';

/** Attacks from the OWASP XSS filter evasion cheat sheet, each reduced to what the editor could have made. */
describe('sanitizeRichText', () => {
  it('keeps what the editor makes: paragraphs, headings, lists, emphasis, direction', () => {
    const html =
      '<h2>جفن</h2><p dir="rtl"><strong>التهاب</strong> <em>خفيف</em></p><ul><li>one</li><li>two</li></ul>';
    expect(sanitizeRichText(html)).toBe(html);
  });

  it('removes scripts, event handlers, javascript: URLs and styles', () => {
    const cases: [string, string][] = [
      ['<p>a<script>alert(1)</script>b</p>', '<p>ab</p>'],
      ['<p onclick="alert(1)" onmouseover="x()">hi</p>', '<p>hi</p>'],
      ['<a href="javascript:alert(1)">x</a>', '<a target="_blank" rel="noopener noreferrer nofollow">x</a>'],
      ['<a href="JaVaScRiPt:alert(1)">x</a>', '<a target="_blank" rel="noopener noreferrer nofollow">x</a>'],
      [
        '<a href="&#106;avascript:alert(1)">x</a>',
        '<a target="_blank" rel="noopener noreferrer nofollow">x</a>',
      ],
      ['<p style="background:url(http://evil/x.png)">x</p>', '<p>x</p>'],
      ['<img src=x onerror=alert(1)>', ''],
      ['<img src="javascript:alert(1)">', ''],
      ['<img src="data:image/png;base64,AAAA">', ''],
      ['<img src="https://evil.example/track.png">', ''],
      ['<svg><script>alert(1)</script></svg>', ''],
      ['<iframe src="https://evil.example"></iframe>', ''],
      ['<form action="/api/logout"><button>x</button></form>', 'x'],
      ['<style>body{display:none}</style><p>x</p>', '<p>x</p>'],
      ['<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>', ''],
    ];
    for (const [dirty, clean] of cases) expect(sanitizeRichText(dirty), dirty).toBe(clean);
  });

  it('keeps images served by this app (patient documents), and safe links', () => {
    const img =
      '<img src="/api/mo/patient/document/12?disposition=inline" alt="OCT" data-document-id="12" />';
    expect(sanitizeRichText(img)).toBe(img);
    expect(sanitizeRichText('<a href="https://example.org">x</a>')).toBe(
      '<a href="https://example.org" target="_blank" rel="noopener noreferrer nofollow">x</a>',
    );
  });
});

describe('sanitizeLetterText (issue 50)', () => {
  it('keeps text formatting; a link becomes its text and an image goes', () => {
    const formatted =
      '<h2>تقرير</h2><p dir="rtl"><strong>a</strong> <em>b</em> <u>c</u></p><ol start="2"><li>x</li></ol>';
    expect(sanitizeLetterText(formatted)).toBe(formatted);
    const cases: [string, string][] = [
      ['<p>see <a href="https://evil.example">our site</a></p>', '<p>see our site</p>'],
      ['<p><a href="javascript:alert(1)" onclick="x()">x</a></p>', '<p>x</p>'],
      ['<p>a<img src="/api/mo/patient/document/12?disposition=inline" alt="OCT" />b</p>', '<p>ab</p>'],
      ['<p>a<script>alert(1)</script>b</p>', '<p>ab</p>'],
    ];
    for (const [dirty, clean] of cases) expect(sanitizeLetterText(dirty), dirty).toBe(clean);
  });

  it('gives back what it gave: a stored body sanitised again is the same text, of the same length', () => {
    for (const html of ['<'.repeat(100), '<p>&amp; "quoted" \'it\' &lt;b&gt;</p>', '<p>a &nbsp; b</p>']) {
      const once = sanitizeLetterText(html);
      expect(sanitizeLetterText(once), html).toBe(once);
    }
  });
});
