/**
 * The intermediate elements the extractor passes between its stages, in working pixels
 * (the bounded-resolution raster of `loadWorkingImage`).
 */

/** An axis-aligned rectangle [x, y) × [y, y + h). */
export interface Rect {
  x: number;
  y: number;
  w: number;
  h: number;
}

export interface Vec {
  x: number;
  y: number;
}

/** A closed region found in the figure: a filled or outlined box (or another convex shape). */
export interface Shape {
  /** Outer box, border included. */
  rect: Rect;
  /** The region enclosed by the border (what was found as one uniform area). */
  inner: Rect;
  /** Share of the inner bounding box the region fills, holes included (1 = a sharp rectangle). */
  extent: number;
  /** Area of the region's outer contour / its convex hull's area. */
  solidity: number;
  /** Median colour of the inside, `#rrggbb`. */
  fill: string;
  /** Border thickness measured on the four sides (working pixels). */
  border: number;
  /** Share of the outline with a drawn edge right outside the inside (1 = closed outline). */
  closure: number;
  /**
   * How it was found: one convex uniform region (`region`), a region running round the rim of
   * its box though split inside (`rim`), or four straight drawn sides (`frame`).
   */
  origin: 'region' | 'rim' | 'frame';
  /** How much it looks like a drawn box, 0–1. */
  score: number;
}

/** OCR words grouped into one label (one or more lines of text). */
export interface TextLabel {
  text: string;
  rect: Rect;
  /** Mean engine confidence of its words, 0–1. */
  confidence: number;
  /** Median word height (a line height), working pixels. */
  lineHeight: number;
  /** Number of text lines. */
  lines: number;
  /** Index of the innermost shape holding the label, -1 when it is in no shape. */
  shape: number;
}

/** A straight stroke piece found by the Hough transform (merged with its duplicates). */
export interface Segment {
  a: Vec;
  b: Vec;
  /** Share of its length covered by ink (dashed lines have gaps). */
  coverage: number;
  /** True when the ink along it alternates regularly with gaps. */
  dashed: boolean;
}

/** A node of the graph being built: a module (a box with its text) or a free label. */
export interface FigureNode {
  rect: Rect;
  text: string;
  kind: 'module' | 'label';
  confidence: number;
  fill?: string;
  /** False for a box without text: kept only when a relation ends on it. */
  labelled: boolean;
  /** Largest line height of its text (working pixels), 0 without text. */
  lineHeight: number;
}

/** A container drawn around other nodes. */
export interface FigureGroup {
  rect: Rect;
  caption: TextLabel | null;
  confidence: number;
}

/** Where a drawn line ends on a node. */
export interface Touch {
  node: number;
  /** The end of the line (the arrow tip when there is a head). */
  point: Vec;
  /** Unit vector along the line, pointing at the node. */
  dir: Vec;
  /** Gap between the end and the node's box (working pixels). */
  gap: number;
  /** An arrowhead sits at this end (`headness` ≥ 0.5). */
  head: boolean;
  /** How much the end looks like an arrowhead, 0–1. */
  headness: number;
}

/** One drawn connection (a line, elbow, fork or merge) and the nodes its ends touch. */
export interface Connection {
  touches: Touch[];
  dashed: boolean;
  /** Ink coverage along its straight pieces, 0–1 (1 = solid). */
  coverage: number;
  /**
   * Its own line width (working pixels): area over extent, at most the figure's usual width,
   * so a thin arrow in a figure of thick ones is read at its own scale.
   */
  width: number;
}
