import type { AuditRecord } from '../../schemas/audit-record.schema.ts';
import type { NodeMatching } from './match-nodes.ts';
import type { ReferenceFigure } from './reference-figure.ts';
import type { SlideGraph } from './read-slide-graph.ts';

export interface EditabilityEvidence {
  /** Share of the figure's words present as native, visible slide text. */
  nativeText: number;
  relations: { score: number; attached: number; loose: number; total: number; note: string };
  /** (1 − picture area share) × nativeText: native drawing rather than pasted pixels. */
  picture: { score: number; pictureAreaRatio: number; largestPictureCoverage: number };
  /** Modules rebuilt as native shapes (not bare text boxes), and reference groups kept as containers. */
  structure: { score: number; shapeBoundModules: number; groups: number | null };
  weights: { nativeText: number; relations: number; picture: number; structure: number };
}

export interface EditabilityScore {
  fraction: number;
  evidence: EditabilityEvidence;
}

const WEIGHTS = { nativeText: 0.35, relations: 0.3, picture: 0.15, structure: 0.2 };
/** A relation drawn as a loose line (or unattached connector) is editable, but falls apart when a box moves. */
const LOOSE_RELATION_CREDIT = 0.4;

/**
 * E: native editability. Four parts, each scaled by how much of the figure is actually rebuilt
 * (so an empty slide earns nothing for "having no pictures"):
 * native text (share of the figure's words as native slide text, .35); relations as connectors
 * glued to shapes at both ends (1) vs loose lines or unglued connectors (0.4) (.30); native
 * drawing vs picture area (.15); modules as native shapes and groups as containers (.20).
 */
export function scoreEditability(
  reference: ReferenceFigure,
  graph: SlideGraph,
  audit: Pick<AuditRecord, 'pictureAreaRatio' | 'largestPictureCoverage'>,
  textRecall: number,
  matching: NodeMatching,
  groupScore: number | null,
): EditabilityScore {
  const a = clamp01(textRecall);
  const relations = graph.edges.filter((e) => e.from !== null && e.to !== null && e.from !== e.to);
  const attached = relations.filter((e) => e.attached).length;
  const loose = relations.length - attached;
  let b: number;
  let note: string;
  if (relations.length > 0) {
    b = (attached + LOOSE_RELATION_CREDIT * loose) / relations.length;
    note = `${attached} of ${relations.length} relations are connectors glued at both ends`;
  } else if (reference.edges !== null) {
    b = reference.edges.length === 0 ? a : 0;
    note =
      reference.edges.length === 0
        ? 'the figure has no relations'
        : `none of the figure's ${reference.edges.length} relations is drawn between modules`;
  } else {
    b = LOOSE_RELATION_CREDIT * a;
    note = 'no relation drawn between modules (relations of the figure unknown without truth.json)';
  }
  const pictureAreaRatio = clamp01(audit.pictureAreaRatio);
  const c = a * (1 - pictureAreaRatio);
  const bySlide = new Map(graph.nodes.map((n) => [n.id, n] as const));
  const shapeCredit = matching.matches.reduce(
    (s, m) => s + (bySlide.get(m.slide)?.shapeBound ? m.credit : 0),
    0,
  );
  const shapeBoundModules = reference.nodes.length === 0 ? 0 : shapeCredit / reference.nodes.length;
  const d = groupScore === null ? shapeBoundModules : 0.7 * shapeBoundModules + 0.3 * groupScore;
  const fraction =
    WEIGHTS.nativeText * a + WEIGHTS.relations * b + WEIGHTS.picture * c + WEIGHTS.structure * d;
  return {
    fraction,
    evidence: {
      nativeText: a,
      relations: { score: b, attached, loose, total: relations.length, note },
      picture: {
        score: c,
        pictureAreaRatio,
        largestPictureCoverage: clamp01(audit.largestPictureCoverage),
      },
      structure: { score: d, shapeBoundModules, groups: groupScore },
      weights: WEIGHTS,
    },
  };
}

function clamp01(x: number): number {
  return Number.isFinite(x) ? Math.min(1, Math.max(0, x)) : 0;
}
