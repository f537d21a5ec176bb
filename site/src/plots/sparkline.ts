import { Plot, renderPlot } from './render-plot.ts';

/**
 * A tiny histogram of a configuration's final scores over the ten 10-point bins
 * [0,10) … [90,100] (the board's `distribution`). No axes: it sits in a table cell beside the
 * numbers it summarises.
 */
export function sparkline(distribution: readonly number[], width = 90, height = 22): string {
  // empty bins draw nothing (keeps the SVG small: the leaderboard has one per row)
  const data = distribution
    .map((count, i) => ({ x1: i * 10, x2: i * 10 + 10, count }))
    .filter((d) => d.count > 0);
  return renderPlot({
    width,
    height,
    margin: 0,
    marginTop: 1,
    axis: null,
    x: { domain: [0, 100] },
    y: { domain: [0, Math.max(1, ...distribution)] },
    marks: [
      Plot.rectY(data, { x1: 'x1', x2: 'x2', y: 'count', fill: 'var(--accent)', inset: 0.5 }),
      Plot.ruleY([0], { stroke: 'var(--muted)' }),
    ],
  });
}
