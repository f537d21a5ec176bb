import { createHash } from 'node:crypto';
import { appendFile, cp, mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { hostname } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditFile } from '@figboard/evaluator/audit';
import { loadJudgingConfig } from '@figboard/evaluator/config';
import type { EvaluatePorts } from '@figboard/evaluator/evaluate';
import { type EvaluateOutcome, evaluateSubmission } from '@figboard/evaluator/evaluate';
import type { JudgeClient } from '@figboard/evaluator/testkit';
import { createOpenAiJudgeClient } from '@figboard/evaluator/judge';
import { RESULTS_LOCK } from '@figboard/evaluator/records';
import { RefigSummary } from '@figboard/evaluator/schemas';
import { silentProgress } from '@figboard/evaluator/util';
import { createFakeRenderer } from '../support/fake-renderer.ts';
import {
  judgeReplyJson,
  type OpenAiTestServer,
  type RecordedRequest,
  startOpenAiTestServer,
} from '../support/openai-test-server.ts';
import { testdir } from '../support/testdir.ts';

/**
 * The evaluate pipeline's records and resume, in-process: the real audit, the real openai
 * client against the local test server, the metric judge with truth.json, and a fake renderer
 * (every deck "renders" to one fixed PNG) — so no LibreOffice and no child process. A "kill" is
 * a run whose judge calls stop answering from the third one on (as if the process died with
 * calls in flight), left pending for good, plus a torn half line at the end of a record file.
 * The same kill with a real SIGKILL of the compiled CLI and real LibreOffice is
 * evaluate-kill-resume.native.test.ts.
 */
const REPO = join(import.meta.dirname, '../..');
const CAL = join(REPO, 'test/fixtures/calibration');
const SUB = 'submissions/resume-test';
/** Decks per task: one of each kind the pipeline treats differently (fig01-003 has none: missing). */
const DECKS: Record<string, string> = {
  'fig01-000': 'faithful',
  'fig01-001': 'reversed',
  'fig01-002': 'twoslides',
  'fig01-004': 'pptxgenjs',
  'fig01-005': 'raster',
};
/** Tasks that pass the gate → LLM calls per run. */
const JUDGED = 4;
const RUNS = 2;
const ENV = { FIGBOARD_TEST_JUDGE_KEY: 'test-key', FIGBOARD_BAD_KEY: 'bad' };

let root: string;
let cleanup: () => Promise<void>;
let server: OpenAiTestServer;
const fake = createFakeRenderer(join(CAL, 'fig01-000/source.png'), { width: 1800, height: 756 });

/** A deterministic verdict derived from what the request carries, so replies do not depend on timing. */
function replyFor(req: RecordedRequest) {
  if (req.headers.authorization === 'Bearer bad')
    return {
      kind: 'status' as const,
      status: 401,
      body: { error: { message: 'invalid api key', type: 'invalid_request_error' } },
    };
  if (req.body.model === 'always-invalid')
    return {
      kind: 'reply' as const,
      content: judgeReplyJson({ T: 1, S: 1, L: 1, E: 1, V: 1 }, { score: 99 }),
    };
  const digest = createHash('sha256')
    .update(JSON.stringify(req.body.messages[1].content.filter((p: any) => p.type === 'text')))
    .digest();
  return {
    kind: 'reply' as const,
    content: judgeReplyJson({
      T: digest[0]! % 21,
      S: digest[1]! % 31,
      L: digest[2]! % 16,
      E: digest[3]! % 26,
      V: digest[4]! % 11,
    }),
    usage: { prompt_tokens: 1000 + digest[5]!, completion_tokens: 100 + digest[6]! },
    delayMs: 20,
  };
}

/** The production ports with the renderer faked; `dieAfter` judge answers, the rest never come. */
function ports(dieAfter = Number.POSITIVE_INFINITY): EvaluatePorts & { dead: () => boolean } {
  let answered = 0;
  let dead = false;
  return {
    auditDeck: (path, o) => auditFile(path, { name: o.name, objects: true, cap: o.cap }),
    renderer: fake.renderer,
    ocr: {
      id: 'none (every task of refig-sample has truth.json)',
      recognize: async () => {
        throw new Error('OCR is not used: every task of refig-sample has truth.json');
      },
    },
    createJudgeClient: (judge): JudgeClient => {
      const real = createOpenAiJudgeClient({
        baseURL: judge.config.baseURL,
        apiKey: judge.apiKey,
        timeoutMs: 20_000,
      });
      return {
        async complete(request) {
          if (dead) return new Promise(() => {});
          const reply = await real.complete(request);
          if (answered >= dieAfter) dead = true;
          if (dead) return new Promise(() => {}); // the process is gone: this answer is never seen
          answered += 1;
          return reply;
        },
      };
    },
    sleep: async () => {},
    seed: 1,
    progress: () => silentProgress,
    log: () => {},
    dead: () => dead,
  };
}

async function evaluate(
  p: EvaluatePorts,
  extra: { configFile?: string; judges?: string[]; retryFailed?: boolean } = {},
): Promise<EvaluateOutcome> {
  const { config } = await loadJudgingConfig({ cwd: root, env: ENV }, extra.configFile);
  return evaluateSubmission(
    {
      submissionDir: join(root, SUB),
      config,
      workers: 2,
      ...(extra.judges ? { judges: extra.judges } : {}),
      ...(extra.retryFailed ? { retryFailed: true } : {}),
    },
    p,
  );
}

async function snapshotTree(dir: string): Promise<Map<string, Buffer>> {
  const out = new Map<string, Buffer>();
  const walk = async (d: string) => {
    for (const e of await readdir(d, { withFileTypes: true })) {
      const p = join(d, e.name);
      if (e.isDirectory()) await walk(p);
      else out.set(relative(dir, p), await readFile(p));
    }
  };
  await walk(dir);
  return out;
}

const judgmentLines = async (judge: string, run: number) => {
  const text = await readFile(
    join(root, SUB, `results/judgments/${judge}/run-${run}.jsonl`),
    'utf8',
  ).catch(() => '');
  return text.split('\n').filter((l) => l.endsWith('}'));
};

/** Resolves once the record files stop growing (the dead run's last appends are on disk). */
async function settled(dir: string): Promise<void> {
  let last = '';
  for (;;) {
    await new Promise((r) => setTimeout(r, 50));
    const sizes = await Promise.all(
      [...(await snapshotTree(dir)).keys()]
        .sort()
        .map(async (f) => `${f}:${(await stat(join(dir, f))).size}`),
    );
    const now = sizes.join(',');
    if (now === last) return;
    last = now;
  }
}

beforeAll(async () => {
  server = await startOpenAiTestServer({ fallback: replyFor });
  const artifacts: Record<string, Uint8Array | string> = {};
  for (const [task, variant] of Object.entries(DECKS))
    artifacts[`${SUB}/artifacts/${task}/output.pptx`] = await readFile(
      join(CAL, task, 'variants', `${variant}.pptx`),
    );
  // A real Claude Code log for the effort record.
  artifacts[`${SUB}/artifacts/fig01-000/output.jsonl`] = await readFile(
    join(REPO, 'submissions/sample-cc-direct/artifacts/fig01-000/output.jsonl'),
  );
  ({ dir: root, cleanup } = await testdir({
    ...artifacts,
    [`${SUB}/submission.yml`]: [
      'id: resume-test',
      'track: refig',
      'suite: { name: refig-sample, version: 1.0.0 }',
      'team: FigBoard tests',
      'contact: tests',
      'model: { name: Test Model, provider: test, snapshot: test-1 }',
      'harness: { name: Claude Code, version: 2.1.167 }',
      'workflow: { name: direct-prompt, kind: direct }',
      'attempts: 1',
      'date: "2026-01-15"',
      'license: MIT',
    ].join('\n'),
    'figboard.yml': [
      'judges:',
      '  - id: metric',
      '  - id: tiny-llm',
      '    family: test',
      '    model: judge-model',
      `    baseURL: ${server.baseURL}`,
      '    apiKeyEnv: FIGBOARD_TEST_JUDGE_KEY',
      `    runs: ${RUNS}`,
      '    primary: true',
      '    concurrency: 2',
      '    timeoutSeconds: 20',
      '    prices: { inputUsdPerMTok: 1, outputUsdPerMTok: 4 }',
      'scoring:',
      '  render: { dpi: 72, timeoutSeconds: 60, workers: 2 }',
    ].join('\n'),
  }));
  await mkdir(join(root, 'suites'), { recursive: true });
  await cp(join(REPO, 'suites/refig-sample'), join(root, 'suites/refig-sample'), {
    recursive: true,
  });
}, 60_000);
afterAll(async () => {
  await server?.close();
  await cleanup?.();
});

describe('evaluateSubmission: records, an interrupted run and resume (in-process)', () => {
  let uninterrupted: Map<string, Buffer>;
  const results = () => join(root, SUB, 'results');

  it('an uninterrupted run writes every record once and a summary', async () => {
    const outcome = await evaluate(ports());
    expect(server.requests).toHaveLength(JUDGED * RUNS);
    expect(outcome.work).toMatchObject({ audited: 5, reusedArtifacts: 0, judged: 18 });
    uninterrupted = await snapshotTree(results());
    expect([...uninterrupted.keys()].sort()).toEqual([
      'artifacts.jsonl',
      'effort.jsonl',
      'judgments/metric/run-1.jsonl',
      'judgments/tiny-llm/run-1.jsonl',
      'judgments/tiny-llm/run-2.jsonl',
      'renders/fig01-000.png',
      'renders/fig01-001.png',
      'renders/fig01-004.png',
      'renders/fig01-005.png',
      'summary.json',
    ]);
    // Only the decks that pass the reader gate reach the renderer, in one batch.
    expect(fake.calls).toEqual([['fig01-000', 'fig01-001', 'fig01-004', 'fig01-005']]);
    for (const run of [1, 2]) {
      const records = (await judgmentLines('tiny-llm', run)).map((l) => JSON.parse(l));
      expect(records.map((x) => [x.task, x.status])).toEqual([
        ['fig01-000', 'ok'],
        ['fig01-001', 'ok'],
        ['fig01-002', 'gate-failed'],
        ['fig01-003', 'missing'],
        ['fig01-004', 'ok'],
        ['fig01-005', 'ok'],
      ]);
      for (const x of records.filter((x) => x.status === 'ok')) {
        expect(x.final).toBe(Math.min(x.total, x.cap));
        expect(x.usage.costUsd).toBeCloseTo(
          (x.usage.inputTokens * 1 + x.usage.outputTokens * 4) / 1e6,
          9,
        );
      }
    }
    const summary = RefigSummary.parse(JSON.parse(uninterrupted.get('summary.json')!.toString()));
    expect(summary.tasks).toMatchObject({
      total: 6,
      present: 5,
      missing: ['fig01-003'],
      gatePassed: 4,
      gateFailures: { 'multiple-slides': 1 },
      capped: 1,
    });
    expect(summary.primaryJudge).toBe('tiny-llm');
    expect(summary.judges.map((j) => [j.id, j.status, j.runs.length])).toEqual([
      ['metric', 'ran', 1],
      ['tiny-llm', 'ran', 2],
    ]);
    expect(summary.effort).toEqual({ records: 5, formats: { 'claude-code': 1, missing: 4 } });
  });

  it('a run that dies mid-judging, with a torn last line, resumes to the same bytes without duplicates', async () => {
    await rm(results(), { recursive: true, force: true });
    server.requests.length = 0;
    const dying = ports(3);
    // Never settles: its judge calls stop answering, as in a process that was killed.
    void evaluate(dying);
    while (!dying.dead()) await new Promise((r) => setTimeout(r, 20));
    await settled(results());
    const before = [
      ...(await judgmentLines('tiny-llm', 1)),
      ...(await judgmentLines('tiny-llm', 2)),
    ].map((l) => JSON.parse(l));
    const okBefore = before.filter((x) => x.status === 'ok').length;
    expect(okBefore).toBe(3);
    await expect(readFile(join(results(), 'summary.json'))).rejects.toThrow();
    // The kill also tore the line being written.
    await appendFile(join(results(), 'judgments/tiny-llm/run-1.jsonl'), '{"task":"fig01-0');
    // And the dead process's results lock stays behind (pid above any pid_max: gone).
    await writeFile(
      join(results(), RESULTS_LOCK),
      JSON.stringify({ pid: 2 ** 31 - 1, host: hostname() }),
    );
    const requestsBeforeResume = server.requests.length;

    const resumed = await evaluate(ports());
    expect(resumed.work).toMatchObject({ audited: 0, reusedArtifacts: 5 });
    const after = await snapshotTree(results());
    expect([...after.keys()].sort()).toEqual([...uninterrupted.keys()].sort());
    for (const [file, bytes] of uninterrupted)
      expect(after.get(file)!.equals(bytes), `${file} differs`).toBe(true);
    for (const run of [1, 2]) {
      const tasks = (await judgmentLines('tiny-llm', run)).map((l) => JSON.parse(l).task);
      expect(new Set(tasks).size).toBe(tasks.length);
    }
    // The resumed run asked exactly for the judgments not recorded yet.
    expect(server.requests.length - requestsBeforeResume).toBe(JUDGED * RUNS - okBefore);
  });

  it('re-running with unchanged inputs makes no requests and changes no byte', async () => {
    server.requests.length = 0;
    const calls = fake.calls.length;
    const outcome = await evaluate(ports());
    expect(server.requests).toHaveLength(0);
    expect(fake.calls).toHaveLength(calls);
    expect(outcome.work).toMatchObject({
      audited: 0,
      reusedArtifacts: 5,
      judged: 0,
      reusedJudgments: 18,
    });
    const again = await snapshotTree(results());
    for (const [file, bytes] of uninterrupted)
      expect(again.get(file)!.equals(bytes), `${file} differs`).toBe(true);
  });

  it('a changed deck is re-audited, re-rendered and re-judged; the others are reused', async () => {
    await writeFile(
      join(root, SUB, 'artifacts/fig01-001/output.pptx'),
      await readFile(join(CAL, 'fig01-001/variants/faithful.pptx')),
    );
    server.requests.length = 0;
    const outcome = await evaluate(ports());
    expect(server.requests).toHaveLength(RUNS);
    expect(fake.calls.at(-1)).toEqual(['fig01-001']);
    expect(outcome.work).toMatchObject({
      audited: 1,
      reusedArtifacts: 4,
      judged: 3,
      reusedJudgments: 15,
    });
    const tasks = (await judgmentLines('tiny-llm', 1)).map((l) => JSON.parse(l).task);
    expect(tasks).toEqual([
      'fig01-000',
      'fig01-001',
      'fig01-002',
      'fig01-003',
      'fig01-004',
      'fig01-005',
    ]);
  });

  it('a rejected key stops that judge (no judged records); a failed judgment is kept until retryFailed', async () => {
    await writeFile(
      join(root, 'other.yml'),
      [
        'judges:',
        `  - { id: rejected, family: test, model: judge-model, baseURL: "${server.baseURL}", apiKeyEnv: FIGBOARD_BAD_KEY, runs: 1 }`,
        `  - { id: flaky, family: test, model: always-invalid, baseURL: "${server.baseURL}", apiKeyEnv: FIGBOARD_TEST_JUDGE_KEY, runs: 1, maxAttempts: 1, primary: true }`,
        'scoring:',
        '  render: { dpi: 72, timeoutSeconds: 60, workers: 2 }',
      ].join('\n'),
    );
    const other = { configFile: join(root, 'other.yml'), judges: ['rejected', 'flaky'] };
    server.requests.length = 0;
    const first = await evaluate(ports(), other);
    const rejected = (await judgmentLines('rejected', 1)).map((l) => JSON.parse(l));
    // Only the records that need no judge call (gate failed, missing) exist for the stopped judge.
    expect(rejected.map((r) => [r.task, r.status])).toEqual([
      ['fig01-002', 'gate-failed'],
      ['fig01-003', 'missing'],
    ]);
    const flaky = (await judgmentLines('flaky', 1)).map((l) => JSON.parse(l));
    expect(
      flaky
        .filter((r) => r.status === 'failed')
        .map((r) => [r.task, r.final, r.subscores, r.failure.code]),
    ).toEqual([
      ['fig01-000', null, null, 'invalid-reply'],
      ['fig01-001', null, null, 'invalid-reply'],
      ['fig01-004', null, null, 'invalid-reply'],
      ['fig01-005', null, null, 'invalid-reply'],
    ]);
    expect(server.requests.filter((r) => r.body.model === 'always-invalid')).toHaveLength(JUDGED);
    // The summary keeps the judges recorded by earlier runs; the primary is the configured one.
    const summary = RefigSummary.parse(first.summary);
    expect(summary.judges.map((j) => [j.id, j.status, j.runs.length, j.primary])).toEqual([
      ['rejected', 'stopped', 1, false],
      ['flaky', 'ran', 1, true],
      ['metric', 'ran', 1, false],
      ['tiny-llm', 'ran', 2, false],
    ]);
    expect(summary.judges.find((j) => j.id === 'rejected')!.note).toMatch(/judge-auth/);
    expect(summary.judges.find((j) => j.id === 'flaky')!.runs[0]).toMatchObject({
      failed: JUDGED,
      mean: 0,
      failedTasks: ['fig01-000', 'fig01-001', 'fig01-004', 'fig01-005'],
    });

    server.requests.length = 0;
    await evaluate(ports(), { ...other, judges: ['flaky'] });
    expect(server.requests).toHaveLength(0);
    await evaluate(ports(), { ...other, judges: ['flaky'], retryFailed: true });
    expect(server.requests).toHaveLength(JUDGED);
  });
});

describe('evaluateSubmission with a task subset (a CI shard)', () => {
  const run = async (resultsDir: string, tasks?: string[]) => {
    const { config } = await loadJudgingConfig({ cwd: root, env: ENV }, undefined);
    return evaluateSubmission(
      {
        submissionDir: join(root, SUB),
        resultsDir,
        config,
        workers: 2,
        judges: ['metric'],
        ...(tasks ? { tasks } : {}),
      },
      ports(),
    );
  };
  const lines = async (dir: string, file: string) =>
    (await readFile(join(dir, file), 'utf8').catch(() => '')).split('\n').filter(Boolean);

  it('scores only the given tasks, and two shards hold exactly the records of one whole run', async () => {
    const whole = join(root, 'subset/whole');
    const a = join(root, 'subset/a');
    const b = join(root, 'subset/b');
    await run(whole);
    const first = await run(a, ['fig01-000', 'fig01-003']);
    const second = await run(b, ['fig01-001', 'fig01-002', 'fig01-004', 'fig01-005']);
    expect(first.summary.tasks).toMatchObject({ total: 2 });
    expect(second.summary.tasks).toMatchObject({ total: 4 });
    expect(first.work.audited + second.work.audited).toBe(5);
    for (const file of ['artifacts.jsonl', 'effort.jsonl', 'judgments/metric/run-1.jsonl']) {
      const shardA = await lines(a, file);
      expect(shardA.map((l) => JSON.parse(l).task)).toEqual(
        file === 'effort.jsonl' ? ['fig01-000'] : ['fig01-000', 'fig01-003'],
      );
      expect([...shardA, ...(await lines(b, file))].sort()).toEqual(
        (await lines(whole, file)).sort(),
      );
    }
    expect((await readdir(join(a, 'renders'))).sort()).toEqual(['fig01-000.png']);
  });

  it('refuses ids that are not tasks of the suite, naming them all', async () => {
    await expect(run(join(root, 'subset/bad'), ['fig01-000', 'nope-2', 'nope-1'])).rejects.toThrow(
      '2 requested task(s) are not tasks of the suite: nope-1, nope-2',
    );
  });
});
