import { cp, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../support/run-refig.ts';
import { silentProgress } from '@figboard/evaluator/util';
import { loadConfig } from '@figboard/evaluator/config';
import { createOpenAiJudgeClient } from '@figboard/evaluator/judge';
import { readJsonl } from '@figboard/evaluator/records';
import { JudgmentRecord } from '@figboard/evaluator/schemas';
import { Leaderboard } from '@figboard/evaluator/schemas';
import { startOpenAiTestServer, type OpenAiTestServer } from '../support/openai-test-server.ts';
import { testdir } from '../support/testdir.ts';

/**
 * The judges of the repository's figboard.yml, as ReFigBench runs them (Appendix D and L): the
 * primary judge pinned to the dated snapshot gpt-5.4-2026-03-05 at low reasoning effort, the Qwen
 * judge with thinking off. `refig evaluate` runs both against the local OpenAI-compatible test
 * server (the file's base URLs pointed at it, as a user points them at vLLM), and the request
 * bodies, the judgment records and the board carry those settings.
 */
const REPO = join(import.meta.dirname, '../..');
const SUB = 'submissions/sample-cc-direct';

let server: OpenAiTestServer;
let root: string;
let cleanup: () => Promise<void>;

async function refig(args: string[], env: Record<string, string>) {
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  let out = '';
  let err = '';
  stdout.on('data', (c) => (out += c));
  stderr.on('data', (c) => (err += c));
  const code = await main(['node', 'refig', ...args], {
    stdout,
    stderr,
    cwd: root,
    env,
    progress: () => silentProgress,
  });
  return { code, out, err };
}

beforeAll(async () => {
  server = await startOpenAiTestServer();
  ({ dir: root, cleanup } = await testdir({ annotations: {} }));
  await cp(join(REPO, 'suites/refig-sample'), join(root, 'suites/refig-sample'), {
    recursive: true,
  });
  await cp(join(REPO, SUB), join(root, SUB), {
    recursive: true,
    filter: (src) => !src.includes('/results'),
  });
  // The repository's own file, with every judge endpoint pointed at the test server.
  const config = (await readFile(join(REPO, 'figboard.yml'), 'utf8')).replace(
    /baseURL: \S+/g,
    `baseURL: ${server.baseURL}`,
  );
  await writeFile(join(root, 'figboard.yml'), config);
});
afterAll(async () => {
  await server?.close();
  await cleanup?.();
});

describe('judge settings as in ReFigBench', () => {
  it("figboard.yml's primary judge is the paper's dated snapshot at low effort; the Qwen judge has thinking off", async () => {
    const text = await readFile(join(REPO, 'figboard.yml'), 'utf8');
    const loaded = loadConfig(text, 'figboard.yml', { OPENAI_API_KEY: 'k', VLLM_API_KEY: 'k' });
    const llm = loaded.value!.judges.flatMap((j) => (j.kind === 'llm' ? [j] : []));
    const primary = llm.find((j) => j.primary)!;
    expect(primary.model).toBe('gpt-5.4-2026-03-05');
    expect(primary.config.reasoningEffort).toBe('low');
    const qwen = llm.find((j) => j.family === 'qwen')!;
    expect(qwen.config).toMatchObject({ server: 'vllm', thinking: false });
  });

  it('refig evaluate sends them to the endpoint and records them with every judgment; the board shows them', async () => {
    const env = { OPENAI_API_KEY: 'sk-test', VLLM_API_KEY: 'local' };
    const res = await refig(
      ['evaluate', SUB, '--judges', 'gpt-5.4,qwen3.6-27b', '--runs', '1', '--workers', '2'],
      env,
    );
    expect(res.code, res.err).toBe(0);

    const qwen = server.requests.filter((r) => r.body.model === 'Qwen/Qwen3.6-27B');
    const gpt = server.requests.filter((r) => r.body.model === 'gpt-5.4-2026-03-05');
    expect(qwen.length).toBe(gpt.length);
    expect(qwen.length).toBeGreaterThan(0);
    for (const r of qwen) {
      expect(r.body.chat_template_kwargs).toEqual({ enable_thinking: false });
      expect(r.body.reasoning_effort).toBeUndefined();
      expect(r.body.temperature).toBe(0.2);
    }
    for (const r of gpt) {
      expect(r.body.reasoning_effort).toBe('low');
      expect(r.body.chat_template_kwargs).toBeUndefined();
    }

    const records = async (judge: string) =>
      (await readJsonl(join(root, SUB, `results/judgments/${judge}/run-1.jsonl`), JudgmentRecord))
        .records;
    const qwenRecords = await records('qwen3.6-27b');
    expect(qwenRecords).toHaveLength(6);
    for (const r of qwenRecords)
      expect(r.settings).toEqual({
        model: 'Qwen/Qwen3.6-27B',
        server: 'vllm',
        reasoningEffort: null,
        thinking: false,
        temperature: 0.2,
        maxOutputTokens: null,
      });
    const judged = qwenRecords.filter((r) => r.status === 'ok');
    expect(judged.length).toBe(qwen.length);
    // The model that answered, as the endpoint names it.
    for (const r of judged) expect(r.usage?.model).toBe('Qwen/Qwen3.6-27B');
    for (const r of await records('gpt-5.4'))
      expect(r.settings).toMatchObject({
        model: 'gpt-5.4-2026-03-05',
        server: 'openai',
        reasoningEffort: 'low',
        thinking: null,
      });

    const board = await refig(['leaderboard', '--out', 'leaderboard.json'], {});
    expect(board.code, board.err).toBe(0);
    const lb = Leaderboard.parse(
      JSON.parse(await readFile(join(root, 'leaderboard.json'), 'utf8')),
    );
    expect(lb.primaryJudge).toBe('gpt-5.4');
    expect(lb.judges.find((j) => j.id === 'gpt-5.4')?.settings).toMatchObject({
      model: 'gpt-5.4-2026-03-05',
      reasoningEffort: 'low',
    });
    expect(lb.judges.find((j) => j.id === 'qwen3.6-27b')?.settings).toMatchObject({
      thinking: false,
      server: 'vllm',
    });
    expect(lb.rescoring).toEqual([]);
  });

  it('an Ollama server gets thinking off as reasoning_effort "none" (its OpenAI-compatible switch)', async () => {
    const client = createOpenAiJudgeClient({
      baseURL: server.baseURL,
      server: 'ollama',
      apiKey: 'ollama',
      timeoutMs: 5000,
    });
    const before = server.requests.length;
    await client.complete({
      model: 'qwen3:8b',
      system: 's',
      user: [{ type: 'text', text: 'u' }],
      schema: { name: 'x', schema: { type: 'object' } },
      thinking: false,
    });
    const body = server.requests[before]!.body;
    expect(body.reasoning_effort).toBe('none');
    expect(body.chat_template_kwargs).toBeUndefined();
  });

  it('the board refuses to rank judgments made with other settings than the configured judge, naming the entry', async () => {
    // Someone turned thinking back on in figboard.yml: the recorded verdicts no longer match.
    const config = (await readFile(join(root, 'figboard.yml'), 'utf8')).replace(
      /^(\s+)thinking: false$/m,
      '$1thinking: true',
    );
    await writeFile(join(root, 'figboard-thinking.yml'), config);
    const res = await refig(
      ['leaderboard', '--out', 'lb2.json', '--config', 'figboard-thinking.yml'],
      {},
    );
    expect(res.code).toBe(0);
    const lb = Leaderboard.parse(JSON.parse(await readFile(join(root, 'lb2.json'), 'utf8')));
    expect(lb.rescoring).toEqual([
      {
        submission: 'sample-cc-direct',
        records: 'judgments/qwen3.6-27b',
        judge: 'qwen3.6-27b',
        count: 6,
        recorded: [expect.stringContaining('thinking false (board: true)')],
        expected: expect.stringContaining('llm'),
      },
    ]);
    expect(lb.configurations.some((c) => c.judge === 'qwen3.6-27b')).toBe(false);
    expect(res.err).toContain('[scorer-version-stale]');
  });
});
