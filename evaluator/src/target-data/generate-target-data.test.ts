import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { StyleTask } from '../schemas/style-task.schema.ts';
import { TargetDataSpec, type VariationDimension } from '../schemas/target-data.schema.ts';
import { checkDataTable } from './check-data-table.ts';
import { type DataTable, formatCsv, parseCsv } from './data-table.ts';
import { describeDataShape } from './describe-data-shape.ts';
import { generateTargetData } from './generate-target-data.ts';
import {
  STRUCTURAL_DIMENSIONS,
  applicableDimensions,
  variationRuleProblems,
} from './variation-menu.ts';

const t = (header: string[], rows: (string | number)[][]): DataTable => ({
  header,
  rows: rows.map((r) => r.map(String)),
});
const range = (n: number) => Array.from({ length: n }, (_, i) => i);

/** One small reference per layout, with the options the style-real references use. */
const CASES: { name: string; spec: TargetDataSpec; table: DataTable }[] = [
  {
    name: 'xy lines',
    spec: TargetDataSpec.parse({
      family: 'xy',
      roles: ['series', 'x', 'y'],
      allowNegative: true,
      maxSeries: 6,
    }),
    table: t(
      ['Series', 'x', 'y'],
      ['A', 'B', 'C'].flatMap((s, k) => range(12).map((i) => [s, i, Math.sin(i) + k])),
    ),
  },
  {
    name: 'xy log',
    spec: TargetDataSpec.parse({
      family: 'xy',
      roles: ['series', 'x', 'y'],
      logScale: true,
      maxSeries: 8,
    }),
    table: t(
      ['Company', 'Year', 'Price (USD)'],
      ['A', 'B'].flatMap((s, k) => range(20).map((i) => [s, 1990 + i, 10 ** (1 + k + i / 10)])),
    ),
  },
  {
    name: 'xy band',
    spec: TargetDataSpec.parse({
      family: 'xy',
      roles: ['series', 'x', 'y', 'lo', 'hi'],
      allowNegative: true,
      maxSeries: 4,
    }),
    table: t(
      ['W', 'Step', 'Mean', 'Lo', 'Hi'],
      ['A', 'B'].flatMap((s) => range(30).map((i) => [s, i, i / 10, i / 10 - 1, i / 10 + 1])),
    ),
  },
  {
    name: 'xy err',
    spec: TargetDataSpec.parse({ family: 'xy', roles: ['series', 'x', 'y', 'err'], maxSeries: 5 }),
    table: t(
      ['Run', 't (h)', 'Signal', 'Error'],
      ['R1', 'R2', 'R3'].flatMap((s) => range(8).map((i) => [s, i / 2, 1 + i, 0.2])),
    ),
  },
  {
    name: 'xy scatter with size',
    spec: TargetDataSpec.parse({ family: 'xy', roles: ['series', 'x', 'y', 'size'], maxSeries: 5 }),
    table: t(
      ['G', 'x', 'y', 'Size'],
      ['a', 'b', 'c'].flatMap((s, k) =>
        range(40).map((i) => [s, ((i * 37 + k * 11) % 97) / 97, ((i * 53) % 89) / 89, 5 + i]),
      ),
    ),
  },
  {
    name: 'cat grouped',
    spec: TargetDataSpec.parse({
      family: 'cat',
      roles: ['category', 'series', 'value'],
      maxSeries: 4,
      maxCategories: 6,
      longLabels: true,
      allowNegative: true,
    }),
    table: t(
      ['Species', 'Attribute', 'Length (mm)'],
      ['Adelie', 'Chinstrap', 'Gentoo'].flatMap((c) =>
        ['Bill', 'Flipper'].map((s, j) => [c, s, 40 + 100 * j]),
      ),
    ),
  },
  {
    name: 'cat simple, counts',
    spec: TargetDataSpec.parse({
      family: 'cat',
      roles: ['category', 'value'],
      integer: true,
      maxCategories: 9,
    }),
    table: t(
      ['Test', 'Percentile'],
      [
        ['Pacer', 37],
        ['Hang', 95],
        ['Mile', 73],
        ['Agility', 60],
      ],
    ),
  },
  {
    name: 'samples',
    spec: TargetDataSpec.parse({
      family: 'samples',
      roles: ['group', 'value'],
      allowNegative: true,
      maxSeries: 6,
    }),
    table: t(
      ['Sample', 'Value'],
      ['A', 'B', 'C'].flatMap((g, k) => range(40).map((i) => [g, Math.sin(i * 1.7) * (k + 1)])),
    ),
  },
  {
    name: 'matrix',
    spec: TargetDataSpec.parse({
      family: 'matrix',
      roles: ['row', 'col', 'value'],
      maxCategories: 9,
    }),
    table: t(
      ['Vegetable', 'Farmer', 'Harvest (t/year)'],
      range(5).flatMap((i) => range(4).map((j) => [`r${i}`, `c${j}`, ((i + j) % 5) + 0.5])),
    ),
  },
  {
    name: 'panel grid',
    spec: TargetDataSpec.parse({ family: 'panel-xy', roles: ['panel', 'x', 'y'], gridColumns: 2 }),
    table: t(
      ['Dataset', 'x', 'y'],
      ['I', 'II', 'III', 'IV'].flatMap((p) => range(11).map((i) => [p, 4 + i, 3 + i / 2])),
    ),
  },
  {
    name: 'dual axis',
    spec: TargetDataSpec.parse({ family: 'dual', roles: ['x', 'left', 'right'] }),
    table: t(
      ['time (s)', 'exp', 'sin'],
      range(50).map((i) => [i / 5, Math.exp(i / 15), 2 + Math.sin(i / 5)]),
    ),
  },
];

/** What each shape/scale/sign dimension must have changed between reference and target. */
function changed(
  d: VariationDimension,
  ref: ReturnType<typeof describeDataShape>,
  tgt: ReturnType<typeof describeDataShape>,
): boolean {
  switch (d) {
    case 'series_count':
      return ref.series !== tgt.series;
    case 'category_cardinality':
    case 'panel_count':
      return ref.categories !== tgt.categories;
    case 'matrix_dimension':
      return ref.categories !== tgt.categories || ref.columns !== tgt.columns;
    case 'point_density':
      // Mean rows per series (or panel): with an imbalance too, the median alone can stay put.
      return (
        Math.round(ref.rows / Math.max(1, ref.series, ref.categories)) !==
          Math.round(tgt.rows / Math.max(1, tgt.series, tgt.categories)) ||
        ref.pointsPerSeries !== tgt.pointsPerSeries
      );
    case 'per_series_density_imbalance':
      return ref.densityRatio < 1.5 ? tgt.densityRatio >= 1.5 : tgt.densityRatio === 1;
    case 'value_sign_polarity':
      return ref.valueMin < 0 !== tgt.valueMin < 0;
    case 'scale_type': {
      const dec = (s: typeof ref) => Math.log10(s.valueMax / s.valueMin);
      return Math.abs(dec(ref) - dec(tgt)) > 0.3;
    }
    case 'label_length_inflation':
      return tgt.maxLabelLength > ref.maxLabelLength;
    default:
      return true;
  }
}

describe('generateTargetData (FigMirror B.3 variation menu)', () => {
  for (const c of CASES) {
    it(`${c.name}: every seed gives checked data that keeps the variation rules and really varies`, () => {
      expect(checkDataTable(c.spec, c.table, 'ref.csv', 'case')).toEqual([]);
      const ref = describeDataShape(c.spec, c.table);
      fc.assert(
        fc.property(
          fc.nat({ max: 2 ** 31 }),
          fc.stringMatching(/^[a-z][a-z0-9-]{0,20}$/),
          (seed, task) => {
            const out = generateTargetData(c.spec, c.table, task, seed);
            expect(checkDataTable(c.spec, out.table, 'data.csv', task)).toEqual([]);
            const dims = out.variation.dimensions;
            expect(variationRuleProblems(c.spec, dims)).toEqual([]);
            expect(dims.some((d) => STRUCTURAL_DIMENSIONS.has(d))).toBe(true);
            for (const d of dims) expect(applicableDimensions(c.spec)).toContain(d);
            for (const d of dims)
              expect(
                changed(d, ref, out.variation.target),
                `${d}: ${JSON.stringify(out.variation)}`,
              ).toBe(true);
            expect(out.variation.notes).toHaveLength(dims.length);
            // Grids stay complete: a panel grid keeps whole rows.
            if (c.spec.family === 'panel-xy')
              expect(out.variation.target.categories % c.spec.gridColumns!).toBe(0);
            // Same inputs, same bytes.
            expect(formatCsv(generateTargetData(c.spec, c.table, task, seed).table)).toBe(
              formatCsv(out.table),
            );
          },
        ),
        { numRuns: 60 },
      );
    });
  }

  it('uses every applicable dimension somewhere over many tasks, each at most 3 per task', () => {
    const seen = new Set<VariationDimension>();
    for (const c of CASES)
      for (let k = 0; k < 80; k++) {
        const dims = generateTargetData(c.spec, c.table, `t${k}`, 7).variation.dimensions;
        expect(dims.length).toBeGreaterThanOrEqual(1);
        expect(dims.length).toBeLessThanOrEqual(3);
        for (const d of dims) seen.add(d);
      }
    const applicable = new Set(CASES.flatMap((c) => applicableDimensions(c.spec)));
    expect([...applicable].filter((d) => !seen.has(d))).toEqual([]);
    expect(seen.size).toBe(13); // Table 4's 16 less the three never generated
  });

  it('never changes the units or sign of a fixed-scale value axis (percentiles, shares)', () => {
    const fixed = TargetDataSpec.parse({
      ...CASES[6]!.spec,
      fixedScale: true,
      allowNegative: true,
    });
    expect(applicableDimensions(fixed)).not.toContain('axis_units_normalization');
    expect(applicableDimensions(fixed)).not.toContain('value_sign_polarity');
    for (let k = 0; k < 200; k++) {
      const out = generateTargetData(fixed, CASES[6]!.table, `p${k}`, 3);
      expect(out.variation.dimensions).not.toContain('axis_units_normalization');
      expect(out.variation.dimensions).not.toContain('value_sign_polarity');
      expect(out.variation.target.valueMin).toBeGreaterThanOrEqual(0);
      expect(out.variation.target.valueMax).toBeLessThanOrEqual(95);
    }
  });

  it('refuses a reference that does not fit its layout, naming the task and the rule', () => {
    const spec = CASES[0]!.spec;
    let error: unknown;
    try {
      generateTargetData(spec, t(['a', 'b'], [['x', 1]]), 'bad-task', 1);
    } catch (e) {
      error = e;
    }
    expect(error).toMatchObject({
      message: expect.stringContaining('task "bad-task"'),
      where: 'bad-task/reference_data.csv',
      got: expect.stringContaining('[data-header-width]'),
    });
  });
});

describe('variationRuleProblems', () => {
  const spec = CASES[5]!.spec; // grouped bars
  it('never lets a label swap stand alone', () => {
    expect(variationRuleProblems(spec, ['label_domain_swap'])).toEqual([
      expect.stringContaining('a label swap is never alone'),
    ]);
    expect(variationRuleProblems(spec, ['label_domain_swap', 'axis_semantics_swap'])).toHaveLength(
      1,
    );
    expect(variationRuleProblems(spec, ['label_domain_swap', 'category_cardinality'])).toEqual([]);
  });
  it('allows 1 to 3 distinct, applicable dimensions', () => {
    expect(variationRuleProblems(spec, [])).toContain('vary 1 to 3 dimensions, not 0');
    expect(
      variationRuleProblems(spec, [
        'series_count',
        'category_cardinality',
        'label_domain_swap',
        'axis_semantics_swap',
      ]),
    ).toContain('vary 1 to 3 dimensions, not 4');
    expect(variationRuleProblems(spec, ['series_count', 'series_count'])).toContain(
      'a dimension is listed twice',
    );
    expect(variationRuleProblems(spec, ['matrix_dimension'])).toEqual([
      'matrix_dimension does not apply to a cat layout',
    ]);
  });
});

describe('checkDataTable', () => {
  const lines = CASES[0]!.spec;
  const rules = (spec: TargetDataSpec, table: DataTable) =>
    checkDataTable(spec, table, 'task-x/data.csv', 'task-x').map((p) => p.rule);

  it('names the task, the file and the row for a ragged row', () => {
    const p = checkDataTable(
      lines,
      t(
        ['s', 'x', 'y'],
        [
          ['a', 1, 2],
          ['a', 2],
          ['a', 3, 4],
        ],
      ),
      'task-x/data.csv',
      'task-x',
    );
    expect(p[0]).toMatchObject({
      rule: 'data-row-width',
      file: 'task-x/data.csv',
      line: 3,
      expected: '3',
      got: '2',
    });
    expect(p[0]!.message).toContain('task "task-x"');
  });
  it('refuses values that are not finite numbers', () => {
    for (const bad of ['NaN', 'inf', '', '1e400', 'abc'])
      expect(
        rules(
          lines,
          t(
            ['s', 'x', 'y'],
            [
              ['a', 1, 2],
              ['a', 2, bad],
            ],
          ),
        ),
      ).toContain('data-value-not-finite');
  });
  it('requires every series, group and panel to have data, and complete grids', () => {
    expect(
      rules(
        lines,
        t(
          ['s', 'x', 'y'],
          [
            ['a', 1, 2],
            ['a', 2, 3],
            ['b', 1, 1],
          ],
        ),
      ),
    ).toEqual(['data-role-coverage']);
    const matrix = CASES[8]!;
    const missing = { ...matrix.table, rows: matrix.table.rows.slice(1) };
    expect(rules(matrix.spec, missing)).toEqual(['data-grid-incomplete']);
    const dup = { ...matrix.table, rows: [...matrix.table.rows, matrix.table.rows[0]!] };
    expect(rules(matrix.spec, dup)).toContain('data-duplicate-key');
    const grid = CASES[9]!;
    const three = { ...grid.table, rows: grid.table.rows.filter((r) => r[0] !== 'IV') };
    expect(rules(grid.spec, three)).toEqual(['data-panel-grid']);
    const grouped = CASES[5]!;
    expect(rules(grouped.spec, { ...grouped.table, rows: grouped.table.rows.slice(1) })).toEqual([
      'data-grid-incomplete',
    ]);
  });
  it('checks plausibility: errors, bands, log axes and signs', () => {
    expect(
      rules(
        CASES[3]!.spec,
        t(
          ['s', 'x', 'y', 'e'],
          [
            ['a', 1, 2, -1],
            ['a', 2, 3, 1],
          ],
        ),
      ),
    ).toEqual(['data-implausible']);
    expect(
      rules(
        CASES[2]!.spec,
        t(
          ['s', 'x', 'y', 'lo', 'hi'],
          [
            ['a', 1, 2, 3, 4],
            ['a', 2, 3, 2, 4],
          ],
        ),
      ),
    ).toEqual(['data-implausible']);
    expect(
      rules(
        CASES[1]!.spec,
        t(
          ['s', 'x', 'y'],
          [
            ['a', 1, 2],
            ['a', 2, 0],
          ],
        ),
      ),
    ).toEqual(['data-implausible']);
    expect(
      rules(
        CASES[6]!.spec,
        t(
          ['c', 'v'],
          [
            ['a', 1],
            ['b', -2],
          ],
        ),
      ),
    ).toEqual(['data-implausible']);
  });
  it('checks the header and the layout', () => {
    expect(rules(lines, t(['s', 'x'], [['a', 1]]))).toContain('data-header-width');
    expect(
      rules(
        lines,
        t(
          ['s', 's', 'y'],
          [
            ['a', 1, 2],
            ['a', 2, 2],
          ],
        ),
      ),
    ).toEqual(['data-header']);
    expect(rules({ ...lines, roles: ['x', 'series', 'y'] }, CASES[0]!.table)).toEqual([
      'data-layout',
    ]);
  });
});

describe('CSV', () => {
  it('parses what it writes (quotes, commas, newlines)', () => {
    const cell = fc.string({ maxLength: 12 }).filter((s) => !s.includes('\r'));
    fc.assert(
      fc.property(
        fc.array(fc.array(cell, { minLength: 3, maxLength: 3 }), { minLength: 1, maxLength: 8 }),
        (rows) => {
          const table = {
            header: ['a', 'b', 'c'],
            rows: rows.filter((r) => !(r.length === 1 && r[0] === '')),
          };
          expect(parseCsv(formatCsv(table), 'x.csv')).toEqual(table);
        },
      ),
    );
  });
  it('refuses an unterminated quote, naming the file', () => {
    expect(() => parseCsv('a,b\n"x,1\n', 'task-y/data.csv')).toThrow(/quoted cell/);
  });
});

describe('suites/style-real', () => {
  const SUITE = join(import.meta.dirname, '..', '..', '..', 'suites', 'style-real');
  const ids = JSON.parse(readFileSync(join(SUITE, 'suite.json'), 'utf8')).tasks as string[];
  it('every committed data.csv is what the generator writes from reference_data.csv, and task.json records it', () => {
    expect(ids.length).toBeGreaterThanOrEqual(40);
    for (const id of ids) {
      const task = StyleTask.parse(JSON.parse(readFileSync(join(SUITE, id, 'task.json'), 'utf8')));
      const data = task.data!;
      const ref = parseCsv(readFileSync(join(SUITE, id, 'reference_data.csv'), 'utf8'), id);
      const out = generateTargetData(data.spec, ref, id, data.variation!.seed);
      expect(formatCsv(out.table), id).toBe(readFileSync(join(SUITE, id, 'data.csv'), 'utf8'));
      expect(out.variation, id).toEqual(data.variation);
    }
    expect(readdirSync(SUITE).filter((f) => ids.includes(f))).toHaveLength(ids.length);
  });
});
