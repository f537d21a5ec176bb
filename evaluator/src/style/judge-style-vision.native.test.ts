import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type OpenAiTestServer,
  startOpenAiTestServer,
} from '../../../test/support/openai-test-server.ts';
import { createOpenAiJudgeClient } from '../judge/llm/openai-judge-client.ts';
import { createBubblewrapSandbox } from '../sandbox/bubblewrap-sandbox.ts';
import type { StyleRecord } from '../schemas/style-record.schema.ts';
import { sha256 } from '../util/sha256.ts';
import { runStyleVisionJudges, type StyleVisionJudgeEntry } from './judge-style-vision.ts';
import { runFigureScript } from './run-figure-script.ts';

/*
 * The style vision stage's own failure paths, with the real sandbox and the real `openai` client
 * against the local test server (the happy path end to end: test/integration/
 * style-llm-judge-evaluate.native.test.ts): a judge the endpoint refuses (401) stops without a
 * record; a candidate that draws another picture than the one scored is never judged; a candidate
 * without a rendering scores 0 without a call; a failed verdict is asked again only with retryFailed.
 */
const TASK = join(
  import.meta.dirname,
  '..',
  '..',
  '..',
  'test',
  'fixtures',
  'calibration-style',
  'style01-0',
);
const sandbox = createBubblewrapSandbox();
let server: OpenAiTestServer;
let dir: string;
let render: { width: number; height: number; sha256: string };

const good = JSON.stringify({
  defects: [
    {
      severity: 'minor',
      candidate_box: [10, 10, 40, 30],
      reference_box: [12, 10, 40, 30],
      code_lines: [1],
      description: 'tick labels lost their weight',
    },
  ],
});

beforeAll(async () => {
  server = await startOpenAiTestServer({ fallback: () => ({ kind: 'reply', content: good }) });
  dir = await mkdtemp(join(tmpdir(), 'figboard-style-vision-'));
  await mkdir(join(dir, 'artifacts', 'style01-0'), { recursive: true });
  await mkdir(join(dir, 'results'), { recursive: true });
  await cp(
    join(TASK, 'candidates', 'palette', 'figure.py'),
    join(dir, 'artifacts', 'style01-0', 'figure.py'),
  );
  const run = await runFigureScript(sandbox, {
    scriptPath: join(dir, 'artifacts', 'style01-0', 'figure.py'),
    dataFiles: [{ name: 'data.csv', path: join(TASK, 'data.csv') }],
  });
  if (!run.ok) throw new Error(run.failure.message);
  render = { ...run.introspection.figure.png, sha256: sha256(run.png) };
}, 120_000);
afterAll(async () => {
  await server.close();
  await rm(dir, { recursive: true, force: true });
});

function record(over: Partial<StyleRecord> = {}): StyleRecord {
  return {
    task: 'style01-0',
    submission: 'entry',
    split: 'hand-curated',
    status: 'ok',
    S: 80,
    code: 80,
    vision: 80,
    criteria: { met: 4, total: 5, details: [] },
    defects: [
      { kind: 'palette-mismatch', severity: 'major', box: [0, 0, 10, 10], detail: 'palette' },
    ],
    failure: null,
    inputHash: 'style-hash',
    render,
    ...over,
  };
}

function judge(id: string): StyleVisionJudgeEntry {
  return {
    id,
    family: 'fam',
    model: 'vlm',
    runs: 1,
    concurrency: 1,
    maxAttempts: 2,
    prices: { inputUsdPerMTok: 2, outputUsdPerMTok: 8 },
    settings: { model: 'vlm' },
    client: createOpenAiJudgeClient({ baseURL: server.baseURL, apiKey: 'k', timeoutMs: 10_000 }),
  };
}

async function stage(rec: StyleRecord, id: string, retryFailed = false) {
  await writeFile(join(dir, 'results', 'style.jsonl'), `${JSON.stringify(rec)}\n`);
  const log: string[] = [];
  const summary = await runStyleVisionJudges({
    resultsDir: join(dir, 'results'),
    submissionDir: dir,
    submission: 'entry',
    taskDirs: [{ id: 'style01-0', dir: TASK }],
    tasks: ['style01-0'],
    judges: [judge(id)],
    sandbox,
    scorers: { 'style-llm-vision': 3 },
    retryFailed,
    sleep: async () => {},
    seed: 1,
    log: (l) => log.push(l),
  });
  const file = join(dir, 'results', 'judgments', id, 'run-1.jsonl');
  const text = await readFile(file, 'utf8').catch(() => '');
  return {
    summary: summary[0]!,
    log,
    lines: text.trim()
      ? text
          .trim()
          .split('\n')
          .map((l) => JSON.parse(l))
      : [],
  };
}

describe('runStyleVisionJudges', () => {
  it('judges on top of the deterministic defects and records cost from the price table', async () => {
    const { lines } = await stage(record(), 'ok-judge');
    expect(lines).toHaveLength(1);
    // 100 − 10 (deterministic major) − 5 (judge minor) = 85; S = 0.35·80 + 0.65·85
    expect(lines[0]).toMatchObject({ status: 'ok', known: 1, vision: 85, S: 83.25 });
    expect(lines[0].usage).toMatchObject({
      inputTokens: 1000,
      outputTokens: 200,
      costUsd: 0.0036,
      attempts: 1,
    });
  }, 120_000);

  it('stops a judge the endpoint refuses (401) and records nothing for it', async () => {
    server.enqueue({ kind: 'status', status: 401, body: { error: { message: 'bad key' } } });
    const { summary, log, lines } = await stage(record(), 'refused');
    expect(summary.status).toBe('stopped');
    expect(log.join('\n')).toMatch(/^judge refused stopped: judge-auth/m);
    expect(lines).toEqual([]);
  }, 120_000);

  it('never judges a picture other than the one scored (render hash mismatch → failed, no call)', async () => {
    const before = server.requests.length;
    const { lines } = await stage(
      record({ render: { ...render, sha256: 'f'.repeat(64) } }),
      'mismatch',
    );
    expect(server.requests.length).toBe(before);
    expect(lines[0]).toMatchObject({
      status: 'failed',
      vision: null,
      S: null,
      failure: { code: 'render-mismatch' },
    });
  }, 120_000);

  it('scores a candidate without a rendering 0 without a call', async () => {
    const before = server.requests.length;
    const { lines } = await stage(
      record({
        status: 'failed',
        S: 0,
        code: 0,
        vision: 0,
        render: null,
        failure: { code: 'timeout', message: 'slow' },
      }),
      'no-candidate',
    );
    expect(server.requests.length).toBe(before);
    expect(lines[0]).toMatchObject({
      status: 'candidate-failed',
      vision: 0,
      S: 0,
      failure: { code: 'timeout' },
    });
  }, 120_000);

  it('asks a failed verdict again only with retryFailed', async () => {
    server.enqueue({ kind: 'reply', content: 'nope' }, { kind: 'reply', content: 'nope' });
    const first = await stage(record(), 'retry');
    expect(first.lines[0]).toMatchObject({ status: 'failed', failure: { code: 'invalid-reply' } });
    const before = server.requests.length;
    const kept = await stage(record(), 'retry');
    expect(server.requests.length).toBe(before);
    expect(kept.summary.reused).toBe(1);
    const again = await stage(record(), 'retry', true);
    expect(server.requests.length).toBe(before + 1);
    expect(again.lines).toHaveLength(1);
    expect(again.lines[0]).toMatchObject({ status: 'ok', vision: 85 });
  }, 120_000);
});
