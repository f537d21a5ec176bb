import { labelAxis } from './label-axis.ts';
import { Plot, renderPlot } from './render-plot.ts';

/** One cell of the pairwise matrix: row beat column `wins` times, `ties` ties, `n` comparisons. */
export interface HeatCell {
  row: string;
  col: string;
  wins: number;
  ties: number;
  n: number;
}

/** The diverging colour stops of a win share 0 (loses) → 0.5 → 1 (wins), interpolated in RGB. */
const STOPS = [
  [0, [0xb2, 0x18, 0x2b]],
  [0.5, [0xf7, 0xf7, 0xf7]],
  [1, [0x21, 0x66, 0xac]],
] as const;

/** The cell colour of a win share (the scale the plot draws with, computed here for the text). */
export function shareColour(share: number): [number, number, number] {
  const s = Math.min(1, Math.max(0, share));
  const [a, b] = s <= 0.5 ? [STOPS[0], STOPS[1]] : [STOPS[1], STOPS[2]];
  const t = (s - a[0]) / (b[0] - a[0]);
  return [0, 1, 2].map((k) => Math.round(a[1][k]! + (b[1][k]! - a[1][k]!) * t)) as [
    number,
    number,
    number,
  ];
}

/** WCAG relative luminance of an sRGB colour. */
export function luminance([r, g, b]: readonly [number, number, number]): number {
  const lin = (c: number) => {
    const x = c / 255;
    return x <= 0.03928 ? x / 12.92 : ((x + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

/**
 * Black or white, whichever contrasts more with a cell of this share. The two meet at luminance
 * ≈ 0.18, where both reach 4.58:1, so the cell text is always at least 4.5:1 (WCAG AA).
 */
export function textOn(share: number | null): 'black' | 'white' {
  if (share === null) return 'black';
  const l = luminance(shareColour(share));
  return (l + 0.05) / 0.05 >= 1.05 / (l + 0.05) ? 'black' : 'white';
}

/**
 * Pairwise win-share heatmap (row vs column): colour = (wins + ties/2) / comparisons, text =
 * "wins/ties" in black or white by the cell's luminance (≥ 4.5:1 contrast). Rows and columns keep
 * the given order (the caller passes rating order). A diverging scheme without a ramp legend
 * (ramps need a canvas); the share is printed in each cell's tooltip and the matrix is also given
 * as a table.
 */
export function heatmap(order: readonly string[], cells: readonly HeatCell[]): string {
  const data = cells.map((c) => {
    const share = c.n === 0 ? null : (c.wins + c.ties / 2) / c.n;
    return { ...c, share, ink: textOn(share) };
  });
  const longest = Math.max(8, ...order.map((o) => o.length));
  const axis = labelAxis(order, 8);
  const side = Math.max(28, Math.min(56, Math.floor(640 / Math.max(1, order.length))));
  const text = (ink: 'black' | 'white') =>
    Plot.text(
      data.filter((d) => d.n > 0 && d.ink === ink),
      {
        x: 'col',
        y: 'row',
        text: (d: { wins: number; ties: number }) => `${d.wins}/${d.ties}`,
        fill: ink,
        fontSize: 12,
      },
    );
  return renderPlot({
    width: axis.margin + side * order.length + 20,
    height: 40 + side * order.length + Math.min(220, 10 + longest * 5),
    marginLeft: axis.margin,
    marginBottom: Math.min(220, 10 + longest * 5),
    padding: 0.04,
    x: { domain: order as string[], label: 'opponent (column)', tickRotate: -40 },
    y: { domain: order as string[], label: 'configuration (row)', tickFormat: axis.format },
    color: {
      type: 'linear',
      domain: STOPS.map((s) => s[0]),
      range: STOPS.map((s) => `rgb(${s[1].join(',')})`),
      interpolate: 'rgb',
      legend: false,
    },
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
      text('black'),
      text('white'),
    ],
  });
}
