import { cp, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '@figboard/evaluator/config';
import { loadLeaderboardInputs } from '@figboard/evaluator/leaderboard';
import { testdir } from '../../test/support/testdir.ts';
import { buildBundleInsights } from '../src/build-bundle-insights.ts';

/*
 * The insights the scorecard shows beside the scores, from real committed entries copied into a
 * scratch repository: a refig entry with one task crashed (an error.log, no deck) and one never
 * run (no task folder), and a style entry, whose judging cost is estimated for its LLM vision
 * judges (judges with `tracks: [refig]` are not counted for it).
 */
const ROOT = new URL('../../', import.meta.url).pathname;
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

async function scratch(entries: string[], suites: string[]): Promise<string> {
  const t = await testdir({ 'annotations/.keep': '' });
  cleanups.push(t.cleanup);
  for (const s of suites)
    await cp(join(ROOT, 'suites', s), join(t.dir, 'suites', s), { recursive: true });
  for (const e of entries)
    await cp(join(ROOT, 'submissions', e), join(t.dir, 'submissions', e), { recursive: true });
  return t.dir;
}

/** Marks tasks as unanswered in artifacts.jsonl, as `refig evaluate` records a task without a deck. */
async function unanswer(repo: string, id: string, tasks: string[]): Promise<void> {
  const file = join(repo, 'submissions', id, 'results/artifacts.jsonl');
  const lines = (await readFile(file, 'utf8')).trim().split('\n');
  const out = lines.map((l) => {
    const r = JSON.parse(l) as { task: string; status: string; audit: unknown };
    return tasks.includes(r.task) ? JSON.stringify({ ...r, status: 'missing', audit: null }) : l;
  });
  await writeFile(file, `${out.join('\n')}\n`);
}

const config = (yml: string) => {
  const loaded = loadConfig(yml, 'figboard.yml', {});
  if (!loaded.value) throw new Error(JSON.stringify(loaded.errors));
  return loaded.value;
};

describe('bundle insights', () => {
  it('tells a crashed task (first line of its error.log) from a never-run one', async () => {
    const repo = await scratch(['sample-cc-direct', 'sample-codex-direct'], ['refig-sample']);
    const id = 'sample-cc-direct';
    const art = join(repo, 'submissions', id, 'artifacts');
    await rm(join(art, 'fig01-001/output.pptx'));
    await writeFile(
      join(art, 'fig01-001/error.log'),
      '\n  Traceback: agent exited with code 137 (out of memory)  \nsecond line\n',
    );
    await rm(join(art, 'fig01-004'), { recursive: true });
    await unanswer(repo, id, ['fig01-001', 'fig01-004']);
    const insights = await buildBundleInsights({
      repoDir: repo,
      inputs: await loadLeaderboardInputs({
        submissionsDir: join(repo, 'submissions'),
        suitesDir: join(repo, 'suites'),
        annotationsDir: join(repo, 'annotations'),
      }),
      entries: [id],
      config: config(await readFile(join(ROOT, 'figboard.yml'), 'utf8')),
      primaryJudge: 'metric',
      outDir: join(repo, 'bundle'),
    });
    const entry = insights.entries[0]!;
    expect(entry.unanswered).toEqual([
      {
        task: 'fig01-001',
        kind: 'crashed',
        firstLine: 'Traceback: agent exited with code 137 (out of memory)',
      },
      { task: 'fig01-004', kind: 'never-run', firstLine: null },
    ]);
    // the two unanswered decks are not judged: 4 requests per run, priced for gpt-5.4 only
    const gpt = entry.estimate.find((e) => e.judge === 'gpt-5.4')!;
    expect(gpt.tasks).toBe(4);
    expect(gpt.costUsd).toBeGreaterThan(0);
    expect(entry.estimate.find((e) => e.judge === 'qwen3.6-27b')!.costUsd).toBeNull();

    // an entry delivered as an archive has no artifacts folder in the repository: its unanswered
    // tasks are not called never-run (the scorecard lists them as without output)
    await rm(art, { recursive: true });
    const archived = await buildBundleInsights({
      repoDir: repo,
      inputs: await loadLeaderboardInputs({
        submissionsDir: join(repo, 'submissions'),
        suitesDir: join(repo, 'suites'),
        annotationsDir: join(repo, 'annotations'),
      }),
      entries: [id],
      config: config(await readFile(join(ROOT, 'figboard.yml'), 'utf8')),
      primaryJudge: 'metric',
      outDir: join(repo, 'bundle'),
    });
    expect(archived.entries[0]!.unanswered).toEqual([]);
  });

  it("estimates a style entry's cost for the LLM judges that judge the style track", async () => {
    const repo = await scratch(['sample-style-default', 'sample-style-faithful'], ['style-sample']);
    const yml = [
      'judges:',
      '  - { id: metric, primary: true }',
      '  - id: vision',
      '    family: fam-a',
      '    model: vision-model',
      '    baseURL: http://127.0.0.1:9/v1',
      '    apiKeyEnv: FIGBOARD_TEST_UNSET_KEY',
      '    runs: 2',
      '    prices: { inputUsdPerMTok: 2.5, outputUsdPerMTok: 15 }',
      '  - id: slides-only',
      '    family: fam-b',
      '    model: slides-model',
      '    baseURL: http://127.0.0.1:9/v1',
      '    apiKeyEnv: FIGBOARD_TEST_UNSET_KEY',
      '    tracks: [refig]',
      '',
    ].join('\n');
    await mkdir(join(repo, 'bundle'), { recursive: true });
    const insights = await buildBundleInsights({
      repoDir: repo,
      inputs: await loadLeaderboardInputs({
        submissionsDir: join(repo, 'submissions'),
        suitesDir: join(repo, 'suites'),
        annotationsDir: join(repo, 'annotations'),
      }),
      entries: ['sample-style-faithful'],
      config: config(yml),
      primaryJudge: 'metric',
      outDir: join(repo, 'bundle'),
    });
    const entry = insights.entries[0]!;
    expect(entry.similar).toEqual([]); // decks are a refig notion
    expect(entry.estimate.map((e) => e.judge)).toEqual(['vision']);
    const [vision] = entry.estimate;
    // one request per reference whose script drew a figure, two runs, both images and the code
    expect(vision!.tasks).toBe(3);
    expect(vision!.runs).toBe(2);
    expect(vision!.inputTokensPerJudgment).toBeGreaterThan(500);
    expect(vision!.costUsd).toBeGreaterThan(0);
    expect(entry.unanswered).toEqual([]);
  });
});
