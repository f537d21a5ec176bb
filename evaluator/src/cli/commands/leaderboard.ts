import { mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { basename, join, relative, resolve } from 'node:path';
import { loadJudgingConfig } from '../../config/load-judging-config.ts';
import { boardSettingsFromConfig } from '../../leaderboard/board-settings-from-config.ts';
import { UsageError } from '../../errors/index.ts';
import { formatProblem, type Problem } from '../../errors/problem.ts';
import { buildLeaderboard } from '../../leaderboard/build-leaderboard.ts';
import { loadLeaderboardInputs } from '../../leaderboard/load-leaderboard-inputs.ts';
import { writeLeaderboard } from '../../leaderboard/write-leaderboard.ts';
import type { Leaderboard } from '../../schemas/leaderboard.schema.ts';
import pkg from '../../../package.json' with { type: 'json' };
import { buildScratchRepository } from '../scratch-repository.ts';
import type { RegisterCommand } from './command.ts';
import { compareCodeUnits } from '../../util/compare-code-units.ts';
import { RESULT_FILES } from '../../results/index.ts';

/**
 * Where the board goes unless `--out` names a file: a scratch path, so a submitter checking their
 * provisional rank never rewrites the committed `leaderboard.json` by accident.
 */
const SCRATCH_BOARD = '.cache/figboard/leaderboard.json';

interface LeaderboardFlags {
  submissions: string;
  suites: string;
  annotations: string;
  out?: string;
  config?: string;
  primaryJudge?: string;
  tieMargin?: string;
  provisionalBelow?: string;
  strict?: boolean;
  with: string[];
  siteData?: string;
}

/**
 * `refig leaderboard`: statistics over every submission's results and the human annotations →
 * `leaderboard.json`. Prints a short summary on stdout and every input problem on stderr. A bad
 * submission or annotation line is reported and left out; the board is still written (exit 0)
 * unless `--strict`, which exits 1 when any input problem is an error.
 */
export const registerLeaderboard: RegisterCommand = (program, ctx, setExit) => {
  program
    .command('leaderboard')
    .description(
      'compute leaderboard.json from submissions/*/results, suites and annotations (deterministic: same inputs, same bytes)',
    )
    .option('--submissions <dir>', 'submissions folder', 'submissions')
    .option('--suites <dir>', 'suites folder', 'suites')
    .option('--annotations <dir>', 'human annotations folder (*.jsonl)', 'annotations')
    .option(
      '--out <file>',
      `where to write the board (default ${SCRATCH_BOARD}: the committed leaderboard.json changes only when you name it)`,
    )
    .option(
      '--config <file>',
      'figboard.yml with the judges (primary judge, families) (default: figboard.yml of the repository; none = metric judge only)',
    )
    .option(
      '--primary-judge <id>',
      'judge whose run 1 ranks the board (default: the configured primary)',
    )
    .option('--tie-margin <points>', 'W/T/L tie margin in score points', '0')
    .option('--provisional-below <n>', 'mark Elo rows with fewer annotations as provisional', '30')
    .option('--strict', 'exit 1 when any input problem is an error')
    .option(
      '--with <dir=results>',
      'add an uncommitted entry: its submission folder and the results folder refig evaluate --out wrote (repeatable)',
      (v: string, all: string[]) => [...all, v],
      [] as string[],
    )
    .option(
      '--site-data <dir>',
      'also write a data folder for a local site preview: this board, the committed entries and the --with ones (build: FIGBOARD_DATA_DIR=<dir> npm run build -w site)',
    )
    .addHelpText(
      'after',
      `\nExamples:\n  npx refig leaderboard                          # → ${SCRATCH_BOARD}, prints the ranking\n  npx refig leaderboard --with submissions/my-entry=.cache/figboard/results/my-entry\n                                                 # your provisional rank before the pull request\n  npx refig leaderboard --out leaderboard.json   # maintainers: replace the committed board\n`,
    )
    .action(async (flags: LeaderboardFlags) => {
      const tieMargin = Number(flags.tieMargin ?? '0');
      const provisionalBelow = Number(flags.provisionalBelow ?? '30');
      if (!Number.isFinite(tieMargin) || tieMargin < 0)
        throw new UsageError('--tie-margin must be a non-negative number', {
          expected: 'e.g. 0 or 2',
          got: flags.tieMargin,
        });
      if (!Number.isInteger(provisionalBelow) || provisionalBelow < 0)
        throw new UsageError('--provisional-below must be a non-negative integer', {
          got: flags.provisionalBelow,
        });

      // 1. figboard.yml (the metric judge alone when there is none), found as every command finds it.
      const { config, file } = await loadJudgingConfig(ctx, flags.config);

      // 2. Inputs.
      const uncommitted = await Promise.all(flags.with.map((w) => parseWith(ctx.cwd, w)));
      const inputs = await loadLeaderboardInputs({
        submissionsDir: resolve(ctx.cwd, flags.submissions),
        suitesDir: resolve(ctx.cwd, flags.suites),
        annotationsDir: resolve(ctx.cwd, flags.annotations),
        uncommitted,
      });

      // 3. Judges, rubric and the primary judge (falling back to metric while it has no records).
      const { settings, notes } = boardSettingsFromConfig(inputs, config, {
        ...(flags.primaryJudge !== undefined ? { override: flags.primaryJudge } : {}),
        configFile: file === null ? 'figboard.yml' : relative(ctx.cwd, file) || file,
      });

      // 4. Build, validate, write.
      const { leaderboard, problems } = buildLeaderboard(inputs, {
        ...settings,
        tieMargin,
        provisionalBelow,
        generatorVersion: pkg.version,
        progress: ctx.progress(),
      });
      const out = resolve(ctx.cwd, flags.out ?? SCRATCH_BOARD);
      const text = await writeLeaderboard(out, leaderboard);

      const all = [...notes, ...problems];
      for (const p of all) ctx.stderr.write(`${formatProblem(p)}\n`);
      const shown = relative(ctx.cwd, out);
      ctx.stdout.write(
        summarize(
          leaderboard,
          shown.startsWith('..') || shown === '' ? out : shown,
          text.length,
          all,
        ),
      );
      if (flags.out === undefined)
        ctx.stdout.write(
          'The committed leaderboard.json is unchanged; pass --out leaderboard.json to replace it.\n',
        );
      if (flags.siteData !== undefined) {
        const dataDir = resolve(ctx.cwd, flags.siteData);
        await writeSiteData(
          {
            submissions: resolve(ctx.cwd, flags.submissions),
            suites: resolve(ctx.cwd, flags.suites),
            annotations: resolve(ctx.cwd, flags.annotations),
          },
          file,
          dataDir,
          uncommitted,
          text,
        );
        // absolute: `npm run -w site` runs in site/, where a relative path means something else
        ctx.stdout.write(
          `Site data for a local preview in ${relative(ctx.cwd, dataDir) || '.'}; build and serve it with\n  FIGBOARD_DATA_DIR=${dataDir} FIGBOARD_SITE_OUT=${dataDir}/dist npm run build -w site\n  FIGBOARD_SITE_OUT=${dataDir}/dist npm run preview -w site\n`,
        );
      }
      if (flags.strict && all.some((p) => p.severity === 'error')) setExit(1);
    });
};

/** Marks a folder `--site-data` wrote, so a re-run may replace it and nothing else is ever removed. */
const SITE_DATA_MARK = '.figboard-site-data';

/**
 * The data folder a site build reads (`FIGBOARD_DATA_DIR`), with the uncommitted entries in it: a
 * scratch repository (hard links; the checkout is never written), its figboard.yml and this board.
 */
async function writeSiteData(
  from: { submissions: string; suites: string; annotations: string },
  configFile: string | null,
  dataDir: string,
  uncommitted: readonly { dir: string; resultsDir: string }[],
  boardText: string,
): Promise<void> {
  const existing = await readdir(dataDir).catch(() => null);
  if (existing !== null && existing.length > 0) {
    if (!existing.includes(SITE_DATA_MARK))
      throw new UsageError('--site-data: the folder exists and was not written by --site-data', {
        where: dataDir,
        hint: 'name a new folder, e.g. .cache/figboard/site-data',
      });
    await rm(dataDir, { recursive: true, force: true });
  }
  await mkdir(dataDir, { recursive: true });
  await writeFile(join(dataDir, SITE_DATA_MARK), '');
  await buildScratchRepository(
    from,
    dataDir,
    uncommitted.map((u) => ({
      id: basename(u.dir),
      submissionDir: u.dir,
      resultsDir: u.resultsDir,
    })),
    { withResults: true },
  );
  if (configFile !== null)
    await writeFile(join(dataDir, 'figboard.yml'), await readFile(configFile));
  await writeFile(join(dataDir, 'leaderboard.json'), boardText);
}

/** `--with DIR=RESULTS` → both folders, checked to exist (a typo must not drop the entry silently). */
async function parseWith(cwd: string, value: string): Promise<{ dir: string; resultsDir: string }> {
  const at = value.indexOf('=');
  if (at <= 0 || at === value.length - 1)
    throw new UsageError('--with takes SUBMISSION_DIR=RESULTS_DIR', {
      expected: 'e.g. submissions/my-entry=.cache/figboard/results/my-entry',
      got: value,
    });
  const dir = resolve(cwd, value.slice(0, at));
  const resultsDir = resolve(cwd, value.slice(at + 1));
  for (const [what, path, file] of [
    ['submission folder', dir, 'submission.yml'],
    ['results folder', resultsDir, RESULT_FILES.summary],
  ] as const) {
    if (!(await stat(join(path, file)).catch(() => null)))
      throw new UsageError(`--with: the ${what} has no ${file}`, {
        where: path,
        hint:
          what === 'results folder'
            ? 'run refig evaluate SUBMISSION_DIR --out RESULTS_DIR first'
            : 'pass the folder refig run wrote (submissions/<id>)',
      });
  }
  return { dir, resultsDir };
}

/** The human summary printed after writing: primary-judge ranking, Elo, counts. */
export function summarize(
  board: Leaderboard,
  out: string,
  bytes: number,
  problems: readonly Problem[],
): string {
  const lines: string[] = [];
  // ranks are within a suite: rows grouped by suite, each line naming its suite
  const rows = board.configurations
    .filter((c) => c.judge === board.primaryJudge)
    .sort(
      (a, b) =>
        compareCodeUnits(a.suite, b.suite) ||
        // unranked rows (attempts > 1: shown, not ranked) after the ranked ones
        (a.rank ?? Number.POSITIVE_INFINITY) - (b.rank ?? Number.POSITIVE_INFINITY) ||
        (a.id < b.id ? -1 : 1),
    );
  const suites = [...new Set(rows.map((r) => r.suite))];
  const suiteOf = new Map(board.configurations.map((c) => [c.id, c.suite]));
  const width = Math.max(5, ...rows.map((r) => r.suite.length));
  lines.push(
    `Leaderboard (${board.primaryJudge} judge, run 1): ${rows.length} configuration(s) on ${suites.length} suite(s), ranked within each suite`,
  );
  if (rows.length > 0)
    lines.push(
      `  ${'suite'.padEnd(width)} ${'#'.padStart(2)}  ${'configuration'.padEnd(44)} ${'mean'.padStart(6)}  95% CI`,
    );
  for (const r of rows) {
    lines.push(
      `  ${r.suite.padEnd(width)} ${r.rank === null ? ' -' : String(r.rank).padStart(2)}. ${r.id.padEnd(44)} ${r.mean === null ? '     –' : r.mean.toFixed(2).padStart(6)} ${r.ci ? `[${r.ci[0].toFixed(2)}, ${r.ci[1].toFixed(2)}]` : '(nothing scored)'}  n=${r.n}`,
    );
  }
  if (board.elo.rows.length > 0) {
    lines.push(`Human Elo: ${board.elo.annotations} annotation(s) over ${board.elo.tasks} task(s)`);
    for (const e of board.elo.rows) {
      lines.push(
        `  ${(suiteOf.get(e.configuration) ?? '?').padEnd(width)} ${e.configuration.padEnd(48)} ${e.elo.toFixed(1).padStart(7)} [${e.ci[0].toFixed(1)}, ${e.ci[1].toFixed(1)}]${e.provisional ? '  provisional' : ''}`,
      );
    }
  }
  for (const e of board.pairedEffects.filter((p) => p.judge === board.primaryJudge)) {
    lines.push(
      `Workflow effect ${e.model} / ${e.harness} (${suiteOf.get(e.from) ?? '?'}): ${e.delta >= 0 ? '+' : ''}${e.delta.toFixed(2)} [${e.ci[0].toFixed(2)}, ${e.ci[1].toFixed(2)}]  W/T/L ${e.wins}/${e.ties}/${e.losses}`,
    );
  }
  for (const c of board.styleComparisons ?? []) {
    const h = c.human;
    lines.push(
      `Style comparisons (${c.suite}): ${c.effects.rows.length} paired effect(s) of S over ${c.configurations.length} configuration(s); ${
        h.status === 'no-annotations'
          ? 'no style annotations yet'
          : `${h.annotations} style pair(s), Spearman S vs win rate ${h.sVsWinRate.rho === null ? 'n/a (fewer than 3 configurations)' : `${h.sVsWinRate.rho.toFixed(3)} (p ${h.sVsWinRate.pValue!.toFixed(3)})`}, inter-annotator ${h.interAnnotator.agree === null ? 'n/a (no pair labelled twice)' : `${(100 * h.interAnnotator.agree).toFixed(1)}% over ${h.interAnnotator.overlaps}`}`
      }`,
    );
  }
  for (const x of board.rescoring ?? []) {
    lines.push(
      `Needs rescoring: ${x.submission} (${x.records}): ${x.count} record(s) made by ${x.recorded.join('; ')}, the board needs ${x.expected}${x.judge ? ` — not ranked by ${x.judge}` : ''}`,
    );
  }
  const errors = problems.filter((p) => p.severity === 'error').length;
  lines.push(
    `Wrote ${out} (${bytes} bytes, inputs ${board.inputsHash.slice(0, 12)}); ${errors} error(s), ${problems.length - errors} warning(s) in inputs`,
  );
  return `${lines.join('\n')}\n`;
}
