import { Plot, renderPlot } from './render-plot.ts';

/** One entry's mean at the date it was merged. */
interface TimePoint {
  date: string;
  mean: number;
  label: string;
  /** A reference line (baseline): drawn hollow. */
  line: boolean;
}

/** Means by merge date (YYYY-MM-DD), 0–100: how the suite's best score moved over time. */
export function scoreOverTime(points: readonly TimePoint[]): string {
  const rows = points.map((p) => ({ ...p, when: new Date(`${p.date}T00:00:00Z`) }));
  return renderPlot({
    width: 640,
    height: 260,
    marginLeft: 44,
    x: { type: 'utc', label: 'merge date', ticks: 5 },
    y: { domain: [0, 100], label: 'mean score', grid: true },
    marks: [
      Plot.dot(rows, {
        x: 'when',
        y: 'mean',
        r: 5,
        stroke: 'currentColor',
        fill: (d: TimePoint) => (d.line ? 'none' : 'currentColor'),
        title: (d: TimePoint) =>
          `${d.label}: ${d.mean.toFixed(1)} (${d.date})${d.line ? ', baseline' : ''}`,
      }),
    ],
  });
}
