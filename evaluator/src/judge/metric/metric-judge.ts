import type { AuditRecord } from '../../schemas/audit-record.schema.ts';
import type { RgbImage } from '../../image/decode-image.ts';
import { round } from '../../util/round.ts';
import { roundDeep } from '../../util/round-deep.ts';
import { pointsFromFractions, type RubricWeights, totalOf } from '../rubric.ts';
import type { Verdict } from '../verdict.ts';
import { matchNodes } from './match-nodes.ts';
import { readSlideGraph } from './read-slide-graph.ts';
import type { ReferenceFigure } from './reference-figure.ts';
import { scoreEditability } from './score-editability.ts';
import { scoreLayout } from './score-layout.ts';
import { scoreStructure } from './score-structure.ts';
import { scoreTextAccuracy } from './score-text-accuracy.ts';
import { scoreVisual } from './score-visual.ts';
import { createFrame } from './slide-geometry.ts';
import { findUnseenContent } from './visible-content.ts';

export interface MetricJudgeInput {
  reference: ReferenceFigure;
  /** The audit of a deck that passed the gate, with `objects`. */
  audit: AuditRecord;
  /** Render and source at a common size (see `alignForComparison`); null when there is no render. */
  images: { source: RgbImage; render: RgbImage } | null;
  /**
   * The rendered slide at its own resolution, for the check that what is credited is drawn
   * (`visible-content.ts`); null or absent when there is no render (then the file is believed).
   */
  slide?: RgbImage | null;
  rubric: RubricWeights;
}

/**
 * The metric judge: a deterministic, offline verdict on one artifact. T from fuzzy word
 * matching against truth labels or OCR; S from module matching (Hungarian), directed relation
 * F1 and group containment; L from positions and pairwise order; E from the audit's native
 * objects; V from render-vs-source image similarity. Every axis carries its evidence.
 */
export function judgeWithMetrics(input: MetricJudgeInput): Verdict {
  const { reference, audit, rubric } = input;
  const slideSize = audit.slideSize ?? { cx: 12_192_000, cy: 6_858_000 };
  const frame = createFrame(slideSize, { width: reference.width, height: reference.height });
  // Only what the render shows earns credit: labels and shapes that leave no ink there are out.
  const unseen =
    input.slide && audit.objects
      ? findUnseenContent(audit.objects, input.slide, slideSize)
      : { text: new Set<string>(), shapes: new Set<string>() };
  const graph = readSlideGraph(audit, frame, unseen);
  const slideTexts = audit.objects
    ? audit.objects
        .filter((o) => o.text.trim() !== '')
        .map((o) => ({ shapeId: o.id, text: o.text }))
    : audit.textItems.map((t) => ({ shapeId: t.shapeId, text: t.text }));

  const text = scoreTextAccuracy(
    reference,
    slideTexts,
    graph.hiddenTextIds,
    reference.origin === 'truth' ? 1 : 2,
  );
  // E counts native text only where it is not laid on a large picture (its content is the picture's).
  const onPicture = new Set(graph.excluded.onPicture);
  const nativeText = onPicture.size
    ? scoreTextAccuracy(
        reference,
        slideTexts.filter((t) => !onPicture.has(t.shapeId)),
        graph.hiddenTextIds,
        reference.origin === 'truth' ? 1 : 2,
      ).recall
    : text.recall;
  const matching = matchNodes(reference, graph, frame);
  const structure = scoreStructure(reference, graph, matching);
  const layout = scoreLayout(reference, graph, matching, frame);
  const editability = scoreEditability(
    reference,
    graph,
    audit,
    nativeText,
    matching,
    structure.evidence.groups?.score ?? null,
  );
  const visual = input.images ? scoreVisual(input.images.source, input.images.render) : null;

  const fractions = {
    T: text.fraction,
    S: structure.fraction,
    L: layout.fraction,
    E: editability.fraction,
    V: visual?.fraction ?? 0,
  };
  const subscores = pointsFromFractions(fractions, rubric);
  const errors = describeErrors(text, structure, layout, editability, audit);
  if (unseen.text.size > 0)
    errors.major.push(
      `${unseen.text.size} object(s) hold text the render does not show (covered, tiny or the colour beneath; not credited): ${[...unseen.text].slice(0, 5).join(', ')}`,
    );
  const e = editability.evidence;
  const editabilityText =
    `${pct(e.nativeText)} of the figure's words are native text; ${e.relations.note}; ` +
    `pictures cover ${pct(e.picture.pictureAreaRatio)} of the slide; ${pct(e.structure.shapeBoundModules)} of modules are native shapes.`;
  const reason =
    `Q = ${totalOf(subscores)}: T ${subscores.T}/${rubric.T} (text ${TEXT_AGAINST[reference.origin]} ${round(text.fraction, 3)}), ` +
    `S ${subscores.S}/${rubric.S} (vs ${REFERENCE_NAME[reference.origin]}: modules ${round(structure.evidence.nodes.score, 3)}` +
    `, directed relations ${round(structure.evidence.edges.score, 3)} (${structure.evidence.edges.counts.matched} matched, ${structure.evidence.edges.counts.reversed} reversed, ${structure.evidence.edges.counts.missing} missed, ${structure.evidence.edges.counts.extra} invented)` +
    (structure.evidence.groups ? `, groups ${round(structure.evidence.groups.score, 3)}` : '') +
    `), L ${subscores.L}/${rubric.L}, E ${subscores.E}/${rubric.E}, V ${subscores.V}/${rubric.V}` +
    (visual
      ? ` (SSIM ${round(visual.evidence.ssim, 3)}, colour ${round(visual.evidence.colour, 3)})`
      : ' (no render)') +
    '.';
  return {
    status: 'ok',
    subscores,
    errors,
    editability: editabilityText,
    reason,
    evidence: roundDeep(
      {
        reference: {
          origin: reference.origin,
          nodes: reference.nodes.length,
          edges: reference.edges?.length ?? null,
          groups: reference.groups?.length ?? null,
          confidence: {
            nodes: meanConfidence(reference.nodes),
            edges: reference.edges ? meanConfidence(reference.edges) : null,
          },
        },
        fractions,
        T: text.evidence,
        S: structure.evidence,
        L: layout.evidence,
        E: editability.evidence,
        V: visual?.evidence ?? null,
        flags: audit.flags.map((f) => f.code),
        unseen: { text: [...unseen.text].slice(0, 20), shapes: [...unseen.shapes].slice(0, 20) },
      },
      'zero',
    ) as Record<string, unknown>,
    usage: null,
    failure: null,
  };
}

function describeErrors(
  text: ReturnType<typeof scoreTextAccuracy>,
  structure: ReturnType<typeof scoreStructure>,
  layout: ReturnType<typeof scoreLayout>,
  editability: ReturnType<typeof scoreEditability>,
  audit: AuditRecord,
): { major: string[]; minor: string[] } {
  const major: string[] = [];
  const minor: string[] = [];
  const s = structure.evidence;
  if (s.edges && s.edges.reversed.length > 0)
    major.push(
      `${s.edges.counts.reversed} relation(s) drawn in the wrong direction: ${s.edges.reversed.slice(0, 5).join('; ')}`,
    );
  if (s.edges && s.edges.missing.length > 0)
    major.push(
      `${s.edges.counts.missing} relation(s) missing: ${s.edges.missing.slice(0, 5).join('; ')}`,
    );
  if (s.nodes.missing.length > 0)
    major.push(
      `${s.nodes.missing.length} module(s) missing or unlabelled: ${s.nodes.missing.slice(0, 5).join(', ')}`,
    );
  if (s.nodes.notModules.length > 0)
    major.push(
      `${s.nodes.notModules.length} label(s) not on a drawn box where the figure has a module (not counted as modules): ${s.nodes.notModules.slice(0, 5).join(', ')}`,
    );
  if (s.nodes.misplaced.length > 0)
    major.push(
      `${s.nodes.misplaced.length} module(s) far from where the figure has them: ${s.nodes.misplaced.slice(0, 5).join(', ')}`,
    );
  if (s.excluded.onPicture > 0)
    major.push(
      `${s.excluded.onPicture} object(s) lie on a large picture and earn no structure credit (the content is in the raster)`,
    );
  if (s.edges && s.edges.extra.length > 0)
    major.push(
      `${s.edges.counts.extra} relation(s) the figure does not have (invented or loose): ${s.edges.extra.slice(0, 5).join('; ')}`,
    );
  if (text.evidence.recall < 0.8)
    major.push(`only ${pct(text.evidence.recall)} of the figure's words are on the slide as text`);
  if (audit.flags.some((f) => f.code === 'text-instruction-like'))
    major.push('slide text tries to instruct the judge (flagged, not credited as figure text)');
  if (editability.evidence.picture.pictureAreaRatio >= 0.5)
    major.push(`pictures cover ${pct(editability.evidence.picture.pictureAreaRatio)} of the slide`);
  if (text.evidence.garbled.length > 0)
    minor.push(
      `${text.evidence.garbled.length} word(s) misspelt, e.g. ${text.evidence.garbled
        .slice(0, 3)
        .map((g) => `"${g.slide}" for "${g.reference}"`)
        .join(', ')}`,
    );
  if (text.evidence.extra.length > 0)
    minor.push(
      `${text.evidence.extra.length} word(s) not in the figure, e.g. ${text.evidence.extra.slice(0, 5).join(' ')}`,
    );
  if (layout.evidence.displaced.length > 0)
    minor.push(
      `${layout.evidence.displaced.length} module(s) displaced, e.g. ${layout.evidence.displaced
        .slice(0, 3)
        .map((d) => d.label)
        .join(', ')}`,
    );
  const rel = editability.evidence.relations;
  if (rel.loose > 0) minor.push(`${rel.loose} relation(s) are loose lines or unglued connectors`);
  if (s.edges && s.edges.undirected.length > 0)
    minor.push(
      `${s.edges.counts.undirected} relation(s) without a decisive arrowhead or drawn both ways`,
    );
  if (s.nodes.invented.length > 0)
    minor.push(
      `${s.nodes.invented.length} drawn module(s) stand for nothing in the figure (invented or duplicated): ${s.nodes.invented.slice(0, 5).join(', ')}`,
    );
  if (s.excluded.offCanvas > 0)
    minor.push(`${s.excluded.offCanvas} object(s) lie off the canvas and are not scored`);
  if (s.excluded.invisible > 0)
    minor.push(
      `${s.excluded.invisible} object(s) do not show (no stroke, under ¼ pt, white, too short, or no ink in the render) and are not counted`,
    );
  for (const f of audit.flags.filter(
    (x) => x.code === 'text-off-canvas' || x.code === 'text-near-invisible',
  ))
    minor.push(`hidden text (${f.code}) in shape ${f.target ?? '?'}`);
  return { major, minor };
}

const TEXT_AGAINST: Record<ReferenceFigure['origin'], string> = {
  truth: 'F1 vs truth',
  graph: 'F2 vs the figure graph',
};
const REFERENCE_NAME: Record<ReferenceFigure['origin'], string> = {
  truth: 'truth.json',
  graph: 'the graph extracted from the figure',
};

function meanConfidence(items: readonly { confidence: number }[]): number | null {
  return items.length === 0 ? null : items.reduce((s, x) => s + x.confidence, 0) / items.length;
}

function pct(x: number): string {
  return `${Math.round(x * 100)}%`;
}
