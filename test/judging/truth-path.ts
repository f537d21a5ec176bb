import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { auditFile } from '@figboard/evaluator/audit';
import { effectiveCap } from '@figboard/evaluator/audit';
import { defaultConfig } from '@figboard/evaluator/config';
import { figureGraphFromTruth } from '@figboard/evaluator/figure-graph';
import { alignForComparison } from '@figboard/evaluator/testkit';
import { judgeWithMetrics } from '@figboard/evaluator/testkit';
import { referenceFromTruth } from '@figboard/evaluator/testkit';
import { finalScore, totalOf } from '@figboard/evaluator/judge';
import { createLibreOfficeRenderer } from '@figboard/evaluator/render';
import { FigureGraph } from '@figboard/evaluator/schemas';
import type { Truth } from '@figboard/evaluator/schemas';
import { buildAdversarialDeck } from '../adversarial/adversarial-decks.ts';

/**
 * The truth path on a verified figure (issue 21 item 7; SPEC §7): reconstructions built from the
 * figure's own truth and from the extractor's draft, scored by the metric judge against the
 * truth, with the real audit and real LibreOffice renders. Shared by the test over every public
 * verified figure and `bench/truth-path.ts` (which adds the hidden ones with the key).
 */
export const TRUTH_PATH_VARIANTS = [
  /** Boxes, labels and glued connectors from the truth. */
  'faithful',
  /** The same construction from the extractor's draft (`truth.draft.json`): copying its mistakes. */
  'draft-echo',
  /** Faithful with every one-way arrow pointing the other way. */
  'reversed',
  /** The boxes and labels, no relation. */
  'no-arrows',
  /** The labels at random places and random loose lines. */
  'scattered',
  /** The figure pasted as a picture with a text box over every label. */
  'picture-text',
] as const;
export type TruthPathVariant = (typeof TRUTH_PATH_VARIANTS)[number];

/** The bars every verified figure must hold. */
export const TRUTH_PATH_BARS = {
  faithfulAtLeast: 85,
  draftEchoBelow: 15,
  reversedBelow: 8,
  /** Reversing is only asked to cost where the figure has this many one-way relations. */
  reversedNeedsOneWay: 3,
  noArrowsBelow: 15,
  scatteredAtMost: 35,
  pictureTextAtMost: 55,
} as const;

export interface TruthPathFigure {
  id: string;
  imagePath: string;
  truth: Truth;
  /** The extractor's draft of the figure (its `truth.draft.json`). */
  draft: FigureGraph;
}

export interface TruthPathRow {
  id: string;
  /** Distinct one-way relations of the truth whose reverse it does not draw (reversing asks for ≥ 3). */
  oneWay: number;
  final: Record<TruthPathVariant, number>;
  /** T/S/L/E/V of each variant (null when the deck failed the gate). */
  subscores: Record<
    TruthPathVariant,
    { T: number; S: number; L: number; E: number; V: number } | null
  >;
  /** Each bar, held or not; `reversed` is null where the figure has too few one-way relations. */
  holds: {
    faithful: boolean;
    draftEcho: boolean;
    reversed: boolean | null;
    noArrows: boolean;
    scattered: boolean;
    pictureText: boolean;
  };
}

/** Reads a task's `truth.draft.json`. */
export async function readDraft(taskDir: string): Promise<FigureGraph> {
  return FigureGraph.parse(JSON.parse(await readFile(join(taskDir, 'truth.draft.json'), 'utf8')));
}

/** Builds, audits, renders (one batch) and judges every variant of every figure. */
export async function truthPathRows(
  figures: readonly TruthPathFigure[],
  work: string,
  workers = 2,
): Promise<TruthPathRow[]> {
  const config = defaultConfig();
  const decks: { fig: number; variant: TruthPathVariant; path: string }[] = [];
  for (const [i, f] of figures.entries()) {
    const image = await readFile(f.imagePath);
    const fromTruth = figureGraphFromTruth(f.truth);
    for (const variant of TRUTH_PATH_VARIANTS) {
      const path = join(work, `${f.id}--${variant}.pptx`);
      const bytes =
        variant === 'draft-echo'
          ? await buildAdversarialDeck('faithful', f.draft, image)
          : await buildAdversarialDeck(variant, fromTruth, image);
      await writeFile(path, bytes);
      decks.push({ fig: i, variant, path });
    }
  }
  const audits = await Promise.all(
    decks.map((d) => auditFile(d.path, { objects: true, cap: config.scoring.cap })),
  );
  const rendered = await createLibreOfficeRenderer().render(
    decks.map((d, k) => ({ id: `d${k}`, path: d.path })),
    { outDir: work, dpi: config.scoring.render.dpi, workers, timeoutMs: 120_000 },
  );
  const finals = figures.map(() => ({}) as Record<TruthPathVariant, number>);
  const subs = figures.map(() => ({}) as TruthPathRow['subscores']);
  for (const [k, d] of decks.entries()) {
    const audit = audits[k]!;
    const r = rendered.get(`d${k}`);
    const f = figures[d.fig]!;
    if (!audit.gate.passed || !r?.png) {
      finals[d.fig]![d.variant] = 0;
      subs[d.fig]![d.variant] = null;
      continue;
    }
    const png = join(work, r.png);
    const verdict = judgeWithMetrics({
      reference: referenceFromTruth(f.truth),
      audit,
      images: await alignForComparison(f.imagePath, png, { source: f.imagePath, render: png }),
      rubric: config.scoring.rubric,
    });
    subs[d.fig]![d.variant] = verdict.subscores;
    finals[d.fig]![d.variant] =
      verdict.subscores === null
        ? 0
        : finalScore(true, totalOf(verdict.subscores), effectiveCap(audit));
  }
  const b = TRUTH_PATH_BARS;
  return figures.map((f, i) => {
    const s = finals[i]!;
    // One-way relations whose reverse the figure does not also draw: only those change when
    // every arrow is turned round (A → B and B → A reversed are the same pair of arrows).
    const oneWayEdges = f.truth.edges.filter((e) => e.directed !== false && !e.bidirectional);
    const pairs = new Set(oneWayEdges.map((e) => `${e.from}\u0000${e.to}`));
    const oneWay = new Set(
      oneWayEdges
        .filter((e) => !pairs.has(`${e.to}\u0000${e.from}`))
        .map((e) => `${e.from}\u0000${e.to}`),
    ).size;
    return {
      id: f.id,
      oneWay,
      final: s,
      subscores: subs[i]!,
      holds: {
        faithful: s.faithful >= b.faithfulAtLeast,
        draftEcho: s.faithful - s['draft-echo'] >= b.draftEchoBelow,
        reversed:
          oneWay >= b.reversedNeedsOneWay ? s.faithful - s.reversed >= b.reversedBelow : null,
        noArrows: s.faithful - s['no-arrows'] >= b.noArrowsBelow,
        scattered: s.scattered <= b.scatteredAtMost,
        pictureText: s['picture-text'] <= b.pictureTextAtMost,
      },
    };
  });
}

/** The rows as a Markdown table (for the bench, TRUTH.md and a failing test's message). */
export function formatTruthPathTable(rows: readonly TruthPathRow[]): string {
  const mark = (ok: boolean | null) => (ok === null ? '–' : ok ? '✓' : '✗');
  const head =
    '| figure | faithful | draft echo (Δ) | reversed (Δ) | no arrows (Δ) | scattered | picture + text | holds |\n' +
    '|---|---|---|---|---|---|---|---|';
  const lines = rows.map((r) => {
    const s = r.final;
    const d = (v: number) => (s.faithful - v).toFixed(1);
    const all = Object.values(r.holds).every((h) => h !== false);
    return (
      `| \`${r.id}\` | ${s.faithful.toFixed(1)} ${mark(r.holds.faithful)} | ${s['draft-echo'].toFixed(1)} (${d(s['draft-echo'])}) ${mark(r.holds.draftEcho)} | ` +
      `${s.reversed.toFixed(1)} (${d(s.reversed)}) ${mark(r.holds.reversed)} | ${s['no-arrows'].toFixed(1)} (${d(s['no-arrows'])}) ${mark(r.holds.noArrows)} | ` +
      `${s.scattered.toFixed(1)} ${mark(r.holds.scattered)} | ${s['picture-text'].toFixed(1)} ${mark(r.holds.pictureText)} | ${all ? 'yes' : '**no**'} |`
    );
  });
  return [head, ...lines].join('\n');
}
