import { readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { UsageError } from '../../errors/index.ts';
import { createOpenAiJudgeClient } from '../../judge/llm/openai-judge-client.ts';
import { createRng } from '../../stats/create-rng.ts';
import { judgeStyleVision } from '../../style/llm-vision-judge.ts';
import { createBubblewrapSandbox } from '../../sandbox/bubblewrap-sandbox.ts';
import type { SandboxLimits } from '../../sandbox/sandbox.ts';
import { loadStyleTask, type LoadedStyleTask } from '../../style/load-style-task.ts';
import { readCandidateScript } from '../../style/read-candidate-script.ts';
import { scoreStyleCandidate } from '../../style/score-style-candidate.ts';
import { stableStringify } from '../../util/stable-stringify.ts';
import type { CliContext } from '../context.ts';
import type { RegisterCommand } from './command.ts';
import { loadJudgingConfig } from '../../config/load-judging-config.ts';
import { intFlag } from '../int-flag.ts';

interface StyleFlags {
  task?: string;
  workers: string;
  timeout?: string;
  details?: boolean;
  timings?: boolean;
  llmJudge?: string;
  config?: string;
}

type VisionJudge = NonNullable<Parameters<typeof scoreStyleCandidate>[0]['visionJudge']>;

/** The optional LLM vision judge, from an LLM judge of figboard.yml whose API key is set. */
async function visionJudgeFrom(
  ctx: CliContext,
  id: string,
  configFlag: string | undefined,
): Promise<VisionJudge> {
  const { config, file } = await loadJudgingConfig(ctx, configFlag);
  const judge = config.judges.find((j) => j.id === id);
  if (judge?.kind !== 'llm') {
    const skipped = config.skipped.find((j) => j.id === id);
    const available = config.judges.filter((j) => j.kind === 'llm').map((j) => j.id);
    throw new UsageError(
      skipped
        ? `LLM judge "${id}" cannot run: ${skipped.reason}`
        : `no LLM judge "${id}" in the configuration`,
      {
        where: file ?? '--config',
        expected: available.length
          ? `one of ${available.join(', ')}`
          : 'an LLM judge whose apiKeyEnv is set',
        got: id,
      },
    );
  }
  const client = createOpenAiJudgeClient({
    baseURL: judge.config.baseURL,
    server: judge.config.server,
    apiKey: judge.apiKey,
    timeoutMs: Math.round(judge.config.timeoutSeconds * 1000),
  });
  const deps = {
    client,
    sleep: (ms: number) => new Promise<void>((r) => setTimeout(r, ms)),
    rng: createRng(1),
  };
  const settings = {
    id: judge.id,
    model: judge.model,
    maxAttempts: judge.config.maxAttempts,
    ...(judge.config.temperature !== undefined ? { temperature: judge.config.temperature } : {}),
    ...(judge.config.reasoningEffort !== undefined
      ? { reasoningEffort: judge.config.reasoningEffort }
      : {}),
    ...(judge.config.thinking !== undefined ? { thinking: judge.config.thinking } : {}),
    ...(judge.config.maxOutputTokens !== undefined
      ? { maxOutputTokens: judge.config.maxOutputTokens }
      : {}),
  };
  return { id: judge.id, judge: (input) => judgeStyleVision(settings, deps, input) };
}

function limitsFrom(flags: { timeout?: string }): Partial<SandboxLimits> {
  if (flags.timeout === undefined) return {};
  const seconds = intFlag('--timeout', flags.timeout, 1, 3600);
  return { timeoutMs: seconds * 1000, cpuSeconds: seconds };
}

/**
 * `refig style --task DIR CANDIDATE_DIR…`: scores each candidate folder's `figure.py` against the
 * task (sandboxed run, code channel, vision channel) and prints one JSON line per candidate, in
 * the order given. `refig style extract-criteria --task DIR` (re)writes the task's criteria.json.
 */
export const registerStyle: RegisterCommand = (program, ctx, setExit) => {
  // `refig style extract-criteria --task DIR`: both `style` and its subcommand take --task, so
  // options must bind to the command they follow. Commander needs positional options on the
  // root for that (the root itself has only --help/--version, which stay where they are).
  program.enablePositionalOptions();
  const style = program
    .command('style')
    .description(
      'score style-transfer candidates (figure.py) against a style task: sandboxed matplotlib, code + vision channels',
    )
    .argument('[candidate-dirs...]', 'folders holding a candidate figure.py')
    .option(
      '--task <dir>',
      'style task folder: data.csv + criteria.json (or reference.py to extract them from)',
    )
    .option('--workers <n>', 'candidates scored in parallel, each in its own sandbox (1…64)', '1')
    .option('--timeout <seconds>', 'wall-clock and CPU limit per script (default 60)')
    .option('--details', 'include every criterion (expected / got) in the JSON lines')
    .option('--timings', 'write seconds per candidate to stderr')
    .option(
      '--llm-judge <id>',
      'also ask this LLM judge of figboard.yml for boxed visual defects (optional vision judge)',
    )
    .option(
      '--config <file>',
      'judging configuration for --llm-judge (default: figboard.yml of the repository)',
    )
    .enablePositionalOptions()
    .addHelpText(
      'after',
      '\nEach JSON line: candidate, task, status (ok | failed | missing), S = 0.35·code + 0.65·vision, code, vision,\n' +
        'criteria {met,total}, defects (kind, severity, pixel box [x,y,w,h] in the rendered PNG, detail), failure.\n' +
        'Examples:\n' +
        '  npx refig style --task suites/style-sample/style01-0 test/fixtures/calibration-style/style01-0/candidates/*\n' +
        '  npx refig style extract-criteria --task suites/style-sample/style01-0\n',
    )
    .action(async (candidates: string[], flags: StyleFlags) => {
      if (!flags.task)
        throw new UsageError('refig style needs --task DIR', {
          where: '--task',
          expected: 'a style task folder',
          got: 'nothing',
        });
      if (candidates.length === 0)
        throw new UsageError('refig style needs at least one candidate folder', {
          where: 'CANDIDATE_DIR',
          expected: 'a folder with figure.py',
          got: 'nothing',
        });
      const workers = intFlag('--workers', flags.workers, 1, 64);
      const limits = limitsFrom(flags);
      const visionJudge =
        flags.llmJudge !== undefined
          ? await visionJudgeFrom(ctx, flags.llmJudge, flags.config)
          : undefined;
      const sandbox = createBubblewrapSandbox();
      const task = await loadStyleTask(resolve(ctx.cwd, flags.task), { sandbox, limits });
      if (task.criteriaSource === 'extracted') {
        ctx.stderr.write(
          `refig style: ${flags.task} has no criteria.json; extracted ${task.criteria.criteria.length} criteria from reference.py\n`,
        );
      }
      await scoreCandidates(ctx, task, candidates, {
        workers,
        limits,
        details: flags.details ?? false,
        timings: flags.timings ?? false,
        sandbox,
        visionJudge,
      });
      setExit(0);
    });

  style
    .command('extract-criteria')
    .description(
      "extract a style task's criteria from reference.py (its departures from matplotlib defaults) into criteria.json",
    )
    .requiredOption('--task <dir>', 'style task folder with reference.py')
    .option('--check', 'do not write: exit 1 when criteria.json differs from a fresh extraction')
    .option('--timeout <seconds>', 'wall-clock and CPU limit per reference run (default 60)')
    .action(async (flags: { task: string; check?: boolean; timeout?: string }) => {
      const dir = resolve(ctx.cwd, flags.task);
      const sandbox = createBubblewrapSandbox();
      const task = await loadStyleTask(dir, {
        sandbox,
        forceExtract: true,
        limits: limitsFrom(flags),
      });
      const text = `${stableStringify(task.criteria, 2)}\n`;
      const file = join(dir, 'criteria.json');
      const n = task.criteria.reference.elements.length;
      const count = `${task.criteria.criteria.length} criteria, ${n} signature element${n === 1 ? '' : 's'}`;
      if (flags.check) {
        const current = await readFile(file, 'utf8').catch(() => null);
        if (current === text) {
          ctx.stdout.write(`${flags.task}/criteria.json is up to date (${count})\n`);
          setExit(0);
        } else {
          ctx.stdout.write(
            `${flags.task}/criteria.json is ${current === null ? 'missing' : 'out of date'}; run: refig style extract-criteria --task ${flags.task}\n`,
          );
          setExit(1);
        }
        return;
      }
      await writeFile(file, text);
      ctx.stdout.write(`wrote ${flags.task}/criteria.json (${count})\n`);
      setExit(0);
    });
};

async function scoreCandidates(
  ctx: CliContext,
  task: LoadedStyleTask,
  candidates: string[],
  options: {
    workers: number;
    limits: Partial<SandboxLimits>;
    details: boolean;
    timings: boolean;
    sandbox: ReturnType<typeof createBubblewrapSandbox>;
    visionJudge: VisionJudge | undefined;
  },
): Promise<void> {
  const lines: (string | undefined)[] = new Array(candidates.length);
  let printed = 0;
  const flush = () => {
    while (printed < lines.length && lines[printed] !== undefined)
      ctx.stdout.write(lines[printed++]!);
  };
  const progress = ctx.progress();
  progress.start(candidates.length, `style ${task.id}`);
  const queue = candidates.map((c, i) => ({ c, i }));
  const one = async ({ c, i }: { c: string; i: number }) => {
    const started = Date.now();
    const scriptPath = join(resolve(ctx.cwd, c), 'figure.py');
    const script = await readCandidateScript(scriptPath, join(c, 'figure.py'));
    let line: Record<string, unknown>;
    if (!script.ok) {
      line = {
        candidate: c,
        task: task.id,
        status: script.reason === 'missing' ? 'missing' : 'failed',
        S: 0,
        code: 0,
        vision: 0,
        criteria: { met: 0, total: task.criteria.criteria.length },
        defects: [],
        failure: {
          code: script.reason === 'missing' ? 'missing' : 'invalid-script',
          message: script.message,
        },
      };
    } else {
      const score = await scoreStyleCandidate({
        sandbox: options.sandbox,
        task,
        scriptPath,
        limits: options.limits,
        // The judge sees the candidate's numbered code too, so its defects can cite lines.
        visionJudge: options.visionJudge && {
          id: options.visionJudge.id,
          judge: (input) =>
            options.visionJudge!.judge({ ...input, script: script.bytes.toString('utf8') }),
        },
      });
      line = {
        candidate: c,
        task: task.id,
        status: score.status,
        S: score.S,
        code: score.code,
        vision: score.vision,
        criteria: options.details
          ? score.criteria
          : { met: score.criteria.met, total: score.criteria.total },
        defects: score.defects,
        failure: score.failure,
        ...(options.visionJudge ? { llm: score.llm } : {}),
      };
    }
    if (options.timings)
      ctx.stderr.write(
        `refig style: ${c}: ${line.status} in ${((Date.now() - started) / 1000).toFixed(2)} s\n`,
      );
    lines[i] = `${stableStringify(line)}\n`;
    flush();
    progress.tick(c);
  };
  try {
    await Promise.all(
      Array.from({ length: Math.min(options.workers, queue.length) }, async () => {
        for (let next = queue.shift(); next; next = queue.shift()) await one(next);
      }),
    );
  } finally {
    progress.stop();
  }
}
