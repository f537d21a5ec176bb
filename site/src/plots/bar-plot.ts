import { Plot, renderPlot } from './render-plot.ts';

/** One bar of a grouped bar chart. */
export interface Bar {
  group: string;
  series: string;
  value: number;
}

/** Horizontal grouped bars (e.g. S, S_code, S_vision per configuration), values 0–100. */
export function groupedBars(bars: readonly Bar[], xLabel: string): string {
  const groups = [...new Set(bars.map((b) => b.group))];
  const longest = Math.max(10, ...groups.map((g) => g.length));
  return renderPlot({
    width: 760,
    height: 50 + groups.length * (14 * new Set(bars.map((b) => b.series)).size + 12),
    marginLeft: Math.min(360, 12 + longest * 6.2),
    x: { domain: [0, 100], label: xLabel, grid: true },
    y: { label: null, axis: null },
    fy: { domain: groups, label: null, axis: 'left' },
    color: { legend: true },
    marks: [
      Plot.barX(bars, {
        fy: 'group',
        y: 'series',
        x: 'value',
        fill: 'series',
        title: (d: Bar) => `${d.group} — ${d.series}: ${d.value.toFixed(1)}`,
      }),
      Plot.text(bars, {
        fy: 'group',
        y: 'series',
        x: 'value',
        text: (d: Bar) => d.value.toFixed(1),
        textAnchor: 'start',
        dx: 3,
      }),
    ],
  });
}
