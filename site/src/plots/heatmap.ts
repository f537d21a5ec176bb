import { Plot, renderPlot } from './render-plot.ts';

/** One cell of the pairwise matrix: row beat column `wins` times, `ties` ties, `n` comparisons. */
export interface HeatCell {
  row: string;
  col: string;
  wins: number;
  ties: number;
  n: number;
}

/**
 * Pairwise win-share heatmap (row vs column): colour = (wins + ties/2) / comparisons, text =
 * "wins/ties". A sequential colour scheme without a ramp legend (ramps need a canvas); the
 * share is printed in each cell's tooltip and the matrix is also given as a table.
 */
export function heatmap(order: readonly string[], cells: readonly HeatCell[]): string {
  const data = cells.map((c) => ({ ...c, share: c.n === 0 ? null : (c.wins + c.ties / 2) / c.n }));
  const longest = Math.max(8, ...order.map((o) => o.length));
  const side = Math.max(28, Math.min(56, Math.floor(640 / Math.max(1, order.length))));
  return renderPlot({
    width: Math.min(360, 12 + longest * 6.2) + side * order.length + 20,
    height: 40 + side * order.length + Math.min(220, 10 + longest * 5),
    marginLeft: Math.min(360, 12 + longest * 6.2),
    marginBottom: Math.min(220, 10 + longest * 5),
    padding: 0.04,
    x: { domain: order as string[], label: 'opponent (column)', tickRotate: -40 },
    y: { domain: order as string[], label: 'configuration (row)' },
    color: { type: 'linear', domain: [0, 1], scheme: 'RdBu', legend: false },
    marks: [
      Plot.cell(data, {
        x: 'col',
        y: 'row',
        fill: 'share',
        title: (d: {
          row: string;
          col: string;
          wins: number;
          ties: number;
          n: number;
          share: number | null;
        }) =>
          `${d.row} vs ${d.col}: ${d.wins} wins, ${d.ties} ties of ${d.n}${d.share === null ? '' : ` (win share ${(d.share * 100).toFixed(0)}%)`}`,
      }),
      Plot.text(data, {
        x: 'col',
        y: 'row',
        text: (d: { wins: number; ties: number; n: number }) =>
          d.n === 0 ? '' : `${d.wins}/${d.ties}`,
        fill: 'black',
        fontSize: 10,
      }),
    ],
  });
}
