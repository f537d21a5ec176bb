import { readdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { FigboardError, UsageError } from '../../errors/index.ts';
import { formatProblem } from '../../errors/problem.ts';
import type { SuiteManifest } from '../../schemas/suite.schema.ts';
import { type LoadedSuite, type LoadedTask, loadSuite } from '../../suite/load-suite.ts';
import { compareCodeUnits } from '../../util/compare-code-units.ts';
import type { EvaluateOptions } from '../track.ts';
import type { RefigRun } from './refig-run.ts';

/** Where a refig submission's decks are, refusing an archive nobody unpacked. */
export function refigArtifactsDir(
  options: EvaluateOptions,
  manifest: RefigRun['manifest'],
  submissionDir: string,
): string {
  if (manifest.archive && options.artifactsDir === undefined) {
    throw new UsageError(
      'this submission is delivered as an archive: its artifacts must be fetched and verified first',
      {
        code: 'archive-not-unpacked',
        where: join(submissionDir, 'submission.yml'),
        expected: 'the artifacts/ folder of the unpacked archive',
        got: `archive ${manifest.archive.url}`,
        hint: 'refig evaluate fetches, verifies and unpacks it for you (through refig validate); from code, pass artifactsDir',
      },
    );
  }
  return resolve(options.artifactsDir ?? join(submissionDir, 'artifacts'));
}

/** The refig track's tasks: hashes checked, hidden truth opened with the key when there is one. */
export function loadRefigTasks(suiteDir: string, suiteKey: Buffer | null): Promise<LoadedSuite> {
  return loadSuite(suiteDir, { suiteKey });
}

/**
 * Step 3: the suite. Tasks that load are evaluated; a broken task is reported and left out.
 * Returns the suite and the selected tasks, sorted by id.
 */
export async function loadRefigSuite(
  run: RefigRun,
): Promise<{ suite: LoadedSuite & { manifest: SuiteManifest }; selected: LoadedTask[] }> {
  const { options, ports, manifest, suiteDir } = run;
  const suite = await loadRefigTasks(suiteDir, ports.suiteKey ?? null);
  if (!suite.manifest) {
    throw new FigboardError(`the suite "${manifest.suite.name}" cannot be loaded`, {
      code: 'suite-unreadable',
      where: suiteDir,
      got: suite.problems.map(formatProblem).slice(0, 5).join('; '),
      hint: 'pass --suite DIR, or check suites/<name>/suite.json',
    });
  }
  if (suite.manifest.name !== manifest.suite.name) {
    if (options.resultsDir === undefined) {
      throw new UsageError(
        `the submission answers suite "${manifest.suite.name}" but ${suiteDir} is suite "${suite.manifest.name}"`,
        {
          code: 'suite-mismatch',
          where: suiteDir,
          expected: manifest.suite.name,
          got: suite.manifest.name,
          hint: 'to score it against another suite anyway, pass --out DIR (results/ keeps the scores of its own suite)',
        },
      );
    }
    ports.log(
      `note: scoring a ${manifest.suite.name} submission against suite ${suite.manifest.name}: tasks without an artifact score 0 and are listed as missing`,
    );
  }
  for (const p of suite.problems.filter((x) => x.severity === 'error'))
    ports.log(`suite problem (task left out): ${formatProblem(p)}`);
  if (suite.manifest.version !== manifest.suite.version) {
    ports.log(
      `warning: submission answers ${manifest.suite.name} ${manifest.suite.version}, the suite folder is version ${suite.manifest.version}`,
    );
  }
  const selected = selectTasks(
    [...suite.tasks].sort((a, b) => compareCodeUnits(a.id, b.id)),
    options.tasks,
    suiteDir,
  );
  const taskIds = new Set(suite.taskDirs.map((t) => t.id));
  const artifactDirs = await readdir(run.artifactsDir).catch(() => [] as string[]);
  for (const name of artifactDirs.sort())
    if (!taskIds.has(name))
      ports.log(
        `warning: artifacts/${name}/ is not a task of suite ${suite.manifest.name}; ignored`,
      );
  return { suite: suite as LoadedSuite & { manifest: SuiteManifest }, selected };
}

/** The suite's tasks, or the requested subset of them (every unknown id reported at once). */
function selectTasks(
  all: LoadedTask[],
  subset: readonly string[] | undefined,
  suiteDir: string,
): LoadedTask[] {
  if (subset === undefined) return all;
  const known = new Set(all.map((t) => t.id));
  const unknown = [...new Set(subset)].filter((id) => !known.has(id)).sort();
  if (unknown.length > 0)
    throw new UsageError(
      `${unknown.length} requested task(s) are not tasks of the suite: ${unknown.join(', ')}`,
      {
        code: 'unknown-task',
        where: suiteDir,
        expected: 'ids of tasks that load from the suite',
        got: unknown.slice(0, 10).join(', '),
      },
    );
  const wanted = new Set(subset);
  return all.filter((t) => wanted.has(t.id));
}
