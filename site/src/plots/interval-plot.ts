import { labelAxis } from './label-axis.ts';
import { Plot, renderPlot } from './render-plot.ts';

/** A labelled estimate with a 95% interval (e.g. an Elo rating). */
export interface IntervalRow {
  label: string;
  value: number;
  ci: readonly [number, number];
}

/**
 * The frame every interval plot shares (Elo ratings, the forest plot of effects): one row per
 * label, top to bottom in the given order, a bar from `lo` to `hi`; `under` is drawn beneath the
 * bars (reference rules), `dot` on top of them.
 */
export function labelledIntervals<D extends { label: string; lo: number; hi: number }>(
  data: readonly D[],
  x: Plot.ScaleOptions,
  marks: { under: Plot.Markish[]; dot: Plot.Markish },
): string {
  const axis = labelAxis(data.map((r) => r.label));
  return renderPlot({
    width: 760,
    height: 54 + 26 * Math.max(1, data.length),
    marginLeft: axis.margin,
    marginRight: 20,
    // the axis label centred under the ticks, where it cannot run into the last one
    marginBottom: 44,
    x: { labelAnchor: 'center', labelOffset: 36, ...x },
    y: { domain: data.map((r) => r.label), label: null, tickFormat: axis.format },
    marks: [
      ...marks.under,
      Plot.ruleY(data, { y: 'label', x1: 'lo', x2: 'hi', stroke: 'var(--accent)', strokeWidth: 2 }),
      marks.dot,
    ],
  });
}

/** Dots with interval bars, sorted as given, with a reference rule (e.g. Elo 1000). */
export function intervalPlot(
  rows: readonly IntervalRow[],
  xLabel: string,
  reference: number | null = null,
): string {
  const data = rows.map((r) => ({ ...r, lo: r.ci[0], hi: r.ci[1] }));
  return labelledIntervals(
    data,
    { label: xLabel, grid: true, nice: true },
    {
      under: reference === null ? [] : [Plot.ruleX([reference], { stroke: 'var(--muted)' })],
      dot: Plot.dot(data, { y: 'label', x: 'value', r: 4.5, fill: 'var(--accent)' }),
    },
  );
}
