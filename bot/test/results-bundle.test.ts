import { appendFile, cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { loadResultsBundle } from '../src/results-bundle.ts';

const REPO = fileURLToPath(new URL('../../', import.meta.url));
const STYLE_RESULTS = fileURLToPath(
  new URL('./fixtures/style-llm-judged/results', import.meta.url),
);
const dirs: string[] = [];
afterEach(async () => {
  for (const d of dirs.splice(0)) await rm(d, { recursive: true, force: true });
});

/** A bundle with one style entry (real `refig evaluate` records) and one refig entry (committed sample results). */
async function bundleDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'figboard-bot-bundle-'));
  dirs.push(dir);
  const ids = ['sample-cc-direct', 'sample-style-faithful'];
  await writeFile(
    join(dir, 'bundle.json'),
    JSON.stringify({
      schemaVersion: 1,
      pr: { number: 3, headSha: 'b'.repeat(40) },
      submissions: ids,
      llmJudged: true,
      runUrl: null,
      notes: [],
    }),
  );
  await cp(STYLE_RESULTS, join(dir, 'submissions/sample-style-faithful/results'), {
    recursive: true,
  });
  const refig = join(dir, 'submissions/sample-cc-direct/results');
  await mkdir(join(refig, 'judgments/metric'), { recursive: true });
  for (const f of ['artifacts.jsonl', 'judgments/metric/run-1.jsonl'])
    await cp(join(REPO, 'submissions/sample-cc-direct/results', f), join(refig, f));
  return dir;
}

describe('results bundle: judgment lines by the entry track', () => {
  it("reads a style entry's LLM vision verdicts as style judgment records, never as unreadable lines", async () => {
    const b = await loadResultsBundle(await bundleDir());
    expect(b.problems).toEqual([]);
    const style = b.submissions.find((s) => s.id === 'sample-style-faithful')!;
    expect(style.track).toBe('style');
    expect(style.judgments).toEqual([]);
    // 2 judges × 2 runs × 3 references, one of vlm-b's failed (kept, with no score)
    expect(style.styleJudgments).toHaveLength(12);
    expect(style.styleJudgments.filter((r) => r.status === 'failed')).toHaveLength(2);
    expect(style.style.map((r) => [r.task, r.S])).toEqual([
      ['style01-0', 100],
      ['style01-1', 100],
      ['style01-2', 100],
    ]);
    const refig = b.submissions.find((s) => s.id === 'sample-cc-direct')!;
    expect(refig.track).toBe('refig');
    expect(refig.judgments).toHaveLength(6);
    expect(refig.styleJudgments).toEqual([]);
  });

  it('still counts broken lines, and lines of the other track, as unreadable', async () => {
    const dir = await bundleDir();
    const styleRun = join(
      dir,
      'submissions/sample-style-faithful/results/judgments/vlm-a/run-1.jsonl',
    );
    // a refig verdict in a style entry's judgments, and a line that is not JSON
    const refigLine = (
      await readFile(
        join(REPO, 'submissions/sample-cc-direct/results/judgments/metric/run-1.jsonl'),
        'utf8',
      )
    ).split('\n')[0]!;
    const styleLine = (
      await readFile(join(STYLE_RESULTS, 'judgments/vlm-a/run-1.jsonl'), 'utf8')
    ).split('\n')[0]!;
    await appendFile(styleRun, `${refigLine}\n{"task": \n`);
    await appendFile(
      join(dir, 'submissions/sample-cc-direct/results/judgments/metric/run-1.jsonl'),
      `${styleLine}\n`,
    );
    const b = await loadResultsBundle(dir);
    expect(b.problems).toEqual([
      'submissions/sample-cc-direct/results/judgments/metric/run-1.jsonl: 1 unreadable lines (not judgment records)',
      'submissions/sample-style-faithful/results/judgments/vlm-a/run-1.jsonl: 2 unreadable lines (not style judgment records)',
    ]);
    expect(
      b.submissions.find((s) => s.id === 'sample-style-faithful')!.styleJudgments,
    ).toHaveLength(12);
  });
});
