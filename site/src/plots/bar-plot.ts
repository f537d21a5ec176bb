import { labelAxis } from './label-axis.ts';
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
  const axis = labelAxis(groups);
  return renderPlot({
    width: 760,
    height: 64 + groups.length * (14 * new Set(bars.map((b) => b.series)).size + 12),
    marginLeft: axis.margin,
    // room for the value printed after a full bar ("100.0")
    marginRight: 40,
    // the axis label centred under the ticks, where it cannot run into the last one
    marginBottom: 44,
    x: { domain: [0, 100], label: xLabel, grid: true, labelAnchor: 'center', labelOffset: 36 },
    y: { label: null, axis: null },
    fy: { domain: groups, label: null, axis: 'left', tickFormat: axis.format },
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
