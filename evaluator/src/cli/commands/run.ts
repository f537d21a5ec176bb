import { readFile, stat } from 'node:fs/promises';
import { delimiter, isAbsolute, join, relative, resolve } from 'node:path';
import { findRepoRoot } from '../../config/load-judging-config.ts';
import { UsageError } from '../../errors/index.ts';
import { formatProblem } from '../../errors/problem.ts';
import { spawnAgentProcess } from '../../run/agent-process.ts';
import { formatRunSummary } from '../../run/format-run-summary.ts';
import { DEFAULT_MAX_IDENTICAL_FAILURES, runAgentOnSuite } from '../../run/run-agent-on-suite.ts';
import { formatSubmissionReport } from '../../validate/format-submission-report.ts';
import { validateSubmission } from '../../validate/validate-submission.ts';
import type { RegisterCommand } from './command.ts';
import { intFlag } from '../int-flag.ts';

interface RunFlags {
  suite: string;
  manifest: string;
  workflow?: string;
  promptFile?: string;
  workDir?: string;
  timeout: string;
  jobs: string;
  tasks?: string;
  date?: string;
  retryFailed?: boolean;
  maxIdenticalFailures: string;
}

/**
 * `refig run SUBMISSION_DIR --suite DIR --manifest FILE -- AGENT COMMAND…`: the reference runner.
 * Runs the agent once per task with the track's instruction (ReFigBench's for refig suites,
 * FigMirror's for style suites), builds the submission folder (artifacts, agent logs for refig,
 * SHA256SUMS, submission.yml) and validates it. Exit 0 when the folder
 * is valid, 1 when it is not, 2 on usage errors.
 */
export const registerRun: RegisterCommand = (program, ctx, setExit) => {
  program
    .command('run')
    .description(
      'run any agent command on every task of a suite (refig or style) and write a valid submission folder (the reference runner)',
    )
    .argument('<submission-dir>', 'submissions/<your-id> (created; the folder name is the id)')
    .argument('<command...>', 'the agent command, after --; placeholders are replaced per task')
    .requiredOption('--suite <dir>', 'the suite, e.g. suites/refig-real or suites/style-real')
    .requiredOption(
      '--manifest <file>',
      'YAML with team, contact, model, harness, workflow, license (and links): the runner adds id, suite, attempts and date',
    )
    .option(
      '--workflow <kind>',
      'which instruction: refig suites direct (python-pptx, output.py; the default) or specialized (pptx skill, output.js); style suites figmirror (the default)',
    )
    .option('--prompt-file <file>', 'your own instruction instead ({input} and {out} are replaced)')
    .option(
      '--work-dir <dir>',
      'scratch folders, one per task (default: .cache/figboard/run/<id>; never part of the submission)',
    )
    .option('--timeout <seconds>', 'time limit per task', '3600')
    .option('--jobs <n>', 'tasks run at the same time', '1')
    .option('--tasks <ids>', 'only these comma-separated tasks (smoke tests; the rest score 0)')
    .option(
      '--retry-failed',
      'run again the tasks whose folder has only an error.log (after fixing the agent setup)',
    )
    .option(
      '--max-identical-failures <k>',
      'stop after K tasks in a row fail with the same error (0: never stop early)',
      String(DEFAULT_MAX_IDENTICAL_FAILURES),
    )
    .option(
      '--date <YYYY-MM-DD>',
      'run date for submission.yml (default: the template’s, else today)',
    )
    .addHelpText(
      'after',
      '\nPer task the agent gets a fresh folder with input.png (input.jpg for JPEG figures), an empty out/ and\n' +
        'prompt.txt; it runs there with these replaced in its arguments and set in its environment:\n' +
        '  {prompt} FIGBOARD_PROMPT        the instruction (ReFigBench Appendix E) with this task’s paths\n' +
        '  {prompt_file} FIGBOARD_PROMPT_FILE, {input} FIGBOARD_INPUT, {out} FIGBOARD_OUT, {task} FIGBOARD_TASK, {work}\n' +
        'Its stdout is kept as output.jsonl (the agent log), unless it writes out/output.jsonl itself. From out/ the\n' +
        'runner copies output.pptx, output.py or output.js, output.jsonl and error.log; a task without a deck gets\n' +
        'an error.log saying why. One attempt per task: tasks that already have a deck or error.log are kept, so\n' +
        'a stopped run resumes with the same command; run.json records the suite, manifest and command of the\n' +
        'first run and a resume that changes any of them is refused. Then SHA256SUMS and submission.yml are\n' +
        'written and the folder is validated.\n' +
        'For a style suite the task folder holds reference.png and data.csv (never the evaluator-only files) and\n' +
        'is also the output folder ({out}, the working directory): the agent writes figure.py, which reads data.csv\n' +
        'from its working directory, and the output.png it saves; the runner copies those two (error.log if there is\n' +
        'no figure.py). The instruction is FigMirror’s (PlotTwin-Bench Appendix B.7); {input} is reference.png.\n' +
        'Examples:\n' +
        '  npx refig run submissions/acme-direct --suite suites/refig-real --manifest acme.yml -- \\\n' +
        '    claude -p {prompt} --output-format stream-json --verbose --dangerously-skip-permissions\n' +
        '  npx refig run submissions/my-ocr --suite suites/refig-real --manifest baselines/refig-ocr/manifest.yml -- \\\n' +
        '    python3 baselines/refig-ocr/agent.py {input} {out}\n' +
        '  npx refig run submissions/my-style --suite suites/style-real --manifest my-style.yml -- \\\n' +
        '    codex exec --json --full-auto {prompt}\n',
    )
    .action(async (dir: string, command: string[], flags: RunFlags) => {
      const manifestPath = resolve(ctx.cwd, flags.manifest);
      const manifestText = await readFile(manifestPath, 'utf8').catch((cause: unknown) => {
        throw new UsageError('cannot read --manifest', { where: flags.manifest, cause });
      });
      // without --prompt-file the runner takes the suite's track's instruction (--workflow)
      let prompt: string | undefined;
      if (flags.promptFile) {
        prompt = (
          await readFile(resolve(ctx.cwd, flags.promptFile), 'utf8').catch((cause: unknown) => {
            throw new UsageError('cannot read --prompt-file', { where: flags.promptFile, cause });
          })
        ).trim();
      }
      if (flags.date !== undefined && !/^\d{4}-\d{2}-\d{2}$/.test(flags.date))
        throw new UsageError('--date must be YYYY-MM-DD', { got: flags.date });
      const submissionDir = resolve(ctx.cwd, dir);
      const id = submissionDir.split('/').pop() ?? '';
      // the agent runs in its task folder: paths in the command are relative to where refig runs
      const argv = await Promise.all(
        command.map(async (arg) =>
          arg.includes('/') &&
          !isAbsolute(arg) &&
          !arg.includes('{') &&
          (await exists(resolve(ctx.cwd, arg)))
            ? resolve(ctx.cwd, arg)
            : arg,
        ),
      );
      const result = await runAgentOnSuite(
        {
          suiteDir: resolve(ctx.cwd, flags.suite),
          submissionDir,
          manifest: { text: manifestText, file: flags.manifest },
          command: argv,
          commandAsTyped: command,
          retryFailed: flags.retryFailed === true,
          maxIdenticalFailures: intFlag(
            '--max-identical-failures',
            flags.maxIdenticalFailures,
            0,
            1_000_000,
          ),
          ...(prompt !== undefined ? { prompt } : {}),
          ...(flags.workflow !== undefined ? { workflow: flags.workflow } : {}),
          workDir: resolve(ctx.cwd, flags.workDir ?? `.cache/figboard/run/${id}`),
          timeoutMs: intFlag('--timeout', flags.timeout, 1, 7 * 24 * 3600) * 1000,
          jobs: intFlag('--jobs', flags.jobs, 1, 64),
          ...(flags.tasks
            ? {
                tasks: flags.tasks
                  .split(',')
                  .map((s) => s.trim())
                  .filter(Boolean),
              }
            : {}),
          date: flags.date ?? new Date().toISOString().slice(0, 10),
          env: await withToolbox(ctx.env, ctx.cwd),
        },
        { agent: spawnAgentProcess, progress: ctx.progress() },
      );
      for (const p of result.problems) ctx.stderr.write(`${formatProblem(p)}\n`);
      const shown = relative(ctx.cwd, submissionDir) || '.';
      ctx.stdout.write(`${formatRunSummary(result)}\n`);
      if (result.stoppedEarly) {
        const s = result.stoppedEarly;
        ctx.stderr.write(
          `refig run: stopped early: ${s.failures} tasks in a row failed with the same error; ${result.notRun.length} task(s) not started.\n` +
            `The first of them, ${shown}/artifacts/${s.task}/error.log:\n${quote(s.errorLog)}\n` +
            'Fix the agent (or its environment), then run the same command with --retry-failed.\n',
        );
        setExit(1);
        return;
      }
      ctx.stdout.write(`wrote ${shown}/artifacts/, ${shown}/SHA256SUMS, ${shown}/submission.yml\n`);
      // the same check CI runs, so the submitter knows at once whether the folder is valid
      const report = await validateSubmission({
        dir: submissionDir,
        display: shown,
        suiteDir: resolve(ctx.cwd, flags.suite),
      });
      ctx.stdout.write(formatSubmissionReport(report));
      setExit(report.errors.length > 0 ? 1 : 0);
    });
};

/** A file's text indented as a quote, at most 40 lines (the head says what failed). */
function quote(text: string): string {
  const lines = text.trimEnd().split('\n');
  const shown = lines.slice(0, 40).map((l) => `  | ${l}`);
  if (lines.length > 40) shown.push(`  | … (${lines.length - 40} more lines)`);
  return shown.join('\n');
}

/**
 * The agent's environment plus the opt-in toolbox (`npm ci --prefix toolbox`: PptxGenJS pinned):
 * its node_modules goes first on NODE_PATH, so `require('pptxgenjs')` works in a task folder.
 */
async function withToolbox(
  env: Record<string, string | undefined>,
  cwd: string,
): Promise<Record<string, string | undefined>> {
  const root = findRepoRoot(cwd);
  const modules = root ? join(root, 'toolbox', 'node_modules') : null;
  if (!modules || !(await exists(modules))) return env;
  return { ...env, NODE_PATH: [modules, env.NODE_PATH].filter(Boolean).join(delimiter) };
}

async function exists(path: string): Promise<boolean> {
  return (await stat(path).catch(() => null)) !== null;
}
