import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cp, mkdir, readdir, readFile, rm } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RefigSummary } from '@figboard/evaluator/schemas';
import {
  judgeReplyJson,
  startOpenAiTestServer,
  type OpenAiTestServer,
  type RecordedRequest,
} from '../support/openai-test-server.ts';
import { testdir } from '../support/testdir.ts';

/**
 * `refig evaluate` as a user runs it (a child process of the compiled CLI, real LibreOffice): the
 * metric judge plus an LLM judge (2 runs) served by the local test server. An uninterrupted run,
 * then a run killed with SIGKILL in the middle of LLM judging and resumed, must end with
 * byte-identical results and no duplicate records. The rest of the resume behaviour (unchanged
 * inputs, a changed deck, stopped and failed judges, a torn record) is tested in-process with a
 * fake renderer in evaluate-resume.test.ts.
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

let root: string;
let cleanup: () => Promise<void>;
let server: OpenAiTestServer;

/** A deterministic verdict derived from what the request carries, so replies do not depend on timing. */
function replyFor(req: RecordedRequest) {
  const digest = createHash('sha256')
    .update(JSON.stringify(req.body.messages[1].content.filter((p: any) => p.type === 'text')))
    .digest();
  const s = {
    T: digest[0]! % 21,
    S: digest[1]! % 31,
    L: digest[2]! % 16,
    E: digest[3]! % 26,
    V: digest[4]! % 11,
  };
  return {
    kind: 'reply' as const,
    content: judgeReplyJson(s),
    usage: { prompt_tokens: 1000 + digest[5]!, completion_tokens: 100 + digest[6]! },
    delayMs: 400,
  };
}

function evaluate(...extra: string[]): {
  done: Promise<{ code: number | null; signal: string | null; stdout: string; stderr: string }>;
  kill: () => void;
} {
  const child = spawn(
    process.execPath,
    [join(REPO, 'evaluator/bin/refig.js'), 'evaluate', SUB, '--workers', '2', ...extra],
    {
      cwd: root,
      env: {
        PATH: process.env.PATH ?? '/usr/bin:/bin',
        HOME: root,
        FIGBOARD_TEST_JUDGE_KEY: 'test-key',
      },
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (c) => (stdout += c));
  child.stderr.on('data', (c) => (stderr += c));
  const done = new Promise<{
    code: number | null;
    signal: string | null;
    stdout: string;
    stderr: string;
  }>((resolve) => child.on('close', (code, signal) => resolve({ code, signal, stdout, stderr })));
  return { done, kill: () => process.kill(-child.pid!, 'SIGKILL') };
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

const judgmentLines = async (run: number) => {
  const text = await readFile(
    join(root, SUB, `results/judgments/tiny-llm/run-${run}.jsonl`),
    'utf8',
  ).catch(() => '');
  return text.split('\n').filter((l) => l.endsWith('}'));
};

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

describe('refig evaluate: records, kill and resume', () => {
  let uninterrupted: Map<string, Buffer>;

  it('an uninterrupted run writes every record once and a summary', async () => {
    const { done } = evaluate();
    const r = await done;
    expect(r.code, r.stderr).toBe(0);
    expect(server.requests).toHaveLength(JUDGED * RUNS);
    uninterrupted = await snapshotTree(join(root, SUB, 'results'));
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
    for (const run of [1, 2]) {
      const records = (await judgmentLines(run)).map((l) => JSON.parse(l));
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
    expect(r.stdout).toContain('missing (score 0): fig01-003');
    expect(r.stdout).toMatch(/gate: 4 passed, 1 failed \(multiple-slides 1\)/);
  }, 300_000);

  it('a run killed mid-judging resumes to the same bytes, without duplicates', async () => {
    await rm(join(root, SUB, 'results'), { recursive: true, force: true });
    server.requests.length = 0;
    const killed = evaluate();
    await server.waitForRequests(3, 240_000);
    killed.kill();
    const k = await killed.done;
    expect(k.signal).toBe('SIGKILL');
    const requestsBeforeKill = server.requests.length;
    const before = [...(await judgmentLines(1)), ...(await judgmentLines(2))].map((l) =>
      JSON.parse(l),
    );
    const okBefore = before.filter((x) => x.status === 'ok').length;
    // Killed mid-way: the LLM judge had not finished, and no summary was written.
    expect(okBefore).toBeLessThan(JUDGED * RUNS);
    await expect(readFile(join(root, SUB, 'results/summary.json'))).rejects.toThrow();

    const resumed = evaluate();
    const r = await resumed.done;
    expect(r.code, r.stderr).toBe(0);
    const after = await snapshotTree(join(root, SUB, 'results'));
    expect([...after.keys()].sort()).toEqual([...uninterrupted.keys()].sort());
    for (const [file, bytes] of uninterrupted)
      expect(after.get(file)!.equals(bytes), `${file} differs`).toBe(true);
    for (const run of [1, 2]) {
      const tasks = (await judgmentLines(run)).map((l) => JSON.parse(l).task);
      expect(new Set(tasks).size).toBe(tasks.length);
    }
    // The resumed run asked exactly for the judgments not recorded yet (replies in flight at the kill are asked again).
    expect(server.requests.length - requestsBeforeKill).toBe(JUDGED * RUNS - okBefore);
  }, 300_000);
});
