import { describe, expect, it } from 'vitest';
import type { Field } from '../schemas/common.schema.ts';
import type { ConfigurationRow } from '../schemas/leaderboard.schema.ts';
import { fieldSection } from './field-section.ts';
import type { LoadedSuiteInfo } from './leaderboard-inputs.ts';

/** A configuration row with only what the by-field section reads. */
function row(
  id: string,
  judge: string,
  rank: number,
  byField: Record<string, [n: number, mean: number]>,
  suite = 'mini',
): ConfigurationRow {
  return {
    id,
    judge,
    suite,
    rank,
    byField: Object.fromEntries(Object.entries(byField).map(([f, [n, mean]]) => [f, { n, mean }])),
  } as unknown as ConfigurationRow;
}

function suite(name: string, fields: (Field | null)[]): LoadedSuiteInfo {
  return {
    manifest: { name } as LoadedSuiteInfo['manifest'],
    fields,
    splits: fields.map(() => null),
  };
}

describe('fieldSection (ReFigBench Table 14)', () => {
  it('pools every configuration per field and reports the leader and the best on the field, by hand', () => {
    // Suite: 2 cs.CV tasks, 1 cs.CL task, 1 task without a field.
    const suites = [suite('mini', ['cs.CV', 'cs.CL', null, 'cs.CV'])];
    const rows = [
      // "b" one judge failure on cs.CV (n = 1 there), so pooling weighs by scored tasks
      row('b', 'gpt', 2, { 'cs.CL': [1, 90], 'cs.CV': [1, 40], unknown: [1, 0] }),
      row('a', 'gpt', 1, { 'cs.CL': [1, 70], 'cs.CV': [2, 80], unknown: [1, 60] }),
      row('c', 'gpt', 3, { 'cs.CL': [1, 90], 'cs.CV': [2, 10] }),
      row('a', 'metric', 1, { 'cs.CV': [2, 50] }),
    ];
    expect(fieldSection(rows, suites)).toEqual([
      // (90 + 70 + 90) / 3; leader a = 70; best on the field: b and c tie at 90, b ranks higher
      {
        judge: 'gpt',
        suite: 'mini',
        field: 'cs.CL',
        tasks: 1,
        configurations: 3,
        scored: 3,
        pooledMean: 250 / 3,
        best: { configuration: 'a', mean: 70, n: 1 },
        fieldBest: { configuration: 'b', mean: 90, n: 1 },
      },
      // (40·1 + 80·2 + 10·2) / 5 = 220 / 5
      {
        judge: 'gpt',
        suite: 'mini',
        field: 'cs.CV',
        tasks: 2,
        configurations: 3,
        scored: 5,
        pooledMean: 44,
        best: { configuration: 'a', mean: 80, n: 2 },
        fieldBest: { configuration: 'a', mean: 80, n: 2 },
      },
      {
        judge: 'gpt',
        suite: 'mini',
        field: 'unknown',
        tasks: 1,
        configurations: 2,
        scored: 2,
        pooledMean: 30,
        best: { configuration: 'a', mean: 60, n: 1 },
        fieldBest: { configuration: 'a', mean: 60, n: 1 },
      },
      {
        judge: 'metric',
        suite: 'mini',
        field: 'cs.CV',
        tasks: 2,
        configurations: 1,
        scored: 2,
        pooledMean: 50,
        best: { configuration: 'a', mean: 50, n: 2 },
        fieldBest: { configuration: 'a', mean: 50, n: 2 },
      },
    ]);
  });

  it('never pools two suites, and gives a null leader mean when the leader lacks the field', () => {
    const suites = [suite('one', ['cs.AI', 'cs.LG']), suite('two', ['cs.AI'])];
    const rows = [
      row('x', 'gpt', 1, { 'cs.AI': [1, 50] }, 'one'),
      row('y', 'gpt', 2, { 'cs.AI': [1, 30], 'cs.LG': [1, 20] }, 'one'),
      row('z', 'gpt', 1, { 'cs.AI': [1, 99] }, 'two'),
    ];
    const out = fieldSection(rows, suites);
    expect(
      out.map((r) => [
        r.suite,
        r.field,
        r.pooledMean,
        r.best?.configuration ?? null,
        r.fieldBest.configuration,
      ]),
    ).toEqual([
      ['one', 'cs.AI', 40, 'x', 'x'],
      ['one', 'cs.LG', 20, null, 'y'],
      ['two', 'cs.AI', 99, 'z', 'z'],
    ]);
  });

  it('weights fields back to the overall means, as ReFigBench Table 14 does to Table 12', () => {
    // Without judge failures, Σ tasks·pooled / Σ tasks = the mean of the configuration means,
    // and Σ tasks·best / Σ tasks = the leader's mean. The paper's tables satisfy both:
    const tasks = [81, 183, 464, 272];
    const pooled = [69.937, 70.483, 67.856, 70.759];
    const best = [77.111, 79.344, 75.955, 78.5];
    const table12 = [77.361, 75.635, 74.197, 73.424, 69.411, 66.362, 66.13, 66.09, 63.373, 60.967];
    const weighted = (xs: number[]) => xs.reduce((s, x, i) => s + x * tasks[i]!, 0) / 1000;
    expect(weighted(pooled).toFixed(3)).toBe((table12.reduce((s, x) => s + x, 0) / 10).toFixed(3)); // 69.295
    expect(weighted(best).toFixed(3)).toBe('77.361');
    // cs.CV is lowest, 2.1 to 2.9 points below the other three (Appendix G)
    expect([0, 1, 3].map((i) => (pooled[i]! - pooled[2]!).toFixed(1))).toEqual([
      '2.1',
      '2.6',
      '2.9',
    ]);

    // …and so does the section on rows built the same way (four fields, three configurations).
    const fields: Field[] = ['cs.AI', 'cs.CL', 'cs.CV', 'cs.LG'];
    const suiteFields = fields.flatMap((f, i) => Array.from({ length: tasks[i]! }, () => f));
    const means = [
      [78, 80, 76, 79],
      [70, 71, 67, 72],
      [60, 62, 59, 61],
    ];
    const rows = means.map((m, c) =>
      row(`c${c}`, 'gpt', c + 1, Object.fromEntries(fields.map((f, i) => [f, [tasks[i]!, m[i]!]]))),
    );
    const out = fieldSection(rows, [suite('mini', suiteFields)]);
    const overall = means.map((m) => weighted(m));
    expect(weighted(out.map((r) => r.pooledMean))).toBeCloseTo(
      overall.reduce((s, x) => s + x, 0) / 3,
      10,
    );
    expect(weighted(out.map((r) => r.best!.mean))).toBeCloseTo(overall[0]!, 10);
    expect(out.every((r) => r.fieldBest.configuration === 'c0')).toBe(true);
    expect(out.map((r) => r.tasks)).toEqual(tasks);
  });
});
