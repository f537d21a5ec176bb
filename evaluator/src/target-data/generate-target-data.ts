import { createHash } from 'node:crypto';
import { FigboardError } from '../errors/index.ts';
import type {
  DataRole,
  TargetDataSpec,
  VariationDimension,
  VariationRecord,
} from '../schemas/target-data.schema.ts';
import { createRng, type Rng } from '../stats/create-rng.ts';
import { checkDataTable } from './check-data-table.ts';
import { DISCRETE_ROLES, distinct, mainValueRole } from './data-layout.ts';
import { type DataTable, formatNumber } from './data-table.ts';
import { describeDataShape } from './describe-data-shape.ts';
import { STORY_DOMAINS, type StoryDomain } from './story-domains.ts';
import {
  DIMENSION_GROUPS,
  STRUCTURAL_DIMENSIONS,
  applicableDimensions,
  variationRuleProblems,
} from './variation-menu.ts';

/** Generator id recorded in every variation record; bump when the same seed would give other data. */
export const TARGET_DATA_GENERATOR = 'figboard-target-data/1';

/** The target table and the record of how it was made. */
export interface GeneratedTargetData {
  table: DataTable;
  variation: VariationRecord;
}

/** Seeds one task's generator: the suite seed and the task id, so tasks never share a stream. */
export function taskSeed(seed: number, task: string): number {
  return createHash('sha256').update(`${seed}:${task}`).digest().readUInt32LE(0);
}

const pick = <T>(rng: Rng, xs: readonly T[]): T => xs[rng.int(xs.length)]!;
const uniform = (rng: Rng, a: number, b: number) => a + (b - a) * rng.next();
const clamp = (v: number, a: number, b: number) => Math.min(b, Math.max(a, v));
function normal(rng: Rng): number {
  const u = Math.max(1e-12, rng.next());
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * rng.next());
}
/** A different integer in [lo, hi] than `current` (null when there is none). */
function otherCount(rng: Rng, current: number, lo: number, hi: number): number | null {
  const options: number[] = [];
  for (let n = Math.max(lo, current - 3); n <= Math.min(hi, current + 3); n++)
    if (n !== current) options.push(n);
  return options.length ? pick(rng, options) : null;
}

/** What the target must look like, decided before any value is drawn. */
interface Plan {
  series: number;
  categories: number;
  columns: number;
  points: number;
  /** Rows per series when per_series_density_imbalance is varied, else null. */
  perSeries: number[] | null;
  valueMin: number;
  valueMax: number;
  /** Units factor applied to the value role (1 = unchanged) and the header suffix it brings. */
  unitsFactor: number;
  labelMode: 'reference' | 'domain' | 'long';
  headersFromDomain: boolean;
  sortByValue: boolean;
  /** value_sign_polarity: the target must cross zero (true), stay positive (false), or either (null). */
  crossZero: boolean | null;
  notes: string[];
}

/**
 * Writes the target data of one style task from its reference data (FigMirror Appendix B.3): picks
 * 1–3 dimensions of Table 4 that apply to the task's layout (at least one changing shape, scale,
 * sign, cardinality or density, so a label swap is never alone), plans the new shape, draws values
 * from a story domain with a seeded generator, and checks the result (row width, role coverage,
 * finite and plausible values, complete grids). Same spec, reference, task and seed → same bytes.
 * Throws a FigboardError naming the task when the reference does not fit its layout.
 */
export function generateTargetData(
  spec: TargetDataSpec,
  reference: DataTable,
  task: string,
  seed: number,
  where = `${task}/reference_data.csv`,
): GeneratedTargetData {
  const refProblems = checkDataTable(spec, reference, where, task);
  if (refProblems.length > 0)
    throw new FigboardError(`task "${task}": the reference data does not fit its layout`, {
      code: 'target-data-reference',
      where,
      expected: `a ${spec.family} table with columns ${spec.roles.join(', ')}`,
      got: refProblems.map((p) => `[${p.rule}] ${p.message}`).join('; '),
    });
  const rng = createRng(taskSeed(seed, task));
  const ref = describeDataShape(spec, reference);
  const dimensions = chooseDimensions(spec, ref, rng);
  const broken = variationRuleProblems(spec, dimensions);
  if (broken.length > 0)
    throw new FigboardError(`task "${task}": no valid variation for this layout`, {
      code: 'target-data-rules',
      where,
      expected: 'a choice that keeps the variation rules',
      got: broken.join('; '),
    });
  const domain = pick(rng, STORY_DOMAINS);
  const plan = planTarget(spec, reference, ref, dimensions, rng);
  const table = drawTable(spec, reference, plan, domain, rng);
  const file = `${task}/data.csv`;
  const problems = checkDataTable(spec, table, file, task);
  if (problems.length > 0)
    throw new FigboardError(`task "${task}": the generated target data failed its checks`, {
      code: 'target-data-check',
      where: file,
      expected: 'a table that passes every data check',
      got: problems.map((p) => `[${p.rule}] ${p.message}`).join('; '),
    });
  return {
    table,
    variation: {
      generator: TARGET_DATA_GENERATOR,
      seed,
      dimensions,
      domain: domain.id,
      reference: ref,
      target: describeDataShape(spec, table),
      notes: plan.notes,
    },
  };
}

function chooseDimensions(
  spec: TargetDataSpec,
  ref: ReturnType<typeof describeDataShape>,
  rng: Rng,
): VariationDimension[] {
  const usable = applicableDimensions(spec).filter((d) => {
    if (d === 'series_count') return ref.series >= 1;
    if (d === 'per_series_density_imbalance') return ref.series >= 2;
    return true;
  });
  const structural = usable.filter((d) => STRUCTURAL_DIMENSIONS.has(d));
  if (structural.length === 0) return [];
  // The main variation is a data-shape change three times in four when the layout has one (the
  // paper's examples lead with shape); otherwise a change of scale, units or sign.
  const shape = structural.filter((d) => DIMENSION_GROUPS.shape.includes(d));
  const axis = structural.filter((d) => !DIMENSION_GROUPS.shape.includes(d));
  const first = shape.length > 0 && (axis.length === 0 || rng.next() < 0.75) ? shape : axis;
  const k = 1 + rng.int(3);
  const chosen: VariationDimension[] = [pick(rng, first)];
  const rest = usable.filter((d) => d !== chosen[0]);
  while (chosen.length < k && rest.length > 0)
    chosen.push(rest.splice(rng.int(rest.length), 1)[0]!);
  const order = applicableDimensions(spec);
  return chosen.sort((a, b) => order.indexOf(a) - order.indexOf(b));
}

function planTarget(
  spec: TargetDataSpec,
  reference: DataTable,
  ref: ReturnType<typeof describeDataShape>,
  dims: VariationDimension[],
  rng: Rng,
): Plan {
  const has = (d: VariationDimension) => dims.includes(d);
  const plan: Plan = {
    series: ref.series,
    categories: ref.categories,
    columns: ref.columns,
    points: Math.max(2, Math.round(ref.pointsPerSeries)),
    perSeries: null,
    valueMin: ref.valueMin,
    valueMax: ref.valueMax,
    unitsFactor: 1,
    labelMode: has('label_length_inflation')
      ? 'long'
      : has('label_domain_swap')
        ? 'domain'
        : 'reference',
    headersFromDomain: has('axis_semantics_swap'),
    sortByValue: has('ordering_principle_swap'),
    crossZero: null,
    notes: [],
  };
  const note = (s: string) => plan.notes.push(s);
  const minSeries = spec.family === 'xy' ? 1 : 2;
  if (has('series_count')) {
    // Density imbalance across series needs at least two series to be visible.
    const least = has('per_series_density_imbalance') ? Math.max(2, minSeries) : minSeries;
    const n = otherCount(rng, ref.series, least, spec.maxSeries) ?? ref.series;
    note(`series_count: ${ref.series} → ${n} series`);
    plan.series = n;
  }
  if (has('category_cardinality')) {
    const n = otherCount(rng, ref.categories, 2, spec.maxCategories) ?? ref.categories;
    note(`category_cardinality: ${ref.categories} → ${n} categories`);
    plan.categories = n;
  }
  if (has('matrix_dimension')) {
    let r = ref.categories;
    let c = ref.columns;
    while (r === ref.categories && c === ref.columns) {
      r = clamp(ref.categories + pick(rng, [-2, -1, 0, 1, 2]), 3, spec.maxCategories);
      c = clamp(ref.columns + pick(rng, [-2, -1, 0, 1, 2]), 3, spec.maxCategories);
    }
    note(`matrix_dimension: ${ref.categories} × ${ref.columns} → ${r} × ${c}`);
    plan.categories = r;
    plan.columns = c;
  }
  if (has('panel_count')) {
    const cols = spec.gridColumns ?? 1;
    const options = [1, 2, 3].map((k) => k * cols).filter((n) => n !== ref.categories);
    const n = pick(rng, options);
    note(`panel_count: ${ref.categories} → ${n} panels (${n / cols} × ${cols}, a complete grid)`);
    plan.categories = n;
  }
  const [minPts, maxPts] = spec.family === 'samples' ? [30, 2000] : [4, 400];
  if (has('point_density')) {
    // With a density imbalance as well, density grows, so the sparser series keep enough rows.
    const f = pick(rng, has('per_series_density_imbalance') ? [1.6, 2] : [0.5, 0.6, 1.6, 2]);
    const n = clamp(Math.round(plan.points * f), minPts, maxPts);
    note(`point_density: ${plan.points} → ${n} rows per series`);
    plan.points = n;
  }
  if (has('per_series_density_imbalance')) {
    const balanced = ref.densityRatio < 1.5;
    const k = plan.series;
    // Densest series 1/0.35 ≈ 2.9 times the sparsest; the base grows so the sparsest keeps the minimum.
    const top = clamp(Math.max(plan.points, Math.ceil(minPts / 0.35)), minPts, maxPts);
    plan.perSeries = Array.from({ length: k }, (_, i) =>
      balanced
        ? clamp(Math.round(top * (1 - (0.65 * i) / Math.max(1, k - 1))), minPts, maxPts)
        : plan.points,
    );
    // Shuffle so the densest series is not always the first one.
    for (let i = k - 1; i > 0; i--) {
      const j = rng.int(i + 1);
      [plan.perSeries[i], plan.perSeries[j]] = [plan.perSeries[j]!, plan.perSeries[i]!];
    }
    note(
      balanced
        ? `per_series_density_imbalance: balanced → rows per series ${plan.perSeries.join('/')}`
        : `per_series_density_imbalance: ratio ${ref.densityRatio} → balanced (${plan.points} rows each)`,
    );
  }
  if (has('scale_type')) {
    const lo = Math.max(ref.valueMin, 1e-6);
    const decades = Math.log10(ref.valueMax / lo);
    const next = decades >= 2 ? decades - 1 : decades + 1;
    plan.valueMax = lo * 10 ** next;
    note(`scale_type: values span ${decades.toFixed(1)} → ${next.toFixed(1)} decades`);
  }
  if (has('value_sign_polarity')) {
    const span = plan.valueMax - plan.valueMin;
    if (plan.valueMin >= 0) {
      plan.valueMin = -uniform(rng, 0.3, 0.7) * plan.valueMax;
      plan.crossZero = true;
      note('value_sign_polarity: positive-only → values crossing zero');
    } else {
      plan.valueMin = 0.05 * span;
      plan.valueMax = span;
      plan.crossZero = false;
      note('value_sign_polarity: values crossing zero → positive-only');
    }
  }
  if (has('axis_units_normalization')) {
    const mag = Math.max(Math.abs(plan.valueMin), Math.abs(plan.valueMax));
    // Values stay readable: small magnitudes move to a smaller unit (×1000), large ones to a
    // larger unit (×0.001); in between either, except that values under 10 never shrink below 0.01.
    plan.unitsFactor = mag < 1 ? 1000 : mag > 1000 ? 0.001 : pick(rng, [1000, 0.001]);
    if (mag < 10) plan.unitsFactor = 1000;
    note(
      `axis_units_normalization: values × ${plan.unitsFactor} (unit ${unitPrefix(plan.unitsFactor)})`,
    );
  }
  if (has('label_domain_swap')) note('label_domain_swap: labels from the story domain');
  if (has('label_length_inflation')) note('label_length_inflation: short → long labels');
  if (has('ordering_principle_swap'))
    note('ordering_principle_swap: reference order → sorted by value, largest first');
  if (has('axis_semantics_swap'))
    note('axis_semantics_swap: column meanings from the story domain');
  // Keep `reference` referenced for layouts that need the reference x range.
  void reference;
  return plan;
}

function unitPrefix(f: number): string {
  return f === 1000 ? '10⁻³' : f === 0.001 ? '10³' : `×${f}`;
}

/** A header, with the units change applied to the value role's unit. */
function withUnits(header: string, factor: number): string {
  if (factor === 1) return header;
  const m = /^(.*?)\s*\(([^)]*)\)\s*$/.exec(header);
  return m ? `${m[1]} (${unitPrefix(factor)} ${m[2]})` : `${header} (${unitPrefix(factor)})`;
}

function numberRange(table: DataTable, col: number): [number, number] {
  const v = table.rows.map((r) => Number(r[col]));
  return [Math.min(...v), Math.max(...v)];
}

function labelsFor(
  role: DataRole,
  n: number,
  reference: DataTable,
  spec: TargetDataSpec,
  plan: Plan,
  domain: StoryDomain,
): string[] {
  const key = role as keyof StoryDomain['labels'];
  const fromDomain =
    plan.labelMode === 'long' && (role === 'category' || role === 'row' || role === 'group')
      ? domain.longLabels
      : (domain.labels[key] ?? []);
  const refCol = spec.roles.indexOf(role);
  const refLabels = refCol >= 0 ? distinct(reference.rows, refCol) : [];
  const base =
    plan.labelMode === 'reference'
      ? [...refLabels, ...fromDomain.filter((l) => !refLabels.includes(l))]
      : [...fromDomain];
  const out = base.slice(0, n);
  for (let i = out.length; i < n; i++) out.push(`${domain.headers[role]} ${i + 1}`);
  return out;
}

function drawTable(
  spec: TargetDataSpec,
  reference: DataTable,
  plan: Plan,
  domain: StoryDomain,
  rng: Rng,
): DataTable {
  const main = mainValueRole(spec);
  const header = spec.roles.map((role, i) => {
    const h = plan.headersFromDomain ? domain.headers[role] : reference.header[i]!;
    return role === main ? withUnits(h, plan.unitsFactor) : h;
  });
  const f = plan.unitsFactor;
  const lo = plan.valueMin;
  const hi = plan.valueMax;
  const span = hi - lo || 1;
  const logAxis = spec.logScale;
  /** Maps a raw value in [0, 1] onto the planned value range (log-spaced on a log axis). */
  const toValue = (t: number) => {
    const u = clamp(t, 0, 1);
    const v = logAxis
      ? 10 ** (Math.log10(Math.max(lo, 1e-9)) + u * Math.log10(hi / Math.max(lo, 1e-9)))
      : lo + u * span;
    const scaled = v * f;
    return spec.integer && f === 1 ? Math.round(scaled) : scaled;
  };
  const fmt = formatNumber;
  const rows: string[][] = [];
  const col = (role: DataRole) => spec.roles.indexOf(role);
  const counts = (k: number) => plan.perSeries ?? Array.from({ length: k }, () => plan.points);

  if (spec.family === 'xy' || spec.family === 'panel-xy') {
    const groupRole: DataRole = spec.family === 'xy' ? 'series' : 'panel';
    const k = spec.family === 'xy' ? plan.series : plan.categories;
    const names = labelsFor(groupRole, k, reference, spec, plan, domain);
    const [x0, x1] = numberRange(reference, col('x'));
    const refX = reference.rows.map((r) => Number(r[col('x')]));
    const integerX = refX.every(Number.isInteger);
    // Scatter-like references (x not on a shared grid) get scattered x; lines get an even grid.
    const gridded = distinct(reference.rows, col('x')).length <= reference.rows.length / 2;
    const sizeRange = spec.roles.includes('size') ? numberRange(reference, col('size')) : [0, 0];
    const n = counts(k);
    names.forEach((name, s) => {
      const base = uniform(rng, 0.2, 0.8);
      const trend = uniform(rng, -0.4, 0.4);
      const amp = uniform(rng, 0.03, 0.15);
      const freq = uniform(rng, 0.5, 2.5);
      const phase = uniform(rng, 0, 2 * Math.PI);
      const noise = uniform(rng, 0.01, 0.05);
      const m = n[s]!;
      for (let i = 0; i < m; i++) {
        const t = gridded ? (m === 1 ? 0 : i / (m - 1)) : rng.next();
        let x = x0 + t * (x1 - x0);
        if (integerX && gridded && m <= x1 - x0 + 1) x = Math.round(x);
        const raw =
          base +
          trend * (t - 0.5) +
          amp * Math.sin(2 * Math.PI * freq * t + phase) +
          noise * normal(rng);
        const y = toValue(raw);
        const row: string[] = [name, fmt(integerX && !gridded ? Math.round(x) : x), fmt(y)];
        if (spec.roles.includes('err')) row.push(fmt(Math.abs(uniform(rng, 0.03, 0.1) * span * f)));
        if (spec.roles.includes('lo')) {
          const w = (0.05 + 0.15 * t) * span * f;
          row.push(fmt(y - w), fmt(y + w));
        }
        if (spec.roles.includes('size'))
          row.push(fmt(Math.max(1, uniform(rng, sizeRange[0]!, sizeRange[1]!))));
        rows.push(row);
      }
    });
    // A duplicate x inside one gridded line would make a vertical jump; the grid avoids it.
  } else if (spec.family === 'samples') {
    const names = labelsFor('group', plan.series, reference, spec, plan, domain);
    const vi = col('value');
    const refGroups = distinct(reference.rows, col('group'));
    const sds = refGroups.map((g) => {
      const v = reference.rows.filter((r) => r[0] === g).map((r) => Number(r[vi]));
      const m = v.reduce((a, b) => a + b, 0) / v.length;
      return Math.sqrt(v.reduce((a, b) => a + (b - m) ** 2, 0) / v.length);
    });
    const sd0 = sds.reduce((a, b) => a + b, 0) / sds.length / (ref0(reference, vi) || 1);
    const n = counts(plan.series);
    names.forEach((name, g) => {
      const centre = uniform(rng, 0.3, 0.7);
      const sd = clamp(sd0 * uniform(rng, 0.6, 1.4), 0.02, 0.25);
      for (let i = 0; i < n[g]!; i++) rows.push([name, fmt(toValue(centre + sd * normal(rng)))]);
    });
  } else if (spec.family === 'cat') {
    const cats = labelsFor('category', plan.categories, reference, spec, plan, domain);
    const hasSeries = spec.roles.includes('series');
    const series = hasSeries
      ? labelsFor('series', plan.series, reference, spec, plan, domain)
      : [''];
    const table = cats.map(() => series.map(() => uniform(rng, 0.1, 1)));
    let order = cats.map((_, i) => i);
    if (plan.sortByValue) {
      const total = table.map((r) => r.reduce((a, b) => a + b, 0));
      order = order.sort((a, b) => total[b]! - total[a]!);
    }
    for (const i of order) {
      series.forEach((s, j) => {
        const v = toValue(table[i]![j]!);
        const row = hasSeries ? [cats[i]!, s, fmt(v)] : [cats[i]!, fmt(v)];
        if (spec.roles.includes('err'))
          row.push(fmt(Math.abs(uniform(rng, 0.04, 0.12) * span * f)));
        rows.push(row);
      });
    }
  } else if (spec.family === 'matrix') {
    const rowsL = labelsFor('row', plan.categories, reference, spec, plan, domain);
    const colsL = labelsFor('col', plan.columns, reference, spec, plan, domain);
    const re = rowsL.map(() => rng.next());
    const ce = colsL.map(() => rng.next());
    const grid = re.map((r) => ce.map((c) => clamp(0.5 * (r + c) + 0.15 * normal(rng), 0, 1)));
    let order = rowsL.map((_, i) => i);
    if (plan.sortByValue) {
      const mean = grid.map((r) => r.reduce((a, b) => a + b, 0) / r.length);
      order = order.sort((a, b) => mean[b]! - mean[a]!);
    }
    const oneDecimal = reference.rows.every((r) => /^-?\d+(\.\d)?$/.test(r[col('value')]!));
    for (const i of order)
      colsL.forEach((c, j) => {
        const v = toValue(grid[i]![j]!);
        rows.push([rowsL[i]!, c, fmt(oneDecimal && f === 1 ? Math.round(v * 10) / 10 : v)]);
      });
  } else {
    // dual: one monotone series on the left axis, one periodic on the right.
    const [x0, x1] = numberRange(reference, col('x'));
    const [r0, r1] = numberRange(reference, col('right'));
    const m = plan.points;
    const growth = uniform(rng, 1.5, 4);
    const periods = uniform(rng, 1, 3);
    const phase = uniform(rng, 0, 2 * Math.PI);
    for (let i = 0; i < m; i++) {
      const t = m === 1 ? 0 : i / (m - 1);
      const left = toValue((Math.exp(growth * t) - 1) / (Math.exp(growth) - 1));
      const right = r0 + (r1 - r0) * (0.5 + 0.45 * Math.sin(2 * Math.PI * periods * t + phase));
      rows.push([fmt(x0 + t * (x1 - x0)), fmt(left), fmt(right)]);
    }
  }
  fixSign(spec, rows, plan.crossZero);
  for (const r of rows)
    r.forEach((cell, i) => {
      if (!DISCRETE_ROLES.has(spec.roles[i]!) && cell === '-0') r[i] = '0';
    });
  return { header, rows };
}

/**
 * Makes the value role's sign what value_sign_polarity asked for, whatever the draws gave: a
 * target that must cross zero is shifted down until a quarter of its range is negative, one that
 * must stay positive is shifted up above zero. Band limits move with their line; shapes stay.
 */
function fixSign(spec: TargetDataSpec, rows: string[][], crossZero: boolean | null): void {
  if (crossZero === null || rows.length === 0) return;
  const main = spec.roles.indexOf(mainValueRole(spec));
  const moved = [main, spec.roles.indexOf('lo'), spec.roles.indexOf('hi')].filter((c) => c >= 0);
  const values = rows.map((r) => Number(r[main]));
  const lo = Math.min(...moved.flatMap((c) => rows.map((r) => Number(r[c]))));
  const min = Math.min(...values);
  const max = Math.max(...values);
  const span = max - min || Math.abs(max) || 1;
  let shift = 0;
  if (crossZero && min >= 0) shift = -(min + 0.25 * span);
  else if (!crossZero && lo < 0) shift = -lo + 0.05 * span;
  if (shift === 0) return;
  for (const r of rows) for (const c of moved) r[c] = formatNumber(Number(r[c]) + shift);
}

/** Range of a numeric column (used to express spreads as a share of it). */
function ref0(table: DataTable, col: number): number {
  const [a, b] = numberRange(table, col);
  return b - a;
}
