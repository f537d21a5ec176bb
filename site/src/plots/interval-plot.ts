import { Plot, renderPlot } from './render-plot.ts';

/** A labelled estimate with a 95% interval (e.g. an Elo rating). */
export interface IntervalRow {
  label: string;
  value: number;
  ci: readonly [number, number];
}

/** Dots with interval bars, sorted as given, with a reference rule (e.g. Elo 1000). */
export function intervalPlot(
  rows: readonly IntervalRow[],
  xLabel: string,
  reference: number | null = null,
): string {
  const data = rows.map((r) => ({ ...r, lo: r.ci[0], hi: r.ci[1] }));
  const longest = Math.max(10, ...rows.map((r) => r.label.length));
  return renderPlot({
    width: 760,
    height: 40 + 26 * Math.max(1, rows.length),
    marginLeft: Math.min(360, 12 + longest * 6.2),
    marginRight: 20,
    x: { label: xLabel, grid: true, nice: true },
    y: { domain: rows.map((r) => r.label), label: null },
    marks: [
      ...(reference === null ? [] : [Plot.ruleX([reference], { stroke: 'var(--muted)' })]),
      Plot.ruleY(data, { y: 'label', x1: 'lo', x2: 'hi', stroke: 'var(--accent)', strokeWidth: 2 }),
      Plot.dot(data, { y: 'label', x: 'value', r: 4.5, fill: 'var(--accent)' }),
    ],
  });
}
