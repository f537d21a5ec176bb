import { z } from 'zod';

/*
 * What the Python harness (evaluator/python/figboard_introspect.py) reports about a drawn figure.
 * The candidate script runs in the same interpreter as the harness, so this is UNTRUSTED data:
 * every field is bounded (lengths, ranges) and unknown keys are refused.
 */

const Num = z.number().finite().min(-1e7).max(1e7);
const Size = z.number().finite().min(0).max(1e6);
/** `#rrggbb` or `none` (fully transparent). */
export const HexColor = z.string().regex(/^(#[0-9a-f]{6}|none)$/);
const MaybeColor = HexColor.nullable();
const Short = z.string().max(200);
/** [x, y, w, h] in PNG pixels, top-left origin. */
export const PixelBox = z.tuple([Num, Num, Size, Size]);
export type PixelBox = z.infer<typeof PixelBox>;

export const SeriesKind = z.enum([
  'line',
  'scatter',
  'bar',
  'barh',
  'hist',
  'heatmap',
  'band',
  'area',
  'errorbar',
  'box',
  'violin',
  'pie',
  'contour',
  'hexbin',
  'stem',
  'vector',
  'refline',
  'rule',
  'event',
  'annotation',
  'table',
  'patch',
]);
export type SeriesKind = z.infer<typeof SeriesKind>;

export const IntrospectedSeries = z
  .object({
    kind: SeriesKind,
    call: z.number().int().nonnegative().nullable(),
    label: Short.nullable(),
    color: MaybeColor,
    edgecolor: MaybeColor,
    linewidth: Size.nullable(),
    linestyle: z.enum(['solid', 'dashed', 'dashdot', 'dotted', 'none', 'custom']).nullable(),
    marker: z.string().max(20).nullable(),
    markersize: Size.nullable(),
    hatch: z.string().max(40),
    alpha: z.number().min(0).max(1).nullable(),
    cmap: z.string().max(100).nullable(),
    samples: z.array(HexColor).max(16).optional(),
    count: z.number().int().nonnegative().max(1e7),
    box: PixelBox.nullable(),
    /**
     * The data values the seen artists draw, in data units (bar lengths, line y vertices, scatter
     * y offsets), for the data-fidelity check; absent where the kind draws no such values.
     */
    values: z.array(z.number().finite()).max(2000).optional(),
  })
  .strict();
export type IntrospectedSeries = z.infer<typeof IntrospectedSeries>;

const Spine = z
  .object({ visible: z.boolean(), color: MaybeColor, linewidth: Size.nullable() })
  .strict();
const Grid = z
  .object({
    on: z.boolean(),
    linestyle: z.enum(['solid', 'dashed', 'dashdot', 'dotted', 'none', 'custom']).nullable(),
    linewidth: Size.nullable(),
    color: MaybeColor,
    alpha: z.number().min(0).max(1).nullable(),
    minorOn: z.boolean(),
  })
  .strict();
const Ticks = z
  .object({
    direction: z.string().max(20).nullable(),
    length: Size.nullable(),
    width: Size.nullable(),
    color: MaybeColor,
    sides: z.string().max(40),
    labelSides: z.string().max(40),
    labelSize: Size.nullable(),
    labelColor: MaybeColor,
    rotation: Num.nullable(),
    minorVisible: z.boolean(),
  })
  .strict();
export const IntrospectedLegend = z
  .object({
    frameon: z.boolean(),
    loc: z.string().max(40),
    anchored: z.boolean(),
    ncols: z.number().int().min(0).max(1000),
    entries: z.number().int().min(0).max(100000),
    title: z.boolean(),
    box: PixelBox.nullable(),
    frameEdgecolor: MaybeColor,
    frameFacecolor: MaybeColor,
    framealpha: z.number().min(0).max(1).nullable(),
    fancybox: z.boolean(),
    shadow: z.boolean(),
  })
  .strict();

export const IntrospectedAxes = z
  .object({
    index: z.number().int().nonnegative(),
    role: z.enum(['main', 'colorbar', 'twin', 'inset']),
    parent: z.number().int().nonnegative().nullable(),
    box: PixelBox.nullable(),
    position: z.tuple([Num, Num, Num, Num]),
    subplot: z
      .object({
        rows: z.number().int().min(1).max(1000),
        cols: z.number().int().min(1).max(1000),
        row: z.number().int().min(0).max(1000),
        col: z.number().int().min(0).max(1000),
        rowspan: z.number().int().min(0).max(1000),
        colspan: z.number().int().min(0).max(1000),
      })
      .strict()
      .nullable(),
    chartTypes: z.array(SeriesKind).max(30),
    series: z.array(IntrospectedSeries).max(64),
    spines: z.record(z.enum(['left', 'right', 'top', 'bottom']), Spine),
    grid: z.object({ x: Grid, y: Grid }).strict(),
    axisbelow: z.string().max(10),
    facecolor: MaybeColor,
    ticks: z.object({ x: Ticks, y: Ticks }).strict(),
    scale: z.object({ x: z.string().max(30), y: z.string().max(30) }).strict(),
    legend: IntrospectedLegend.nullable(),
    colorbar: z
      .object({
        orientation: z.string().max(20),
        cmap: z.string().max(100).nullable(),
        samples: z.array(HexColor).max(16),
      })
      .strict()
      .nullable(),
    signature: z
      .object({
        legend: z.boolean(),
        errorbars: z.number().int().min(0),
        bands: z.number().int().min(0),
        annotations: z.number().int().min(0),
        reflines: z.number().int().min(0),
      })
      .strict(),
    elementBoxes: z
      .object({
        errorbars: PixelBox.nullable(),
        bands: PixelBox.nullable(),
        annotations: PixelBox.nullable(),
        reflines: PixelBox.nullable(),
        series: PixelBox.nullable(),
      })
      .strict(),
  })
  .strict();
export type IntrospectedAxes = z.infer<typeof IntrospectedAxes>;

export const TextRole = z.enum([
  'title',
  'suptitle',
  'suplabel',
  'figure-text',
  'xlabel',
  'ylabel',
  'xtick',
  'ytick',
  'offset',
  'legend',
  'legend-title',
  'annotation',
  'pie-label',
  'colorbar-label',
  'colorbar-tick',
  'other',
]);
export type TextRole = z.infer<typeof TextRole>;

export const IntrospectedText = z
  .object({
    role: TextRole,
    axes: z.number().int().nonnegative().nullable(),
    text: z.string().max(200),
    box: PixelBox.nullable(),
    fontsize: Size.nullable(),
    family: z.string().max(200).nullable(),
    weight: z.enum(['light', 'normal', 'bold']),
    style: z.string().max(20),
    color: MaybeColor,
    rotation: Num.nullable(),
    clipOn: z.boolean(),
    /** Whether the text left pixels in the PNG (measured by the pixel check in stage 2). Only
     * shown texts earn style credit; every drawn text can still be clipped or overlap. */
    shown: z.boolean(),
  })
  .strict();
export type IntrospectedText = z.infer<typeof IntrospectedText>;

const TickDefaults = z
  .object({
    direction: z.string().max(20),
    length: Size.nullable(),
    width: Size.nullable(),
    sides: z.string().max(40),
    labelSides: z.string().max(40),
    color: MaybeColor,
    minorVisible: z.boolean(),
    rotation: Num,
  })
  .strict();

/** matplotlib's own defaults (rcParamsDefault), resolved by the harness: the "average plot". */
export const MatplotlibDefaults = z
  .object({
    figure: z.object({ widthIn: Size, heightIn: Size, dpi: Size, facecolor: MaybeColor }).strict(),
    font: z.object({ family: z.string().max(200).nullable(), size: Size }).strict(),
    textSize: z.record(z.string().max(40), Size.nullable()),
    textWeight: z.record(z.string().max(40), z.enum(['light', 'normal', 'bold'])),
    textColor: z.record(z.string().max(40), MaybeColor),
    spine: z
      .object({ visible: z.boolean(), linewidth: Size.nullable(), color: MaybeColor })
      .strict(),
    grid: z
      .object({
        on: z.boolean(),
        linestyle: z.string().max(20),
        linewidth: Size.nullable(),
        color: MaybeColor,
        alpha: Size.nullable(),
      })
      .strict(),
    axisbelow: z.string().max(10),
    axesFacecolor: MaybeColor,
    ticks: z.object({ x: TickDefaults, y: TickDefaults }).strict(),
    legend: z
      .object({
        frameon: z.boolean(),
        loc: z.string().max(40),
        ncols: z.number().int(),
        framealpha: Size.nullable(),
        frameEdgecolor: MaybeColor,
        frameFacecolor: MaybeColor,
        fancybox: z.boolean(),
        shadow: z.boolean(),
      })
      .strict(),
    line: z
      .object({
        linewidth: Size.nullable(),
        linestyle: z.string().max(20),
        marker: z.string().max(20),
        markersize: Size.nullable(),
      })
      .strict(),
    patch: z
      .object({
        edgecolor: MaybeColor,
        linewidth: Size.nullable(),
        hatch: z.string().max(40),
        alpha: Size,
      })
      .strict(),
    scatter: z.object({ marker: z.string().max(20), markersize: Size.nullable() }).strict(),
    cycle: z.array(MaybeColor).max(64),
    cmap: z.string().max(100),
    scale: z.string().max(30),
  })
  .strict();
export type MatplotlibDefaults = z.infer<typeof MatplotlibDefaults>;

/** The whole introspection record of one drawn figure. */
export const Introspection = z
  .object({
    version: z.literal(1),
    matplotlib: z.string().max(50),
    figure: z
      .object({
        widthIn: Size,
        heightIn: Size,
        dpi: Size,
        facecolor: MaybeColor,
        png: z
          .object({
            width: z.number().int().min(0).max(100000),
            height: z.number().int().min(0).max(100000),
          })
          .strict(),
        tight: z.boolean(),
        grid: z
          .object({
            rows: z.number().int().min(1).max(1000),
            cols: z.number().int().min(1).max(1000),
          })
          .strict()
          .nullable(),
        axesCount: z.number().int().min(0),
        legends: z.array(IntrospectedLegend).max(64),
      })
      .strict(),
    axes: z.array(IntrospectedAxes).max(64),
    texts: z.array(IntrospectedText).max(5000),
    textsTruncated: z.boolean(),
    defaults: MatplotlibDefaults,
  })
  .strict();
export type Introspection = z.infer<typeof Introspection>;
