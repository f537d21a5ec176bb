import { Plot, renderPlot } from './render-plot.ts';

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
  const longest = Math.max(10, ...rows.map((r) => r.label.length));
  return renderPlot({
    width: 760,
    height: 40 + 26 * Math.max(1, rows.length),
    marginLeft: Math.min(360, 12 + longest * 6.2),
    marginRight: 20,
    x: { domain: [-extent * 1.1, extent * 1.1], label: xLabel, grid: true },
    y: { domain: rows.map((r) => r.label), label: null },
    marks: [
      Plot.ruleX([0], { stroke: 'var(--muted)' }),
      Plot.ruleY(data, { y: 'label', x1: 'lo', x2: 'hi', stroke: 'var(--accent)', strokeWidth: 2 }),
      Plot.dot(data, {
        y: 'label',
        x: 'delta',
        r: 4.5,
        stroke: 'var(--accent)',
        fill: (d: { significant: boolean }) => (d.significant ? 'var(--accent)' : 'var(--bg)'),
        strokeWidth: 1.5,
      }),
    ],
  });
}
