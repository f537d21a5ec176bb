import { describe, expect, it } from 'vitest';
import { formatNumber, inlineCode, inlineText } from './markdown-text.ts';

describe('neutralising user text for comments', () => {
  it('escapes HTML, markdown, mentions, references and autolinks, and keeps one line', () => {
    expect(
      inlineText(
        '@octo-org/admins <script>x</script> [a](https://evil.example) **b** | c #12\n## heading',
      ),
    ).toMatchInlineSnapshot(
      `"@​octo-org/admins &lt;script&gt;x&lt;/script&gt; \\[a\\]\\(https:​//evil.example\\) \\*\\*b\\*\\* \\| c \\#12 \\#\\# heading"`,
    );
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
