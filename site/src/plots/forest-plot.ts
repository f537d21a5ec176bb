import { labelledIntervals } from './interval-plot.ts';
import { Plot } from './render-plot.ts';

/** One row of a forest plot: an effect with its 95% interval. */
export interface ForestRow {
  label: string;
  delta: number;
  ci: readonly [number, number];
}

/**
 * A forest plot of paired effects: a dot at Δ, a bar for its 95% CI, a rule at zero. Rows keep
 * the given order (top to bottom). Effects whose interval excludes zero are drawn filled.
 */
export function forestPlot(
  rows: readonly ForestRow[],
  xLabel = 'Δ score (to − from), 95% CI',
): string {
  const data = rows.map((r) => ({
    ...r,
    lo: r.ci[0],
    hi: r.ci[1],
    significant: r.ci[0] > 0 || r.ci[1] < 0,
  }));
  const extent = Math.max(1, ...data.flatMap((d) => [Math.abs(d.lo), Math.abs(d.hi)]));
  return labelledIntervals(
    data,
    { domain: [-extent * 1.1, extent * 1.1], label: xLabel, grid: true },
    {
      under: [Plot.ruleX([0], { stroke: 'var(--muted)' })],
      dot: Plot.dot(data, {
        y: 'label',
        x: 'delta',
        r: 4.5,
        stroke: 'var(--accent)',
        fill: (d: { significant: boolean }) => (d.significant ? 'var(--accent)' : 'var(--bg)'),
        strokeWidth: 1.5,
      }),
    },
  );
}
