import type { Box } from '../../schemas/common.schema.ts';
import type { Truth } from '../../schemas/task.schema.ts';
import type { FigureGraph } from '../../schemas/figure-graph.schema.ts';
import { figureGraphFromTruth } from '../../figure-graph/figure-graph-from-truth.ts';

/**
 * A labelled element of the source figure, box in source pixels. `module`: a drawn box (filled
 * or outlined) with its label — on the slide it must be a shape to count; `label`: text with no
 * box around it (an arrow caption, a title, or a box the extractor did not see).
 */
export interface ReferenceNode {
  id: string;
  text: string;
  box: Box;
  kind: 'module' | 'label';
  /** How sure the reference is of this element, in (0, 1]; 1 for hand truth. */
  confidence: number;
}

/**
 * A relation of the source figure. `directed: false` when no arrowhead decides the direction;
 * `bidirectional` for arrowheads at both ends (one relation both ways). An end may name a group
 * (an arrow at a whole container).
 */
export interface ReferenceEdge {
  from: string;
  to: string;
  directed: boolean;
  bidirectional?: boolean;
  confidence: number;
}

/** A container of the source figure, with its caption and member node ids. */
export interface ReferenceGroup {
  id: string;
  text: string;
  members: string[];
  box: Box | null;
  confidence: number;
}

/**
 * What the slide is compared against: hand truth (`truth.json`, every element certain) or a
 * figure graph recovered from the raster (`graph`: every element with its confidence).
 */
export interface ReferenceFigure {
  origin: 'truth' | 'graph';
  /** Source image size in pixels. */
  width: number;
  height: number;
  nodes: ReferenceNode[];
  /** Directed (or undirected) relations. */
  edges: ReferenceEdge[];
  /** Containment groups. */
  groups: ReferenceGroup[];
  /** Every text string of the figure (node labels and group captions). */
  texts: string[];
}

/** Builds the reference from a ground-truth annotation (`truth.json`): its graph at confidence 1. */
export function referenceFromTruth(truth: Truth): ReferenceFigure {
  return { ...referenceFromGraph(figureGraphFromTruth(truth)), origin: 'truth' };
}

/**
 * Builds the reference from a figure graph (the extractor's, or truth read as one). Elements of
 * confidence 0 say nothing and are dropped; relations to unknown nodes or groups and self-loops
 * cannot be matched, and dropping them keeps F1 honest.
 */
export function referenceFromGraph(graph: FigureGraph): ReferenceFigure {
  const nodes = graph.nodes
    .filter((n) => n.confidence > 0)
    .map((n) => ({
      id: n.id,
      text: n.text,
      box: { x: n.bbox[0], y: n.bbox[1], w: n.bbox[2], h: n.bbox[3] },
      kind: n.kind,
      confidence: n.confidence,
    }));
  const ids = new Set(nodes.map((n) => n.id));
  const groupIds = new Set(graph.groups.filter((g) => g.confidence > 0).map((g) => g.id));
  const known = (id: string) => ids.has(id) || groupIds.has(id);
  const edges = graph.edges
    .filter((e) => e.confidence > 0 && e.from !== e.to && known(e.from) && known(e.to))
    .map((e) => ({
      from: e.from,
      to: e.to,
      directed: e.directed,
      ...(e.bidirectional ? { bidirectional: true } : {}),
      confidence: e.confidence,
    }));
  const groups = graph.groups
    .filter((g) => g.confidence > 0)
    .map((g) => ({
      id: g.id,
      text: g.text,
      members: g.members.filter((m) => ids.has(m)),
      box: { x: g.bbox[0], y: g.bbox[1], w: g.bbox[2], h: g.bbox[3] },
      confidence: g.confidence,
    }));
  const texts = [...nodes.map((n) => n.text), ...groups.map((g) => g.text)].filter(
    (t) => t.trim() !== '',
  );
  return { origin: 'graph', width: graph.width, height: graph.height, nodes, edges, groups, texts };
}
