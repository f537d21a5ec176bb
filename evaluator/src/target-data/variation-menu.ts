import type {
  DataRole,
  TargetDataSpec,
  VariationDimension,
} from '../schemas/target-data.schema.ts';

/** Table 4's three groups, in the paper's order. */
export const DIMENSION_GROUPS: Record<'shape' | 'axis' | 'semantic', VariationDimension[]> = {
  shape: [
    'series_count',
    'point_density',
    'category_cardinality',
    'matrix_dimension',
    'panel_count',
    'per_series_density_imbalance',
  ],
  axis: [
    'scale_type',
    'x_axis_type',
    'axis_units_normalization',
    'value_sign_polarity',
    'dual_scale_requirement',
  ],
  semantic: [
    'label_domain_swap',
    'label_length_inflation',
    'ordering_principle_swap',
    'hierarchy_introduction',
    'axis_semantics_swap',
  ],
};

/**
 * Dimensions that change the data's schema, cardinality, density, scale, or the range and sign of
 * its values (B.3): every target varies at least one of them, so a label swap is never alone.
 */
export const STRUCTURAL_DIMENSIONS: ReadonlySet<VariationDimension> = new Set([
  ...DIMENSION_GROUPS.shape,
  'scale_type',
  'axis_units_normalization',
  'value_sign_polarity',
]);

/**
 * Dimensions this generator never picks, and why: each would change the chart construction the
 * reference code encodes (a date axis, a second y axis, grouped categories), which B.3 forbids
 * ("the reference stays a viable visual template").
 */
export const NOT_GENERATED: Partial<Record<VariationDimension, string>> = {
  x_axis_type: 'a numeric↔time↔categorical x axis changes how the reference code reads x',
  dual_scale_requirement: 'adding or removing a second y axis changes the chart construction',
  hierarchy_introduction:
    'super-/sub-category structure changes the chart construction (kept where the reference already has it)',
};

const has = (roles: readonly DataRole[], r: DataRole) => roles.includes(r);

/** The dimensions that can vary for a task's data layout, in Table 4 order. */
export function applicableDimensions(spec: TargetDataSpec): VariationDimension[] {
  const { family, roles } = spec;
  const labelled =
    has(roles, 'series') ||
    has(roles, 'category') ||
    has(roles, 'group') ||
    has(roles, 'row') ||
    has(roles, 'panel');
  const ok: Record<VariationDimension, boolean> = {
    series_count:
      (family === 'xy' || family === 'samples' || family === 'cat') &&
      (has(roles, 'series') || has(roles, 'group')) &&
      spec.maxSeries > 1,
    point_density:
      family === 'xy' || family === 'samples' || family === 'panel-xy' || family === 'dual',
    category_cardinality: family === 'cat',
    matrix_dimension: family === 'matrix',
    panel_count: family === 'panel-xy',
    per_series_density_imbalance:
      (family === 'xy' && has(roles, 'series') && spec.maxSeries > 1) || family === 'samples',
    scale_type: spec.logScale,
    x_axis_type: false,
    axis_units_normalization: !spec.fixedScale,
    value_sign_polarity: spec.allowNegative && !spec.logScale && !spec.fixedScale,
    dual_scale_requirement: false,
    label_domain_swap: labelled,
    label_length_inflation: spec.longLabels && labelled,
    ordering_principle_swap: family === 'cat' || family === 'matrix',
    hierarchy_introduction: false,
    axis_semantics_swap: true,
  };
  return [...DIMENSION_GROUPS.shape, ...DIMENSION_GROUPS.axis, ...DIMENSION_GROUPS.semantic].filter(
    (d) => ok[d],
  );
}

/** Broken rules of a chosen set of dimensions (empty when the choice is valid). */
export function variationRuleProblems(
  spec: TargetDataSpec,
  dimensions: readonly VariationDimension[],
): string[] {
  const out: string[] = [];
  if (dimensions.length < 1 || dimensions.length > 3)
    out.push(`vary 1 to 3 dimensions, not ${dimensions.length}`);
  if (new Set(dimensions).size !== dimensions.length) out.push('a dimension is listed twice');
  if (!dimensions.some((d) => STRUCTURAL_DIMENSIONS.has(d)))
    out.push(
      'at least one dimension must change shape, scale, sign, cardinality or density (a label swap is never alone)',
    );
  const applicable = new Set(applicableDimensions(spec));
  for (const d of dimensions)
    if (!applicable.has(d)) out.push(`${d} does not apply to a ${spec.family} layout`);
  return out;
}
