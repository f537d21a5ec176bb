import { Plot, renderPlot } from './render-plot.ts';

/** One paired effect under one weight vector. */
export interface SensitivityPoint {
  effect: string;
  editabilityWeight: number;
  delta: number;
}

/**
 * Paired effects as a function of the editability weight (the Table 21 sweep): one line per
 * effect, a rule at zero; where a line crosses zero the effect changes sign.
 */
export function sensitivityPlot(points: readonly SensitivityPoint[]): string {
  const sorted = [...points].sort(
    (a, b) => a.effect.localeCompare(b.effect) || a.editabilityWeight - b.editabilityWeight,
  );
  return renderPlot({
    width: 760,
    height: 360,
    marginRight: 20,
    // the axis label centred under the ticks, where it cannot run into the last ones
    marginBottom: 44,
    x: {
      label: 'editability weight w_E (points of 100)',
      grid: true,
      labelAnchor: 'center',
      labelOffset: 36,
    },
    y: { label: 'Δ (specialized − direct)', grid: true },
    color: { legend: true },
    marks: [
      Plot.ruleY([0], { stroke: 'var(--muted)' }),
      Plot.line(sorted, { x: 'editabilityWeight', y: 'delta', stroke: 'effect', strokeWidth: 2 }),
      Plot.dot(sorted, {
        x: 'editabilityWeight',
        y: 'delta',
        fill: 'effect',
        r: 3,
        title: (d: SensitivityPoint) =>
          `${d.effect}: Δ ${d.delta.toFixed(2)} at w_E = ${d.editabilityWeight}`,
      }),
    ],
  });
}
