import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { stringify as toYaml } from 'yaml';
import { buildLeaderboard } from '@figboard/evaluator/leaderboard';
import { RESULT_FILES, RESULTS_DIR, runFilePath } from '@figboard/evaluator/results';
import { loadLeaderboardInputs } from '@figboard/evaluator/leaderboard';
import { writeLeaderboard } from '@figboard/evaluator/leaderboard';
import {
  Annotation,
  ArtifactRecord,
  EffortRecord,
  JudgmentRecord,
  RefigTask,
  SubmissionManifest,
  SuiteManifest,
  type Field,
} from '@figboard/evaluator/schemas';
import { judgmentKind, scorersFor } from '@figboard/evaluator/scorers';
import { SCORER_VERSIONS } from '@figboard/evaluator/scorers';
import { AXES, DEFAULT_RUBRIC } from '@figboard/evaluator/judge';
import { stableStringify } from '@figboard/evaluator/util';
import { drawDiagramPng, perturbDiagram, randomDiagram } from './draw-diagram-png.ts';
import { generateStyleFixture, type StyleFixtureSummary } from './generate-style-fixture.ts';
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
  /** Style-track configurations (default 4, at most 4; 0 = no style track). */
  styleConfigurations?: number;
  /** References in the style suite (default 5). */
  styleTasks?: number;
  /** Write human style pairs (default true; false = the board's "no annotations" state). */
  styleAnnotations?: boolean;
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
  /** The style suite, its submissions and the style pairs written (null with no style track). */
  style: StyleFixtureSummary | null;
  files: number;
}

export const HOSTILE_TEAM = '<img src=x onerror=alert(1)>';
const SUITE = 'refig-bench';
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

/** Rounds to `digits` decimals (keeps generated files short and stable). */
const r = (x: number, digits = 2): number => {
  const f = 10 ** digits;
  const v = Math.round(x * f) / f;
  return Object.is(v, -0) ? 0 : v;
};

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
  const cells: Cell[][] = configs.map((c, ci) =>
    tasks.map((t, ti) => {
      const u = rng.next();
      const status: Cell['status'] = u < 0.01 ? 'missing' : u < 0.03 ? 'gate-failed' : 'ok';
      // one capped artifact always (the last configuration's first task), a few more at random
      const capped = status === 'ok' && (rng.next() < 0.004 || (ci === N - 1 && ti === 0));
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

  const manifests = [
    ...configs.map((c, ci) => ({
      id: c.submission,
      configuration: c.id,
      track: 'refig' as const,
      team: c.team,
      contact: `@team-${ci}`,
      model: {
        name: c.model,
        provider: c.provider,
        snapshot: `${slug(c.model)}-2026-04-01`,
        reasoningEffort: c.provider === 'openai' ? ('high' as const) : null,
      },
      harness: { name: c.harness, version: c.harnessVersion },
      workflow: {
        ...c.workflow,
        description:
          ci === 2
            ? '"><script>alert(2)</script> a workflow description with markup'
            : c.workflow.description,
      },
      suite: { name: SUITE, version: '1.0.0' },
      // with five or more configurations the last one reports best-of-3 attempts: shown, not ranked
      attempts: N >= 5 && ci === N - 1 ? 3 : 1,
      date: '2026-05-01',
      mergedAt: '2026-05-03',
      owners: `@team-${ci}`,
      license: 'CC-BY-4.0',
      links: {
        report: `https://example.org/reports/${c.submission}`,
        code: `https://github.com/example/${c.submission}`,
      },
      sample: c.sample,
    })),
  ].sort((a, b) => a.id.localeCompare(b.id));

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
      // A verified suite: the metric judge ranks only tasks with checked truth (the fixture's
      // truth is the generator's own diagram; its file is not written, the board reads this flag).
      hasTruth: true,
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
      attempts: manifest.attempts,
      date: manifest.date,
      license: manifest.license,
      links: manifest.links,
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
      `submissions/${c.submission}/${RESULTS_DIR}/${RESULT_FILES.artifacts}`,
      `${artifactLines.join('\n')}\n`,
    );
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
              // The fixture's suite has truth for every task: metric verdicts rest on it.
              ...(j.family === 'metric' ? { reference: 'checked-truth' } : {}),
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
          `submissions/${c.submission}/${RESULTS_DIR}/${runFilePath(j.id, run)}`,
          `${lines.join('\n')}\n`,
        );
      }
    }
    await write(
      `submissions/${c.submission}/${RESULTS_DIR}/${RESULT_FILES.effort}`,
      `${effortLines.join('\n')}\n`,
    );
  }

  // 14. human pairwise annotations (blinded A/B choices) between refig submissions on shared
  // tasks, decided by the primary judge's run-1 finals with annotator noise: Elo, agreement
  const annotationLines: string[] = [];
  let minute = 0;
  for (const [ti, t] of tasks.entries()) {
    for (let a = 0; a < configs.length; a++) {
      for (let b = a + 1; b < configs.length; b++) {
        if (rng.next() > 0.6) continue;
        const fa = cells[a]![ti]!.scores[0]![0]!.final ?? 0;
        const fb = cells[b]![ti]!.scores[0]![0]!.final ?? 0;
        const d = fa - fb + rng.normal() * 6;
        const choice = Math.abs(d) < 2 ? 'tie' : d > 0 ? 'A' : 'B';
        const flip = rng.next() < 0.5;
        annotationLines.push(
          stableStringify(
            Annotation.parse({
              task: t.id,
              a: flip ? configs[b]!.submission : configs[a]!.submission,
              b: flip ? configs[a]!.submission : configs[b]!.submission,
              shownOrder: rng.next() < 0.5 ? 'AB' : 'BA',
              choice: choice === 'tie' ? 'tie' : (choice === 'A') !== flip ? 'A' : 'B',
              tieKind:
                choice === 'tie' ? (fa + fb >= 100 ? 'shared-success' : 'shared-failure') : null,
              reason: 'generated fixture judgment',
              annotator: `annotator-${(ti + a + b) % 3}`,
              time: new Date(Date.UTC(2026, 4, 10, 9, 0) + 60_000 * minute++).toISOString(),
            }),
          ),
        );
      }
    }
  }
  await write('annotations/fixture.jsonl', `${annotationLines.join('\n')}\n`);

  // 15. the style track: a style suite, style entries with records, human style pairs
  const styleN = opts.styleConfigurations ?? 4;
  const style =
    styleN > 0
      ? await generateStyleFixture(write, {
          seed: opts.seed ?? 42,
          configurations: styleN,
          tasks: opts.styleTasks ?? 5,
          annotations: opts.styleAnnotations ?? true,
        })
      : null;
  const owned = [
    ...manifests.map((m) => ({ id: m.id, mergedAt: m.mergedAt, sample: m.sample })),
    ...(style?.submissions ?? []).map((id) => ({ id, mergedAt: '2026-05-03', sample: false })),
  ];

  // 16. who owns each folder and when it was merged (written on merge in the repository)
  await write(
    'submissions/OWNERSHIP.json',
    `${stableStringify(
      {
        schemaVersion: 1,
        submissions: Object.fromEntries(
          owned.map((m, k) => [
            m.id,
            {
              commit: '0123456789abcdef0123456789abcdef01234567',
              firstMerge: k + 1,
              firstMergedAt: m.mergedAt,
              merge: k + 1,
              mergedAt: m.mergedAt,
              owners: m.sample ? ['maintainers'] : [{ id: 1000 + k, login: `team-${k}` }],
            },
          ]),
        ),
      },
      2,
    )}\n`,
  );

  // 17. the board: exactly what `refig leaderboard` publishes from these records
  const inputs = await loadLeaderboardInputs({
    submissionsDir: join(opts.outDir, 'submissions'),
    suitesDir: join(opts.outDir, 'suites'),
    annotationsDir: join(opts.outDir, 'annotations'),
  });
  const { leaderboard } = buildLeaderboard(inputs, {
    primaryJudge: JUDGES[0]!.id,
    judges: JUDGES.map((j) => ({ id: j.id, family: j.family, model: j.model, runs: j.runs })),
    rubric: { ...MAXIMA },
    generatorVersion: '0.1.0',
  });
  await writeLeaderboard(join(opts.outDir, 'leaderboard.json'), leaderboard);
  files++;

  const hostile = configs[1]!;
  return {
    outDir: opts.outDir,
    // the board's ids: a best-of-n entry is its own configuration (`…__best-of-n`)
    configurations: configs.map((c) => {
      const n = manifests.find((m) => m.id === c.submission)!.attempts;
      return n > 1 ? `${c.id}__best-of-${n}` : c.id;
    }),
    submissions: manifests.map((m) => m.id),
    tasks: tasks.map((t) => t.id),
    suite: SUITE,
    hostileSubmission: hostile.submission,
    hostileTeam: hostile.team,
    withheldTasks: tasks.filter((t) => !t.redistributable).map((t) => t.id),
    style,
    files,
  };
}
