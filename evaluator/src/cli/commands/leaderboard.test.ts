import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { testdir, type TestdirTree } from '../../../../test/support/testdir.ts';
import {
  artifactRecord,
  effortRecord,
  judgmentRecord,
} from '../../records/record-factory.testkit.ts';
import type { JudgeSettings } from '../../schemas/judgment-record.schema.ts';
import { Leaderboard } from '../../schemas/leaderboard.schema.ts';
import { scorersFor } from '../../scorers/record-scorers.ts';
import { SCORER_VERSIONS } from '../../scorers/scorer-registry.ts';
import { main } from '../main.ts';
import { silentProgress } from '../../util/progress.ts';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

type Axes = { T: number; S: number; L: number; E: number; V: number };

/** One judgment record line, as the evaluate pipeline writes it. */
function judgment(
  submission: string,
  task: string,
  judge: string,
  run: number,
  status: 'ok' | 'gate-failed' | 'missing' | 'failed',
  axes?: Axes,
  cap = 100,
): string {
  const family = judge === 'metric' ? 'metric' : 'openai';
  const model = judge === 'metric' ? 'figboard-metric' : `${judge}-model`;
  // The settings refig evaluate records for the metric judge and for an LLM judge of figboard.yml.
  const settings: JudgeSettings =
    judge === 'metric'
      ? { noTruth: false, ocrLanguage: 'eng', ocrMinConfidence: 60 }
      : {
          model,
          server: 'openai',
          reasoningEffort: null,
          thinking: null,
          temperature: null,
          maxOutputTokens: null,
        };
  return JSON.stringify(
    judgmentRecord({
      task,
      submission,
      judge: { id: judge, family, model },
      run,
      verdict: status === 'ok' ? axes! : status,
      cap,
      failure: { code: 'invalid-reply', message: 'no valid reply after 5 attempts' },
      settings,
      // The metric judge ranks only against checked truth; these tasks are taken to have it.
      reference: 'checked-truth',
    }),
  );
}

function artifact(
  submission: string,
  task: string,
  opts: {
    missing?: boolean;
    gateFailed?: boolean;
    connectors?: number;
    pictures?: number;
    coverage?: number;
    textBoxes?: number;
    shapes?: number;
    freeforms?: number;
  } = {},
): string {
  return JSON.stringify(
    artifactRecord({
      task,
      submission,
      missing: opts.missing ?? false,
      ...(opts.gateFailed ? { gateFailed: { reason: 'multiple-slides', detail: '2 slides' } } : {}),
      counts: {
        connectors: opts.connectors ?? 0,
        connectorsAttached: opts.connectors ?? 0,
        freeforms: opts.freeforms ?? 0,
        pictures: opts.pictures ?? 0,
        textBoxes: opts.textBoxes ?? 0,
        textShapes: opts.textBoxes ?? 0,
        shapes: opts.shapes ?? 0,
      },
      largestPictureCoverage: opts.coverage ?? 0,
    }),
  );
}

function effort(
  submission: string,
  task: string,
  format: 'claude-code' | 'codex',
  turns: number,
  cost: number,
): string {
  return JSON.stringify(
    effortRecord({
      task,
      submission,
      format,
      turns,
      toolCalls: turns - 1,
      inputTokens: 100,
      cacheWriteTokens: format === 'codex' ? 0 : 1000,
      cacheReadTokens: 5000,
      outputTokens: 2000,
      durationMs: format === 'codex' ? null : turns * 10000,
      costUsd: cost,
      costEstimated: format === 'codex',
      inputHash: 'e',
    }),
  );
}

function manifest(
  id: string,
  model: string,
  harness: string,
  workflow: string,
  kind: string,
  suite = 'mini',
  track = 'refig',
): string {
  return [
    `id: ${id}`,
    `track: ${track}`,
    `suite: { name: ${suite}, version: "1" }`,
    'team: Test Team',
    'contact: test@example.org',
    `model: { name: "${model}", provider: test, snapshot: "${model}-2026" }`,
    `harness: { name: ${harness}, version: "1.0" }`,
    `workflow: { name: ${workflow}, kind: ${kind} }`,
    'attempts: 1',
    'date: "2026-02-01"',
    'license: MIT',
    '',
  ].join('\n');
}

const lines = (...l: string[]) => `${l.join('\n')}\n`;
const A = (T: number, S: number, L: number, E: number, V: number): Axes => ({ T, S, L, E, V });

/** Annotation line. */
function ann(
  task: string,
  a: string,
  b: string,
  choice: 'A' | 'B' | 'tie',
  annotator = 'ann-1',
): string {
  return JSON.stringify({
    task,
    a,
    b,
    shownOrder: 'AB',
    choice,
    tieKind: choice === 'tie' ? 'shared-success' : null,
    reason: 'r',
    annotator,
    time: '2026-03-01T10:00:00Z',
  });
}

/** A small repository: 4-task refig suite, 3 configurations (+1 broken), 1 style entry. */
function repository(): TestdirTree {
  const suite = JSON.stringify({
    name: 'mini',
    version: '1',
    track: 'refig',
    description: 'test',
    taskCount: 4,
    tasks: ['t1', 't2', 't3', 't4'],
    licensePolicy: 'test',
    imageStats: null,
  });
  const gpt = (sub: string, task: string, run: number, axes: Axes) =>
    judgment(sub, task, 'gpt', run, 'ok', { ...axes, T: Math.min(20, axes.T + run) });
  return {
    'suites/mini/suite.json': suite,
    'suites/mini/t1/task.json': JSON.stringify({ id: 't1', field: 'cs.CV', hasTruth: true }),
    'suites/mini/t2/task.json': JSON.stringify({ id: 't2', field: 'cs.CL', hasTruth: true }),
    'suites/mini/t3/task.json': JSON.stringify({ id: 't3', field: 'cs.CV', hasTruth: true }),
    // t4 has no task.json: counted, field unknown, reported
    'suites/style-mini/suite.json': JSON.stringify({
      name: 'style-mini',
      version: '1',
      track: 'style',
      description: 'test',
      taskCount: 2,
      tasks: ['s1', 's2'],
      licensePolicy: 'test',
      imageStats: null,
    }),
    'suites/style-mini/s1/task.json': JSON.stringify({ id: 's1', split: 'hand-curated' }),
    'suites/style-mini/s2/task.json': JSON.stringify({ id: 's2', split: 'augmented' }),

    'submissions/acme-direct/submission.yml': manifest(
      'acme-direct',
      'Model X',
      'claude-code',
      'python-pptx',
      'direct',
    ),
    'submissions/acme-direct/results/judgments/metric/run-1.jsonl': lines(
      judgment('acme-direct', 't1', 'metric', 1, 'ok', A(10, 15, 8, 20, 5)),
      judgment('acme-direct', 't2', 'metric', 1, 'ok', A(15, 24, 12, 22, 8)),
      judgment('acme-direct', 't3', 'metric', 1, 'gate-failed'),
      // t4: no record at all → missing, scored 0
    ),
    'submissions/acme-direct/results/judgments/gpt/run-1.jsonl': lines(
      gpt('acme-direct', 't1', 1, A(10, 15, 8, 20, 5)),
      gpt('acme-direct', 't2', 1, A(15, 24, 12, 22, 8)),
    ),
    'submissions/acme-direct/results/judgments/gpt/run-2.jsonl': lines(
      gpt('acme-direct', 't1', 2, A(10, 15, 8, 20, 5)),
      gpt('acme-direct', 't2', 2, A(15, 24, 12, 22, 8)),
    ),
    'submissions/acme-direct/results/artifacts.jsonl': lines(
      artifact('acme-direct', 't1', { connectors: 5, textBoxes: 10, shapes: 20 }),
      artifact('acme-direct', 't2', {
        pictures: 1,
        coverage: 0.3,
        textBoxes: 12,
        shapes: 8,
        freeforms: 4,
      }),
      artifact('acme-direct', 't3', { gateFailed: true }),
      artifact('acme-direct', 't4', { missing: true }),
    ),
    'submissions/acme-direct/results/effort.jsonl': lines(
      effort('acme-direct', 't1', 'claude-code', 10, 0.5),
      effort('acme-direct', 't2', 'claude-code', 20, 1.5),
    ),

    'submissions/acme-spec/submission.yml': manifest(
      'acme-spec',
      'Model X',
      'claude-code',
      'pptx-skill',
      'specialized',
    ),
    'submissions/acme-spec/results/judgments/metric/run-1.jsonl': lines(
      judgment('acme-spec', 't1', 'metric', 1, 'ok', A(12, 18, 9, 14, 6)),
      judgment('acme-spec', 't2', 'metric', 1, 'ok', A(16, 25, 12, 15, 9)),
      judgment('acme-spec', 't3', 'metric', 1, 'ok', A(10, 12, 6, 10, 4)),
      judgment('acme-spec', 't4', 'metric', 1, 'ok', A(15, 20, 10, 15, 8), 50),
      '{"task": "t9", "broken record',
      judgment('acme-spec', 't4', 'metric', 1, 'ok', A(15, 20, 10, 15, 8), 50),
    ),
    'submissions/acme-spec/results/judgments/gpt/run-1.jsonl': lines(
      gpt('acme-spec', 't1', 1, A(12, 18, 9, 14, 6)),
      gpt('acme-spec', 't2', 1, A(16, 25, 12, 15, 9)),
    ),
    'submissions/acme-spec/results/judgments/gpt/run-2.jsonl': lines(
      gpt('acme-spec', 't1', 2, A(12, 18, 9, 14, 6)),
      gpt('acme-spec', 't2', 2, A(16, 25, 12, 15, 9)),
    ),

    'submissions/other-direct/submission.yml': manifest(
      'other-direct',
      'Model X',
      'codex',
      'python-pptx',
      'direct',
    ),
    'submissions/other-direct/results/judgments/metric/run-1.jsonl': lines(
      judgment('other-direct', 't1', 'metric', 1, 'failed'),
      judgment('other-direct', 't2', 'metric', 1, 'ok', A(14, 22, 11, 21, 7)),
      judgment('other-direct', 't3', 'metric', 1, 'ok', A(8, 10, 5, 12, 3)),
      judgment('other-direct', 't4', 'metric', 1, 'missing'),
    ),
    'submissions/other-direct/results/judgments/gpt/run-1.jsonl': lines(
      gpt('other-direct', 't1', 1, A(9, 14, 7, 19, 4)),
      gpt('other-direct', 't2', 1, A(14, 22, 11, 21, 7)),
    ),
    'submissions/other-direct/results/judgments/gpt/run-2.jsonl': lines(
      gpt('other-direct', 't1', 2, A(9, 14, 7, 19, 4)),
      gpt('other-direct', 't2', 2, A(14, 22, 11, 21, 7)),
    ),
    'submissions/other-direct/results/effort.jsonl': lines(
      effort('other-direct', 't2', 'codex', 7, 0.25),
    ),

    'submissions/broken/submission.yml': 'id: broken\ntrack: refig\n',

    'submissions/style-entry/submission.yml': manifest(
      'style-entry',
      'Model Y',
      'claude-code',
      'matplotlib',
      'direct',
      'style-mini',
      'style',
    ),
    'submissions/style-entry/results/style.jsonl': lines(
      JSON.stringify({
        task: 's1',
        submission: 'style-entry',
        split: 'hand-curated',
        status: 'ok',
        S: 80.4,
        code: 70,
        vision: 86,
        criteria: { met: 7, total: 10, details: [] },
        defects: [],
        failure: null,
        scorers: scorersFor('style', SCORER_VERSIONS),
        inputHash: 's',
      }),
    ),

    'annotations/round-1.jsonl': lines(
      ann('t1', 'acme-spec', 'acme-direct', 'A'),
      ann('t2', 'acme-direct', 'other-direct', 'A'),
      ann('t3', 'other-direct', 'acme-spec', 'B'),
      ann('t2', 'acme-spec', 'other-direct', 'tie'),
      ann('t1', 'acme-direct', 'ghost-entry', 'A'),
      '{not json',
      ann('t9', 'acme-direct', 'acme-spec', 'A'),
      ann('t2', 'acme-direct', 'acme-direct', 'A'),
      ann('t1', 'acme-spec', 'acme-direct', 'A', 'ann-2'),
      ann('t1', 'broken', 'acme-spec', 'B'),
    ),
  };
}

async function run(args: string[], cwd: string) {
  let out = '';
  let err = '';
  const stdout = { write: (s: string) => ((out += s), true) } as unknown as NodeJS.WritableStream;
  const stderr = { write: (s: string) => ((err += s), true) } as unknown as NodeJS.WritableStream;
  const code = await main(['node', 'refig', 'leaderboard', ...args], {
    stdout,
    stderr,
    cwd,
    env: {},
    progress: () => silentProgress,
  });
  return { code, out, err };
}

describe('refig leaderboard (end to end)', () => {
  it('builds the board from a repository tree, reporting every bad input with file, line and rule', async () => {
    const t = await testdir(repository());
    cleanups.push(t.cleanup);
    const res = await run([], t.dir);
    expect(res.code).toBe(0);
    expect(res.err).toMatchInlineSnapshot(`
      "warning suites/mini/t4/task.json [task-no-json] task listed in suite.json has no task.json; it counts with no field, and whether it has checked truth is taken from each judgment record
      error submissions/acme-spec/results/judgments/metric/run-1.jsonl:5 [jsonl-parse] not valid JSON: Unterminated string in JSON at position 29
      error submissions/broken/submission.yml [manifest-schema] suite: required field is missing (top level) (expected object, got nothing (missing))
      error submissions/broken/submission.yml [manifest-schema] team: required field is missing (top level) (expected string, got nothing (missing))
      error submissions/broken/submission.yml [manifest-schema] contact: required field is missing (top level) (expected string, got nothing (missing))
      error submissions/broken/submission.yml [manifest-schema] model: required field is missing (top level) (expected object, got nothing (missing))
      error submissions/broken/submission.yml [manifest-schema] harness: required field is missing (top level) (expected object, got nothing (missing))
      error submissions/broken/submission.yml [manifest-schema] workflow: required field is missing (top level) (expected object, got nothing (missing))
      error submissions/broken/submission.yml [manifest-schema] attempts: required field is missing (top level) (expected number, got nothing (missing))
      error submissions/broken/submission.yml [manifest-schema] date: required field is missing (top level) (expected string, got nothing (missing))
      error submissions/broken/submission.yml [manifest-schema] license: required field is missing (top level) (expected string, got nothing (missing))
      error submissions/broken/submission.yml [submission-left-out] invalid submission.yml; the submission is left out of the board
      error annotations/round-1.jsonl:6 [jsonl-parse] not valid JSON: Expected property name or '}' in JSON at position 1
      error annotations/round-1.jsonl:8 [jsonl-schema] b: a and b must be different submissions
      error annotations/round-1.jsonl:5 [annotation-unknown-submission] names unknown submission "ghost-entry"; annotation ignored (expected the id of a folder under submissions/, got ghost-entry) — annotations name submission ids, not configuration ids or model names
      error annotations/round-1.jsonl:7 [annotation-unknown-task] task "t9" is not in suite mini; annotation ignored
      error annotations/round-1.jsonl:10 [annotation-submission-not-ranked] submission "broken" is not a ranked refig entry (left out of the board); annotation ignored
      "
    `);
    // The inputs hash covers the fixture records, which carry the current scorer versions: it
    // changes with every version bump, so the snapshot leaves it out (the bytes are tested elsewhere).
    expect(res.out.replace(/inputs [0-9a-f]{12}/, 'inputs <hash>')).toMatchInlineSnapshot(`
      "Leaderboard (metric judge, run 1): 3 configuration(s) on 1 suite(s), ranked within each suite
        suite  #  configuration                                  mean  95% CI
        mini   1. model-x@model-x-2026__claude-code@1.0__pptx-skill  57.00 [46.00, 70.25]  n=4
        mini   2. model-x@model-x-2026__codex@1.0__python-pptx  37.67 [0.00, 75.00]  n=4
        mini   3. model-x@model-x-2026__claude-code@1.0__python-pptx  34.75 [0.00, 69.50]  n=4
      Human Elo: 5 annotation(s) over 3 task(s)
        mini  model-x@model-x-2026__claude-code@1.0__pptx-skill  1231.0 [853.6, 1348.2]  provisional
        mini  model-x@model-x-2026__claude-code@1.0__python-pptx   947.3 [695.6, 1312.3]  provisional
        mini  model-x@model-x-2026__codex@1.0__python-pptx       821.7 [743.0, 886.3]  provisional
      Workflow effect Model X / claude-code (mini): +22.25 [-1.50, 46.00]  W/T/L 3/0/1
      Style comparisons (style-mini): 0 paired effect(s) of S over 1 configuration(s); no style annotations yet
      Wrote .cache/figboard/leaderboard.json (58296 bytes, inputs <hash>); 16 error(s), 1 warning(s) in inputs
      The committed leaderboard.json is unchanged; pass --out leaderboard.json to replace it.
      "
    `);

    // without --out the board goes to a scratch path: the committed leaderboard.json is untouched
    await expect(readFile(join(t.dir, 'leaderboard.json'), 'utf8')).rejects.toThrow(/ENOENT/);
    expect(res.out).toContain('pass --out leaderboard.json to replace it');
    const text = await readFile(join(t.dir, '.cache/figboard/leaderboard.json'), 'utf8');
    const board = Leaderboard.parse(JSON.parse(text));
    expect(board.primaryJudge).toBe('metric');
    expect(board.judges.map((j) => [j.id, j.family, j.runs, j.primary])).toEqual([
      ['gpt', 'openai', 2, false],
      ['metric', 'metric', 1, true],
    ]);
    expect(board.submissions.map((s) => s.id)).toEqual([
      'acme-direct',
      'acme-spec',
      'other-direct',
      'style-entry',
    ]);

    const row = (judge: string, id: string) =>
      board.configurations.find((c) => c.judge === judge && c.id === id)!;
    // acme-direct: finals 58, 81, 0 (gate failed), 0 (no record) over all 4 suite tasks
    const direct = row('metric', 'model-x@model-x-2026__claude-code@1.0__python-pptx');
    expect([
      direct.n,
      direct.missing,
      direct.gateFailures,
      direct.judgeFailures,
      direct.mean,
    ]).toEqual([4, 1, 1, 0, 34.75]);
    expect(direct.axes).toEqual({ T: 6.25, S: 9.75, L: 5, E: 10.5, V: 3.25 });
    expect(direct.byField).toEqual({
      'cs.CL': { n: 1, mean: 81 },
      'cs.CV': { n: 2, mean: 29 },
      unknown: { n: 1, mean: 0 },
    });
    expect([direct.costPerArtifact, direct.medianTurns]).toEqual([1, 15]);
    // acme-spec: 59, 77, 42, capped 68 → 50; the broken line is reported, the duplicate t4 line kept once
    const spec = row('metric', 'model-x@model-x-2026__claude-code@1.0__pptx-skill');
    expect([spec.mean, spec.capped, spec.p50, spec.rank]).toEqual([57, 1, 54.5, 1]);
    // other-direct: the judge failure on t1 leaves the mean (0 + 75 + 38) / 3
    const other = row('metric', 'model-x@model-x-2026__codex@1.0__python-pptx');
    expect([other.n, other.scored, other.judgeFailures, other.mean]).toEqual([4, 3, 1, 37.6667]);
    // gpt has two runs: per-run means and the per-task SD across runs
    const gptDirect = row('gpt', 'model-x@model-x-2026__claude-code@1.0__python-pptx');
    // run r adds r points of T: t1 59|60, t2 82|83, t3 and t4 have no gpt record (0 in both
    // runs): they stay in the means but not in the SD, which is over the 2 tasks judged in
    // every run (SD √0.5 each; counting the two zero rows would halve it)
    expect(gptDirect.runs).toEqual({
      count: 2,
      mean: 35.5,
      perRun: [35.25, 35.75],
      taskSd: 0.7071,
      judged: 2,
    });

    // Workflow effect: spec − direct per task = 1, −4, 42, 50
    const w = board.pairedEffects.find((e) => e.judge === 'metric')!;
    expect([w.kind, w.from, w.to, w.n, w.delta, w.wins, w.ties, w.losses]).toEqual([
      'workflow',
      direct.id,
      spec.id,
      4,
      22.25,
      3,
      0,
      1,
    ]);
    // axis deltas sum to 26.75: the capped t4 (68 → 50) takes 18/4 = 4.5 off the total
    expect(w.axes).toEqual({ T: 7, S: 9, L: 4.25, E: 3, V: 3.5 });
    // Harness effect (claude-code − codex, the default harnessOrder, direct): t1 excluded
    // (judge failure): 6, −38, 0
    const h = board.harnessEffects.find((e) => e.judge === 'metric')!;
    expect([h.from, h.to, h.workflow, h.n, h.delta, h.wins, h.ties, h.losses]).toEqual([
      other.id,
      direct.id,
      'direct',
      3,
      -10.6667,
      1,
      1,
      1,
    ]);

    // Elo from the 5 valid annotations; spec won all 3 of its decisive comparisons and tied 1
    expect(board.elo.annotations).toBe(5);
    expect(board.elo.tasks).toBe(3);
    expect(
      board.elo.rows.map((r) => [r.configuration, r.wins, r.losses, r.ties, r.n, r.provisional]),
    ).toEqual([
      [spec.id, 3, 0, 1, 4, true],
      [direct.id, 1, 2, 0, 3, true],
      [other.id, 0, 2, 1, 3, true],
    ]);
    expect(board.elo.rows.reduce((s, r) => s + r.elo, 0) / 3).toBeCloseTo(1000, 3);
    // matrices follow the sorted ids: …pptx-skill < …python-pptx < …codex…
    expect(board.elo.order).toEqual([spec.id, direct.id, other.id]);
    expect(board.elo.wins).toEqual([
      [0, 2, 1],
      [0, 0, 1],
      [0, 0, 0],
    ]);
    expect(board.elo.ties).toEqual([
      [0, 0, 1],
      [0, 0, 0],
      [1, 0, 0],
    ]);
    expect(board.agreement.interAnnotator).toEqual({ overlaps: 1, agree: 1 });
    // Every decisive annotation agrees with the metric judge's direction
    const all = board.agreement.byMargin.find(
      (b) => b.judge === 'metric' && b.mode === 'single-run' && b.bucket === 'all',
    )!;
    expect([all.n, all.agree]).toEqual([4, 1]);
    expect(
      board.agreement.byMargin
        .filter((b) => b.judge === 'metric' && b.mode === 'single-run')
        .map((b) => [b.bucket, b.n]),
    ).toEqual([
      ['[0,2)', 2],
      ['[2,5)', 1],
      ['[5,10)', 1],
      ['[10,inf)', 0],
      ['all', 4],
    ]);

    // Reliability: ICC for the two-run judge, family agreement over the 3 configurations
    expect(board.judgeReliability.icc.filter((r) => r.judge === 'gpt').map((r) => r.runs)).toEqual([
      2, 2, 2,
    ]);
    expect(board.judgeReliability.families).toEqual([
      expect.objectContaining({
        a: 'gpt',
        b: 'metric',
        familyA: 'openai',
        familyB: 'metric',
        n: 3,
      }),
    ]);

    // Sensitivity: default weights reproduce the configuration means and the workflow effect
    const def = board.sensitivity.variants.find((v) => v.name === 'default')!;
    expect(def.means[spec.id]).toBe(57);
    expect(def.effects[0]!.delta).toBe(22.25);
    expect(board.sensitivity.zeroCrossings).toHaveLength(1);

    // Audit (Table 15) from artifacts.jsonl: 3 audited, 1 missing
    expect(board.audit).toEqual([
      {
        configuration: direct.id,
        n: 3,
        missing: 1,
        imgPct: 33.3333,
        fullPct: 0,
        capPct: 0,
        capped: 0,
        noConnPct: 66.6667,
        medianTexts: 10,
        medianShapes: 12,
        medianConnectors: 0,
        structureBelow15Pct: 50,
        below50Pct: 50,
      },
    ]);
    expect(
      board.effort.map((e) => [
        e.configuration,
        e.formats,
        e.medianTurns,
        e.costPerArtifact,
        e.costEstimated,
      ]),
    ).toEqual([
      [direct.id, { 'claude-code': 2, missing: 2 }, 15, 1, false],
      [other.id, { codex: 1, missing: 3 }, 7, 0.25, true],
    ]);
    // Style track: missing task s2 counts 0
    expect(board.style.map((s) => [s.suite, s.split, s.n, s.S])).toEqual([
      ['style-mini', 'all', 2, 40.2],
      ['style-mini', 'augmented', 1, 0],
      ['style-mini', 'hand-curated', 1, 80.4],
    ]);
    expect(board.tasks.map((x) => x.id)).toEqual(['t1', 't2', 't3', 't4']);
    expect(
      board.tasks[3]!.results.map((r) => [r.submission, r.final, r.gate.reason, r.cap]),
    ).toEqual([
      ['acme-spec', 50, null, 50],
      ['acme-direct', 0, 'missing', 100],
      ['other-direct', 0, 'missing', 100],
    ]);
  });

  it('writes byte-identical files on every run and exits 1 with --strict when inputs have errors', async () => {
    const t = await testdir(repository());
    cleanups.push(t.cleanup);
    await run(['--out', 'a.json'], t.dir);
    const strict = await run(['--out', 'b.json', '--strict'], t.dir);
    expect(strict.code).toBe(1);
    expect(await readFile(join(t.dir, 'b.json'), 'utf8')).toBe(
      await readFile(join(t.dir, 'a.json'), 'utf8'),
    );
  });

  it('takes the primary judge from figboard.yml, falling back to metric while it has no records', async () => {
    const judge = (id: string, family: string, primary: boolean) =>
      `  - id: ${id}\n    family: ${family}\n    model: ${id}-model\n    baseURL: http://127.0.0.1:9/v1\n    apiKeyEnv: NO_SUCH_KEY\n    runs: 2\n    primary: ${primary}\n`;
    const t = await testdir({
      ...repository(),
      'figboard.yml': `judges:\n${judge('gpt', 'openai', true)}${judge('qwen', 'qwen', false)}`,
    });
    cleanups.push(t.cleanup);
    const withGpt = await run(['--out', 'gpt.json'], t.dir);
    const board = Leaderboard.parse(JSON.parse(await readFile(join(t.dir, 'gpt.json'), 'utf8')));
    expect(board.primaryJudge).toBe('gpt');
    expect(withGpt.out).toContain('Leaderboard (gpt judge, run 1): 3 configuration(s)');
    // qwen has no records; the board shows each judge's settings
    expect(board.judges.map((j) => [j.id, j.model, j.primary, j.settings?.model])).toEqual([
      ['gpt', 'gpt-model', true, 'gpt-model'],
      ['metric', 'figboard-metric', false, undefined],
    ]);
    expect(board.rescoring).toEqual([]);
    expect(board.sensitivity.judge).toBe('gpt');

    await writeFile(
      join(t.dir, 'figboard.yml'),
      `judges:\n${judge('gpt', 'openai', false)}${judge('qwen', 'qwen', true)}`,
    );
    const fallback = await run(['--out', 'qwen.json'], t.dir);
    expect(fallback.err).toContain(
      'warning figboard.yml [primary-judge-fallback] primary judge "qwen" has no judgment records yet; the board ranks by the metric judge',
    );
    expect(
      Leaderboard.parse(JSON.parse(await readFile(join(t.dir, 'qwen.json'), 'utf8'))).primaryJudge,
    ).toBe('metric');

    await writeFile(join(t.dir, 'figboard.yml'), 'judges: 7\n');
    const bad = await run([], t.dir);
    expect(bad.code).toBe(2);
    expect(bad.err).toContain('figboard.yml');
  });

  it('refuses bad flags as usage errors', async () => {
    const t = await testdir({});
    cleanups.push(t.cleanup);
    const res = await run(['--tie-margin', '-1'], t.dir);
    expect(res.code).toBe(2);
    expect(res.err).toContain('--tie-margin must be a non-negative number');
  });
});

describe('refig leaderboard --with (an uncommitted entry)', () => {
  // a real evaluated entry of this repository and its suite, copied so the test owns its files
  const repoRoot = new URL('../../../../', import.meta.url).pathname;
  const run = async (cwd: string, args: string[]) => {
    let out = '';
    let err = '';
    const code = await main(['node', 'refig', 'leaderboard', ...args], {
      cwd,
      stdout: { write: (s: string) => ((out += s), true) } as NodeJS.WritableStream,
      stderr: { write: (s: string) => ((err += s), true) } as NodeJS.WritableStream,
      env: {},
      progress: () => silentProgress,
    });
    return { code, out, err };
  };

  it('places the entry on the board exactly as if its folder and results were committed', async () => {
    const t = await testdir({
      'submissions/.keep': '',
      'elsewhere/.keep': '',
      'annotations/.keep': '',
    });
    cleanups.push(t.cleanup);
    const { cp } = await import('node:fs/promises');
    await cp(join(repoRoot, 'suites/refig-sample'), join(t.dir, 'suites/refig-sample'), {
      recursive: true,
    });
    const src = join(repoRoot, 'submissions/sample-cc-direct');
    // uncommitted: the folder refig run wrote, the results refig evaluate --out wrote elsewhere
    await cp(src, join(t.dir, 'elsewhere/sample-cc-direct'), {
      recursive: true,
      filter: (p) => !p.includes('/results'),
    });
    await cp(join(src, 'results'), join(t.dir, 'elsewhere/results'), { recursive: true });
    const provisional = await run(t.dir, [
      '--with',
      'elsewhere/sample-cc-direct=elsewhere/results',
      '--out',
      'provisional.json',
    ]);
    expect(provisional.code).toBe(0);
    const board = Leaderboard.parse(
      JSON.parse(await readFile(join(t.dir, 'provisional.json'), 'utf8')),
    );
    expect(board.configurations.some((c) => c.submissions.includes('sample-cc-direct'))).toBe(true);
    // committed: the same files under submissions/<id>/ with results/ → the same bytes
    await cp(src, join(t.dir, 'submissions/sample-cc-direct'), { recursive: true });
    const merged = await run(t.dir, ['--out', 'merged.json']);
    expect(merged.code).toBe(0);
    expect(await readFile(join(t.dir, 'provisional.json'), 'utf8')).toBe(
      await readFile(join(t.dir, 'merged.json'), 'utf8'),
    );
    // a results folder that is not one is refused, naming the option's shape
    const bad = await run(t.dir, ['--with', 'elsewhere/sample-cc-direct=elsewhere/nothing']);
    expect(bad.code).toBe(2);
    expect(bad.err).toContain('--with: the results folder has no summary.json');
  });

  it('--site-data writes the folder a local site build reads, with the entry in it', async () => {
    const t = await testdir({
      'submissions/.keep': '',
      'elsewhere/.keep': '',
      'annotations/.keep': '',
      'taken/x': 'mine',
    });
    cleanups.push(t.cleanup);
    const { cp, readdir, realpath, stat } = await import('node:fs/promises');
    await cp(join(repoRoot, 'suites/refig-sample'), join(t.dir, 'suites/refig-sample'), {
      recursive: true,
    });
    const src = join(repoRoot, 'submissions/sample-cc-direct');
    await cp(src, join(t.dir, 'elsewhere/sample-cc-direct'), {
      recursive: true,
      filter: (p) => !p.includes('/results'),
    });
    await cp(join(src, 'results'), join(t.dir, 'elsewhere/results'), { recursive: true });
    await cp(
      join(repoRoot, 'submissions/sample-raster-baseline'),
      join(t.dir, 'submissions/sample-raster-baseline'),
      { recursive: true },
    );
    const args = [
      '--with',
      'elsewhere/sample-cc-direct=elsewhere/results',
      '--out',
      'b.json',
      '--site-data',
      'preview',
    ];
    const first = await run(t.dir, args);
    expect(first.code).toBe(0);
    expect(first.out).toContain(
      `FIGBOARD_DATA_DIR=${join(t.dir, 'preview')} FIGBOARD_SITE_OUT=${join(t.dir, 'preview')}/dist npm run build -w site`,
    );
    const d = join(t.dir, 'preview');
    // the board is the one --out wrote; the uncommitted entry sits where CI puts it, results inside
    expect(await readFile(join(d, 'leaderboard.json'), 'utf8')).toBe(
      await readFile(join(t.dir, 'b.json'), 'utf8'),
    );
    expect(
      await readFile(join(d, 'submissions/sample-cc-direct/results/summary.json'), 'utf8'),
    ).toBe(await readFile(join(src, 'results/summary.json'), 'utf8'));
    expect((await readdir(d)).sort()).toEqual([
      '.figboard-site-data',
      'annotations',
      'leaderboard.json',
      'submissions',
      'suites',
    ]);
    expect((await readdir(join(d, 'submissions'))).sort()).toEqual([
      '.keep',
      'sample-cc-direct',
      'sample-raster-baseline',
    ]);
    expect(await realpath(join(d, 'suites'))).toBe(await realpath(join(t.dir, 'suites')));
    // the committed entry is hard-linked, not copied, and the checkout is not written
    const a = await stat(join(t.dir, 'submissions/sample-raster-baseline/submission.yml'));
    const b = await stat(join(d, 'submissions/sample-raster-baseline/submission.yml'));
    expect(b.ino).toBe(a.ino);
    expect(await readdir(join(t.dir, 'submissions'))).toEqual(['.keep', 'sample-raster-baseline']);
    // a second run replaces its own folder; a folder it did not write is refused and kept
    expect((await run(t.dir, args)).code).toBe(0);
    const refused = await run(t.dir, [...args.slice(0, 4), '--site-data', 'taken']);
    expect(refused.code).toBe(2);
    expect(refused.err).toContain(
      '--site-data: the folder exists and was not written by --site-data',
    );
    expect(await readFile(join(t.dir, 'taken/x'), 'utf8')).toBe('mine');
  });
});
