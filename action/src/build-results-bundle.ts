import { cp, mkdir, readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { LoadedConfig } from '@figboard/evaluator/config';
import { boardSettingsFromConfig } from '@figboard/evaluator/leaderboard';
import { buildLeaderboard } from '@figboard/evaluator/leaderboard';
import type { LeaderboardInputs } from '@figboard/evaluator/leaderboard';
import { loadLeaderboardInputs } from '@figboard/evaluator/leaderboard';
import { serializeLeaderboard } from '@figboard/evaluator/leaderboard';
import { EVALUATOR_VERSION } from '@figboard/evaluator/evaluate';
import { buildBundleInsights } from './build-bundle-insights.ts';
import { ResultsBundleManifest } from '@figboard/evaluator/schemas';
import { stableStringify } from '@figboard/evaluator/util';
import { RESULTS_DIR } from '@figboard/evaluator/results';

/**
 * Writes the results bundle the bot reads (`ResultsBundleManifest` documents the layout):
 * validation reports, the entry's result records, and two boards built with the evaluator's own
 * leaderboard code — the current one (without the entry) and a provisional one (with it), so the
 * scorecard can state the entry's provisional rank and its neighbours.
 *
 * The entry's results are first placed in `submissions/<id>/results/` of the workspace (from
 * `<resultsRoot>/<id>/results/`), because that is where the leaderboard loader reads them.
 */
export async function buildResultsBundle(opts: {
  repoDir: string;
  resultsRoot: string;
  ids: readonly string[];
  pr: { number: number; headSha: string };
  llmJudged: boolean;
  runUrl: string | null;
  notes?: string[];
  config: LoadedConfig;
  outDir: string;
}): Promise<void> {
  const manifest = ResultsBundleManifest.parse({
    schemaVersion: 1,
    pr: opts.pr,
    submissions: [...opts.ids].sort(),
    llmJudged: opts.llmJudged,
    runUrl: opts.runUrl,
    notes: opts.notes ?? [],
  });
  await mkdir(opts.outDir, { recursive: true });
  await writeFile(join(opts.outDir, 'bundle.json'), `${stableStringify(manifest, 2)}\n`);
  for (const id of manifest.submissions) {
    const results = join(opts.resultsRoot, id, RESULTS_DIR);
    const inRepo = join(opts.repoDir, 'submissions', id, RESULTS_DIR);
    if (results !== inRepo)
      await cp(results, inRepo, { recursive: true, force: true }).catch(() => {});
    // Records and the summary only: renders travel in the workflow's own artifact.
    for (const rel of await listJsonFiles(inRepo)) {
      await mkdir(join(opts.outDir, 'submissions', id, RESULTS_DIR, rel, '..'), {
        recursive: true,
      });
      await cp(join(inRepo, rel), join(opts.outDir, 'submissions', id, RESULTS_DIR, rel));
    }
    await mkdir(join(opts.outDir, 'validation'), { recursive: true });
    await cp(
      join(opts.resultsRoot, 'validation', `${id}.json`),
      join(opts.outDir, 'validation', `${id}.json`),
    ).catch(() => {});
  }

  const inputs = await loadLeaderboardInputs({
    submissionsDir: join(opts.repoDir, 'submissions'),
    suitesDir: join(opts.repoDir, 'suites'),
    annotationsDir: join(opts.repoDir, 'annotations'),
  });
  const entry = new Set(manifest.submissions);
  const withoutEntry: LeaderboardInputs = {
    ...inputs,
    submissions: inputs.submissions.filter((s) => !entry.has(s.id)),
    annotations: inputs.annotations.filter(
      (a) => !entry.has(a.annotation.a) && !entry.has(a.annotation.b),
    ),
    files: inputs.files.filter(
      (f) => !manifest.submissions.some((id) => f.path.startsWith(`submissions/${id}/`)),
    ),
  };
  // The published board's settings (refig leaderboard's), so the provisional rank is the one
  // the entry gets when merged.
  const { settings } = boardSettingsFromConfig(inputs, opts.config, { configFile: 'figboard.yml' });
  const options = { ...settings, generatorVersion: EVALUATOR_VERSION };
  await writeFile(
    join(opts.outDir, 'leaderboard.json'),
    serializeLeaderboard(buildLeaderboard(inputs, options).leaderboard),
  );
  await writeFile(
    join(opts.outDir, 'leaderboard.main.json'),
    serializeLeaderboard(buildLeaderboard(withoutEntry, options).leaderboard),
  );
  // what the maintainer decides with: likeness to entries on the board, best and worst
  // renderings (published by the bot), the cost of judging with the LLM judges
  await buildBundleInsights({
    repoDir: opts.repoDir,
    inputs,
    entries: manifest.submissions,
    config: opts.config,
    primaryJudge: settings.primaryJudge,
    outDir: opts.outDir,
  });
}

async function listJsonFiles(dir: string, prefix = ''): Promise<string[]> {
  const entries = await readdir(join(dir, prefix), { withFileTypes: true }).catch(() => []);
  const out: string[] = [];
  for (const e of entries.sort((a, b) => (a.name < b.name ? -1 : 1))) {
    const rel = prefix ? `${prefix}/${e.name}` : e.name;
    if (e.isDirectory() && e.name !== 'renders') out.push(...(await listJsonFiles(dir, rel)));
    else if (e.isFile() && /\.jsonl?$/.test(e.name)) out.push(rel);
  }
  return out;
}
