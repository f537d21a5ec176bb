import { describe, expect, it } from 'vitest';
import { formatNumber, inlineCode, inlineText } from './markdown-text.ts';

describe('neutralising user text for comments', () => {
  it('escapes HTML, markdown, mentions, references and autolinks, and keeps one line', () => {
    expect(
      inlineText(
        '@octo-org/admins <script>x</script> [a](https://evil.example) **b** | c #12\n## heading',
      ),
    ).toMatchInlineSnapshot(
      `"@​octo-org/admins &lt;script&gt;x&lt;/script&gt; \\[a\\]\\(https:​//evil.example\\) \\*\\*b\\*\\* \\| c \\#​12 \\#\\# heading"`,
    );
  });
  it('breaks www. autolinks, GH-12 and #12 references and commit SHAs, and keeps entities whole', () => {
    const sha = 'c0ffee0123456789abcdef0123456789abcdef01';
    const out = inlineText(
      `see www.evil.example, WWW.x.org, GH-12, gh-3, #12, ${sha}, ${sha.slice(0, 7)}, it's`,
    );
    expect(out).toMatchInlineSnapshot(
      `"see www​.evil.example, WWW​.x.org, GH​-12, gh​-3, \\#​12, c0ffee​012345​6789ab​cdef01​234567​89abcd​ef01, c0ffee​0, it&#39;s"`,
    );
    // Nothing GitHub would link survives: no `www.`, no `GH-<n>`, no `#<n>`, no 7+ hex run.
    expect(out).not.toMatch(/www\.|gh-\d|(?<!&)#\d|\b[0-9a-f]{7,}\b/i);
    expect(out).toContain('it&#39;s');
  });
  it('drops every bidi and directional mark', () => {
    const marks = '\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069';
    expect(inlineText(`a${marks.split('').join('b')}c`)).toBe('a b b b b b b b b b b b c');
  });
  it('caps the length', () => {
    expect(inlineText('x'.repeat(500), 10)).toBe('xxxxxxxxx…');
  });
  it('drops control and bidi-override characters', () => {
    expect(inlineText('safe\u202e.exe\u0000')).toBe('safe .exe');
  });
  it('code spans cannot be closed early or split a table cell', () => {
    const code = inlineCode('a`b</code><img src=x>|@x');
    expect(code.startsWith('<code>') && code.endsWith('</code>')).toBe(true);
    expect(code.slice(6, -7)).not.toMatch(/<|(?<!\\)\|/);
  });
  it('formats numbers and absent values', () => {
    expect([
      formatNumber(71.25),
      formatNumber(null),
      formatNumber(Number.NaN),
      formatNumber(3, 0),
    ]).toEqual(['71.3', '—', '—', '3']);
  });
});
