import { resolve } from 'node:path';
import { availableParallelism } from 'node:os';
import { auditFiles } from '../../audit/audit-files.ts';
import { applyRenderedRasters } from '../../audit/rendered-raster-cap.ts';
import { UsageError } from '../../errors/index.ts';
import { assignOutputNames } from '../../render/job-names.ts';
import { DEFAULT_RENDER_OPTIONS, type RenderJob } from '../../render/renderer.ts';
import type { AuditRecord } from '../../schemas/audit-record.schema.ts';
import { stableStringify } from '../../util/stable-stringify.ts';
import type { RegisterCommand } from './command.ts';
import { intFlag } from '../int-flag.ts';
import { sandboxFlag, sandboxOption } from '../scoring-flags.ts';

interface AuditFlags {
  objects?: boolean;
  threads: string;
  render?: boolean;
  out?: string;
  workers: string;
  dpi: string;
  timeout: string;
  sandbox: string;
}

/**
 * Threads `--threads auto` uses for a large batch: one per core but one, at most 8. The calling
 * thread also parses, formats and writes every line, so on 2 cores a second auditing thread
 * competes with it (bench/audit-cli.ts, quiet 2-core machine: 828/771 decks/s fastest/median with
 * 1 thread vs 733/720 with 2).
 */
function autoThreads(cores: number): number {
  return Math.max(1, Math.min(cores - 1, 8));
}

/** `--threads auto` uses worker threads from this many files on (below, starting them costs more than they save). */
const AUTO_THREADS_MIN_FILES = 200;

/**
 * `refig audit FILE…`: the gate g(P) and the audit O(P) of each deck, one JSON line per file in
 * argument order (keys sorted, as `AuditRecord`). A deck that fails the gate — including a path
 * that does not exist (`gate.reason = "missing"`) — is a normal result: its line says why and
 * the exit status stays 0. Usage errors exit 2. With `--render` the decks that pass the reader
 * gate are rendered through LibreOffice into `--out`, and a failed render or a PDF with other
 * than one page fails the gate with the render reason.
 */
export const registerAudit: RegisterCommand = (program, ctx, setExit) => {
  program
    .command('audit')
    .description('gate and object audit of PPTX decks (first slide), one JSON line per file')
    .argument('<file...>', '.pptx files')
    .option('--objects', 'include the flattened object tree of slide 1 (objects)')
    .option(
      '--threads <n>',
      `worker threads for the audit (1…64; auto = one per core but one, at most 8, when there are at least ${AUTO_THREADS_MIN_FILES} files)`,
      'auto',
    )
    .option(
      '--render',
      'also render each deck that passes the reader gate (render gate: exactly one page)',
    )
    .option(
      '--out <dir>',
      'folder for rendered PNGs (required with --render; nothing is written elsewhere)',
    )
    .option(
      '--workers <n>',
      'parallel LibreOffice processes for --render (1…64)',
      String(DEFAULT_RENDER_OPTIONS.workers),
    )
    .option(
      '--dpi <d>',
      'PNG resolution for --render (10…1200)',
      String(DEFAULT_RENDER_OPTIONS.dpi),
    )
    .option(
      '--timeout <s>',
      'seconds a deck may take to render (1…3600)',
      String(DEFAULT_RENDER_OPTIONS.timeoutMs / 1000),
    )
    .addOption(sandboxOption())
    .addHelpText(
      'after',
      '\nEach line: file, sha256, bytes, gate {passed, reason, detail}, slides, slideSize {cx, cy}, counts {connectors,\n' +
        'connectorsAttached, lineShapes, freeforms, groups, pictures, textBoxes, textShapes, shapes, tables, charts,\n' +
        'otherFrames}, texts, textItems, largestPictureCoverage, pictureAreaRatio, cap, flags [, objects] [, render]\n' +
        '[, renderedRasterCoverage: with --render, the share of the render owed to images, which c(P) also uses].\n' +
        'Gate reasons: not-a-zip corrupt-zip too-large too-many-entries entry-too-large unsafe-entry no-presentation\n' +
        'no-slide multiple-slides xml-doctype xml-malformed invalid-slide-size missing, and with --render render-failed\n' +
        'render-timeout render-page-count. Slide 1 is audited even when the gate fails for the slide count.\n' +
        '\nExit status: 0 when every file was audited (whatever the gate said, a missing file included),\n' +
        '2 on usage errors, 70 if the audit itself crashed on a file (a bug; the other files are still audited).\n' +
        'Examples:\n  npx refig audit output.pptx\n  npx refig audit submissions/*/artifacts/*/output.pptx --render --out renders --workers 2\n',
    )
    .action(async (files: string[], flags: AuditFlags) => {
      // 1. Flags: every usage problem before any work.
      const workers = intFlag('--workers', flags.workers, 1, 64);
      const dpi = intFlag('--dpi', flags.dpi, 10, 1200);
      const timeoutS = intFlag('--timeout', flags.timeout, 1, 3600);
      const threads =
        flags.threads === 'auto'
          ? files.length >= AUTO_THREADS_MIN_FILES
            ? autoThreads(availableParallelism())
            : 1
          : intFlag('--threads', flags.threads, 1, 64);
      const sandboxRequest = sandboxFlag(flags.sandbox);
      if (flags.render && !flags.out) {
        throw new UsageError('--render needs --out <dir> for the PNGs', {
          where: '--out',
          expected: 'a folder',
          got: 'nothing',
          hint: 'e.g. --render --out renders',
        });
      }

      // 2. Audit every file (over worker threads for large batches); outcomes come back in
      //    argument order, and without --render lines are written as they become known.
      const records: Array<AuditRecord | null> = [];
      const progress = ctx.progress();
      progress.start(files.length, threads > 1 ? `audit (${threads} threads)` : 'audit');
      let crashed = false;
      let pending = '';
      const outcomes = auditFiles(
        files.map((file) => ({ path: resolve(ctx.cwd, file), name: file })),
        {
          objects: flags.objects === true,
          lines: !flags.render,
          threads,
          ...(ctx.auditWorker ? { workerUrl: ctx.auditWorker } : {}),
        },
      );
      let i = 0;
      for await (const outcome of outcomes) {
        const file = files[i++]!;
        if (outcome.error !== undefined) {
          crashed = true;
          ctx.stderr.write(`refig audit: internal error on ${file}: ${outcome.error}\n`);
        }
        records.push(outcome.record ?? null);
        if (outcome.line !== undefined) {
          // A few lines per write: one write per deck costs more than the audit of a small one.
          pending += `${outcome.line}\n`;
          if (pending.length > 16_384) {
            ctx.stdout.write(pending);
            pending = '';
          }
        }
        progress.tick(file);
      }
      if (pending) ctx.stdout.write(pending);
      progress.stop();

      // 3. Render the decks that passed the reader gate; the render gate joins the reader gate.
      if (flags.render) {
        const names = assignOutputNames(files);
        const jobs: RenderJob[] = [];
        files.forEach((file, i) => {
          if (records[i]?.gate.passed) jobs.push({ id: names[i]!, path: resolve(ctx.cwd, file) });
        });
        if (jobs.length > 0) {
          // LibreOffice's adapter (and the deck sanitizer it uses) loads only when --render asks for it.
          const { createLibreOfficeRenderer } = await import(
            '../../render/libreoffice-renderer.ts'
          );
          const renderer = createLibreOfficeRenderer({ sandbox: sandboxRequest });
          const sandbox = await renderer.sandbox();
          if (sandbox.mode === 'none' && sandboxRequest === 'auto') {
            ctx.stderr.write(
              `refig audit: warning: ${sandbox.reason}; LibreOffice runs without network isolation (external links are still neutralised)\n`,
            );
          }
          const results = await renderer.render(jobs, {
            outDir: resolve(ctx.cwd, flags.out!),
            dpi,
            workers,
            timeoutMs: timeoutS * 1000,
            progress: ctx.progress(),
            measureRasters: true,
          });
          files.forEach((_, i) => {
            const record = records[i];
            const result = record ? results.get(names[i]!) : undefined;
            if (!record || !result) return;
            record.render = result;
            // The caps follow the rasters the render shows, as in `refig evaluate`.
            applyRenderedRasters(record, result.rasters);
            if (!result.passed)
              record.gate = { passed: false, reason: result.reason, detail: result.detail };
          });
        }
        for (const record of records) if (record) ctx.stdout.write(`${stableStringify(record)}\n`);
      }
      setExit(crashed ? 70 : 0);
    });
};
