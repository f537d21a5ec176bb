import { stat } from 'node:fs/promises';
import { resolve } from 'node:path';
import { UsageError } from '../../errors/index.ts';
import { assignOutputNames } from '../../render/job-names.ts';
import { createLibreOfficeRenderer, MAX_BATCH_SIZE } from '../../render/libreoffice-renderer.ts';
import { DEFAULT_RENDER_OPTIONS, type RenderJob } from '../../render/renderer.ts';
import type { RenderResult } from '../../schemas/audit-record.schema.ts';
import { stableStringify } from '../../util/stable-stringify.ts';
import type { RegisterCommand } from './command.ts';
import { intFlag } from '../int-flag.ts';
import { sandboxFlag, sandboxOption } from '../scoring-flags.ts';

interface RenderFlags {
  out: string;
  dpi: string;
  workers: string;
  timeout: string;
  batchSize: string;
  sandbox: string;
}

/**
 * `refig render FILE… --out DIR`: renders each deck's first slide to `DIR/<name>.png` through
 * LibreOffice (batched) and pdftoppm, and prints one JSON line per file in argument order:
 * `{file, name, passed, reason, detail, pages, png, width, height}`. Files that fail to render
 * say so in their line and the exit status stays 0; usage errors (bad flags, a path that does
 * not exist) exit 2 before anything is rendered.
 */
export const registerRender: RegisterCommand = (program, ctx, setExit) => {
  program
    .command('render')
    .description(
      'render decks to PNG through LibreOffice (first slide, one-page render gate), one JSON line per file',
    )
    .argument('<file...>', '.pptx files')
    .requiredOption(
      '--out <dir>',
      'folder for the PNGs (created if missing; nothing is written elsewhere)',
    )
    .option(
      '--dpi <d>',
      'PNG resolution in dots per inch (10…1200)',
      String(DEFAULT_RENDER_OPTIONS.dpi),
    )
    .option(
      '--workers <n>',
      'parallel LibreOffice processes, each with its own profile (1…64)',
      String(DEFAULT_RENDER_OPTIONS.workers),
    )
    .option(
      '--timeout <s>',
      'seconds a deck may take; a soffice call of n decks gets 30 s start-up + n × this (1…3600)',
      String(DEFAULT_RENDER_OPTIONS.timeoutMs / 1000),
    )
    .option(
      '--batch-size <n>',
      `decks per soffice call (1…${MAX_BATCH_SIZE})`,
      String(MAX_BATCH_SIZE),
    )
    .addOption(sandboxOption())
    .addHelpText(
      'after',
      '\nOutput names: DIR/<name>.png where <name> is the file name without .pptx, with characters outside\n' +
        '[A-Za-z0-9._-] replaced by "_". When two files have the same name, the first (in argument order)\n' +
        'keeps it and later ones get the lowest free "-2", "-3", … suffix; each JSON line says which name it got.\n' +
        '\nExit status: 0 when every file was processed (even if some failed to render), 2 on usage errors.\n' +
        'Example:\n  npx refig render submissions/*/artifacts/*/output.pptx --out renders --workers 2\n',
    )
    .action(async (files: string[], flags: RenderFlags) => {
      // 1. Flags and files: every problem is reported at once, before any rendering.
      const dpi = intFlag('--dpi', flags.dpi, 10, 1200);
      const workers = intFlag('--workers', flags.workers, 1, 64);
      const timeoutS = intFlag('--timeout', flags.timeout, 1, 3600);
      const batchSize = intFlag('--batch-size', flags.batchSize, 1, MAX_BATCH_SIZE);
      const sandboxRequest = sandboxFlag(flags.sandbox);
      const problems: string[] = [];
      for (const file of files) {
        const st = await stat(resolve(ctx.cwd, file)).catch(() => null);
        if (!st) problems.push(`${file}: no such file`);
        else if (!st.isFile()) problems.push(`${file}: not a file`);
      }
      if (problems.length > 0) {
        throw new UsageError(`cannot render: ${problems.join('; ')}`, {
          where: 'refig render',
          expected: 'existing .pptx files',
          got: `${problems.length} unusable path(s)`,
        });
      }

      // 2. Names and jobs.
      const names = assignOutputNames(files);
      const jobs: RenderJob[] = files.map((file, i) => ({
        id: names[i] as string,
        path: resolve(ctx.cwd, file),
      }));
      const renderer = createLibreOfficeRenderer({
        sandbox: sandboxRequest,
        maxBatchSize: batchSize,
      });
      const sandbox = await renderer.sandbox();
      if (sandbox.mode === 'none' && sandboxRequest === 'auto') {
        ctx.stderr.write(
          `refig render: warning: ${sandbox.reason}; LibreOffice runs without network isolation (external links in decks are still neutralised)\n`,
        );
      }

      // 3. Render; print lines in argument order as soon as every earlier file is done.
      const done = new Map<string, RenderResult>();
      let next = 0;
      const flush = () => {
        while (next < jobs.length && done.has((jobs[next] as RenderJob).id)) {
          const job = jobs[next] as RenderJob;
          ctx.stdout.write(
            `${stableStringify({ file: files[next], name: job.id, ...done.get(job.id) })}\n`,
          );
          next += 1;
        }
      };
      await renderer.render(jobs, {
        outDir: resolve(ctx.cwd, flags.out),
        dpi,
        workers,
        timeoutMs: timeoutS * 1000,
        progress: ctx.progress(),
        onResult: (id, result) => {
          done.set(id, result);
          flush();
        },
      });
      flush();
      setExit(0);
    });
};
