import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { stringify as toYaml } from 'yaml';
import {
  ArtifactRecord,
  EffortRecord,
  JudgmentRecord,
  Leaderboard,
  RefigTask,
  SubmissionManifest,
  SuiteManifest,
  type Field,
} from '@figboard/evaluator/schemas/index.ts';
import { judgmentKind, scorersFor } from '@figboard/evaluator/scorers/record-scorers.ts';
import { SCORER_VERSIONS } from '@figboard/evaluator/scorers/scorer-registry.ts';
import { AXES, DEFAULT_RUBRIC } from '@figboard/evaluator/judge/rubric.ts';
import { table21Variants } from '@figboard/evaluator/stats/weight-sensitivity.ts';
import { stableStringify } from '@figboard/evaluator/util/stable-stringify.ts';
import { drawDiagramPng, perturbDiagram, randomDiagram } from './draw-diagram-png.ts';
import {
  bootstrapCi,
  kendall,
  mean,
  median,
  pearson,
  quantile,
  r,
  sd,
  spearman,
} from './fixture-stats.ts';
import { seededRandom } from './seeded-random.ts';

/** Options of {@link generateFixture}. */
export interface FixtureOptions {
  /** Output folder; it receives `leaderboard.json`, `suites/` and `submissions/`. */
  outDir: string;
  /** Number of configurations (model, harness, workflow). */
  configurations: number;
  /** Number of tasks in the refig suite. */
  tasks: number;
  /** PRNG seed; same seed and sizes → same bytes. */
  seed?: number;
  /** Size of the rendered slides in pixels (16:9 at 72 dpi by default). */
  renderSize?: { width: number; height: number };
  /** Every n-th task gets a license that forbids redistribution (default 40; 0 = none). */
  withheldEvery?: number;
  /** Also write `results/judgments/<judge>/run-<k>.jsonl` (JudgmentRecord) for every judge run, so the real `refig leaderboard` can compute a board from the tree. */
  judgments?: boolean;
  /** Remove `outDir` first. */
  clean?: boolean;
}

/** What the generator wrote, for tests that need to know the hostile entries. */
export interface FixtureSummary {
  outDir: string;
  configurations: string[];
  submissions: string[];
  tasks: string[];
  suite: string;
  /** Submission whose team name is an HTML injection attempt. */
  hostileSubmission: string;
  hostileTeam: string;
  /** Tasks whose license forbids redistribution (their source image must be withheld). */
  withheldTasks: string[];
  files: number;
}

export const HOSTILE_TEAM = '<img src=x onerror=alert(1)>';
const SUITE = 'refig-bench';
const STYLE_SUITE = 'style-sample';
const FIELDS: Field[] = ['cs.AI', 'cs.CL', 'cs.CV', 'cs.LG'];
// The rubric the fixture's judgments are scored under: the evaluator's one definition.
const MAXIMA = DEFAULT_RUBRIC;
type Axis = (typeof AXES)[number];

const MODEL_HARNESS: { model: string; provider: string; harness: string; hv: string }[] = [
  { model: 'GPT-5.5', provider: 'openai', harness: 'Codex', hv: '0.130.0' },
  { model: 'GPT-5.5', provider: 'openai', harness: 'Claude Code', hv: '2.1.0' },
  { model: 'Claude Opus 4.6', provider: 'anthropic', harness: 'Claude Code', hv: '2.1.0' },
  { model: 'MiniMax-M3', provider: 'minimax', harness: 'Claude Code', hv: '2.1.0' },
  { model: 'MiMo-v2.5', provider: 'xiaomi', harness: 'Claude Code', hv: '2.1.0' },
];
const WORKFLOWS = [
  {
    name: 'python-pptx',
    kind: 'direct' as const,
    description: 'One prompt: write python-pptx code that rebuilds the figure.',
  },
  {
    name: 'PPTX skill',
    kind: 'specialized' as const,
    description: 'The harness PPTX skill with render-and-inspect iterations.',
  },
];
const JUDGES = [
  { id: 'gpt-5.4', family: 'openai', model: 'gpt-5.4-2026-03-05', runs: 3, offset: 0, noise: 3 },
  { id: 'qwen3.6-27b', family: 'qwen', model: 'Qwen3.6-27B', runs: 3, offset: 8, noise: 3.5 },
  { id: 'metric', family: 'metric', model: 'figboard-metric', runs: 1, offset: -6, noise: 0 },
];
/** The twelve weight vectors of ReFigBench Table 21, built from the rubric. */
const VARIANTS = table21Variants(MAXIMA).map((v) => ({
  name: v.name,
  weights: Object.fromEntries(AXES.map((a) => [a, r(v.weights[a], 1)])) as Record<Axis, number>,
}));

const slug = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^a-z0-9.]+/g, '-')
    .replace(/^-+|-+$/g, '');

interface Config {
  id: string;
  submission: string;
  model: string;
  provider: string;
  harness: string;
  harnessVersion: string;
  workflow: (typeof WORKFLOWS)[number];
  team: string;
  skill: number;
  sample: boolean;
}

interface Cell {
  status: 'ok' | 'missing' | 'gate-failed';
  capped: boolean;
  /** [judge][run] → subscores (null for failures) and final (null = judge failure). */
  scores: { final: number | null; sub: Record<Axis, number> | null }[][];
  audit: {
    textBoxes: number;
    shapes: number;
    connectors: number;
    pictures: number;
    coverage: number;
  };
  effort: {
    turns: number;
    toolCalls: number;
    outputTokens: number;
    totalTokens: number;
    durationMs: number | null;
    cost: number;
  };
}

/**
 * Writes a schema-valid, internally consistent FigBoard data tree for N configurations × M tasks:
 * `leaderboard.json` (validated against the evaluator's `Leaderboard` schema before writing),
 * `suites/<suite>/<task>/{task.json,source.png}`, and per submission `submission.yml`,
 * `results/renders/<task>.png`, `results/artifacts.jsonl`, `results/effort.jsonl`. Seeded: the same
 * options always give the same bytes. One submission's team name is an HTML injection attempt
 * ({@link HOSTILE_TEAM}) so the site's escaping is exercised.
 */
export async function generateFixture(opts: FixtureOptions): Promise<FixtureSummary> {
  const rng = seededRandom(opts.seed ?? 42);
  const N = opts.configurations;
  const M = opts.tasks;
  if (!Number.isInteger(N) || N < 2)
    throw new RangeError(`configurations must be an integer ≥ 2, got ${N}`);
  if (!Number.isInteger(M) || M < 1) throw new RangeError(`tasks must be an integer ≥ 1, got ${M}`);
  const size = opts.renderSize ?? { width: 960, height: 540 };
  if (opts.clean) await rm(opts.outDir, { recursive: true, force: true });
  let files = 0;
  const write = async (rel: string, data: string | Buffer) => {
    const path = join(opts.outDir, rel);
    await mkdir(join(path, '..'), { recursive: true });
    await writeFile(path, data);
    files++;
  };

  // 1. configurations: model × harness pairs, each with a direct and a specialized workflow
  const configs: Config[] = [];
  for (let i = 0; i < N; i++) {
    const pairIndex = Math.floor(i / 2);
    const base = MODEL_HARNESS[pairIndex] ?? {
      model: `Model-${pairIndex}`,
      provider: 'lab',
      harness: pairIndex % 2 ? 'Codex' : 'Claude Code',
      hv: '1.0.0',
    };
    const workflow = WORKFLOWS[i % 2]!;
    const id = `${slug(base.model)}__${slug(base.harness)}__${slug(workflow.name)}`;
    configs.push({
      id,
      submission: `${slug(base.model)}-${slug(base.harness)}-${slug(workflow.name)}`,
      model: base.model,
      provider: base.provider,
      harness: base.harness,
      harnessVersion: base.hv,
      workflow,
      team:
        i === 1 ? HOSTILE_TEAM : `Team ${String.fromCharCode(65 + (i % 26))}${i >= 26 ? i : ''}`,
      skill: 77 - 2.2 * pairIndex - (i % 2 === 0 ? 0 : rng.normal() * 2) + rng.normal(),
      sample: i >= N - 2,
    });
  }

  // 2. tasks with provenance; every n-th license forbids redistribution
  const withheldEvery = opts.withheldEvery ?? 40;
  const tasks = Array.from({ length: M }, (_, t) => ({
    id: `fig-${String(t + 1).padStart(4, '0')}`,
    field: FIELDS[t % FIELDS.length]!,
    difficulty: rng.normal() * 9,
    redistributable: withheldEvery <= 0 || t % withheldEvery !== withheldEvery - 1,
    diagram: randomDiagram(rng),
    width: 800 + 40 * rng.int(0, 15),
    height: 400 + 40 * rng.int(0, 10),
  }));

  // 3. simulate every (configuration, task): status, judge scores per run, audit, effort
  const cells: Cell[][] = configs.map((c) =>
    tasks.map((t) => {
      const u = rng.next();
      const status: Cell['status'] = u < 0.01 ? 'missing' : u < 0.03 ? 'gate-failed' : 'ok';
      const capped = status === 'ok' && rng.next() < 0.004;
      const quality = c.skill + t.difficulty + rng.normal() * 6;
      const spec = c.workflow.kind === 'specialized';
      const scores = JUDGES.map((j) =>
        Array.from({ length: j.runs }, () => {
          if (status !== 'ok') return { final: 0, sub: null };
          if (j.family !== 'metric' && rng.next() < 0.002) return { final: null, sub: null };
          const raw = Math.min(100, Math.max(0, quality + j.offset + rng.normal() * j.noise));
          const sub = {} as Record<Axis, number>;
          for (const a of AXES) {
            const bias = spec ? (a === 'E' ? -0.1 : a === 'T' ? 0.04 : 0.01) : 0;
            sub[a] = r(
              MAXIMA[a] * Math.min(1, Math.max(0, raw / 100 + bias + rng.normal() * 0.05)),
              1,
            );
          }
          const total = AXES.reduce((s, a) => s + sub[a], 0);
          return { final: r(Math.min(total, capped ? 50 : 100), 1), sub };
        }),
      );
      const picture = capped || rng.next() < (spec ? 0.08 : 0.03);
      const turns = Math.max(2, Math.round((spec ? 30 : 14) * Math.exp(rng.normal() * 0.4)));
      const outputTokens = Math.round((spec ? 30000 : 16000) * Math.exp(rng.normal() * 0.5));
      const totalTokens = Math.round(
        outputTokens * (spec ? 40 : 15) * Math.exp(rng.normal() * 0.3),
      );
      return {
        status,
        capped,
        scores,
        audit: {
          textBoxes: Math.max(0, Math.round(21 + rng.normal() * 5)),
          shapes: Math.max(0, Math.round((spec ? 120 : 60) * Math.exp(rng.normal() * 0.3))),
          connectors: spec
            ? rng.next() < 0.93
              ? 0
              : rng.int(1, 5)
            : rng.next() < 0.08
              ? 0
              : rng.int(10, 45),
          pictures: picture ? rng.int(1, 2) : 0,
          coverage: capped ? 0.95 : picture ? r(rng.next() * 0.4, 3) : 0,
        },
        effort: {
          turns,
          toolCalls: Math.max(1, Math.round(turns * 0.6)),
          outputTokens,
          totalTokens,
          durationMs:
            c.harness === 'Codex'
              ? null
              : Math.round((spec ? 700 : 400) * 1000 * Math.exp(rng.normal() * 0.4)),
          cost: r((totalTokens / 1e6) * (spec ? 1.5 : 1.2) + outputTokens * 1e-5, 4),
        },
      };
    }),
  );

  // 4. per judge × configuration statistics
  const finalsOf = (ci: number, ji: number, run: number) =>
    cells[ci]!.map((cell) => cell.scores[ji]![run]!.final).filter((x): x is number => x !== null);
  const configurationRows: Leaderboard['configurations'] = [];
  const meansByJudge: number[][] = [];
  JUDGES.forEach((j, ji) => {
    const rows = configs.map((c, ci) => {
      const finals = finalsOf(ci, ji, 0);
      const perRun = Array.from({ length: j.runs }, (_, k) => r(mean(finalsOf(ci, ji, k))));
      const taskSds = cells[ci]!.map((cell) =>
        cell.scores[ji]!.map((s) => s.final).filter((x): x is number => x !== null),
      ).filter((xs) => xs.length > 1);
      const axes = {} as Record<Axis, number>;
      for (const a of AXES)
        axes[a] = r(mean(cells[ci]!.map((cell) => cell.scores[ji]![0]!.sub?.[a] ?? 0)));
      const byField: Record<string, { n: number; mean: number }> = {};
      for (const f of FIELDS) {
        const xs = tasks
          .flatMap((t, ti) => (t.field === f ? [cells[ci]![ti]!.scores[ji]![0]!.final] : []))
          .filter((x): x is number => x !== null);
        if (xs.length > 0) byField[f] = { n: xs.length, mean: r(mean(xs)) };
      }
      const distribution = Array.from({ length: 10 }, () => 0);
      for (const x of finals) distribution[Math.min(9, Math.floor(x / 10))]!++;
      const m = mean(finals);
      const ci95 = bootstrapCi(finals, rng);
      const eff = cells[ci]!.map((cell) => cell.effort);
      return {
        id: c.id,
        submissions: [c.submission],
        team: c.team,
        model: {
          name: c.model,
          provider: c.provider,
          snapshot: `${slug(c.model)}-2026-04-01`,
          reasoningEffort: c.provider === 'openai' ? 'high' : null,
        },
        harness: { name: c.harness, version: c.harnessVersion },
        workflow: { name: c.workflow.name, kind: c.workflow.kind },
        sample: c.sample,
        suite: SUITE,
        judge: j.id,
        n: M,
        missing: cells[ci]!.filter((x) => x.status === 'missing').length,
        gateFailures: cells[ci]!.filter((x) => x.status === 'gate-failed').length,
        judgeFailures: cells[ci]!.filter((x) => x.scores[ji]![0]!.final === null).length,
        capped: cells[ci]!.filter((x) => x.capped).length,
        mean: r(m),
        ci: [r(Math.min(ci95[0], m)), r(Math.max(ci95[1], m))] as [number, number],
        p25: r(quantile(finals, 0.25)),
        p50: r(quantile(finals, 0.5)),
        p75: r(quantile(finals, 0.75)),
        atLeast80: r(finals.filter((x) => x >= 80).length / Math.max(1, finals.length), 4),
        below50: r(finals.filter((x) => x < 50).length / Math.max(1, finals.length), 4),
        axes,
        byField,
        runs: {
          count: j.runs,
          mean: r(mean(perRun)),
          perRun,
          taskSd: j.runs > 1 ? r(mean(taskSds.map((xs) => sd(xs)))) : null,
        },
        distribution,
        rank: 0 as number | null,
        attempts: 1,
        costPerArtifact: r(mean(eff.map((e) => e.cost)), 4),
        medianTurns: median(eff.map((e) => e.turns)),
      };
    });
    [...rows]
      .sort((a, b) => b.mean - a.mean || a.id.localeCompare(b.id))
      .forEach((row, k) => {
        row.rank = k + 1;
      });
    meansByJudge.push(rows.map((x) => x.mean));
    configurationRows.push(...rows);
  });

  // 5. paired workflow effects (spec − direct per model+harness) and harness effects
  const pairEffect = (kind: 'workflow' | 'harness', ji: number, from: number, to: number) => {
    const d: number[] = [];
    const axes = {} as Record<Axis, number[]>;
    for (const a of AXES) axes[a] = [];
    let wins = 0;
    let ties = 0;
    let losses = 0;
    tasks.forEach((_, ti) => {
      const x = cells[from]![ti]!.scores[ji]![0]!;
      const y = cells[to]![ti]!.scores[ji]![0]!;
      if (x.final === null || y.final === null) return;
      const delta = y.final - x.final;
      d.push(delta);
      if (delta > 0) wins++;
      else if (delta < 0) losses++;
      else ties++;
      for (const a of AXES) axes[a].push((y.sub?.[a] ?? 0) - (x.sub?.[a] ?? 0));
    });
    const ci95 = bootstrapCi(d, rng);
    const f = configs[from]!;
    return {
      judge: JUDGES[ji]!.id,
      kind,
      model: f.model,
      harness: kind === 'workflow' ? f.harness : null,
      workflow: kind === 'harness' ? f.workflow.name : null,
      from: f.id,
      to: configs[to]!.id,
      n: d.length,
      delta: r(mean(d)),
      ci: [r(Math.min(ci95[0], mean(d))), r(Math.max(ci95[1], mean(d)))] as [number, number],
      wins,
      ties,
      losses,
      axes: Object.fromEntries(AXES.map((a) => [a, r(mean(axes[a]))])) as Record<Axis, number>,
    };
  };
  const pairedEffects: Leaderboard['pairedEffects'] = [];
  const harnessEffects: Leaderboard['harnessEffects'] = [];
  JUDGES.forEach((_, ji) => {
    for (let i = 0; i + 1 < N; i += 2) pairedEffects.push(pairEffect('workflow', ji, i, i + 1));
    // GPT-5.5 runs in both harnesses: configurations 0/1 (Codex) and 2/3 (Claude Code)
    if (N >= 4) {
      harnessEffects.push(pairEffect('harness', ji, 0, 2));
      harnessEffects.push(pairEffect('harness', ji, 1, 3));
    }
  });

  // 6. human Elo from a simulated pairwise matrix
  const primaryMeans = meansByJudge[0]!;
  const avg = mean(primaryMeans);
  const strength = primaryMeans.map(
    (m, i) => (m - avg) * 0.08 + (configs[i]!.workflow.kind === 'specialized' ? 0.15 : 0),
  );
  const wins = configs.map(() => configs.map(() => 0));
  const tiesM = configs.map(() => configs.map(() => 0));
  let annotations = 0;
  for (let i = 0; i < N; i++) {
    for (let j = i + 1; j < N; j++) {
      const count = rng.int(30, 60);
      for (let k = 0; k < count; k++) {
        annotations++;
        const p = 1 / (1 + Math.exp(strength[j]! - strength[i]!));
        const u = rng.next();
        if (u < 0.12) {
          tiesM[i]![j]!++;
          tiesM[j]![i]!++;
        } else if (rng.next() < p) wins[i]![j]!++;
        else wins[j]![i]!++;
      }
    }
  }
  const meanStrength = mean(strength);
  const eloRows = configs.map((c, i) => {
    const w = wins[i]!.reduce((a, b) => a + b, 0);
    const l = wins.reduce((a, row) => a + row[i]!, 0);
    const t = tiesM[i]!.reduce((a, b) => a + b, 0);
    const elo = 1000 + (400 / Math.LN10) * (strength[i]! - meanStrength);
    const half = 20 + rng.next() * 20;
    return {
      configuration: c.id,
      elo: r(elo, 1),
      ci: [r(elo - half, 1), r(elo + half, 1)] as [number, number],
      wins: w,
      losses: l,
      ties: t,
      n: w + l + t,
      provisional: w + l + t < 50,
    };
  });

  // 7. judge reliability and agreement
  const icc = JUDGES.flatMap((j) =>
    configs.map((c) => ({
      judge: j.id,
      configuration: c.id,
      icc: j.runs > 1 ? r(0.78 + rng.next() * 0.12, 3) : null,
      runs: j.runs,
    })),
  );
  const families = [];
  for (let a = 0; a < JUDGES.length; a++) {
    for (let b = a + 1; b < JUDGES.length; b++) {
      families.push({
        a: JUDGES[a]!.family,
        b: JUDGES[b]!.family,
        spearman: nr(spearman(meansByJudge[a]!, meansByJudge[b]!)),
        kendall: nr(kendall(meansByJudge[a]!, meansByJudge[b]!)),
        n: N,
      });
    }
  }
  const buckets = ['[0,2)', '[2,5)', '[5,10)', '[10,inf)'];
  const byMargin: Leaderboard['agreement']['byMargin'] = JUDGES.flatMap((j) =>
    (['single-run', 'run-mean'] as const).flatMap((mode) =>
      buckets.map((bucket, k) => ({
        judge: j.id,
        mode,
        bucket,
        n: rng.int(200, 1200),
        agree: r(0.52 + 0.1 * k + rng.next() * 0.05, 3),
      })),
    ),
  );
  // intervals and matchups derived without further draws (the seeded stream stays as it was):
  // a normal interval widened a little for clustering, and a workflow/cross split of the decisive N
  const interval95 = (p: number, n: number): [number, number] => {
    const h = 1.1 * 1.96 * Math.sqrt((p * (1 - p)) / Math.max(1, n));
    return [r(Math.max(0, p - h), 4), r(Math.min(1, p + h), 4)];
  };
  for (const b of byMargin) b.ci = b.agree === null ? null : interval95(b.agree, b.n);
  const byMatchup: NonNullable<Leaderboard['agreement']['byMatchup']> = JUDGES.flatMap((j) =>
    (['single-run', 'run-mean'] as const).flatMap((mode) => {
      const rows = byMargin.filter((b) => b.judge === j.id && b.mode === mode);
      const total = rows.reduce((s, b) => s + b.n, 0);
      const hits = rows.reduce((s, b) => s + b.n * (b.agree ?? 0), 0);
      const nW = Math.round(0.28 * total);
      const aW = Math.max(0, hits / total - 0.07);
      const aC = (hits - aW * nW) / (total - nW);
      return [
        {
          judge: j.id,
          mode,
          matchup: 'workflow' as const,
          n: nW,
          agree: r(aW, 4),
          ci: interval95(aW, nW),
        },
        {
          judge: j.id,
          mode,
          matchup: 'cross' as const,
          n: total - nW,
          agree: r(aC, 4),
          ci: interval95(aC, total - nW),
        },
      ];
    }),
  );
  const kappa = JUDGES.flatMap((j) =>
    (['single-run', 'run-mean'] as const).flatMap((mode) =>
      [0, 2, 5].map((tieThreshold) => ({
        judge: j.id,
        mode,
        tieThreshold,
        kappa: r(0.3 + rng.next() * 0.2, 3),
        n: annotations,
      })),
    ),
  );
  const elos = eloRows.map((e) => e.elo);
  const vsElo = JUDGES.map((j, ji) => ({
    judge: j.id,
    pearson: nr(pearson(meansByJudge[ji]!, elos)),
    spearman: nr(spearman(meansByJudge[ji]!, elos)),
    n: N,
  }));

  // 8. rubric weight sensitivity on the primary judge's run 1 (exact recomputation from axes)
  const reweighted = (ci: number, w: Record<Axis, number>) =>
    cells[ci]!.map((cell) => {
      const s = cell.scores[0]![0]!.sub;
      return s ? AXES.reduce((acc, a) => acc + (w[a] * s[a]) / MAXIMA[a], 0) : 0;
    });
  const defaultMeans = configs.map((_, ci) => mean(reweighted(ci, VARIANTS[5]!.weights)));
  const workflowPairs: [number, number][] = [];
  for (let i = 0; i + 1 < N; i += 2) workflowPairs.push([i, i + 1]);
  const variants = VARIANTS.map((v) => {
    const means = configs.map((_, ci) => mean(reweighted(ci, v.weights)));
    return {
      name: v.name,
      weights: v.weights,
      rho: nr(spearman(means, defaultMeans)),
      r: nr(pearson(means, elos)),
      means: Object.fromEntries(configs.map((c, ci) => [c.id, r(means[ci]!)])),
      effects: workflowPairs.map(([a, b]) => ({
        from: configs[a]!.id,
        to: configs[b]!.id,
        delta: r(means[b]! - means[a]!),
      })),
    };
  });
  const zeroCrossings = workflowPairs.map(([a, b]) => {
    // Δ(w) = (100 − w)·A + w·B is linear in the editability weight w: solve Δ(w) = 0.
    const nonE = Object.fromEntries(
      AXES.map((x) => [x, x === 'E' ? 0 : MAXIMA[x] / (100 - MAXIMA.E)]),
    ) as Record<Axis, number>;
    const da = reweighted(b, nonE);
    const db = reweighted(a, nonE);
    const A = mean(da) - mean(db);
    const B =
      mean(reweighted(b, { T: 0, S: 0, L: 0, E: 1, V: 0 })) -
      mean(reweighted(a, { T: 0, S: 0, L: 0, E: 1, V: 0 }));
    const w = A === B ? null : (100 * A) / (A - B);
    const inside = w !== null && w >= 0 && w <= 100;
    return {
      from: configs[a]!.id,
      to: configs[b]!.id,
      editabilityWeight: inside ? r(w!, 1) : null,
      note: inside
        ? 'sign changes here'
        : w === null
          ? 'parallel: never changes sign'
          : w < 0
            ? 'below 0'
            : 'above 100',
    };
  });

  // 9. audit (Table 15) and effort (Tables 22–23)
  const audit = configs.map((c, ci) => {
    const cs = cells[ci]!.filter((x) => x.status === 'ok');
    const pct = (k: number) => r((100 * k) / Math.max(1, cs.length), 1);
    return {
      configuration: c.id,
      n: cs.length,
      imgPct: pct(cs.filter((x) => x.audit.pictures > 0).length),
      fullPct: pct(cs.filter((x) => x.audit.coverage >= 0.85).length),
      capPct: pct(cs.filter((x) => x.capped).length),
      noConnPct: pct(cs.filter((x) => x.audit.connectors === 0).length),
      medianTexts: median(cs.map((x) => x.audit.textBoxes)) ?? 0,
      medianShapes: median(cs.map((x) => x.audit.shapes)) ?? 0,
      medianConnectors: median(cs.map((x) => x.audit.connectors)) ?? 0,
      structureBelow15Pct: pct(cs.filter((x) => (x.scores[0]![0]!.sub?.S ?? 0) < 15).length),
      below50Pct: pct(cells[ci]!.filter((x) => (x.scores[0]![0]!.final ?? 0) < 50).length),
    };
  });
  const effort = configs.map((c, ci) => {
    const es = cells[ci]!.filter((x) => x.status !== 'missing').map((x) => x.effort);
    const format = c.harness === 'Codex' ? 'codex' : 'claude-code';
    return {
      configuration: c.id,
      n: es.length,
      formats: { [format]: es.length, missing: M - es.length },
      medianTurns: median(es.map((e) => e.turns)),
      medianToolCalls: median(es.map((e) => e.toolCalls)),
      medianOutputTokens: median(es.map((e) => e.outputTokens)),
      medianTotalTokens: median(es.map((e) => e.totalTokens)),
      medianDurationS:
        c.harness === 'Codex' ? null : r((median(es.map((e) => e.durationMs ?? 0)) ?? 0) / 1000, 1),
      costPerArtifact: r(mean(es.map((e) => e.cost)), 4),
      totalCost: r(
        es.reduce((a, e) => a + e.cost, 0),
        2,
      ),
      costEstimated: c.harness === 'Codex',
    };
  });

  // 9b. ReFigBench Table 4 economics on every effect and Table 14 by field, from the rows above
  const effortOf = new Map(effort.map((e) => [e.configuration, e]));
  const change = (a: number | null, b: number | null) => ({
    from: a,
    to: b,
    delta: a !== null && b !== null ? r(b - a, 4) : null,
    ratio: a !== null && b !== null && a > 0 ? r(b / a, 4) : null,
  });
  for (const e of [...pairedEffects, ...harnessEffects]) {
    const f = effortOf.get(e.from);
    const t = effortOf.get(e.to);
    e.economics = {
      medianTurns: change(f?.medianTurns ?? null, t?.medianTurns ?? null),
      costPerArtifact: change(f?.costPerArtifact ?? null, t?.costPerArtifact ?? null),
      costEstimated: Boolean(f?.costEstimated || t?.costEstimated),
    };
  }
  const byField: NonNullable<Leaderboard['byField']> = JUDGES.flatMap((j) => {
    const rows = configurationRows.filter((c) => c.judge === j.id);
    const leader = rows.find((c) => c.rank === 1)!;
    return FIELDS.flatMap((f) => {
      const withField = rows.filter((c) => c.byField[f]);
      if (withField.length === 0) return [];
      const scored = withField.reduce((s, c) => s + c.byField[f]!.n, 0);
      const top = [...withField].sort(
        (a, b) => b.byField[f]!.mean - a.byField[f]!.mean || (a.rank ?? 0) - (b.rank ?? 0),
      )[0]!;
      const lead = leader.byField[f];
      return [
        {
          judge: j.id,
          suite: SUITE,
          field: f,
          tasks: tasks.filter((t) => t.field === f).length,
          configurations: withField.length,
          scored,
          pooledMean: r(
            withField.reduce((s, c) => s + c.byField[f]!.mean * c.byField[f]!.n, 0) / scored,
            4,
          ),
          best: lead ? { configuration: leader.id, mean: lead.mean, n: lead.n } : null,
          fieldBest: { configuration: top.id, mean: top.byField[f]!.mean, n: top.byField[f]!.n },
        },
      ];
    });
  });

  // 10. style track rows for a few extra style-track submissions
  const styleConfigs = configs.slice(0, Math.min(3, N));
  const style = styleConfigs.flatMap((c) =>
    ['augmented', 'hand-curated'].map((split) => {
      const code = r(60 + rng.next() * 30, 1);
      const vision = r(55 + rng.next() * 40, 1);
      const S = r(0.35 * code + 0.65 * vision, 1);
      return {
        configuration: c.id,
        submission: `${c.submission}-style`,
        suite: STYLE_SUITE,
        split,
        n: split === 'augmented' ? 40 : 12,
        S,
        code,
        vision,
        ci: [r(S - 4, 1), r(Math.min(100, S + 4), 1)] as [number, number],
      };
    }),
  );

  // 11. per-task results (primary judge, run 1) for task and submission pages
  const taskRows = tasks.map((t, ti) => ({
    id: t.id,
    suite: SUITE,
    field: t.field,
    results: configs.map((c, ci) => {
      const cell = cells[ci]![ti]!;
      const s = cell.scores[0]![0]!;
      return {
        submission: c.submission,
        configuration: c.id,
        final: s.final,
        subscores: s.sub,
        gate: {
          passed: cell.status === 'ok',
          reason:
            cell.status === 'ok' ? null : cell.status === 'missing' ? 'missing' : 'render-failed',
        },
        cap: cell.capped ? 50 : 100,
      };
    }),
  }));

  const manifests = [
    ...configs.map((c, ci) => ({
      id: c.submission,
      configuration: c.id,
      track: 'refig' as const,
      team: c.team,
      contact: `@team-${ci}`,
      model: configurationRows[ci]!.model,
      harness: { name: c.harness, version: c.harnessVersion },
      workflow: {
        ...c.workflow,
        description:
          ci === 2
            ? '"><script>alert(2)</script> a workflow description with markup'
            : c.workflow.description,
      },
      suite: { name: SUITE, version: '1.0.0' },
      attempts: 1,
      date: '2026-05-01',
      mergedAt: '2026-05-03',
      owners: `@team-${ci}`,
      license: 'CC-BY-4.0',
      links:
        ci === 3
          ? { report: 'javascript:alert(3)' }
          : {
              report: `https://example.org/reports/${c.submission}`,
              code: `https://github.com/example/${c.submission}`,
            },
      sample: c.sample,
    })),
    ...styleConfigs.map((c, ci) => ({
      id: `${c.submission}-style`,
      configuration: c.id,
      track: 'style' as const,
      team: c.team,
      contact: `@team-${ci}`,
      model: configurationRows[ci]!.model,
      harness: { name: c.harness, version: c.harnessVersion },
      workflow: c.workflow,
      suite: { name: STYLE_SUITE, version: '1.0.0' },
      attempts: 1,
      date: '2026-05-02',
      mergedAt: '2026-05-04',
      owners: `@team-${ci}`,
      license: 'MIT',
      links: {},
      sample: c.sample,
    })),
  ].sort((a, b) => a.id.localeCompare(b.id));

  const board = Leaderboard.parse({
    schemaVersion: 1,
    inputsHash: `fixture-seed-${opts.seed ?? 42}-${N}x${M}`,
    generator: { name: 'figboard', version: '0.1.0' },
    rubric: { ...MAXIMA },
    judges: JUDGES.map((j, k) => ({
      id: j.id,
      family: j.family,
      model: j.model,
      runs: j.runs,
      primary: k === 0,
    })),
    primaryJudge: JUDGES[0]!.id,
    suites: [
      {
        name: SUITE,
        version: '1.0.0',
        track: 'refig',
        taskCount: M,
        fields: Object.fromEntries(
          FIELDS.map((f) => [f, tasks.filter((t) => t.field === f).length]),
        ),
      },
      { name: STYLE_SUITE, version: '1.0.0', track: 'style', taskCount: 52, fields: {} },
    ],
    submissions: manifests,
    configurations: configurationRows,
    pairedEffects,
    harnessEffects,
    elo: {
      rows: eloRows,
      order: configs.map((c) => c.id),
      wins,
      ties: tiesM,
      annotations,
      tasks: Math.min(M, 993),
    },
    judgeReliability: { icc, families },
    agreement: { byMargin, byMatchup, kappa, vsElo },
    sensitivity: { judge: JUDGES[0]!.id, variants, zeroCrossings },
    byField,
    audit,
    effort,
    style,
    tasks: taskRows,
  });
  await write('leaderboard.json', `${stableStringify(board, 2)}\n`);

  // 12. suite files and source images
  await write(
    `suites/${SUITE}/suite.json`,
    `${stableStringify(
      SuiteManifest.parse({
        name: SUITE,
        version: '1.0.0',
        track: 'refig',
        description: 'Generated fixture suite for the site tests and benchmark.',
        taskCount: M,
        tasks: tasks.map((t) => t.id),
        licensePolicy: 'Images whose license forbids redistribution are withheld.',
        imageStats: null,
        remote: null,
        sample: false,
      }),
      2,
    )}\n`,
  );
  for (const [ti, t] of tasks.entries()) {
    const png = await drawDiagramPng(t.diagram, t.width, t.height);
    await write(`suites/${SUITE}/${t.id}/source.png`, png);
    const arxiv = ti % 3 !== 2;
    const taskJson = RefigTask.parse({
      id: t.id,
      track: 'refig',
      source: arxiv
        ? {
            kind: 'arxiv',
            arxivId: `2405.${String(10000 + ti).slice(-5)}`,
            version: 'v2',
            title: `A Generated Method Overview ${ti + 1}`,
            authors: ['A. Author', 'B. Author'],
            published: '2024-05-01',
            primaryCategory: t.field,
            categories: [t.field],
            abstractUrl: `https://arxiv.org/abs/2405.${String(10000 + ti).slice(-5)}v2`,
            pdfUrl: `https://arxiv.org/pdf/2405.${String(10000 + ti).slice(-5)}v2`,
            sourceUrl: `https://arxiv.org/e-print/2405.${String(10000 + ti).slice(-5)}v2`,
          }
        : {
            kind: 'repository',
            repository: 'example/figures',
            path: `figures/${t.id}.png`,
            commit: '0123456789abcdef0123456789abcdef01234567',
            url: `https://github.com/example/figures/blob/0123456789abcdef0123456789abcdef01234567/figures/${t.id}.png`,
            title: `Repository figure ${ti + 1}`,
          },
      license: t.redistributable
        ? {
            name: 'CC BY 4.0',
            url: 'https://creativecommons.org/licenses/by/4.0/',
            redistributable: true,
          }
        : {
            name: 'arXiv non-exclusive license',
            url: 'https://arxiv.org/licenses/nonexclusive-distrib/1.0/license.html',
            redistributable: false,
          },
      caption: `Figure ${ti + 1}: overview of the generated method <b>with</b> markup in the caption.`,
      label: `fig:overview-${ti + 1}`,
      sourcePath: `figures/overview-${ti + 1}.png`,
      field: t.field,
      image: {
        file: 'source.png',
        sha256: '0'.repeat(64),
        format: 'png',
        width: t.width,
        height: t.height,
        bytes: png.length,
        megapixels: r((t.width * t.height) / 1e6, 3),
      },
      selection: {
        score: r(0.6 + rng.next() * 0.4, 3),
        evidence: ['caption mentions "overview"', 'diagram-like colour histogram'],
      },
      hasTruth: false,
    });
    await write(`suites/${SUITE}/${t.id}/task.json`, `${stableStringify(taskJson, 2)}\n`);
  }

  // 13. submissions: manifest, renders, artifact + effort records
  for (const [ci, c] of configs.entries()) {
    const manifest = manifests.find((m) => m.id === c.submission)!;
    const yml = SubmissionManifest.parse({
      id: manifest.id,
      track: manifest.track,
      suite: manifest.suite,
      team: manifest.team,
      contact: manifest.contact,
      model: {
        name: c.model,
        provider: c.provider,
        snapshot: manifest.model.snapshot,
        ...(manifest.model.reasoningEffort
          ? { reasoningEffort: manifest.model.reasoningEffort }
          : {}),
      },
      harness: manifest.harness,
      workflow: manifest.workflow,
      attempts: 1,
      date: manifest.date,
      license: manifest.license,
      links: Object.fromEntries(
        Object.entries(manifest.links).filter(([, v]) => /^https:/.test(v)),
      ),
      sample: manifest.sample,
    });
    await write(
      `submissions/${c.submission}/submission.yml`,
      toYaml(yml, { sortMapEntries: true }),
    );
    const artifactLines: string[] = [];
    const effortLines: string[] = [];
    for (const [ti, t] of tasks.entries()) {
      const cell = cells[ci]![ti]!;
      if (cell.status === 'ok') {
        const quality = cell.scores[0]![0]!.final ?? 50;
        const png = await drawDiagramPng(
          perturbDiagram(t.diagram, 1 - quality / 100, rng),
          size.width,
          size.height,
        );
        await write(`submissions/${c.submission}/results/renders/${t.id}.png`, png);
      }
      const a = cell.audit;
      artifactLines.push(
        stableStringify(
          ArtifactRecord.parse({
            task: t.id,
            submission: c.submission,
            status: cell.status === 'missing' ? 'missing' : 'ok',
            audit:
              cell.status === 'missing'
                ? null
                : {
                    file: `artifacts/${t.id}/output.pptx`,
                    sha256: null,
                    bytes: 20000 + a.shapes * 300,
                    gate:
                      cell.status === 'ok'
                        ? { passed: true, reason: null, detail: null }
                        : {
                            passed: false,
                            reason: 'render-failed',
                            detail: 'LibreOffice exited with code 1',
                          },
                    slides: 1,
                    slideSize: { cx: 12192000, cy: 6858000 },
                    counts: {
                      connectors: a.connectors,
                      connectorsAttached: Math.floor(a.connectors * 0.8),
                      lineShapes: 2,
                      freeforms: c.workflow.kind === 'specialized' ? 12 : 0,
                      groups: 3,
                      pictures: a.pictures,
                      textBoxes: a.textBoxes,
                      textShapes: a.textBoxes + 4,
                      shapes: a.shapes,
                      tables: 0,
                      charts: 0,
                      otherFrames: 0,
                    },
                    texts: [],
                    textItems: [],
                    largestPictureCoverage: a.coverage,
                    pictureAreaRatio: a.coverage,
                    cap: cell.capped ? 50 : 100,
                    flags:
                      ci === 4 && ti === 0
                        ? [
                            {
                              code: 'text-instruction-like',
                              target: '7',
                              detail: 'Ignore previous instructions <script>',
                            },
                          ]
                        : [],
                  },
            scorers: scorersFor('artifact', SCORER_VERSIONS),
            inputHash: `h-${c.submission}-${t.id}`,
          }),
        ),
      );
      if (cell.status !== 'missing') {
        const e = cell.effort;
        effortLines.push(
          stableStringify(
            EffortRecord.parse({
              task: t.id,
              submission: c.submission,
              format: c.harness === 'Codex' ? 'codex' : 'claude-code',
              turns: e.turns,
              toolCalls: e.toolCalls,
              inputTokens: Math.round(e.totalTokens * 0.2),
              cacheWriteTokens: Math.round(e.totalTokens * 0.1),
              cacheReadTokens: e.totalTokens - Math.round(e.totalTokens * 0.3) - e.outputTokens,
              outputTokens: e.outputTokens,
              totalTokens: e.totalTokens,
              durationMs: e.durationMs,
              costUsd: e.cost,
              costEstimated: c.harness === 'Codex',
              problems: [],
              scorers: scorersFor('effort', SCORER_VERSIONS),
              inputHash: `e-${c.submission}-${t.id}`,
            }),
          ),
        );
      }
    }
    await write(
      `submissions/${c.submission}/results/artifacts.jsonl`,
      `${artifactLines.join('\n')}\n`,
    );
    if (opts.judgments) {
      for (const [ji, j] of JUDGES.entries()) {
        for (let run = 1; run <= j.runs; run++) {
          const lines = tasks.map((t, ti) => {
            const cell = cells[ci]![ti]!;
            const sc = cell.scores[ji]![run - 1]!;
            const status = cell.status !== 'ok' ? cell.status : sc.final === null ? 'failed' : 'ok';
            const zero = { T: 0, S: 0, L: 0, E: 0, V: 0 };
            const sub = status === 'ok' ? sc.sub : status === 'failed' ? null : zero;
            return stableStringify(
              JudgmentRecord.parse({
                task: t.id,
                submission: c.submission,
                judge: j.id,
                family: j.family,
                model: j.model,
                run,
                status,
                gate:
                  cell.status === 'ok'
                    ? { passed: true, reason: null }
                    : {
                        passed: false,
                        reason: cell.status === 'missing' ? 'missing' : 'render-failed',
                      },
                cap: cell.capped ? 50 : 100,
                subscores: sub,
                rubric: { ...MAXIMA },
                total: sub
                  ? r(
                      AXES.reduce((a, k) => a + sub[k], 0),
                      2,
                    )
                  : null,
                final: status === 'failed' ? null : status === 'ok' ? sc.final : 0,
                errors: { major: [], minor: [] },
                editability: '',
                reason: 'generated fixture',
                evidence: {},
                usage: null,
                failure:
                  status === 'failed'
                    ? { code: 'invalid-reply', message: 'generated judge failure' }
                    : null,
                scorers: scorersFor(judgmentKind(j.id), SCORER_VERSIONS),
                inputHash: `j-${c.submission}-${t.id}-${j.id}-${run}`,
              }),
            );
          });
          await write(
            `submissions/${c.submission}/results/judgments/${j.id}/run-${run}.jsonl`,
            `${lines.join('\n')}\n`,
          );
        }
      }
    }
    await write(`submissions/${c.submission}/results/effort.jsonl`, `${effortLines.join('\n')}\n`);
  }

  const hostile = configs[1]!;
  return {
    outDir: opts.outDir,
    configurations: configs.map((c) => c.id),
    submissions: manifests.map((m) => m.id),
    tasks: tasks.map((t) => t.id),
    suite: SUITE,
    hostileSubmission: hostile.submission,
    hostileTeam: hostile.team,
    withheldTasks: tasks.filter((t) => !t.redistributable).map((t) => t.id),
    files,
  };
}

function nr(x: number | null): number | null {
  return x === null ? null : r(x, 3);
}
