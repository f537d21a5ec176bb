import { spawnSync } from 'node:child_process';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { testdir } from '../support/testdir.ts';

/*
 * Issue 22 (smaller ones): the judge job of trusted-judge.yml puts each pull-request submission
 * back and copies the rederive job's trusted results into it. When the pull request's head had
 * a `results/` folder of its own, `cp -r` nested the trusted one inside it (results/results) and
 * the LLM judges ran next to the head's untrusted records. This runs the workflow's own script
 * (taken from trusted-judge.yml) with bash on such a layout.
 */

const WORKFLOW = new URL('../../.github/workflows/trusted-judge.yml', import.meta.url);
const STEP = 'Put the submission data and its results back in place';

async function restoreScript(): Promise<string> {
  const wf = parse(await readFile(WORKFLOW, 'utf8')) as {
    jobs: Record<string, { steps: { name?: string; run?: string }[] }>;
  };
  const step = wf.jobs.judge!.steps.find((s) => s.name === STEP);
  if (!step?.run) throw new Error(`trusted-judge.yml has no step "${STEP}"`);
  return step.run;
}

let cleanup: (() => Promise<void>) | undefined;
afterEach(async () => {
  await cleanup?.();
  cleanup = undefined;
});

describe('trusted-judge.yml restores trusted results', () => {
  it('replaces the head’s results folder with the trusted one, never nesting it', async () => {
    const t = await testdir({
      'submissions/OWNERSHIP.json': '{}\n',
      'out/figboard/changed-files.txt': 'submissions/entry/submission.yml\n',
      'out/figboard/pr-submissions/entry/submission.yml': 'id: entry\n',
      'out/figboard/pr-submissions/entry/results/summary.json': '{"forged":true}\n',
      'out/figboard/pr-submissions/entry/results/judgments/metric/run-1.jsonl': 'forged\n',
      'out/figboard/entry/results/summary.json': '{"trusted":true}\n',
      'out/figboard/entry/results/artifacts.jsonl': 'trusted\n',
      'out/figboard/pr-submissions/plain/submission.yml': 'id: plain\n',
    });
    cleanup = t.cleanup;
    const run = spawnSync('bash', ['-c', await restoreScript()], {
      cwd: t.dir,
      encoding: 'utf8',
    });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    const results = join(t.dir, 'submissions', 'entry', 'results');
    expect((await readdir(results)).sort()).toEqual(['artifacts.jsonl', 'summary.json']);
    expect(await readFile(join(results, 'summary.json'), 'utf8')).toBe('{"trusted":true}\n');
    // A submission without trusted results keeps none of the head's.
    expect(await readdir(join(t.dir, 'submissions', 'plain'))).toEqual(['submission.yml']);
  });
});
