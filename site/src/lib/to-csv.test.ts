import { describe, expect, it } from 'vitest';
import { csvField, toCsv } from './to-csv.ts';

describe('csvField', () => {
  it('quotes separators, quotes and newlines (RFC 4180)', () => {
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField(null)).toBe('');
    expect(csvField(-2.5)).toBe('-2.5');
  });

  it('defuses spreadsheet formulas in text but not negative numbers', () => {
    expect(csvField('=HYPERLINK("http://x")')).toBe(`"'=HYPERLINK(""http://x"")"`);
    expect(csvField('+1')).toBe("'+1");
    expect(csvField('@team')).toBe("'@team");
    expect(csvField(-1)).toBe('-1');
  });
});

describe('toCsv', () => {
  it('writes CSV columns only, raw values, in row order', () => {
    const csv = toCsv({
      id: 't',
      caption: 'x',
      rowHeader: 'name',
      columns: [
        { key: 'name', label: 'Name' },
        { key: 'mean', label: 'Mean', numeric: true },
        { key: 'ci', label: '95% CI', csv: false },
        { key: 'ciLow', label: 'CI low', show: false },
      ],
      rows: [
        {
          cells: {
            name: { v: '<img src=x onerror=alert(1)>' },
            mean: { v: 71.25, t: '71.3' },
            ci: { v: 1, t: '[1, 2]' },
            ciLow: { v: 1 },
          },
        },
        { cells: { name: { v: '=cmd' }, mean: { v: null } } },
      ],
    });
    expect(csv).toMatchInlineSnapshot(`
      "name,mean,ciLow
      <img src=x onerror=alert(1)>,71.25,1
      '=cmd,,
      "
    `);
  });
});
