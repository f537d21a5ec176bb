import { Plot, renderPlot } from './render-plot.ts';

/** One entry's mean at the date it was merged. */
interface TimePoint {
  date: string;
  mean: number;
  label: string;
  /** A reference line (baseline): drawn hollow. */
  line: boolean;
}

const DAY_MS = 86_400_000;

/** Means by merge date (YYYY-MM-DD), 0–100: how the suite's best score moved over time. */
export function scoreOverTime(points: readonly TimePoint[]): string {
  const rows = points.map((p) => ({ ...p, when: new Date(`${p.date}T00:00:00Z`) }));
  // merge dates are days: a day of room either side, day ticks over a short span (not hours),
  // and the axis label centred under the ticks so it never runs into the last one
  const times = rows.map((r) => r.when.getTime());
  const lo = Math.min(...times) - DAY_MS;
  const hi = Math.max(...times) + DAY_MS;
  const days = rows.length > 0 ? (hi - lo) / DAY_MS : 0;
  return renderPlot({
    width: 640,
    height: 270,
    marginLeft: 44,
    marginBottom: 44,
    x: {
      type: 'utc',
      label: 'merge date',
      labelAnchor: 'center',
      labelOffset: 38,
      ...(rows.length > 0 ? { domain: [new Date(lo), new Date(hi)] } : {}),
      ticks: days > 0 && days <= 10 ? 'day' : 5,
      tickFormat: days > 400 ? '%b %Y' : '%b %-d',
    },
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
