/** The five ReFigBench rubric axes in their canonical order, and their maxima (Q = T+S+L+E+V). */
export const AXES = ['T', 'S', 'L', 'E', 'V'] as const;
export type Axis = (typeof AXES)[number];

/** Axis maxima = default weights: text 20, structure 30, layout 15, editability 25, visual 10. */
export const AXIS_MAXIMA: Readonly<Record<Axis, number>> = { T: 20, S: 30, L: 15, E: 25, V: 10 };

/** Five numbers keyed by axis. */
export type AxisRecord = Record<Axis, number>;
