import { cp, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testdir } from '../../../test/support/testdir.ts';
import { createBubblewrapSandbox } from '../sandbox/bubblewrap-sandbox.ts';
import { SubmissionManifest } from '../schemas/submission.schema.ts';
import { StyleRecord } from '../schemas/style-record.schema.ts';
import { evaluateStyleSubmission } from './evaluate-style-submission.ts';

/*
 * evaluateStyleSubmission on a copy of the sample suite: one good task, one task whose task.json
 * is broken, one task without an artifact, plus a crashing script; then resume from an
 * interrupted results file and compare bytes.
 */

const ROOT = join(import.meta.dirname, '..', '..', '..');
const CAL = join(ROOT, 'test', 'fixtures', 'calibration-style');
const sandbox = createBubblewrapSandbox();
const manifest = SubmissionManifest.parse({
  id: 'test-style-entry',
  track: 'style',
  suite: { name: 'style-sample', version: '1.0.0' },
  team: 'test',
  contact: 'test',
  model: { name: 'm', provider: 'p', snapshot: 's' },
  harness: { name: 'h', version: '1' },
  workflow: { name: 'w', kind: 'direct' },
  attempts: 1,
  date: '2026-01-15',
  license: 'MIT',
});

let root: string;
let cleanup: () => Promise<void>;
beforeAll(async () => {
  const faithful = await readFile(join(CAL, 'style01-0', 'candidates', 'faithful', 'figure.py'));
  ({ dir: root, cleanup } = await testdir({
    'sub/artifacts/style01-0/figure.py': faithful,
    'sub/artifacts/style01-1/figure.py': faithful,
    // style01-2 has no artifact at all
    'crashy/artifacts/style01-0/figure.py': "raise RuntimeError('boom')\n",
  }));
  await cp(join(ROOT, 'suites', 'style-sample'), join(root, 'suite'), { recursive: true });
  // A broken task.json must not stop the other tasks.
  const taskJson = join(root, 'suite', 'style01-1', 'task.json');
  await writeFile(
    taskJson,
    (await readFile(taskJson, 'utf8')).replace('"hand-curated"', '"handmade"'),
  );
});
afterAll(() => cleanup());

describe('evaluateStyleSubmission', () => {
  it('scores every suite task: ok, task-invalid, missing — and writes canonical results/style.jsonl', async () => {
    const events: string[] = [];
    const summary = await evaluateStyleSubmission({
      submissionDir: join(root, 'sub'),
      manifest,
      suiteDir: join(root, 'suite'),
      workers: 2,
      sandbox,
      onTask: (e) => events.push(`${e.task}:${e.status}:${e.reused ? 'reused' : 'new'}`),
    });
    expect(events.sort()).toEqual([
      'style01-0:ok:new',
      'style01-1:failed:new',
      'style01-2:missing:new',
    ]);
    expect(JSON.stringify(summary)).not.toContain(root);
    expect(summary.problems.map((p) => p.file)).toEqual([
      'suite/style01-1/task.json',
      'suite/style01-1/task.json',
    ]);
    expect({
      ...summary,
      problems: summary.problems.map((p) => `${p.rule}: ${p.message} (${p.got})`),
    }).toMatchInlineSnapshot(`
      {
        "defects": {},
        "perSplit": {
          "hand-curated": {
            "S": 33.33,
            "code": 33.33,
            "tasks": 3,
            "vision": 33.33,
          },
        },
        "problems": [
          "task-json-schema: split: Invalid option: expected one of "hand-curated"|"augmented" (undefined)",
          "style-task-invalid: task.json does not match its schema (split: Invalid option: expected one of "hand-curated"|"augmented")",
        ],
        "resultsFile": "results/style.jsonl",
        "scores": {
          "S": 33.33,
          "code": 33.33,
          "tasks": 3,
          "vision": 33.33,
        },
        "submission": "test-style-entry",
        "suite": {
          "name": "style-sample",
          "version": "1.0.0",
        },
        "tasks": {
          "failed": [
            {
              "code": "task-invalid",
              "task": "style01-1",
            },
          ],
          "missing": [
            "style01-2",
          ],
          "ok": 1,
          "sealed": [],
          "total": 3,
        },
        "track": "style",
      }
    `);
    const lines = (await readFile(join(root, 'sub', 'results', 'style.jsonl'), 'utf8'))
      .trim()
      .split('\n');
    const records = lines.map((l) => StyleRecord.parse(JSON.parse(l)));
    expect(records.map((r) => [r.task, r.status, r.S, r.failure?.code ?? null])).toEqual([
      ['style01-0', 'ok', 100, null],
      ['style01-1', 'failed', 0, 'task-invalid'],
      ['style01-2', 'missing', 0, 'missing'],
    ]);
    // no absolute path of this machine in the records
    expect(lines.join('\n')).not.toContain(root);
  });

  it('resumes: a second run reuses every record, and an interrupted file ends byte-identical', async () => {
    const file = join(root, 'sub', 'results', 'style.jsonl');
    const first = await readFile(file, 'utf8');
    const events: string[] = [];
    const run = () =>
      evaluateStyleSubmission({
        submissionDir: join(root, 'sub'),
        manifest,
        suiteDir: join(root, 'suite'),
        sandbox,
        onTask: (e) => events.push(`${e.task}:${e.reused}`),
      });
    await run();
    expect(events.filter((e) => e.startsWith('style01-0'))).toEqual(['style01-0:true']);
    expect(await readFile(file, 'utf8')).toBe(first);

    // Simulate a writer killed mid-line after losing the style01-0 record.
    const kept = first.split('\n').filter((l) => l && !l.includes('"task":"style01-0"'));
    await writeFile(file, `${kept.join('\n')}\n{"task":"style01-0","S":10`);
    events.length = 0;
    await run();
    expect(events.filter((e) => e.startsWith('style01-0'))).toEqual(['style01-0:false']);
    expect(await readFile(file, 'utf8')).toBe(first);
  });

  it('records a crashing script as failed with its traceback, S = 0', async () => {
    const summary = await evaluateStyleSubmission({
      submissionDir: join(root, 'crashy'),
      manifest,
      suiteDir: join(root, 'suite'),
      sandbox,
    });
    expect(summary.tasks.failed).toEqual([
      { task: 'style01-0', code: 'crash' },
      { task: 'style01-1', code: 'task-invalid' },
    ]);
    const records = (await readFile(join(root, 'crashy', 'results', 'style.jsonl'), 'utf8'))
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as StyleRecord);
    expect(records[0]!.failure!.message).toMatch(
      /^the script raised RuntimeError: boom\nTraceback/,
    );
    expect(summary.scores.S).toBe(0);
  });

  it('refuses a suite of the wrong track or name with a clear error', async () => {
    const other = SubmissionManifest.parse({
      ...manifest,
      suite: { name: 'refig-sample', version: '1.0.0' },
    });
    await expect(
      evaluateStyleSubmission({
        submissionDir: join(root, 'sub'),
        manifest: other,
        suiteDir: join(root, 'suite'),
        sandbox,
      }),
    ).rejects.toThrow(/answers suite "refig-sample" but the suite folder holds "style-sample"/);
    await expect(
      evaluateStyleSubmission({
        submissionDir: join(root, 'sub'),
        manifest: other,
        suiteDir: join(ROOT, 'suites', 'refig-sample'),
        sandbox,
      }),
    ).rejects.toThrow(/not a style-track suite/);
  });
});
