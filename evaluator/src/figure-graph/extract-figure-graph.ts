import type { OcrWord } from '../ocr/ocr.ts';
import { FigureGraph } from '../schemas/figure-graph.schema.ts';
import { assembleFigureGraph } from './assemble-figure-graph.ts';
import { buildNodes, findContainers } from './build-nodes.ts';
import { detectArrowhead, type EndReading } from './detect-arrowhead.ts';
import type { Rect, Touch } from './figure-elements.ts';
import { estimateNoise } from './estimate-noise.ts';
import { findConnections } from './find-connections.ts';
import { findShapes } from './find-shapes.ts';
import { findStrokes } from './find-strokes.ts';
import { groupWordsIntoLabels, keepTextWords } from './group-words-into-labels.ts';
import { loadOpenCv } from './load-opencv.ts';
import { imageSize } from '../image/decode-image.ts';
import { loadWorkingImage, MAX_WORKING_PIXELS } from './load-working-image.ts';
import { MatScope } from './mat-scope.ts';
import { readRelations } from './read-relations.ts';

/**
 * A small arrowhead (a few pixels at the working scale) may fall short of the absolute tests;
 * on a two-ended line with no head read, the end that clearly widens and tapers while the other
 * stays a plain line end is taken as the head — with a headness just over one half, so the
 * relation's confidence says it is a close call.
 */
function settleSmallHead(touches: Touch[], readings: readonly EndReading[]): void {
  if (touches.length !== 2 || touches.some((t) => t.headness >= 0.5)) return;
  const [a, b] = readings as [EndReading, EndReading];
  const pick = (x: EndReading, y: EndReading) =>
    x.spread >= 1 && x.spread - y.spread >= 1 && x.taper <= 0.75;
  if (pick(a, b)) touches[0]!.headness = Math.max(touches[0]!.headness, 0.55);
  else if (pick(b, a)) touches[1]!.headness = Math.max(touches[1]!.headness, 0.55);
}

/** The figure's background colour: the median of its outermost pixels, `#rrggbb`. */
function background(rgb: Uint8Array, W: number, H: number): string {
  const chans: number[][] = [[], [], []];
  const take = (x: number, y: number) => {
    const p = (y * W + x) * 3;
    for (let c = 0; c < 3; c++) chans[c]!.push(rgb[p + c]!);
  };
  for (let x = 0; x < W; x += Math.max(1, Math.floor(W / 200))) {
    take(x, 0);
    take(x, H - 1);
  }
  for (let y = 0; y < H; y += Math.max(1, Math.floor(H / 200))) {
    take(0, y);
    take(W - 1, y);
  }
  return `#${chans
    .map((v) =>
      v
        .sort((a, b) => a - b)
        [v.length >> 1]!.toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

/** Name and version written into every extracted graph; bump the version when output changes. */
export const FIGURE_GRAPH_EXTRACTOR = { name: 'figboard-figure-graph', version: '1.1.0' } as const;

export interface ExtractFigureGraphOptions {
  /** Graph id (usually the task id). */
  id: string;
  /** The figure's OCR words, boxes in source pixels (`readFigureWords`); none → unlabelled boxes. */
  words?: readonly OcrWord[];
  /** Words below this engine confidence (0–100) are not text. Default 60. */
  minWordConfidence?: number;
  /** Largest analysed area in pixels; bigger figures are scaled down. Default 3 MP. */
  maxWorkingPixels?: number;
  /** Name of the image in error messages. */
  where?: string;
}

/**
 * Recovers a figure's graph from its raster: labels from the OCR words, modules (outlined,
 * filled or rounded boxes), containers as groups with their captions, and relations from lines
 * and arrows (straight, elbow, forked, dashed) whose ends snap to modules or labels, directed
 * by their arrowheads. Every element carries a confidence. Deterministic: the same bytes and
 * words give the same graph. Work happens at a bounded resolution (`maxWorkingPixels`), so time
 * and memory stay bounded however large the image; coordinates come back in source pixels.
 * Images above the decode limit give an empty graph rather than an error.
 */
export async function extractFigureGraph(
  image: string | Uint8Array,
  options: ExtractFigureGraphOptions,
): Promise<FigureGraph> {
  const where = options.where ?? (typeof image === 'string' ? image : 'image');
  // 1. Decode at the working resolution.
  const working = await loadWorkingImage(
    image,
    where,
    options.maxWorkingPixels ?? MAX_WORKING_PIXELS,
  );
  if (!working) {
    const size = await imageSize(image, where, 0);
    return FigureGraph.parse({
      id: options.id,
      ...size,
      nodes: [],
      edges: [],
      groups: [],
      extractor: { ...FIGURE_GRAPH_EXTRACTOR },
    });
  }
  const { image: img, scaleX, scaleY } = working;
  const words = (options.words ?? []).map((w) => ({
    ...w,
    box: { x: w.box.x * scaleX, y: w.box.y * scaleY, w: w.box.w * scaleX, h: w.box.h * scaleY },
  }));
  const minConfidence = options.minWordConfidence ?? 60;
  const textBoxes: Rect[] = keepTextWords(words, minConfidence).map((w) => w.box);
  const cv = await loadOpenCv();
  const scope = new MatScope();
  try {
    const rgb = scope.add(cv.matFromArray(img.height, img.width, cv.CV_8UC3, img.data));
    const minDim = Math.min(img.width, img.height);
    const dashGap = Math.max(7, Math.round(0.006 * Math.max(img.width, img.height)));
    const noise = estimateNoise(img.data, img.width, img.height);
    // 2. Boxes.
    const shapes = findShapes(cv, rgb, img.data, {
      words: textBoxes,
      minSide: Math.max(6, Math.round(0.012 * minDim)),
      dashGap,
      noise,
    });
    // 3. Labels; containers; nodes and groups.
    const labels = groupWordsIntoLabels(words, shapes, { minConfidence });
    const isContainer = findContainers(shapes, labels);
    const { nodes, groups, isModule } = buildNodes(
      shapes,
      isContainer,
      labels,
      background(img.data, img.width, img.height),
    );
    // 4. Strokes, the connections between nodes, the arrowheads at their ends.
    const strokes = findStrokes(cv, rgb, {
      words: textBoxes,
      shapes,
      isModule,
      isContainer,
      dashGap,
      noise,
    });
    const heights = labels.map((l) => l.lineHeight).sort((a, b) => a - b);
    const typicalLine = heights.length ? heights[heights.length >> 1]! : 12;
    const tolerance = Math.max(8, 3 * strokes.strokeWidth + 4, 0.8 * typicalLine);
    const connections = findConnections(strokes, nodes, { tolerance });
    for (const c of connections) {
      const readings = c.touches.map((t) =>
        detectArrowhead(strokes, t.point, t.dir, c.dashed ? strokes.dashGap + 2 : 3, c.width),
      );
      c.touches.forEach((t, k) => {
        t.point = readings[k]!.tip;
        t.headness = readings[k]!.headness;
      });
      settleSmallHead(c.touches, readings);
      for (const t of c.touches) t.head = t.headness >= 0.5;
    }
    // 5. Relations, and the graph in source pixels.
    const relations = readRelations(connections, tolerance);
    const parts = assembleFigureGraph(nodes, groups, relations, { x: scaleX, y: scaleY });
    return FigureGraph.parse({
      id: options.id,
      width: working.sourceWidth,
      height: working.sourceHeight,
      ...parts,
      extractor: { ...FIGURE_GRAPH_EXTRACTOR },
    });
  } finally {
    scope.release();
  }
}
