import { z } from 'zod';

/**
 * The 16 dimensions of PlotTwin-Bench's variation menu (FigMirror Appendix B.3, Table 4): six of
 * data shape, five of axis and scale, five semantic and categorical.
 */
export const VariationDimension = z.enum([
  // Data shape
  'series_count',
  'point_density',
  'category_cardinality',
  'matrix_dimension',
  'panel_count',
  'per_series_density_imbalance',
  // Axis and scale
  'scale_type',
  'x_axis_type',
  'axis_units_normalization',
  'value_sign_polarity',
  'dual_scale_requirement',
  // Semantic and categorical
  'label_domain_swap',
  'label_length_inflation',
  'ordering_principle_swap',
  'hierarchy_introduction',
  'axis_semantics_swap',
]);
export type VariationDimension = z.infer<typeof VariationDimension>;

/**
 * How a style task's CSV is laid out: one family of visual roles, columns in a fixed order.
 * `xy`: series, x, y (+ err | lo, hi | size); `cat`: category (+ series), value (+ err);
 * `samples`: group, value; `matrix`: row, col, value; `panel-xy`: panel, x, y;
 * `dual`: x, left, right (two y axes).
 */
export const DataFamily = z.enum(['xy', 'cat', 'samples', 'matrix', 'panel-xy', 'dual']);
export type DataFamily = z.infer<typeof DataFamily>;

export const DataRole = z.enum([
  'series',
  'x',
  'y',
  'err',
  'lo',
  'hi',
  'size',
  'category',
  'value',
  'group',
  'row',
  'col',
  'panel',
  'left',
  'right',
]);
export type DataRole = z.infer<typeof DataRole>;

/** What a task's data looks like and which variations its reference code can absorb. */
export const TargetDataSpec = z
  .object({
    family: DataFamily,
    /** The CSV's columns in order, one visual role each (the header row names them). */
    roles: z.array(DataRole).min(2).max(8),
    /** panel-xy: panels are laid out in rows of this many; a target keeps the grid complete. */
    gridColumns: z.number().int().min(1).max(6).optional(),
    /** The chart reads negative values correctly (value_sign_polarity may apply). */
    allowNegative: z.boolean().default(false),
    /** Labels sit where long text fits (label_length_inflation may apply). */
    longLabels: z.boolean().default(false),
    /** The value axis is logarithmic (scale_type may apply; values stay positive). */
    logScale: z.boolean().default(false),
    /** Upper bound on series / groups / parts per category the chart stays readable with. */
    maxSeries: z.number().int().min(1).max(20).default(6),
    /** Upper bound on categories / sectors / matrix rows and columns. */
    maxCategories: z.number().int().min(2).max(40).default(10),
    /** Values are whole numbers (counts). */
    integer: z.boolean().default(false),
    /**
     * The value axis has a fixed meaning and range (a percentile, a percentage of a whole): its
     * units and sign never change (axis_units_normalization and value_sign_polarity do not apply).
     */
    fixedScale: z.boolean().default(false),
  })
  .strict();
export type TargetDataSpec = z.infer<typeof TargetDataSpec>;

/** The shape of one data table, as far as the variation menu speaks about it. */
export const DataShape = z
  .object({
    rows: z.number().int().nonnegative(),
    /** Distinct series / groups / parts (1 when the family has none). */
    series: z.number().int().nonnegative(),
    /** Distinct categories, matrix rows or panels. */
    categories: z.number().int().nonnegative(),
    /** Distinct matrix columns (0 outside `matrix`). */
    columns: z.number().int().nonnegative(),
    /** Median rows per series (points, samples). */
    pointsPerSeries: z.number().nonnegative(),
    /** Largest / smallest rows per series (1 = balanced). */
    densityRatio: z.number().nonnegative(),
    /** Range of the main value role. */
    valueMin: z.number(),
    valueMax: z.number(),
    /** Longest discrete label, in characters. */
    maxLabelLength: z.number().int().nonnegative(),
  })
  .strict();
export type DataShape = z.infer<typeof DataShape>;

/** Which variations made a task's target data from its reference data, recorded in task.json. */
export const VariationRecord = z
  .object({
    generator: z.string().min(1).max(100),
    seed: z.number().int().nonnegative(),
    /** 1–3 dimensions of Table 4, at least one changing shape, scale, sign, cardinality or density. */
    dimensions: z.array(VariationDimension).min(1).max(3),
    /** The story domain the target data is drawn from. */
    domain: z.string().min(1).max(100),
    reference: DataShape,
    target: DataShape,
    /** One sentence per dimension saying what changed. */
    notes: z.array(z.string().max(300)).max(3),
  })
  .strict();
export type VariationRecord = z.infer<typeof VariationRecord>;

/** `task.json` → `data`: the CSV layout of a style task and how its target data was made. */
export const StyleTaskData = z
  .object({ spec: TargetDataSpec, variation: VariationRecord.nullable() })
  .strict();
export type StyleTaskData = z.infer<typeof StyleTaskData>;
