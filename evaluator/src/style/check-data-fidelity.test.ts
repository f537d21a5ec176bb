import { describe, expect, it } from 'vitest';
import { TargetDataSpec } from '../schemas/target-data.schema.ts';
import { parseCsv } from '../target-data/data-table.ts';
import { checkDataFidelity, type DrawnMarks } from './check-data-fidelity.ts';

/** A figure whose main axes draw these series' values (the rest of the introspection unread). */
function drawn(...series: number[][]): DrawnMarks {
  return { axes: [{ role: 'main', series: series.map((values) => ({ values })) }] };
}

// The wide layout of suites/style-sample (no layout spec): a label column, one column per series.
const WIDE = parseCsv('category,Control,Treated\nC1,61.64,70.13\nC2,31.68,71.88\n', 'wide.csv');
// A long `cat` layout as suites/style-real/penguins-dark's data.csv: category, series, value.
const LONG = parseCsv('species,sex,mass\nA,f,3.4\nA,m,4.0\nB,f,3.7\nB,m,4.1\n', 'long.csv');
const CAT = TargetDataSpec.parse({ family: 'cat', roles: ['category', 'series', 'value'] });

describe('checkDataFidelity', () => {
  it('passes when every value of every series is drawn, within the tolerance', () => {
    const f = checkDataFidelity(
      WIDE,
      undefined,
      'grouped-bar',
      drawn([61.64, 31.7], [70.13, 71.88]),
    );
    expect(f).toEqual({ checked: true, series: 2, drawnSeries: 2, missing: [] });
  });

  it('names a missing series and a missing value', () => {
    expect(
      checkDataFidelity(WIDE, undefined, 'grouped-bar', drawn([61.64, 31.68])).missing,
    ).toEqual([{ series: 'Treated', missing: 2, of: 2 }]);
    expect(
      checkDataFidelity(WIDE, undefined, 'bar', drawn([61.64], [70.13, 71.88])).missing,
    ).toEqual([{ series: 'Control', missing: 1, of: 2 }]);
    // 31.68 drawn as 32: off by 1 %, more than 0.5 % of it and 0.2 % of the data range
    expect(
      checkDataFidelity(WIDE, undefined, 'bar', drawn([61.64, 32], [70.13, 71.88])).missing,
    ).toEqual([{ series: 'Control', missing: 1, of: 2 }]);
  });

  it('groups a long layout by its series column', () => {
    const f = checkDataFidelity(LONG, CAT, 'grouped-bar', drawn([3.4, 3.7], [4.0]));
    expect(f.series).toBe(2);
    expect(f.missing).toEqual([{ series: 'm', missing: 1, of: 2 }]);
  });

  it('does not check charts whose marks are not the values themselves', () => {
    expect(checkDataFidelity(LONG, CAT, 'pie', drawn()).checked).toBe(false);
  });

  it('does not guess the roles of an all-numeric table without a layout spec', () => {
    const xy = parseCsv('x,a,err\n1,2.0,0.2\n2,2.5,0.3\n', 'xy.csv');
    expect(checkDataFidelity(xy, undefined, 'line', drawn([2.0, 2.5])).checked).toBe(false);
  });
});
