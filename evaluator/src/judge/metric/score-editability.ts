import type { AuditRecord } from '../../schemas/audit-record.schema.ts';
import type { NodeMatching } from './match-nodes.ts';
import { relationsView } from './relations-view.ts';
import type { ReferenceFigure } from './reference-figure.ts';
import type { SlideGraph } from './read-slide-graph.ts';

export interface EditabilityEvidence {
  /** Share of the figure's words present as native, visible slide text not lying on a large picture. */
  nativeText: number;
  relations: { score: number; attached: number; loose: number; total: number; note: string };
  /** (1 − picture area share) × the modules rebuilt as drawn native boxes: native drawing rather than pasted pixels. */
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
 * E: native editability of the figure's reconstruction. Four parts, each scaled by how much of
 * the figure is actually rebuilt natively (so an empty slide earns nothing for "having no
 * pictures", and text laid on a pasted figure earns nothing: its content lives in the picture):
 * native text (share of the figure's words as visible native text not lying on a large picture,
 * .35); relations — of the figure's relations (confidence-weighted), those drawn between its
 * modules as connectors glued at both ends (1) or as loose lines and unglued connectors (0.4),
 * in either direction (direction is S's business) (.30); native drawing — modules as drawn
 * boxes — vs picture area (.15);
 * modules as drawn native boxes and groups as containers (.20).
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
  const view = relationsView(reference, matching);
  const toRef = new Map(
    [...view.toRef].filter(([, m]) => m.eligible).map(([slide, m]) => [slide, m.ref] as const),
  );
  const relations = graph.edges.filter((e) => e.from !== null && e.to !== null && e.from !== e.to);
  const attached = relations.filter((e) => e.attached).length;
  const loose = relations.length - attached;
  let b: number;
  let note: string;
  if (view.edges.length > 0) {
    // Best drawing of each reference relation (either direction): glued 1, loose 0.4.
    const best = new Map<string, number>();
    for (const e of relations) {
      const x = toRef.get(e.from!);
      const y = toRef.get(e.to!);
      if (x === undefined || y === undefined || x === y) continue;
      const k = [x, y].sort().join('\u0000');
      best.set(k, Math.max(best.get(k) ?? 0, e.attached ? 1 : LOOSE_RELATION_CREDIT));
    }
    let mass = 0;
    let credit = 0;
    let drawn = 0;
    for (const e of view.edges) {
      mass += e.confidence;
      const c = best.get([e.from, e.to].sort().join('\u0000')) ?? 0;
      credit += e.confidence * c;
      if (c > 0) drawn += 1;
    }
    b = mass === 0 ? 0 : credit / mass;
    note = `${drawn} of the figure's ${view.edges.length} relations are drawn between its modules, ${attached} of the slide's ${relations.length} relations as connectors glued at both ends`;
  } else {
    b = relations.length === 0 ? a : a / (1 + relations.length);
    note = 'the figure has no relations';
  }
  // Modules rebuilt as native shapes: only the figure's modules count (a free label has no
  // shape to rebuild, so text boxes standing for labels must not earn this part).
  const isModule = new Set(reference.nodes.filter((n) => n.kind === 'module').map((n) => n.id));
  const mass = reference.nodes
    .filter((n) => isModule.has(n.id))
    .reduce((s, n) => s + n.confidence, 0);
  const shapeCredit = matching.matches
    .filter((m) => isModule.has(m.ref))
    .reduce((s, m) => s + m.confidence * m.shapeCredit, 0);
  const shapeBoundModules = mass === 0 ? 0 : Math.min(1, shapeCredit / mass);
  const pictureAreaRatio = clamp01(audit.pictureAreaRatio);
  const c = shapeBoundModules * (1 - pictureAreaRatio);
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
