import { relative, resolve } from 'node:path';
import { evaluateSubmission } from '../../evaluate/evaluate-submission.ts';
import { TRACKS } from '../../tracks/registry.ts';
import type { RegisterCommand } from './command.ts';
import { intFlag } from '../int-flag.ts';
import { findRepoRoot, loadJudgingConfig } from '../../config/load-judging-config.ts';
import { productionPorts } from '../../evaluate/production-ports.ts';
import { sandboxFlag, sandboxOption, seedFlag, seedOption } from '../scoring-flags.ts';
import { unpackSubmissionArchive } from './unpack-submission-archive.ts';
import { loadSubmissionManifest } from '../../validate/read-submission-manifest-file.ts';

interface EvaluateFlags {
  suite?: string;
  out?: string;
  cacheDir: string;
  judges?: string;
  runs?: string;
  workers?: string;
  config?: string;
  truth: boolean;
  retryFailed?: boolean;
  sandbox: string;
  seed: string;
}

/**
 * `refig evaluate SUBMISSION_DIR`: gate → audit → render → judges → effort for every task of the
 * suite, results under the submission's `results/`, resumable; prints a human summary.
 */
export const registerEvaluate: RegisterCommand = (program, ctx, setExit) => {
  program
    .command('evaluate')
    .description(
      'evaluate a submission folder: gate, audit, render, judges and effort for every suite task (resumable)',
    )
    .argument('<submission-dir>', 'submissions/<id>/ holding submission.yml and artifacts/<task>/')
    .option('--suite <dir>', 'suite folder (default: suites/<suite.name> of the repository)')
    .option(
      '--out <dir>',
      'results folder (default: <submission-dir>/results; required when --suite is another suite)',
    )
    .option(
      '--cache-dir <dir>',
      'where a submission archive (archive: url + sha256) is downloaded and unpacked',
      '.cache/figboard/archives',
    )
    .option(
      '--judges <ids>',
      'comma-separated judge ids (default: every judge whose API key is set, plus metric); style entries: the LLM vision judges (tracks incl. style), metric = the deterministic channel alone',
    )
    .option(
      '--runs <n>',
      'runs per LLM judge (default: runs in figboard.yml; the metric judge always runs once)',
    )
    .option(
      '--workers <n>',
      'parallel renders and metric judgments (1…64; default: scoring.render.workers)',
    )
    .option('--config <file>', 'judging configuration (default: figboard.yml of the repository)')
    .option(
      '--no-truth',
      'ignore truth.json: the metric judge compares with the graph extracted from the source image',
    )
    .option(
      '--retry-failed',
      'judge again tasks whose last judgment failed (default: a failed record is kept)',
    )
    .addOption(sandboxOption())
    .addOption(seedOption())
    .addHelpText(
      'after',
      '\nWrites results/artifacts.jsonl, results/renders/<task>.png, results/judgments/<judge>/run-<k>.jsonl,\n' +
        'results/effort.jsonl and results/summary.json. Records carry a hash of their inputs: a re-run reuses\n' +
        'every record whose inputs did not change (no judge calls), and a killed run resumes where it stopped.\n' +
        'Records made by another scorer version (evaluator/src/scorers/scorer-registry.ts) are rescored, and\n' +
        'the output says so.\n' +
        'Hidden tasks (scoring material sealed in suites/<name>/sealed.json) are scored with the key in\n' +
        'FIGBOARD_SUITE_KEY; without it they are listed as not scored (never 0). A wrong key or a damaged\n' +
        'bundle is named per task and ends the run with exit 1 after the other tasks are scored.\n' +
        'Example:\n  npx refig evaluate submissions/sample-cc-direct --judges metric --workers 2\n',
    )
    .action(async (dir: string, flags: EvaluateFlags) => {
      const started = Date.now();
      const { config } = await loadJudgingConfig(ctx, flags.config);
      const workers =
        flags.workers !== undefined
          ? intFlag('--workers', flags.workers, 1, 64)
          : config.scoring.render.workers;
      const runs = flags.runs !== undefined ? intFlag('--runs', flags.runs, 1, 20) : undefined;
      const seed = seedFlag(flags.seed);
      const root = findRepoRoot(ctx.cwd);
      const ports = productionPorts(ctx, { sandbox: sandboxFlag(flags.sandbox), seed });
      const submissionDir = resolve(ctx.cwd, dir);
      const manifest = await loadSubmissionManifest(submissionDir);
      const artifactsDir = await unpackSubmissionArchive(submissionDir, manifest, {
        ...(flags.suite !== undefined ? { suiteDir: resolve(ctx.cwd, flags.suite) } : {}),
        cacheDir: resolve(ctx.cwd, flags.cacheDir),
        // Archives on a loopback test server only when asked to (tests); never in CI.
        allowLoopback: ctx.env.FIGBOARD_ALLOW_LOOPBACK_ARCHIVES === '1',
      });
      const outcome = await evaluateSubmission(
        {
          submissionDir,
          manifest,
          ...(artifactsDir !== null ? { artifactsDir } : {}),
          ...(flags.suite !== undefined ? { suiteDir: resolve(ctx.cwd, flags.suite) } : {}),
          ...(flags.out !== undefined ? { resultsDir: resolve(ctx.cwd, flags.out) } : {}),
          ...(root ? { suitesRoot: resolve(root, 'suites') } : {}),
          config,
          ...(flags.judges !== undefined
            ? {
                judges: flags.judges
                  .split(',')
                  .map((s) => s.trim())
                  .filter(Boolean),
              }
            : {}),
          ...(runs !== undefined ? { runs } : {}),
          workers,
          noTruth: !flags.truth,
          retryFailed: flags.retryFailed ?? false,
        },
        ports,
      );
      const seconds = (Date.now() - started) / 1000;
      ctx.stdout.write(TRACKS[outcome.summary.track].formatSummary(outcome.summary));
      const w = outcome.work;
      const tasks = outcome.summary.tasks.total;
      ctx.stdout.write(
        `work: ${w.audited} audited+rendered, ${w.reusedArtifacts} reused · ${w.judged} judged, ${w.reusedJudgments} reused · ` +
          (w.rescored > 0 ? `${w.rescored} rescored (made by another scorer version) · ` : '') +
          `${seconds.toFixed(1)} s${tasks ? ` (${(seconds / tasks).toFixed(2)} s per task)` : ''}\n` +
          `results: ${relative(ctx.cwd, outcome.resultsDir) || '.'}/\n`,
      );
      // A key that does not open the bundle, or a damaged bundle, is an error of the run (the
      // trusted job must not publish without its hidden tasks): exit 1 once the rest is scored.
      // No key at all is the public checkout's normal state: exit 0, the tasks are listed.
      const broken = outcome.unopened;
      if (broken.length > 0) {
        ctx.stderr.write(
          `refig: error: ${broken.length} hidden task(s) could not be opened (${[...new Set(broken.map((b) => b.code))].sort().join(', ')}): ${broken.map((b) => b.task).join(', ')}; recorded scores of theirs, if any, were kept and the other tasks were scored\n`,
        );
        setExit(1);
      }
    });
};
