import type { Frame } from './slide-geometry.ts';
import { centerOf, distance } from './slide-geometry.ts';
import { prepareLabel, preparedLabelSimilarity } from './label-similarity.ts';
import type { ReferenceFigure } from './reference-figure.ts';
import type { SlideGraph } from './read-slide-graph.ts';
import { solveAssignment } from './solve-assignment.ts';

/** One reference module paired with one slide module. */
export interface NodeMatch {
  ref: string;
  slide: string;
  refText: string;
  slideText: string;
  /** Label similarity in [0, 1] (0 for an unlabelled slide box matched by position). */
  text: number;
  /** Position agreement in [0, 1] (centre distance in the common frame). */
  position: number;
  /** Credit toward the module score: the label similarity, or 0.5 for an unlabelled box in place. */
  credit: number;
}

export interface NodeMatching {
  matches: NodeMatch[];
  /** Reference node ids with no slide partner. */
  missing: string[];
  /** Slide node ids with no reference partner. */
  extra: string[];
  /** Σ credit / reference nodes, in [0, 1]. */
  score: number;
  /** True when a side had more modules than are compared (the rest count as unmatched). */
  truncated: boolean;
}

/** Most modules compared per side; beyond them a deck is hostile or not a figure. */
export const MAX_MATCHED_REFERENCE_NODES = 250;
export const MAX_MATCHED_SLIDE_NODES = 500;

/** Labels less alike than this are different modules, wherever they are. */
export const MIN_LABEL_SIMILARITY = 0.5;
/** Centre distance (slide widths) at which position agreement reaches 0. */
export const POSITION_RANGE = 0.25;

/**
 * Pairs reference modules with slide modules by an optimal assignment (Hungarian) over a
 * weight that is mostly the label similarity and partly position, so the label decides who is
 * who and position only breaks ties (two "Head" boxes) or places an unlabelled box. A slide box
 * whose label was dropped still matches the module it stands in for, at reduced credit.
 */
export function matchNodes(
  reference: ReferenceFigure,
  graph: SlideGraph,
  frame: Frame,
): NodeMatching {
  const refs = reference.nodes.slice(0, MAX_MATCHED_REFERENCE_NODES);
  // Labelled modules first: when a slide has too many, the unlabelled ones are dropped first.
  const slides = [
    ...graph.nodes.filter((n) => n.text !== ''),
    ...graph.nodes.filter((n) => n.text === ''),
  ].slice(0, MAX_MATCHED_SLIDE_NODES);
  const truncated = refs.length < reference.nodes.length || slides.length < graph.nodes.length;
  const refLabels = refs.map((r) => prepareLabel(r.text));
  const slideLabels = slides.map((s) => prepareLabel(s.text));
  const refCenters = refs.map((r) => centerOf(frame.fromSource(r.box)));
  const slideCenters = slides.map((s) => centerOf(s.box));
  const pairInfo = (i: number, j: number) => {
    const r = refs[i]!;
    const s = slides[j]!;
    const position = Math.max(0, 1 - distance(refCenters[i]!, slideCenters[j]!) / POSITION_RANGE);
    if (s.text === '' || r.text.trim() === '') {
      // Position is all there is to go on; demand it be close.
      const weight = position >= 0.6 ? 0.4 * position : 0;
      return { text: 0, position, weight, credit: s.text === '' && r.text.trim() === '' ? 1 : 0.5 };
    }
    const text = preparedLabelSimilarity(refLabels[i]!, slideLabels[j]!);
    if (text < MIN_LABEL_SIMILARITY) return { text, position, weight: 0, credit: 0 };
    return { text, position, weight: 0.8 * text + 0.2 * position, credit: text };
  };
  const info = refs.map((_, i) => slides.map((_, j) => pairInfo(i, j)));
  const pairs = solveAssignment(info.map((row) => row.map((p) => p.weight)));
  const matches: NodeMatch[] = pairs.map(({ row, col }) => {
    const p = info[row]![col]!;
    return {
      ref: refs[row]!.id,
      slide: slides[col]!.id,
      refText: refs[row]!.text,
      slideText: slides[col]!.text,
      text: p.text,
      position: p.position,
      credit: p.credit,
    };
  });
  const matchedRefs = new Set(matches.map((m) => m.ref));
  const matchedSlides = new Set(matches.map((m) => m.slide));
  const score =
    reference.nodes.length === 0
      ? graph.nodes.length === 0
        ? 1
        : 0
      : matches.reduce((s, m) => s + m.credit, 0) / reference.nodes.length;
  return {
    matches,
    missing: reference.nodes.filter((r) => !matchedRefs.has(r.id)).map((r) => r.id),
    extra: graph.nodes.filter((s) => !matchedSlides.has(s.id)).map((s) => s.id),
    score,
    truncated,
  };
}
