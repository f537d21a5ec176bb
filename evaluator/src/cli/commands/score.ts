import { resolve } from 'node:path';
import { scoreDecks } from '../../evaluate/score-decks.ts';
import { stableStringify } from '../../util/stable-stringify.ts';
import type { RegisterCommand } from './command.ts';
import { intFlag } from '../int-flag.ts';
import { loadJudgingConfig } from '../../config/load-judging-config.ts';
import { productionPorts } from '../../evaluate/production-ports.ts';
import { sandboxFlag, sandboxOption, seedFlag, seedOption } from '../scoring-flags.ts';

interface ScoreFlags {
  task: string;
  judge: string;
  truth: boolean;
  config?: string;
  workers: string;
  sandbox: string;
  seed: string;
}

/**
 * `refig score --task DIR FILE…`: scores decks against one task folder (source image, optional
 * truth.json, optional task.json) with one judge (default `metric`) and prints one JSON line per
 * deck in argument order: file, judge, final, total, cap, gate, subscores, flags, errors, evidence.
 */
export const registerScore: RegisterCommand = (program, ctx) => {
  program
    .command('score')
    .description(
      'score decks against one task folder with one judge (default: the metric judge), one JSON line per deck',
    )
    .argument('<file...>', '.pptx files to score')
    .requiredOption(
      '--task <dir>',
      'task folder: source.png|jpg, optional truth.json, optional task.json',
    )
    .option('--judge <id>', 'judge id from figboard.yml (metric = built-in, offline)', 'metric')
    .option(
      '--no-truth',
      'ignore truth.json: compare with the graph extracted from the source image (metric judge; an unranked preview)',
    )
    .option('--config <file>', 'judging configuration (default: figboard.yml of the repository)')
    .option('--workers <n>', 'parallel LibreOffice processes (1…64)', '2')
    .addOption(sandboxOption())
    .addOption(seedOption())
    .addHelpText(
      'after',
      '\nfinal = g · min(Q, c): 0 when the gate fails, else the rubric total Q = T+S+L+E+V capped by the\n' +
        'flattening cap c. Subscore maxima: T 20, S 30, L 15, E 25, V 10 (scoring.rubric in figboard.yml).\n' +
        'A task without checked truth (no truth.json) is scored against the graph extracted from the\n' +
        'raster: each line says "reference": "extracted-graph" and stderr says PREVIEW — the board\n' +
        'never ranks such scores (LLM judges, which look at both images, may score any task).\n' +
        'Example:\n  npx refig score --task suites/refig-sample/fig01-000 submissions/sample-cc-direct/artifacts/fig01-000/output.pptx\n',
    )
    .action(async (files: string[], flags: ScoreFlags) => {
      const workers = intFlag('--workers', flags.workers, 1, 64);
      const seed = seedFlag(flags.seed);
      const { config } = await loadJudgingConfig(ctx, flags.config);
      const ports = productionPorts(ctx, { sandbox: sandboxFlag(flags.sandbox), seed });
      const lines = await scoreDecks(
        {
          taskDir: resolve(ctx.cwd, flags.task),
          files: files.map((f) => resolve(ctx.cwd, f)),
          names: files,
          judge: flags.judge,
          noTruth: !flags.truth,
          config,
          workers,
        },
        ports,
      );
      lines.forEach((line, i) => {
        ctx.stdout.write(`${stableStringify({ ...line, file: files[i] })}\n`);
      });
      if (lines.some((l) => l.reference === 'extracted-graph'))
        ctx.stderr.write(
          `refig score: PREVIEW — ${flags.truth ? `${flags.task} has no checked truth (truth.json)` : '--no-truth'}: ` +
            'the metric judge scored against the graph the extractor draws from the raster ("reference": "extracted-graph"). ' +
            'Such scores are never ranked: the board ranks the metric judge only against checked truth. ' +
            "Draft and check the truth to rank it (refig truth draft, refig truth check; the suite's TRUTH.md).\n",
        );
    });
};
