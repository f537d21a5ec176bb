import * as core from '@actions/core';
import { loadJudgingConfig } from '@figboard/evaluator/config';
import { productionPorts } from '@figboard/evaluator/evaluate';
import { silentProgress } from '@figboard/evaluator/util';
import { FigboardError } from '@figboard/evaluator/errors';
import { createHttpArchiveFetcher } from '@figboard/evaluator/validate';
import { INPUT_DEFAULTS } from './defaults.ts';
import { ActionInput, INPUT_NAMES, OUTPUT_NAMES } from './input.schema.ts';
import { main } from './main.ts';

/** Reads every input (the `Record<keyof ActionInput, …>` makes a forgotten one a type error). */
function readInputs(): ActionInput {
  const raw = {} as Record<keyof ActionInput, string>;
  for (const key of Object.keys(INPUT_NAMES) as (keyof ActionInput)[]) {
    raw[key] = core.getInput(INPUT_NAMES[key]) || INPUT_DEFAULTS[key];
  }
  const parsed = ActionInput.safeParse(raw);
  if (!parsed.success) {
    const issues = parsed.error.issues.map(
      (i) => `${INPUT_NAMES[i.path[0] as keyof ActionInput] ?? i.path.join('.')}: ${i.message}`,
    );
    throw new FigboardError(`invalid action inputs: ${issues.join('; ')}`, {
      code: 'action-input',
      where: 'action inputs',
      hint: 'see action/action.yml for each input',
    });
  }
  return parsed.data;
}

/**
 * The Action adapter: reads inputs, runs the pipeline with the production ports, writes outputs,
 * the job summary and annotations, and maps every error once to `core.setFailed`. The only file
 * of the Action that touches `@actions/core` or the process environment.
 */
export async function run(): Promise<void> {
  try {
    const input = readInputs();
    const cwd = process.env.GITHUB_WORKSPACE || process.cwd();
    const host = {
      stderr: process.stderr,
      env: process.env,
      cwd,
      progress: () => silentProgress,
    };
    const result = await main(input, {
      cwd,
      log: (line) => core.info(line),
      annotate: (p) => {
        const props = {
          file: p.file,
          ...(p.line ? { startLine: p.line } : {}),
          ...(p.column ? { startColumn: p.column } : {}),
          title: `FigBoard: ${p.rule}`,
        };
        const text = [
          p.message,
          p.expected !== undefined || p.got !== undefined
            ? `expected ${p.expected ?? '?'}, got ${p.got ?? '?'}`
            : '',
          p.hint ?? '',
        ]
          .filter(Boolean)
          .join(' — ');
        if (p.severity === 'error') core.error(text, props);
        else core.warning(text, props);
      },
      loadConfig: async (file) => (await loadJudgingConfig(host, file)).config,
      ports: () => productionPorts(host, { sandbox: 'auto', seed: 1 }),
      // Archives on a loopback test server only when a test says so; never in a workflow.
      fetcher: createHttpArchiveFetcher({
        allowLoopback: process.env.FIGBOARD_ALLOW_LOOPBACK_ARCHIVES === '1',
      }),
    });
    core.setOutput(OUTPUT_NAMES.resultsPath, result.resultsPath);
    core.setOutput(
      OUTPUT_NAMES.summaryJson,
      JSON.stringify({
        valid: result.valid,
        submissions: result.outcomes.map((o) => ({
          id: o.id,
          valid: o.validation?.valid ?? null,
          errors: o.validation?.errors.length ?? null,
          warnings: o.validation?.warnings.length ?? null,
          tasks: o.summary?.tasks.total ?? null,
          judges: (o.summary?.judges ?? []).map((j) => ({
            id: j.id,
            status: j.status,
            mean: j.mean,
          })),
        })),
      }),
    );
    core.setOutput(OUTPUT_NAMES.valid, String(result.valid));
    await core.summary.addRaw(result.markdown, true).write();
    if (!result.valid && input.failOnInvalid)
      core.setFailed('a submission is not valid; see the annotations and the job summary');
  } catch (err) {
    core.setFailed(
      err instanceof FigboardError
        ? err.describe()
        : err instanceof Error
          ? (err.stack ?? err.message)
          : String(err),
    );
  }
}
