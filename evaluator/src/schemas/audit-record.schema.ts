import { z } from 'zod';
import { Box, Point, RecordScorers } from './common.schema.ts';

/**
 * Stable reason codes for a failed gate g(P). Reader refusals (zip, XML, limits) and render
 * failures share one list so a record, a PR comment and the site speak the same words.
 */
export const GateReason = z.enum([
  'not-a-zip',
  'corrupt-zip',
  'too-large',
  'too-many-entries',
  'entry-too-large',
  'unsafe-entry',
  'no-presentation',
  'no-slide',
  'multiple-slides',
  'xml-doctype',
  'xml-malformed',
  'render-failed',
  'render-timeout',
  'render-page-count',
  /** The structural audit outlived its deadline (a hostile deck): refused, the others go on. */
  'audit-timeout',
  /** `p:sldSz` states a size no presentation can have (zero, negative, outside 1–56 inches). */
  'invalid-slide-size',
  /** The artifact is not there (no output.pptx, or a path that does not exist / is not a file). */
  'missing',
]);
export type GateReason = z.infer<typeof GateReason>;

export const Gate = z.object({
  /** g(P) = 1: opens as a PPTX, exactly one slide (and, when rendered, one page). */
  passed: z.boolean(),
  reason: GateReason.nullable(),
  /** Human-readable detail: which entry, which limit, what LibreOffice said. */
  detail: z.string().nullable(),
});
export type Gate = z.infer<typeof Gate>;

export const Counts = z.object({
  /** `p:cxnSp` elements. */
  connectors: z.number().int(),
  /** Connectors whose `a:stCxn` and `a:endCxn` both name shape ids existing on the slide. */
  connectorsAttached: z.number().int(),
  /** `p:sp` with `a:prstGeom@prst` = `line` or a `*Connector*` preset. */
  lineShapes: z.number().int(),
  /** `p:sp` with `a:custGeom`. */
  freeforms: z.number().int(),
  /** `p:grpSp`. */
  groups: z.number().int(),
  /** `p:pic`. */
  pictures: z.number().int(),
  /** `p:sp` with `txBox="1"`. */
  textBoxes: z.number().int(),
  /** Any `p:sp` (placeholders included) with non-blank text; table cell text is in `texts`, not counted here. */
  textShapes: z.number().int(),
  /** Other `p:sp` (not line-shaped, not freeform, not a text box). */
  shapes: z.number().int(),
  /** `p:graphicFrame` holding an `a:tbl`. */
  tables: z.number().int(),
  /** `p:graphicFrame` holding a chart (`c:chart` or `cx:chart`). */
  charts: z.number().int(),
  /** Any other `p:graphicFrame` (OLE objects, SmartArt diagrams, …). */
  otherFrames: z.number().int(),
});
export type Counts = z.infer<typeof Counts>;

/**
 * What the audit flags (flags never fail the gate; they warn judges and maintainers):
 * `text-off-canvas` (less than half of a text's box on the canvas), `text-near-invisible` (≤ 2 pt,
 * no fill, < 5 % opaque, or the colour of what lies under it — sizes and colours as inherited —
 * or in a `hidden="1"` shape, which is not among the objects), `text-instruction-like` (text
 * addressed to a judge or model), `external-relationship` (any `TargetMode="External"`),
 * `macros` (VBA project or macro-enabled type), `embedded-object` (OLE objects),
 * `alternate-content` (which `mc:AlternateContent` branch was read), `raster-underlay` (a FigBoard
 * rule: most of the slide's text lies on large pictures — native text laid over a pasted figure).
 */
export const FlagCode = z.enum([
  'text-off-canvas',
  'text-near-invisible',
  'text-instruction-like',
  'external-relationship',
  'macros',
  'embedded-object',
  'alternate-content',
  'raster-underlay',
]);
export type FlagCode = z.infer<typeof FlagCode>;

export const Flag = z.object({
  code: FlagCode,
  /**
   * Shape id (cNvPr@id), part name, or `<rels part>#<relationship id>` the flag is about; null on
   * the summary line that ends a list cut at 20 flags of one code.
   */
  target: z.string().nullable(),
  detail: z.string(),
});
export type Flag = z.infer<typeof Flag>;

export const ObjectKind = z.enum([
  'shape',
  'textBox',
  'connector',
  'line',
  'freeform',
  'picture',
  'group',
  'table',
  'chart',
  'frame',
]);
export type ObjectKind = z.infer<typeof ObjectKind>;

/** A connection of a connector end to a shape (`a:stCxn` / `a:endCxn`). */
export const ConnectionRef = z.object({
  id: z.string(),
  idx: z.number().int().nullable(),
  exists: z.boolean(),
});

/**
 * One object of the first slide's tree, flattened, in document order, with its box composed into
 * slide space (EMU) through every enclosing group's `a:off/a:ext/a:chOff/a:chExt`.
 */
export const SlideObject = z.object({
  /** `p:cNvPr@id` as written in the file (unique per slide in valid decks). */
  id: z.string(),
  /** `p:cNvPr@name`. */
  name: z.string(),
  kind: ObjectKind,
  /** Id of the enclosing group, null at top level. */
  parentId: z.string().nullable(),
  /** Group nesting depth: 0 at top level. */
  depth: z.number().int(),
  /** `a:prstGeom@prst`, 'custom' for `a:custGeom`, null when absent. */
  geometry: z.string().nullable(),
  /**
   * The shape's frame in slide space (EMU, rounded): its centre mapped through the enclosing groups,
   * its size scaled by them; the frame is unrotated — `rotation` says how it is turned about its centre.
   * A placeholder without its own `a:xfrm` has the frame of the layout/master placeholder it inherits.
   */
  box: Box,
  /** Clockwise degrees (0–360), the shape's own plus its groups'. */
  rotation: z.number(),
  /** Mirrored horizontally (the shape's own flip, toggled by a mirroring group). */
  flipH: z.boolean(),
  flipV: z.boolean(),
  /** Concatenated non-blank paragraphs, '\n' between paragraphs. */
  text: z.string(),
  /** Largest explicit font size in points, null when inherited/unknown. */
  fontSizePt: z.number().nullable(),
  /** Solid fill as #rrggbb, null when none/unknown. */
  fill: z.string().nullable(),
  lineColor: z.string().nullable(),
  /**
   * Stroke width in EMU when the outline (or the line itself) is drawn: `a:ln@w`, else 9525 (¾ pt,
   * DrawingML's default). Null when no stroke shows: `a:noFill`, under 5 % opaque, or no line
   * fill said and no style line. The metric judge counts only relations that are drawn.
   * Absent in records written before it was read (then unknown, taken as drawn).
   */
  lineWidth: z.number().nullable().optional(),
  /**
   * True when the interior is painted: a solid fill at least 5 % opaque, a gradient, pattern or
   * picture fill, or a style fill (`p:style/a:fillRef` idx ≥ 1) when the shape says nothing itself.
   * Absent in records written before it was read (then unknown, taken as painted).
   */
  filled: z.boolean().optional(),
  dashed: z.boolean(),
  /** Placeholder type when the shape is a placeholder (`title`, `body`, …). */
  placeholder: z.string().nullable(),
  /** For connectors, line shapes and open freeforms: end points in slide space. */
  start: Point.nullable(),
  end: Point.nullable(),
  startConnection: ConnectionRef.nullable(),
  endConnection: ConnectionRef.nullable(),
  /** `a:headEnd@type` / `a:tailEnd@type` (arrowheads), null when none. */
  headArrow: z.string().nullable(),
  tailArrow: z.string().nullable(),
});
export type SlideObject = z.infer<typeof SlideObject>;

/**
 * The fields of a SlideObject that start empty until the reader finds text, style, end points
 * or arrowheads for it: the one place that says what "nothing found" looks like.
 */
export const EMPTY_SLIDE_OBJECT_DETAILS = {
  text: '',
  fontSizePt: null,
  fill: null,
  lineColor: null,
  dashed: false,
  placeholder: null,
  start: null,
  end: null,
  startConnection: null,
  endConnection: null,
  headArrow: null,
  tailArrow: null,
} as const satisfies Partial<SlideObject>;

export const TextItem = z.object({
  /** Id of the shape holding the text. */
  shapeId: z.string(),
  text: z.string(),
  box: Box,
  fontSizePt: z.number().nullable(),
});
export type TextItem = z.infer<typeof TextItem>;

/**
 * What the render owes to rasters, measured from the render itself: the deck rendered beside its
 * image-free twin (every image one flat magenta pixel) and the two compared pixel by pixel.
 */
export const RenderedRasters = z.object({
  /** Share of the page's pixels that differ between the render and the twin's (0…1). */
  coverage: z.number().min(0).max(1),
  /** Connected changed areas (page fractions 0…1, top-left origin), largest first, at most 50. */
  regions: z.array(
    z.object({
      x: z.number().min(0).max(1),
      y: z.number().min(0).max(1),
      w: z.number().min(0).max(1),
      h: z.number().min(0).max(1),
    }),
  ),
});
export type RenderedRasters = z.infer<typeof RenderedRasters>;

export const RenderResult = z.object({
  passed: z.boolean(),
  reason: GateReason.nullable(),
  detail: z.string().nullable(),
  pages: z.number().int().nullable(),
  /** Path of the rendered PNG relative to the output folder, null when rendering failed. */
  png: z.string().nullable(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  /**
   * Rasters measured from the render (asked for with `measureRasters`): absent when not asked or
   * when the deck has no image part, null when the twin could not be rendered or compared.
   */
  rasters: RenderedRasters.nullable().optional(),
});
export type RenderResult = z.infer<typeof RenderResult>;

/** A painted raster region on slide 1: the (largest) object painting it, or the part it is inherited from, and its bounds. */
export const PictureBox = z.object({
  /** Shape id of a `p:pic` or picture-filled shape; the layout/master part for an inherited picture. */
  id: z.string(),
  /** Axis-aligned bounds in slide space (EMU). */
  box: Box,
});
export type PictureBox = z.infer<typeof PictureBox>;

/** What `refig audit` prints per file and what `results/artifacts.jsonl` stores per task. */
export const AuditRecord = z.object({
  file: z.string(),
  /** SHA-256 of the deck bytes (null when the file could not be read). */
  sha256: z.string().nullable(),
  bytes: z.number().int().nullable(),
  gate: Gate,
  /** Number of slides, null when the presentation could not be read. */
  slides: z.number().int().nullable(),
  slideSize: z.object({ cx: z.number().int(), cy: z.number().int() }).nullable(),
  counts: Counts,
  /**
   * Non-blank text of each text-bearing shape and of each non-blank table cell, in document order
   * (groups and the chosen `mc:AlternateContent` branch included). Blank paragraphs are dropped;
   * paragraphs and line breaks are '\n'.
   */
  texts: z.array(z.string()),
  /** The same texts with the shape that holds each and its slide-space box (a table cell: the cell's box). */
  textItems: z.array(TextItem),
  /**
   * Largest picture's area inside the canvas / canvas area (exact for rotated pictures). Pictures
   * are `p:pic`, shapes filled with a picture, the effective background picture fill (the slide's,
   * else its layout's, else its master's) and pictures drawn on the layout/master under the slide.
   */
  largestPictureCoverage: z.number(),
  /** Area of the union of all those pictures inside the canvas / canvas area (axis-aligned bounds). */
  pictureAreaRatio: z.number(),
  /**
   * Share of the rendered slide that the render owes to rasters (`render.rasters.coverage`), when
   * measured; c(P) and the raster-underlay rule then use the larger of it and the audited
   * coverage, so a raster the reader does not list as a picture is still capped.
   */
  renderedRasterCoverage: z.number().min(0).max(1).optional(),
  /** Flattening cap c(P) of ReFigBench: 50 or 100 (exactly the paper's rule, so it stays reproducible). */
  cap: z.number(),
  /**
   * FigBoard's raster-underlay cap, recorded apart from c(P): `underlayCappedScore` (default 50)
   * when the `raster-underlay` flag fires, else 100 (absent in records older than the rule: 100). The final score is g · min(Q, cap, underlayCap).
   */
  underlayCap: z.number().optional(),
  /**
   * Every painted raster (see `largestPictureCoverage`) clipped to the canvas, pictures that touch
   * merged into one region (a figure cut in tiles is one picture), largest first, at most 50.
   */
  pictureBoxes: z.array(PictureBox).optional(),
  flags: z.array(Flag),
  /** Flattened object tree of the first slide (present with `--objects` and in results). */
  objects: z.array(SlideObject).optional(),
  /** Present when rendered (`--render`, and always in `refig evaluate`). */
  render: RenderResult.optional(),
});
export type AuditRecord = z.infer<typeof AuditRecord>;

/** One line of `submissions/<id>/results/artifacts.jsonl`: the audit of one task's artifact. */
export const ArtifactRecord = z.object({
  task: z.string(),
  submission: z.string(),
  /** 'ok' = artifact present and audited, 'missing' = no output.pptx for the task. */
  status: z.enum(['ok', 'missing']),
  audit: AuditRecord.nullable(),
  /** Content hash of the inputs (deck bytes, evaluator version, config). */
  /** Scorer versions that decided the record (`audit`). */
  scorers: RecordScorers.optional(),
  inputHash: z.string(),
});
export type ArtifactRecord = z.infer<typeof ArtifactRecord>;
