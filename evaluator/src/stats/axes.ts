import type { AxisName } from '../schemas/common.schema.ts';

/**
 * The five ReFigBench rubric axes in their canonical order (Q = T+S+L+E+V), as `judge/rubric.ts`
 * declares them. Their maxima are the rubric weights: `DEFAULT_RUBRIC` in `judge/rubric.ts`,
 * `scoring.rubric` in figboard.yml, and the board's `rubric` — statistics take them from there,
 * never from a literal.
 */
export { AXES } from '../judge/rubric.ts';
export type Axis = AxisName;

/** Five numbers keyed by axis. */
export type AxisRecord = Record<Axis, number>;
