import { z } from 'zod';

const BBox = z.tuple([z.number(), z.number(), z.number(), z.number()]);
const Point = z.tuple([z.number(), z.number()]);
/** How sure the extractor is of an element, 0 (a guess) to 1 (certain; hand truth). */
const Confidence = z.number().min(0).max(1);

/**
 * The graph of an overview figure as recovered from its raster (`refig truth draft`, the metric
 * judge's no-truth path). It is `truth.json`'s format plus a confidence on every element, so a
 * draft becomes hand truth by checking it, and hand truth reads as a graph of confidence 1.
 * Coordinates are source pixels; bbox is [x, y, w, h].
 */
export const FigureGraph = z
  .object({
    id: z.string(),
    width: z.number().positive(),
    height: z.number().positive(),
    /**
     * Labelled modules: a box (filled or outlined, rounded or not) with its text, or a free label
     * (`kind: 'label'`: text with no shape around it, e.g. an arrow caption or a title).
     */
    nodes: z.array(
      z
        .object({
          id: z.string(),
          text: z.string(),
          bbox: BBox,
          kind: z.enum(['module', 'label']),
          confidence: Confidence,
          fill: z.string().optional(),
          /** The module this node is drawn inside (truth's nested modules). */
          parent: z.string().optional(),
        })
        .strict(),
    ),
    /**
     * Relations between nodes (or a node and a whole group): a line or arrow whose ends snap to
     * `from` and `to`. `directed` is false when no arrowhead was seen (then from/to is only the
     * drawing order); `bidirectional` marks arrowheads at both ends (one relation both ways).
     */
    edges: z.array(
      z
        .object({
          from: z.string(),
          to: z.string(),
          directed: z.boolean(),
          bidirectional: z.boolean().optional(),
          confidence: Confidence,
          dashed: z.boolean().optional(),
          start: Point.optional(),
          end: Point.optional(),
        })
        .strict(),
    ),
    /** Containers: a box that holds other nodes, with its caption. */
    groups: z.array(
      z
        .object({
          id: z.string(),
          text: z.string(),
          bbox: BBox,
          members: z.array(z.string()),
          confidence: Confidence,
        })
        .strict(),
    ),
    /** Which extractor (name and version) drew the graph. */
    extractor: z.object({ name: z.string(), version: z.string() }).strict(),
  })
  .strict();
export type FigureGraph = z.infer<typeof FigureGraph>;
