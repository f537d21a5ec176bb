/**
 * Seeded generator of a leaderboard data set shaped like ReFigBench: configurations (model,
 * harness, workflow) × tasks × judges × runs of judgment records, artifact audits, effort records
 * and blinded pairwise annotations, written as a real repository tree (suites/, submissions/,
 * annotations/) that `refig leaderboard` reads. Used by `bench/leaderboard.ts` (10 × 1,000 × 2 × 3
 * + 4,270 annotations over 993 tasks) and, small, by the leaderboard tests.
 *
 * Synthetic data only: the numbers mean nothing beyond exercising the statistics.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { AXES, DEFAULT_RUBRIC } from '../evaluator/src/judge/rubric.ts';
import {
  artifactRecord,
  effortRecord,
  judgmentRecord,
} from '../evaluator/src/records/record-factory.testkit.ts';
import { RESULTS_DIR, runFilePath } from '../evaluator/src/results/results-layout.ts';
import { createRng, type Rng } from '../evaluator/src/stats/create-rng.ts';

export interface GeneratorOptions {
  seed: number;
  tasks: number;
  /** How many of the ten ReFigBench-like configurations to use (2–10). */
  configurations: number;
  /** Judges: `metric`-like ids with a family each; runs per judge. */
  judges: { id: string; family: string; model: string; leniency: number }[];
  runs: number;
  annotations: number;
  annotatedTasks: number;
  suite?: string;
}

/** The ten configurations of ReFigBench Table 11 with a latent quality (Table 12 means). */
const CONFIGS = [
  {
    model: 'GPT-5.5',
    harness: 'codex',
    workflow: 'pptx-skill',
    kind: 'specialized',
    quality: 77.4,
  },
  {
    model: 'GPT-5.5',
    harness: 'claude-code',
    workflow: 'python-pptx',
    kind: 'direct',
    quality: 75.6,
  },
  { model: 'GPT-5.5', harness: 'codex', workflow: 'python-pptx', kind: 'direct', quality: 74.2 },
  {
    model: 'GPT-5.5',
    harness: 'claude-code',
    workflow: 'pptx-skill',
    kind: 'specialized',
    quality: 73.4,
  },
  {
    model: 'Claude Opus 4.6',
    harness: 'claude-code',
    workflow: 'python-pptx',
    kind: 'direct',
    quality: 69.4,
  },
  {
    model: 'Claude Opus 4.6',
    harness: 'claude-code',
    workflow: 'pptx-skill',
    kind: 'specialized',
    quality: 66.4,
  },
  {
    model: 'MiniMax-M3',
    harness: 'claude-code',
    workflow: 'pptx-skill',
    kind: 'specialized',
    quality: 66.1,
  },
  {
    model: 'MiniMax-M3',
    harness: 'claude-code',
    workflow: 'python-pptx',
    kind: 'direct',
    quality: 66.1,
  },
  {
    model: 'MiMo-v2.5',
    harness: 'claude-code',
    workflow: 'python-pptx',
    kind: 'direct',
    quality: 63.4,
  },
  {
    model: 'MiMo-v2.5',
    harness: 'claude-code',
    workflow: 'pptx-skill',
    kind: 'specialized',
    quality: 61.0,
  },
] as const;

const FIELDS = ['cs.AI', 'cs.CL', 'cs.CV', 'cs.LG'] as const;
const FIELD_SHARE = [0.081, 0.183, 0.464, 0.272];
// The rubric the generated judgments are scored under: the evaluator's one definition.
const MAXIMA = DEFAULT_RUBRIC;

function normal(rng: Rng): number {
  // Box–Muller; 1 − u keeps log away from 0.
  const u = 1 - rng.next();
  const v = rng.next();
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
}

const clamp = (x: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, x));
const slug = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^a-z0-9.]+/g, '-')
    .replace(/^-+|-+$/g, '');

/** Submission ids the generator writes, in configuration order. */
export function generatedSubmissionIds(count: number): string[] {
  return CONFIGS.slice(0, count).map((c) => `${slug(c.model)}-${c.harness}-${c.kind}`);
}

/** Writes the data set below `root` (suites/, submissions/, annotations/). */
export async function generateLeaderboardData(root: string, o: GeneratorOptions): Promise<void> {
  const rng = createRng(o.seed);
  const suite = o.suite ?? 'refig-bench';
  const tasks = Array.from({ length: o.tasks }, (_, i) => `fig-${String(i).padStart(5, '0')}`);
  const configs = CONFIGS.slice(0, o.configurations);
  const ids = generatedSubmissionIds(o.configurations);

  // Suite: manifest and one task.json per task (only `field` matters to the board).
  const suiteDir = join(root, 'suites', suite);
  await mkdir(suiteDir, { recursive: true });
  await writeFile(
    join(suiteDir, 'suite.json'),
    `${JSON.stringify({ name: suite, version: '1.0.0', track: 'refig', description: 'synthetic benchmark suite', taskCount: tasks.length, tasks, licensePolicy: 'synthetic', imageStats: null, remote: null, sample: false }, null, 2)}\n`,
  );
  const difficulty: number[] = [];
  for (const t of tasks) {
    const u = rng.next();
    let f = 0;
    for (let acc = FIELD_SHARE[0]!; f < 3 && u > acc; acc += FIELD_SHARE[++f]!);
    difficulty.push(normal(rng) * 7 - (FIELDS[f] === 'cs.CV' ? 2 : 0));
    await mkdir(join(suiteDir, t), { recursive: true });
    await writeFile(
      join(suiteDir, t, 'task.json'),
      `${JSON.stringify({ id: t, track: 'refig', field: FIELDS[f] })}\n`,
    );
  }

  // Submissions: manifest, artifacts, effort, judgments.
  const quality: number[][] = []; // [config][task] latent score
  for (const [c, cfg] of configs.entries()) {
    const id = ids[c]!;
    const dir = join(root, 'submissions', id);
    await mkdir(join(dir, 'results'), { recursive: true });
    await writeFile(
      join(dir, 'submission.yml'),
      [
        `id: ${id}`,
        'track: refig',
        `suite: { name: ${suite}, version: "1.0.0" }`,
        'team: Synthetic Bench Team',
        'contact: bench@example.org',
        `model: { name: "${cfg.model}", provider: synthetic, snapshot: "${slug(cfg.model)}-2026-01-01", reasoningEffort: high }`,
        `harness: { name: ${cfg.harness}, version: "1.0.0" }`,
        `workflow: { name: ${cfg.workflow}, kind: ${cfg.kind}, description: "synthetic" }`,
        'attempts: 1',
        'date: "2026-01-15"',
        'license: CC-BY-4.0',
        '',
      ].join('\n'),
    );
    const q = tasks.map((_, t) => clamp(cfg.quality + difficulty[t]! + normal(rng) * 5, 0, 100));
    quality.push(q);
    const status = tasks.map(() => {
      const u = rng.next();
      return u < 0.008 ? 'missing' : u < 0.012 ? 'gate-failed' : u < 0.014 ? 'capped' : 'ok';
    });
    const specialized = cfg.kind === 'specialized';
    const artifacts: string[] = [];
    const effort: string[] = [];
    tasks.forEach((task, t) => {
      const st = status[t];
      const connectors = specialized
        ? rng.next() < 0.92
          ? 0
          : 1 + rng.int(5)
        : rng.next() < 0.08
          ? 0
          : 10 + rng.int(40);
      const pictures = rng.next() < (specialized ? 0.08 : 0.03) ? 1 : 0;
      const coverage = st === 'capped' ? 0.95 : pictures ? 0.1 + 0.3 * rng.next() : 0;
      const counts = {
        connectors,
        connectorsAttached: Math.floor(connectors * 0.8),
        lineShapes: rng.int(6),
        freeforms: specialized ? 20 + rng.int(60) : rng.int(4),
        groups: rng.int(5),
        pictures: st === 'capped' ? 1 : pictures,
        textBoxes: 15 + rng.int(12),
        textShapes: 18 + rng.int(14),
        shapes: 30 + rng.int(70),
        tables: 0,
        charts: 0,
        otherFrames: 0,
      };
      artifacts.push(
        JSON.stringify(
          artifactRecord({
            task,
            submission: id,
            missing: st === 'missing',
            ...(st === 'gate-failed'
              ? { gateFailed: { reason: 'multiple-slides', detail: 'the deck has 2 slides' } }
              : {}),
            sha256: (t * 2654435761 + c).toString(16).padStart(64, '0').slice(-64),
            ...(st === 'missing' ? {} : { bytes: 30000 + rng.int(40000) }),
            counts,
            largestPictureCoverage: coverage,
            cap: st === 'capped' ? 50 : 100,
            inputHash: `h-${c}-${t}`,
          }),
        ),
      );
      const claude = cfg.harness === 'claude-code';
      const turns = Math.round((specialized ? 30 : 14) * Math.exp(normal(rng) * 0.35));
      const out = Math.round((specialized ? 40000 : 20000) * Math.exp(normal(rng) * 0.4));
      const input = Math.round(out * 20 * Math.exp(normal(rng) * 0.3));
      effort.push(
        JSON.stringify(
          st === 'missing'
            ? effortRecord({ task, submission: id, format: 'missing', inputHash: `e-${c}-${t}` })
            : effortRecord({
                task,
                submission: id,
                format: claude ? 'claude-code' : 'codex',
                turns,
                toolCalls: Math.round(turns * 0.55),
                inputTokens: Math.round(input * 0.05),
                cacheWriteTokens: claude ? Math.round(input * 0.15) : 0,
                cacheReadTokens: Math.round(input * 0.8),
                outputTokens: out,
                durationMs: claude ? Math.round(turns * 25000 * Math.exp(normal(rng) * 0.3)) : null,
                costUsd: Math.round(((input * 1.5 + out * 12) / 1e6) * 1e4) / 1e4,
                costEstimated: !claude,
                inputHash: `e-${c}-${t}`,
              }),
        ),
      );
    });
    await writeFile(join(dir, 'results', 'artifacts.jsonl'), `${artifacts.join('\n')}\n`);
    await writeFile(join(dir, 'results', 'effort.jsonl'), `${effort.join('\n')}\n`);

    // Specialized workflows trade editability for fidelity, as in ReFigBench Table 13.
    const axisShift = specialized
      ? { T: 0.05, S: 0.0, L: 0.02, E: -0.11, V: 0.03 }
      : { T: 0, S: 0, L: 0, E: 0, V: 0 };
    for (const judge of o.judges) {
      for (let run = 1; run <= o.runs; run++) {
        const lines = tasks.map((task, t) => {
          const st = status[t];
          const spec = {
            task,
            submission: id,
            judge: { id: judge.id, family: judge.family, model: judge.model },
            run,
            inputHash: `j-${judge.id}-${run}-${c}-${t}`,
          };
          if (st === 'missing') return judgmentRecord({ ...spec, verdict: 'missing' });
          if (st === 'gate-failed') return judgmentRecord({ ...spec, verdict: 'gate-failed' });
          if (rng.next() < 0.002)
            return judgmentRecord({
              ...spec,
              verdict: 'failed',
              failure: { code: 'invalid-reply', message: 'no valid JSON after 5 attempts' },
            });
          const level = clamp((q[t]! + judge.leniency + normal(rng) * 3) / 100, 0, 1);
          const subscores = Object.fromEntries(
            AXES.map((a) => [
              a,
              Math.round(clamp(level + axisShift[a] + normal(rng) * 0.06, 0, 1) * MAXIMA[a]),
            ]),
          ) as Record<(typeof AXES)[number], number>;
          return judgmentRecord({ ...spec, verdict: subscores, cap: st === 'capped' ? 50 : 100 });
        });
        await mkdir(join(dir, 'results', 'judgments', judge.id), { recursive: true });
        await writeFile(
          join(dir, RESULTS_DIR, runFilePath(judge.id, run)),
          `${lines.map((l) => JSON.stringify(l)).join('\n')}\n`,
        );
      }
    }
  }

  // Annotations: blinded pairs on a subset of tasks; BT outcomes from the latent scores, ties
  // when the two artifacts are close.
  const annotated = tasks.slice(0, Math.min(o.annotatedTasks, tasks.length));
  const lines: string[] = [];
  const annotators = Array.from(
    { length: 12 },
    (_, i) => `annotator-${String(i + 1).padStart(2, '0')}`,
  );
  for (let k = 0; k < o.annotations; k++) {
    const t = k < annotated.length ? k : rng.int(annotated.length);
    const a = rng.int(configs.length);
    const b = (a + 1 + rng.int(configs.length - 1)) % configs.length;
    const diff = (quality[a]![t]! - quality[b]![t]!) / 6;
    const u = rng.next();
    const tie = Math.abs(diff) < 0.4 && u < 0.5;
    const choice = tie ? 'tie' : rng.next() < 1 / (1 + Math.exp(-diff)) ? 'A' : 'B';
    const minutes = k * 3;
    lines.push(
      JSON.stringify({
        task: annotated[t],
        a: ids[a],
        b: ids[b],
        shownOrder: rng.next() < 0.5 ? 'AB' : 'BA',
        choice,
        tieKind:
          choice === 'tie' ? (quality[a]![t]! > 60 ? 'shared-success' : 'shared-failure') : null,
        reason: choice === 'tie' ? 'both equally faithful' : 'closer to the source structure',
        annotator: annotators[rng.int(annotators.length)],
        time: new Date(Date.UTC(2026, 2, 1) + minutes * 60000).toISOString(),
      }),
    );
  }
  await mkdir(join(root, 'annotations'), { recursive: true });
  await writeFile(join(root, 'annotations', 'synthetic.jsonl'), `${lines.join('\n')}\n`);
}
