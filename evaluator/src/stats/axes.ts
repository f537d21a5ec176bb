/**
 * The five ReFigBench rubric axes in their canonical order (Q = T+S+L+E+V). Their maxima are the
 * rubric weights: `DEFAULT_RUBRIC` in `judge/rubric.ts`, `scoring.rubric` in figboard.yml, and the
 * board's `rubric` — statistics take them from there, never from a literal.
 */
export const AXES = ['T', 'S', 'L', 'E', 'V'] as const;
export type Axis = (typeof AXES)[number];

/** Five numbers keyed by axis. */
export type AxisRecord = Record<Axis, number>;
