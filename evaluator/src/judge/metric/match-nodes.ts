import type { Frame } from './slide-geometry.ts';
import { areaOf, centerOf, containsPoint, distance } from './slide-geometry.ts';
import { editSimilarity } from './edit-similarity.ts';
import { type Alignment, applyAlignment, fitAlignment } from './fit-alignment.ts';
import type { Box } from '../../schemas/common.schema.ts';
import { prepareLabel, preparedLabelSimilarity } from './label-similarity.ts';
import type { ReferenceFigure } from './reference-figure.ts';
import type { SlideGraph } from './read-slide-graph.ts';
import { solveAssignment } from './solve-assignment.ts';
import { iou } from '../../figure-graph/rect-geometry.ts';
import { compareCodeUnits } from '../../util/compare-code-units.ts';

/** One reference node paired with one slide node. */
export interface NodeMatch {
  ref: string;
  slide: string;
  refText: string;
  slideText: string;
  /** Label similarity in [0, 1] (0 for an unlabelled slide box matched by position). */
  text: number;
  /** Position agreement in [0, 1] (centre distance in the common frame). */
  position: number;
  /**
   * Centre distance once the source is aligned with the slide's layout, in slide widths for a
   * figure of 16:9 proportions filling the slide's width, scaled up for a smaller or thinner one.
   */
  distance: number;
  /**
   * The slide node can stand for the reference node: a drawn box for a module (a label that is
   * not in or on a shape is not a module); anything for a free label.
   */
  eligible: boolean;
  /** The reference node's confidence. */
  confidence: number;
  /**
   * Credit toward the module score: label similarity × eligibility × size agreement × placement
   * (1 within `NEAR` of where the aligned source has it, 0 from `FAR` away) — or 0.5 for an
   * unlabelled box in place.
   */
  credit: number;
  /** The same without placement: the node is rebuilt as a native module somewhere (E uses it). */
  shapeCredit: number;
}

export interface NodeMatching {
  matches: NodeMatch[];
  /** Reference node ids with no slide partner. */
  missing: string[];
  /** Slide node ids with no reference partner. */
  extra: string[];
  /**
   * Labelled, drawn slide boxes standing for nothing in the figure — invented or duplicated
   * modules (a label matching a group caption is not one).
   */
  invented: string[];
  /**
   * Module score in [0, 1]: Σ confidence × credit / (Σ confidence + ½ · κ · invented), κ the
   * reference's mean node confidence (how sure it is that what it lacks is not there).
   */
  score: number;
  /** True when a side had more modules than are compared (the rest count as unmatched). */
  truncated: boolean;
  /** How the source's layout was aligned with the slide's before judging placement. */
  alignment: Alignment;
  /**
   * Reference groups that relations start or end at, paired with the slide container that stands
   * for each (best of member Jaccard and box overlap, at least {@link MIN_CONTAINER_MATCH}): an
   * arrow glued to that container relates the group.
   */
  containers: { ref: string; slide: string; score: number }[];
}

/** A slide container stands for a reference group when members or boxes agree this much. */
export const MIN_CONTAINER_MATCH = 0.5;

/** Most modules compared per side; beyond them a deck is hostile or not a figure. */
export const MAX_MATCHED_REFERENCE_NODES = 250;
export const MAX_MATCHED_SLIDE_NODES = 500;

/** Labels less alike than this are different modules, wherever they are. */
export const MIN_LABEL_SIMILARITY = 0.5;
/** Centre distance (slide widths) at which position agreement reaches 0. */
export const POSITION_RANGE = 0.25;
/** A node this close (slide widths) to where the aligned source has it is in place… */
export const NEAR = 0.06;
/** …and from this far away it earns no module or layout credit (its relations still count). */
export const FAR = 0.2;
/** A label part may lie this far (slide widths) outside the node it is a part of. */
const PART_SLACK = 0.02;
/** Area (slide widths²) of a 16:9 figure filling the slide's width: placement's unit of size. */
const FULL_FIGURE_AREA = 9 / 16;
/** Weight of an invented module against a missing one. */
const INVENTED_WEIGHT = 0.5;

/**
 * Pairs reference nodes with slide nodes by an optimal assignment (Hungarian) over a weight
 * that is mostly the label similarity and partly position, so the label decides who is who and
 * position only breaks ties (two "Head" boxes) or places an unlabelled box. The pairing maps
 * relations; the module CREDIT of a pair also asks that the slide node be a drawn box where the
 * figure has a box, of a comparable size, near where the figure has it.
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
  const refBoxes = refs.map((r) => frame.fromSource(r.box));
  const refCenters = refBoxes.map(centerOf);
  const slideCenters = slides.map((s) => centerOf(s.box));
  const pairInfo = (i: number, j: number) => {
    const r = refs[i]!;
    const s = slides[j]!;
    const position = Math.max(0, 1 - distance(refCenters[i]!, slideCenters[j]!) / POSITION_RANGE);
    const eligible = r.kind === 'label' || s.shapeBound;
    const size = r.kind === 'module' ? sizeAgreement(refBoxes[i]!, s.box) : 1;
    if (s.text === '' || r.text.trim() === '') {
      // Position is all there is to go on; demand it be close.
      const weight = position >= 0.6 ? 0.4 * position : 0;
      const base = s.text === '' && r.text.trim() === '' ? 1 : 0.5;
      return { text: 0, position, weight, eligible, shapeCredit: eligible ? base * size : 0 };
    }
    const text = preparedLabelSimilarity(refLabels[i]!, slideLabels[j]!);
    if (text < MIN_LABEL_SIMILARITY) return { text, position, weight: 0, eligible, shapeCredit: 0 };
    return {
      text,
      position,
      weight: 0.8 * text + 0.2 * position,
      eligible,
      shapeCredit: eligible ? text * size : 0,
    };
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
      distance: 0,
      eligible: p.eligible,
      confidence: refs[row]!.confidence,
      credit: 0,
      shapeCredit: p.shapeCredit,
    };
  });
  // Parts: an extractor may read one label as several (a line broken wrongly). A reference
  // label left unmatched whose words all appear in a slide node's label, and whose centre lies
  // in that node, is a part of it: the node stands for all its parts, each credited for its words.
  const slideIndex = new Map(slides.map((s, j) => [s.id, j] as const));
  const taken = new Set(matches.map((m) => m.ref));
  for (let i = 0; i < refs.length; i++) {
    const r = refs[i]!;
    if (taken.has(r.id) || r.kind !== 'label' || refLabels[i]!.tokens.length === 0) continue;
    let best: { j: number; d: number } | null = null;
    for (let j = 0; j < slides.length; j++) {
      const sn = slides[j]!;
      if (sn.text === '' || !containsPoint(sn.box, refCenters[i]!, PART_SLACK)) continue;
      if (tokenContainment(refLabels[i]!.tokens, slideLabels[j]!.tokens) < 1) continue;
      const d = distance(refCenters[i]!, slideCenters[j]!);
      if (best === null || d < best.d) best = { j, d };
    }
    if (best === null) continue;
    const sn = slides[best.j]!;
    matches.push({
      ref: r.id,
      slide: sn.id,
      refText: r.text,
      slideText: sn.text,
      text: 1,
      position: Math.max(0, 1 - best.d / POSITION_RANGE),
      distance: 0,
      eligible: true,
      confidence: r.confidence,
      credit: 0,
      shapeCredit: 1,
    });
    taken.add(r.id);
  }
  // A node standing for several parts: each part is credited for its own words being there.
  const bySlide = new Map<string, NodeMatch[]>();
  for (const m of matches) bySlide.set(m.slide, [...(bySlide.get(m.slide) ?? []), m]);
  for (const [slide, group] of bySlide) {
    if (group.length < 2) continue;
    const j = slideIndex.get(slide)!;
    for (const m of group) {
      const i = refs.findIndex((r) => r.id === m.ref);
      const contained = tokenContainment(refLabels[i]!.tokens, slideLabels[j]!.tokens);
      if (contained <= m.text || m.text === 0) continue;
      m.shapeCredit = Math.min(1, (m.shapeCredit * contained) / m.text);
      m.text = contained;
    }
  }
  // Placement: align the source's layout with the slide's on confidently labelled pairs, then
  // credit each module by how near it is to where the aligned source has it.
  const refIndex = new Map(refs.map((r, i) => [r.id, i] as const));
  const centreOfSlide = (id: string) => slideCenters[slideIndex.get(id)!]!;
  const alignment = fitAlignment(
    matches
      .filter((m) => m.text >= 0.8)
      .map((m) => ({
        r: refCenters[refIndex.get(m.ref)!]!,
        s: centreOfSlide(m.slide),
        w: m.confidence * m.text,
      })),
  );
  // Placement is judged relative to the figure's size on the slide: "near" on a thin banner or a
  // tall column is nearer than on a 16:9 figure (else a label dropped anywhere in a thin band is
  // "near" its place). Distances are in units of a 16:9 figure's size (1 for such a figure).
  const fitted = frame.fromSource({ x: 0, y: 0, w: reference.width, h: reference.height });
  const size = Math.min(1, Math.sqrt((fitted.w * fitted.h) / FULL_FIGURE_AREA));
  for (const m of matches) {
    const at = applyAlignment(alignment, refCenters[refIndex.get(m.ref)!]!);
    m.distance = distance(at, centreOfSlide(m.slide)) / (size > 0 ? size : 1);
    m.credit = m.shapeCredit * placementOf(m.distance);
  }
  matches.sort((a, b) => compareCodeUnits(a.ref, b.ref));
  const matchedRefs = new Set(matches.map((m) => m.ref));
  const matchedSlides = new Set(matches.map((m) => m.slide));
  const extra = graph.nodes.filter((s) => !matchedSlides.has(s.id));
  // A labelled box matching nothing is invented (or a duplicate) unless its label is a group's
  // caption or another text of the figure that is not a node (a title, a caption).
  const otherTexts = reference.groups
    .map((g) => g.text)
    .filter((t) => t.trim() !== '')
    .map(prepareLabel);
  const nodeTexts = new Set(reference.nodes.map((n) => n.text));
  for (const t of reference.texts) if (!nodeTexts.has(t)) otherTexts.push(prepareLabel(t));
  const invented = extra
    .filter(
      (s) =>
        s.shapeBound &&
        s.text !== '' &&
        !otherTexts.some((t) => preparedLabelSimilarity(t, prepareLabel(s.text)) >= 0.8),
    )
    .map((s) => s.id);
  const totalConfidence = reference.nodes.reduce((s, n) => s + n.confidence, 0);
  const kappa = reference.nodes.length === 0 ? 1 : totalConfidence / reference.nodes.length;
  const credited = matches.reduce((s, m) => s + m.confidence * m.credit, 0);
  const score =
    reference.nodes.length === 0
      ? graph.nodes.length === 0
        ? 1
        : 0
      : credited / (totalConfidence + INVENTED_WEIGHT * kappa * invented.length);
  return {
    matches,
    missing: reference.nodes.filter((r) => !matchedRefs.has(r.id)).map((r) => r.id),
    extra: extra.map((s) => s.id),
    invented,
    score,
    truncated,
    alignment,
    containers: matchContainers(reference, graph, frame, matches, matchedSlides),
  };
}

/**
 * Pairs each reference group that a relation starts or ends at with a slide container shape
 * (not already standing for a module): greedily by the better of member Jaccard (members read
 * through the module matches) and box IoU in the common frame, one to one.
 */
function matchContainers(
  reference: ReferenceFigure,
  graph: SlideGraph,
  frame: Frame,
  matches: readonly NodeMatch[],
  matchedSlides: ReadonlySet<string>,
): NodingContainer[] {
  const ends = new Set(reference.edges.flatMap((e) => [e.from, e.to]));
  const groups = reference.groups.filter((g) => ends.has(g.id));
  if (groups.length === 0) return [];
  const shapes = new Set(graph.nodes.filter((n) => n.container).map((n) => n.id));
  const slideToRefs = new Map<string, string[]>();
  for (const m of matches)
    if (m.eligible) slideToRefs.set(m.slide, [...(slideToRefs.get(m.slide) ?? []), m.ref]);
  const candidates: NodingContainer[] = [];
  for (const g of groups) {
    const want = new Set(g.members);
    const gBox = g.box ? frame.fromSource(g.box) : null;
    for (const c of graph.containers) {
      if (!shapes.has(c.id) || matchedSlides.has(c.id)) continue;
      const have = new Set(c.members.flatMap((m) => slideToRefs.get(m) ?? []));
      const inter = [...have].filter((m) => want.has(m)).length;
      const union = new Set([...have, ...want]).size;
      const jaccard = union === 0 ? 0 : inter / union;
      const score = Math.max(jaccard, gBox ? iou(gBox, c.box) : 0);
      if (score >= MIN_CONTAINER_MATCH) candidates.push({ ref: g.id, slide: c.id, score });
    }
  }
  candidates.sort((a, b) => b.score - a.score || compareCodeUnits(a.ref, b.ref));
  const out: NodingContainer[] = [];
  const usedRef = new Set<string>();
  const usedSlide = new Set<string>();
  for (const c of candidates) {
    if (usedRef.has(c.ref) || usedSlide.has(c.slide)) continue;
    usedRef.add(c.ref);
    usedSlide.add(c.slide);
    out.push(c);
  }
  return out.sort((a, b) => compareCodeUnits(a.ref, b.ref));
}

type NodingContainer = NodeMatching['containers'][number];

/** 1 within `NEAR` of where the source has a node, falling to 0 at `FAR`. */
export function placementOf(distanceFromSource: number): number {
  return Math.min(1, Math.max(0, (FAR - distanceFromSource) / (FAR - NEAR)));
}

/** Share of `part`'s words found (edit similarity ≥ 0.8) among distinct words of `whole`. */
function tokenContainment(part: readonly string[], whole: readonly string[]): number {
  if (part.length === 0) return 0;
  const used = new Uint8Array(whole.length);
  let found = 0;
  for (const t of part) {
    let k = whole.findIndex((u, i) => !used[i] && u === t);
    if (k < 0) k = whole.findIndex((u, i) => !used[i] && editSimilarity(t, u) >= 0.8);
    if (k >= 0) {
      used[k] = 1;
      found += 1;
    }
  }
  return found / part.length;
}

/**
 * How alike two boxes are in size, in [0, 1]: 1 while the smaller has at least 40 % of the
 * larger's area, falling to 0 at 10 % — a border hugging a label is not the figure's module box.
 */
export function sizeAgreement(a: Box, b: Box): number {
  const aa = areaOf(a);
  const ab = areaOf(b);
  if (aa <= 0 || ab <= 0) return 0;
  const r = Math.min(aa, ab) / Math.max(aa, ab);
  return Math.min(1, Math.max(0, (r - 0.1) / 0.3));
}
