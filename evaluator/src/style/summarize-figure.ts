import type { FigureElementKind, FigureSummary } from '../schemas/style-task.schema.ts';
import type { Introspection, PixelBox } from './introspection.schema.ts';
import { MAPPED_KINDS, PALETTE_KINDS, mainAxesInOrder } from './style-profile.ts';

/**
 * What the vision channel compares between reference and candidate: per panel the chart types,
 * the data palette and the colormaps; for the figure the signature elements (legend, colorbar,
 * error bars, shaded band, reference line, twin or inset axes), each with its pixel box.
 */
export function summarizeFigure(intro: Introspection): FigureSummary {
  const main = mainAxesInOrder(intro);
  const elements = new Map<FigureElementKind, PixelBox | null>();
  const add = (kind: FigureElementKind, box: PixelBox | null) => {
    if (!elements.has(kind) || (elements.get(kind) === null && box !== null))
      elements.set(kind, box);
  };
  for (const ax of intro.axes) {
    if (ax.role === 'colorbar') add('colorbar', ax.box);
    else if (ax.role === 'twin') add('twin-axes', ax.box);
    else if (ax.role === 'inset') add('inset-axes', ax.box);
    if (ax.signature.legend) add('legend', ax.legend?.box ?? null);
    if (ax.signature.errorbars > 0) add('errorbars', ax.elementBoxes.errorbars);
    if (ax.signature.bands > 0) add('band', ax.elementBoxes.bands);
    if (ax.signature.reflines > 0) add('refline', ax.elementBoxes.reflines);
  }
  for (const leg of intro.figure.legends) add('legend', leg.box);
  const order: FigureElementKind[] = [
    'legend',
    'colorbar',
    'errorbars',
    'band',
    'refline',
    'twin-axes',
    'inset-axes',
  ];
  return {
    canvas: { width: intro.figure.png.width, height: intro.figure.png.height },
    axes: main.map((ax) => ({
      box: ax.box,
      chartTypes: [...ax.chartTypes].sort(),
      // A twin axis shares its host's plot area: its series are part of that panel's palette
      // (a dual-axis figure's second colour lives there).
      palette: [ax, ...intro.axes.filter((t) => t.role === 'twin' && t.parent === ax.index)]
        .flatMap((a) => a.series)
        .filter((s) => PALETTE_KINDS.has(s.kind) && s.color !== null && s.color !== 'none')
        .map((s) => s.color!),
      colormaps: ax.series
        .filter((s) => MAPPED_KINDS.has(s.kind) && s.cmap)
        .map((s) => ({ name: s.cmap!, samples: s.samples ?? [] })),
      seriesBox: ax.elementBoxes.series,
    })),
    elements: order
      .filter((k) => elements.has(k))
      .map((kind) => ({ kind, box: elements.get(kind) ?? null })),
  };
}
