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
  /** How much the region looks like a drawn box, 0–1. */
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

/** One loose end of a connector. */
export interface Terminal {
  /** Where the stroke ends (the arrow tip when there is a head). */
  point: Vec;
  /** Unit vector pointing out of the line at this end. */
  dir: Vec;
  /** An arrowhead sits at this end (`headness` ≥ 0.5). */
  head: boolean;
  /** How much the end looks like an arrowhead, 0–1. */
  headness: number;
}

/** A drawn connection: segments joined at their ends (straight, elbow, forked). */
export interface Connector {
  segments: Segment[];
  terminals: Terminal[];
  dashed: boolean;
  /** Mean ink coverage of its segments, 0–1. */
  coverage: number;
}
