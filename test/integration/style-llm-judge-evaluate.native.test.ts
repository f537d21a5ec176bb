import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Leaderboard, StyleJudgmentRecord } from '@figboard/evaluator/schemas';
import { SCORER_VERSIONS } from '@figboard/evaluator/scorers';
import {
  type Fallback,
  type OpenAiTestServer,
  startOpenAiTestServer,
} from '../support/openai-test-server.ts';
import { runRefig } from '../support/run-refig.ts';

/*
 * Issue 16 item 4 end to end: a style entry (the faithful sample entry on the 3 references of
 * style-sample) evaluated by `refig evaluate` with two LLM vision judges of two families × 2 runs,
 * pointed at the local OpenAI-compatible test server through the real `openai` client, the real
 * bubblewrap sandbox drawing each candidate. The server answers per task (it recognises the
 * candidate by the SHA-256 of the PNG it is sent, as style.jsonl records it), so every expected
 * number below is worked out by hand: the faithful entry has S_code = S_vision = 100 on every task.
 *
 *   judge vlm-a (family fam-a)   style01-0: one major (−10)   style01-1: two minor (−10)   style01-2: none
 *   judge vlm-b (family fam-b)   style01-0: one critical (−25) style01-1: never valid JSON   style01-2: one minor (−5)
 *
 * Failure paths on the way: the very first call gets HTTP 500 and is retried; vlm-a's first call on
 * style01-1 is not JSON and is asked again; vlm-b cites line 999 of a 25-line figure.py (clipped);
 * vlm-b never answers style01-1 validly (a failed record, no score, counted apart on the board).
 */
const repo = join(import.meta.dirname, '..', '..');
const scratch = mkdtempSync(join(tmpdir(), 'figboard-style-llm-'));
const ENTRY = 'sample-style-faithful';
const TASKS = ['style01-0', 'style01-1', 'style01-2'];
const ENV = { FIGBOARD_TEST_KEY_A: 'a', FIGBOARD_TEST_KEY_B: 'b' };
let server: OpenAiTestServer;

beforeAll(async () => {
  server = await startOpenAiTestServer();
});
afterAll(async () => {
  await server.close();
  rmSync(scratch, { recursive: true, force: true });
});

function layout(name: string): string {
  const root = join(scratch, name);
  cpSync(join(repo, 'suites', 'style-sample'), join(root, 'suites', 'style-sample'), {
    recursive: true,
  });
  cpSync(join(repo, 'submissions', ENTRY), join(root, 'submissions', ENTRY), { recursive: true });
  rmSync(join(root, 'submissions', ENTRY, 'results'), { recursive: true, force: true });
  const judge = (id: string, family: string, key: string) => [
    `  - id: ${id}`,
    `    family: ${family}`,
    `    model: ${id}-2026-01-01`,
    `    baseURL: ${server.baseURL}`,
    `    apiKeyEnv: ${key}`,
    '    runs: 2',
    '    concurrency: 1',
    '    maxAttempts: 2',
    '    timeoutSeconds: 20',
    '    temperature: 0',
  ];
  writeFileSync(
    join(root, 'figboard.yml'),
    [
      'judges:',
      '  - id: metric',
      '    primary: true',
      ...judge('vlm-a', 'fam-a', 'FIGBOARD_TEST_KEY_A'),
      ...judge('vlm-b', 'fam-b', 'FIGBOARD_TEST_KEY_B'),
      '',
    ].join('\n'),
  );
  return root;
}

/** The server's answers: by model and by the task whose rendering it is shown. */
function scriptedJudges(root: string): Fallback {
  let byPng: Map<string, string> | null = null;
  const seen = new Map<string, number>();
  return (req) => {
    byPng ??= new Map(
      readFileSync(join(root, 'submissions', ENTRY, 'results', 'style.jsonl'), 'utf8')
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l) as { task: string; render: { sha256: string } })
        .map((r) => [r.render.sha256, r.task]),
    );
    const parts = req.body.messages[1].content as { image_url?: { url: string } }[];
    const png = Buffer.from(parts[3]!.image_url!.url.split(',')[1]!, 'base64');
    const task = byPng.get(createHash('sha256').update(png).digest('hex')) ?? 'unknown';
    const model = String(req.body.model);
    const key = `${model} ${task}`;
    seen.set(key, (seen.get(key) ?? 0) + 1);
    const defect = (severity: string, lines: number[]) => ({
      severity,
      candidate_box: [100, 50, 200, 120],
      reference_box: [90, 40, 210, 130],
      code_lines: lines,
      description: `${severity} style loss on ${task}`,
    });
    const reply = (defects: unknown[]) => ({
      kind: 'reply' as const,
      content: JSON.stringify({ defects }),
    });
    if (model.startsWith('vlm-a')) {
      if (task === 'style01-0') return reply([defect('major', [15])]);
      if (task === 'style01-1')
        return seen.get(key) === 1
          ? { kind: 'reply', content: '{"defects": [' }
          : reply([defect('minor', [6]), defect('minor', [16, 17])]);
      return reply([]);
    }
    if (task === 'style01-0') return reply([defect('critical', [14])]);
    if (task === 'style01-1') return { kind: 'reply', content: 'I cannot answer in JSON.' };
    return reply([defect('minor', [2, 999])]);
  };
}

const judgmentFile = (root: string, judge: string, run: number) =>
  join(root, 'submissions', ENTRY, 'results', 'judgments', judge, `run-${run}.jsonl`);
const readRecords = (root: string, judge: string, run: number) =>
  readFileSync(judgmentFile(root, judge, run), 'utf8')
    .trim()
    .split('\n')
    .map((l) => StyleJudgmentRecord.parse(JSON.parse(l)));

describe('refig evaluate: the LLM vision channel on a style entry', () => {
  let root: string;
  let firstBytes: string;

  it('writes one record per task × run × judge: boxes in both images, cited lines, failures recorded', async () => {
    root = layout('one');
    server.setFallback(scriptedJudges(root));
    server.enqueue({ kind: 'status', status: 500, body: { error: { message: 'overloaded' } } });
    const before = server.requests.length;
    const run = await runRefig(['evaluate', `submissions/${ENTRY}`, '--workers', '2'], root, ENV);
    expect(run.code, run.err).toBe(0);
    expect(run.out).toContain(
      'LLM vision judge vlm-a (fam-a, 2 runs): S_vision 93.3 over 6 judged record(s); 0 failed (no score), 0 without a rendering',
    );
    expect(run.out).toContain(
      'LLM vision judge vlm-b (fam-b, 2 runs): S_vision 85.0 over 4 judged record(s); 2 failed (no score)',
    );
    // 2 judges × 2 runs × 3 tasks, plus the 500, the non-JSON reply and vlm-b's second try on style01-1 twice.
    expect(server.requests.length - before).toBe(12 + 1 + 1 + 2);

    const first = server.requests[before]!.body;
    const parts = first.messages[1].content as { type: string; text?: string }[];
    expect(parts.map((p) => p.type)).toEqual([
      'text',
      'image_url',
      'text',
      'image_url',
      'text',
      'text',
    ]);
    expect(parts[4]!.text).toContain(' 1 | import csv');
    expect(first.response_format.json_schema.name).toBe('style_vision_defects');

    for (const judge of ['vlm-a', 'vlm-b'])
      for (const k of [1, 2]) {
        const recs = readRecords(root, judge, k);
        expect(recs.map((r) => [r.task, r.judge, r.run, r.family])).toEqual(
          TASKS.map((t) => [t, judge, k, judge === 'vlm-a' ? 'fam-a' : 'fam-b']),
        );
        for (const r of recs) {
          // the versions of the three scorers that decide a style judgment, as registered (a bump moves them)
          expect(r.scorers).toEqual({
            'style-code': SCORER_VERSIONS['style-code'],
            'style-vision': SCORER_VERSIONS['style-vision'],
            'style-llm-vision': SCORER_VERSIONS['style-llm-vision'],
          });
          expect(r.settings).toMatchObject({ model: `${judge}-2026-01-01`, temperature: 0 });
          expect(r.code).toBe(100);
        }
      }
    const a1 = readRecords(root, 'vlm-a', 1);
    expect(a1.map((r) => [r.status, r.vision, r.S, r.defects.length])).toEqual([
      ['ok', 90, 93.5, 1],
      ['ok', 90, 93.5, 2],
      ['ok', 100, 100, 0],
    ]);
    // The HTTP 500 before the first reply, and the reply that was not JSON, are in the attempt log.
    expect(a1[0]!.attempts).toEqual(['1: judge-server (HTTP 500)', '2: ok']);
    expect(a1[1]!.attempts[0]).toMatch(/^1: invalid-json: reply is not JSON/);
    expect(a1[1]!.usage).toMatchObject({ attempts: 2, inputTokens: 2000, outputTokens: 400 });
    expect(a1[0]!.defects[0]).toEqual({
      severity: 'major',
      candidateBox: [100, 50, 200, 120],
      referenceBox: [90, 40, 210, 130],
      description: 'major style loss on style01-0',
      lines: [15],
      droppedLines: [],
    });
    expect(a1[0]!.render).toMatchObject({ width: 640, height: 360 });
    expect(a1[0]!.reference).toMatchObject({ width: 640, height: 360 });
    // Run 2 of vlm-a on style01-1 is answered at once.
    expect(readRecords(root, 'vlm-a', 2)[1]!.attempts).toEqual(['1: ok']);

    const b1 = readRecords(root, 'vlm-b', 1);
    expect(b1.map((r) => [r.status, r.vision, r.S])).toEqual([
      ['ok', 75, 83.75],
      ['failed', null, null],
      ['ok', 95, 96.75],
    ]);
    expect(b1[1]!.failure).toEqual({
      code: 'invalid-reply',
      message: expect.stringMatching(/^no valid reply after 2 attempts: reply is not JSON/),
    });
    // figure.py has 25 lines: line 999 is clipped from the citation and kept as evidence.
    expect(
      readFileSync(join(root, 'submissions', ENTRY, 'artifacts', 'style01-2', 'figure.py'), 'utf8')
        .trimEnd()
        .split('\n'),
    ).toHaveLength(25);
    expect(b1[2]!.defects[0]).toMatchObject({ lines: [2], droppedLines: [999] });

    const summary = JSON.parse(
      readFileSync(join(root, 'submissions', ENTRY, 'results', 'summary.json'), 'utf8'),
    );
    expect(summary.llmVision).toEqual([
      expect.objectContaining({
        judge: 'vlm-a',
        runs: 2,
        status: 'ran',
        records: { ok: 6, failed: 0, noCandidate: 0 },
        vision: 93.33,
      }),
      expect.objectContaining({
        judge: 'vlm-b',
        runs: 2,
        status: 'ran',
        records: { ok: 4, failed: 2, noCandidate: 0 },
        vision: 85,
      }),
    ]);
    firstBytes = ['vlm-a', 'vlm-b']
      .flatMap((j) => [1, 2].map((k) => readFileSync(judgmentFile(root, j, k), 'utf8')))
      .join('');
  }, 600_000);

  it('resumes without a call, and a fresh run with the same replies writes the same bytes', async () => {
    const before = server.requests.length;
    const again = await runRefig(['evaluate', `submissions/${ENTRY}`], root, ENV);
    expect(again.code, again.err).toBe(0);
    expect(server.requests.length).toBe(before);

    const other = layout('two');
    server.setFallback(scriptedJudges(other));
    server.enqueue({ kind: 'status', status: 500, body: { error: { message: 'overloaded' } } });
    const fresh = await runRefig(
      ['evaluate', `submissions/${ENTRY}`, '--workers', '2'],
      other,
      ENV,
    );
    expect(fresh.code, fresh.err).toBe(0);
    const bytes = ['vlm-a', 'vlm-b']
      .flatMap((j) => [1, 2].map((k) => readFileSync(judgmentFile(other, j, k), 'utf8')))
      .join('');
    expect(bytes).toBe(firstBytes);

    // Without a key no judge runs: the deterministic channel alone, and style.jsonl is the same.
    const offline = layout('offline');
    const plain = await runRefig(['evaluate', `submissions/${ENTRY}`, '--workers', '2'], offline);
    expect(plain.code, plain.err).toBe(0);
    expect(existsSync(join(offline, 'submissions', ENTRY, 'results', 'judgments'))).toBe(false);
    expect(
      readFileSync(join(offline, 'submissions', ENTRY, 'results', 'style.jsonl'), 'utf8'),
    ).toBe(readFileSync(join(root, 'submissions', ENTRY, 'results', 'style.jsonl'), 'utf8'));
  }, 600_000);

  it('puts S_vision with each judge, its CI and the failed count on the board', async () => {
    const out = await runRefig(['leaderboard', '--out', 'leaderboard.json'], root, ENV);
    expect(out.code, out.err).toBe(0);
    const board = JSON.parse(readFileSync(join(root, 'leaderboard.json'), 'utf8')) as Leaderboard;
    const all = board.style.find((r) => r.submission === ENTRY && r.split === 'all')!;
    expect([all.n, all.S, all.code, all.vision]).toEqual([3, 100, 100, 100]);
    expect([all.ci, all.codeCi, all.visionCi]).toEqual([
      [100, 100],
      [100, 100],
      [100, 100],
    ]);
    expect(all.llm.map((j) => [j.judge, j.family, j.runs, j.n, j.failed, j.unjudged])).toEqual([
      ['vlm-a', 'fam-a', 2, 3, 0, 0],
      ['vlm-b', 'fam-b', 2, 2, 1, 0],
    ]);
    const [a, b] = all.llm;
    // vlm-a: 90, 90, 100 → 93.33; with 3 references the bootstrap means lie in [90, 100] and both ends occur.
    expect(a!.vision).toBe(93.3333);
    expect(a!.S).toBe(95.6667);
    expect(a!.visionCi![0]).toBeGreaterThanOrEqual(90);
    expect(a!.visionCi![0]).toBeLessThan(93.33);
    expect(a!.visionCi![1]).toBeGreaterThan(93.33);
    expect(a!.visionCi![1]).toBeLessThanOrEqual(100);
    // vlm-b: style01-1 failed in both runs → left out (never a 0): mean of 75 and 95.
    expect(b!.vision).toBe(85);
    expect(b!.S).toBe(90.25);
    expect(b!.visionCi![0]).toBeGreaterThanOrEqual(75);
    expect(b!.visionCi![1]).toBeLessThanOrEqual(95);
    expect(b!.defects).toBe(1);
  }, 300_000);
});
