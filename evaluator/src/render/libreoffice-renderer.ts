import { constants as fsConstants, existsSync, realpathSync } from 'node:fs';
import {
  copyFile,
  mkdir,
  mkdtemp,
  readFile,
  rename,
  rm,
  stat,
  statfs,
  unlink,
  writeFile,
} from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  EnvironmentError,
  environmentErrorFrom,
  environmentFailureInText,
} from '../errors/environment-error.ts';
import { FigboardError, UsageError } from '../errors/index.ts';
import type { RenderResult } from '../schemas/audit-record.schema.ts';
import {
  buildBwrapArgs,
  probeBubblewrap,
  type SandboxDecision,
  type SandboxRequest,
} from './bubblewrap.ts';
import { assertValidJobIds, safeInputName } from './job-names.ts';
import {
  effectiveDpi,
  readPdfInfo,
  readPngFileSize,
  renderFirstPage,
  type PopplerTools,
} from './pdf-to-png.ts';
import type { RenderJob, RenderOptions, Renderer } from './renderer.ts';
import { runProcessGroup } from '../untrusted/run-process-group.ts';
import {
  DEFAULT_DECK_LIMITS,
  DeckRefusedError,
  sanitizeDeck,
  type DeckLimits,
} from './sanitize-deck.ts';
import { buildSofficeEnv, SANDBOX_PATH } from './soffice-env.ts';
import { controlDeck } from './control-deck.ts';
import { compareTwinRenderFiles } from './compare-twin-renders.ts';
import { imageFreeTwin } from './image-free-twin.ts';

/** Free space below which a failed render is blamed on the disk, not the deck. */
const MIN_FREE_BYTES = 8 * 1024 * 1024;
/** Time the control deck gets at least: it asks "can LibreOffice render anything here?", which
 * a tight per-deck timeout on a busy machine must not answer with "no". */
const CONTROL_TIMEOUT_MS = 60_000;

/** LibreOffice refuses nothing about long argument lists, but the issue caps a call at 200 decks. */
export const MAX_BATCH_SIZE = 200;

export interface LibreOfficeRendererOptions {
  /** soffice executable (looked up in a fixed system PATH, never the caller's). Default `soffice`. */
  sofficePath?: string;
  pdfinfoPath?: string;
  pdftoppmPath?: string;
  bwrapPath?: string;
  /**
   * Network isolation. `auto` (default) runs soffice under bubblewrap with no network namespace
   * access when bwrap works here, else without (external links are still neutralised in the
   * deck); `bwrap` refuses to render without it; `none` never uses it.
   */
  sandbox?: SandboxRequest;
  /** Where private temp folders are made (default: the OS temp dir). All are removed afterwards. */
  tmpRoot?: string;
  /** Decks per soffice call, 1…200 (default 200). */
  maxBatchSize?: number;
  /** Extra time a call gets for LibreOffice's start-up, on top of the per-deck timeout. Default 30 s. */
  startupMs?: number;
  /** Largest PNG in pixels; bigger pages are rendered at a lower dpi. Default 40 MP. */
  maxPixels?: number;
  /** Time limit for one pdfinfo / pdftoppm run. Default 60 s. */
  popplerTimeoutMs?: number;
  /** Bounds re-checked before conversion. */
  limits?: Partial<DeckLimits>;
}

/** The LibreOffice adapter of the Renderer port, plus what it decided about sandboxing. */
export interface LibreOfficeRenderer extends Renderer {
  /** Whether soffice runs under bubblewrap here, and why not when it does not (probed once). */
  sandbox(): Promise<SandboxDecision>;
}

/** A deck copied into the private input folder, ready for soffice. */
interface Prepared {
  index: number;
  job: RenderJob;
  /** File name stem of the private copy (also the stem of the PDF soffice writes). */
  safe: string;
  input: string;
  /** The deck's image-free twin, rendered in the same call to measure rasters (see `measureRasters`). */
  twin?: Prepared;
}

/** What converting one deck to PDF gave: a PDF path, or a final failed result. */
type Conversion = { kind: 'pdf'; pdf: string } | { kind: 'failed'; result: RenderResult };

interface Worker {
  dir: string;
  profile: string;
  home: string;
  tmp: string;
  calls: number;
}

const failed = (
  reason: RenderResult['reason'],
  detail: string,
  pages: number | null = null,
): RenderResult => ({
  passed: false,
  reason,
  detail,
  pages,
  png: null,
  width: null,
  height: null,
});

/**
 * Creates the LibreOffice renderer: decks are sanitised (external relationships neutralised,
 * bounds re-checked), copied under safe names into a private folder, converted to PDF by
 * `soffice --headless --convert-to pdf` in batches of up to 200 per call across N workers (each
 * with its own LibreOffice profile, created on its first call and reused), then the first page
 * goes to PNG with pdftoppm and the page count is gated (exactly one page).
 *
 * A call that crashes or stops making progress is killed as a whole process group; the decks it
 * had finished keep their PDFs, the one it was on is retried alone (to give it its own
 * `render-failed` / `render-timeout`), and the rest go on in a new batch. A deck that simply
 * produced no PDF is retried alone once before it is reported.
 *
 * Faults are not scores: before a deck's failure is reported, the renderer checks that the
 * machine is not to blame — no "disk full" / "out of memory" in what the tools said, enough free
 * space where it writes, and a built-in control deck that still renders in the same worker. If
 * any check fails, `render` rejects with an `EnvironmentError` and reports nothing for the decks
 * in flight (the decks finished before keep their results).
 *
 * soffice gets an environment built from scratch (nothing from the parent process), a private
 * HOME/TMPDIR, and — when available — a bubblewrap sandbox without network.
 */
export function createLibreOfficeRenderer(
  opts: LibreOfficeRendererOptions = {},
): LibreOfficeRenderer {
  const soffice = opts.sofficePath ?? 'soffice';
  const bwrap = opts.bwrapPath ?? 'bwrap';
  const request: SandboxRequest = opts.sandbox ?? 'auto';
  const tmpRoot = opts.tmpRoot ?? tmpdir();
  const maxBatch = opts.maxBatchSize ?? MAX_BATCH_SIZE;
  const startupMs = opts.startupMs ?? 30_000;
  const maxPixels = opts.maxPixels ?? 40_000_000;
  const popplerTimeoutMs = opts.popplerTimeoutMs ?? 60_000;
  const limits: DeckLimits = { ...DEFAULT_DECK_LIMITS, ...opts.limits };
  if (!Number.isInteger(maxBatch) || maxBatch < 1 || maxBatch > MAX_BATCH_SIZE) {
    throw new UsageError('invalid batch size', {
      code: 'render-options',
      where: 'maxBatchSize',
      expected: `an integer 1…${MAX_BATCH_SIZE}`,
      got: String(maxBatch),
    });
  }

  let decision: Promise<SandboxDecision> | undefined;
  const sandbox = (): Promise<SandboxDecision> => {
    decision ??= (async () => {
      const scratch = await mkdtemp(join(tmpRoot, 'figboard-bwrap-probe-'));
      try {
        return await probeBubblewrap(bwrap, request, scratch);
      } finally {
        await rm(scratch, { recursive: true, force: true });
      }
    })();
    return decision;
  };

  async function render(
    jobs: readonly RenderJob[],
    options: RenderOptions,
  ): Promise<Map<string, RenderResult>> {
    // 1. Check the call itself (bad ids or options are the caller's bug: throw before any work).
    checkOptions(options);
    assertValidJobIds(jobs.map((j) => j.id));
    const outDir = resolve(options.outDir);
    await mkdir(outDir, { recursive: true });
    const mode = await sandbox();
    if (request === 'bwrap' && mode.mode !== 'bwrap') {
      throw new FigboardError('bubblewrap sandbox required but unavailable', {
        code: 'render-sandbox-unavailable',
        where: 'LibreOffice renderer',
        expected: 'a working bwrap',
        got: mode.reason ?? 'none',
        hint: "install bubblewrap or allow user namespaces, or use sandbox 'auto'",
      });
    }

    const results = new Map<string, RenderResult>();
    const progress = options.progress;
    progress?.start(jobs.length, 'render');
    const root = await mkdtemp(join(tmpRoot, 'figboard-render-'));
    const inputDir = join(root, 'in');
    const finish = (job: RenderJob, result: RenderResult) => {
      results.set(job.id, result);
      options.onResult?.(job.id, result);
      progress?.tick(job.id);
    };
    try {
      await mkdir(inputDir);
      // 2. Plan batches: spread decks evenly over the workers, at most maxBatch per soffice call.
      const indexed = jobs.map((job, index) => ({ job, index }));
      const size = Math.max(1, Math.min(maxBatch, Math.ceil(jobs.length / options.workers)));
      const queue: Array<typeof indexed> = [];
      for (let i = 0; i < indexed.length; i += size) queue.push(indexed.slice(i, i + size));
      const workerCount = Math.min(options.workers, queue.length);

      // 3. Workers pull batches until none is left; each keeps one profile for all its calls.
      // An error here is never a deck's fault (disk full, no descriptors, a bug): it stops every
      // worker and rejects the call, and the unfinished decks get no result at all.
      let fatal: unknown = null;
      const runWorker = async (worker: Worker) => {
        for (let batch = queue.shift(); batch && fatal === null; batch = queue.shift()) {
          try {
            await runBatch(batch, worker);
          } catch (err) {
            fatal ??= environmentErrorFrom(err, 'rendering decks') ?? err;
          }
        }
      };
      // One batch: sanitise its decks, convert them (isolating failures), then PDF -> PNG.
      const runBatch = async (batch: typeof indexed, worker: Worker) => {
        const ready: Prepared[] = [];
        for (const { job, index } of batch) {
          const prepared = await prepare(job, index, inputDir, options.measureRasters === true);
          if ('result' in prepared) {
            await removeStale(outDir, job.id);
            finish(job, prepared.result);
          } else ready.push(prepared);
        }
        if (ready.length === 0) return;
        // Twins go last in the same soffice call: one start-up for both renders of a deck.
        const twins = ready.flatMap((i) => (i.twin ? [i.twin] : []));
        const conversions = await convert(
          worker,
          [...ready, ...twins],
          mode,
          options,
          root,
          inputDir,
        );
        for (const item of ready) {
          const conversion = conversions.get(item.safe) ?? {
            kind: 'failed',
            result: failed('render-failed', 'no conversion result (internal)'),
          };
          const result =
            conversion.kind === 'pdf'
              ? await pdfToResult(item, conversion.pdf, worker, outDir, options.dpi)
              : conversion.result;
          // Throws an EnvironmentError when the machine, not the deck, made it fail.
          if (!result.passed && result.reason !== 'render-page-count')
            await blameDeckOrEnvironment(result, worker, outDir, mode, options, root, inputDir);
          if (result.png === null) await removeStale(outDir, item.job.id);
          else if (item.twin)
            result.rasters = await measureTwin(
              item.twin,
              conversions.get(item.twin.safe),
              join(outDir, result.png),
              worker,
              options.dpi,
            );
          finish(item.job, result);
        }
        // The input folder is shared by all workers: remove only this batch's copies.
        for (const item of [...ready, ...twins]) await rm(item.input, { force: true });
      };
      // Worker folders are made up front so a failure here (disk full) throws before any soffice starts.
      const workers: Worker[] = [];
      try {
        for (let w = 0; w < workerCount; w += 1)
          workers.push(await makeWorker(join(root, `w${w}`)));
      } catch (err) {
        throw environmentErrorFrom(err, 'preparing LibreOffice workers') ?? err;
      }
      await Promise.all(workers.map(runWorker));
      if (fatal !== null) throw fatal;
    } finally {
      progress?.stop();
      await rm(root, { recursive: true, force: true });
    }
    // 4. Results in job order, whatever order the workers finished in.
    const ordered = new Map<string, RenderResult>();
    for (const job of jobs) {
      const r = results.get(job.id);
      if (r) ordered.set(job.id, r);
    }
    return ordered;
  }

  /** Reads, re-checks and sanitises one deck into the private input folder. */
  async function prepare(
    job: RenderJob,
    index: number,
    inputDir: string,
    measureRasters: boolean,
  ): Promise<Prepared | { result: RenderResult }> {
    const safe = safeInputName(index, job.id);
    try {
      const st = await stat(job.path);
      if (!st.isFile()) return { result: failed('missing', 'the deck path is not a regular file') };
      if (st.size > limits.maxDeckBytes)
        return {
          result: failed(
            'too-large',
            `deck is ${st.size} bytes, over the ${limits.maxDeckBytes}-byte limit`,
          ),
        };
      const sanitized = await sanitizeDeck(await readFile(job.path), limits);
      const input = join(inputDir, `${safe}.pptx`);
      await writeFile(input, sanitized.bytes);
      const prepared: Prepared = { index, job, safe, input };
      const twin = measureRasters ? twinOrNull(sanitized.bytes) : null;
      if (twin) {
        const twinSafe = `t${safe.slice(1)}`;
        const twinInput = join(inputDir, `${twinSafe}.pptx`);
        await writeFile(twinInput, twin);
        prepared.twin = { index, job, safe: twinSafe, input: twinInput };
      }
      return prepared;
    } catch (err) {
      if (err instanceof DeckRefusedError)
        return { result: failed(err.reason, `refused before rendering: ${err.message}`) };
      const environment = environmentErrorFrom(err, 'copying a deck for rendering');
      if (environment) throw environment;
      const code = (err as NodeJS.ErrnoException).code;
      // Details name no paths: records must not depend on where the repository is checked out.
      if (code === 'ENOENT') return { result: failed('missing', 'the deck file does not exist') };
      return {
        result: failed('render-failed', `could not read the deck (${code ?? (err as Error).name})`),
      };
    }
  }

  /**
   * Converts decks to PDF in one soffice call; on a crash or timeout isolates the culprit by
   * retrying the deck soffice was working on alone and the rest as a new batch (recursively).
   */
  async function convert(
    worker: Worker,
    items: Prepared[],
    mode: SandboxDecision,
    options: RenderOptions,
    root: string,
    inputDir: string,
  ): Promise<Map<string, Conversion>> {
    const out = new Map<string, Conversion>();
    worker.calls += 1;
    const outDir = join(worker.dir, `out-${worker.calls}`);
    await mkdir(outDir);
    const budget = startupMs + items.length * options.timeoutMs;
    const sofficeArgs = [
      `-env:UserInstallation=${pathToFileURL(worker.profile).href}`,
      '--headless',
      '--invisible',
      '--nologo',
      '--nodefault',
      '--nolockcheck',
      '--norestore',
      '--convert-to',
      'pdf',
      '--outdir',
      outDir,
      ...items.map((i) => i.input),
    ];
    const env = buildSofficeEnv({ home: worker.home, tmp: worker.tmp });
    const [command, args] =
      mode.mode === 'bwrap'
        ? [
            bwrap,
            [
              ...buildBwrapArgs({
                writable: [worker.dir],
                readable: [inputDir, ...extraReadable(soffice)],
              }),
              '--chdir',
              worker.dir,
              '--',
              soffice,
              ...sofficeArgs,
            ],
          ]
        : [soffice, sofficeArgs];
    const outcome = await runProcessGroup(command, args, {
      env,
      cwd: worker.dir,
      timeoutMs: budget,
      // soffice prints "convert <in> -> <out> …" once per deck: that is its heartbeat.
      isProgress: (line, stream) => stream === 'stdout' && line.startsWith('convert '),
      // In a batch, also stop early when one deck stalls: no need to wait out n × timeoutMs. A
      // single-deck call has just its deadline, so its timeout always means the same thing.
      idleMs:
        items.length > 1
          ? (n) => (n === 0 ? startupMs + options.timeoutMs : options.timeoutMs)
          : undefined,
    });
    const said = describeOutput(outcome.stderrTail, root);
    const pdfOf = (i: Prepared) => join(outDir, `${i.safe}.pdf`);
    const clean = outcome.code === 0 && !outcome.timedOut && outcome.spawnError === null;

    if (outcome.spawnError !== null) {
      // soffice missing or not executable: every deck fails the same way, no retry helps.
      for (const i of items)
        out.set(i.safe, {
          kind: 'failed',
          result: failed(
            'render-failed',
            `could not start LibreOffice (${command}): ${outcome.spawnError}`,
          ),
        });
      return out;
    }
    if (items.length === 1) {
      const [only] = items as [Prepared];
      // A PDF appears only once complete (soffice renames its temp file), so it counts even if
      // soffice then hung or crashed on shut-down.
      if (existsSync(pdfOf(only))) out.set(only.safe, { kind: 'pdf', pdf: pdfOf(only) });
      else if (outcome.timedOut)
        out.set(only.safe, {
          kind: 'failed',
          result: failed(
            'render-timeout',
            `LibreOffice did not finish within ${seconds(budget)} s and was killed${said}`,
          ),
        });
      else if (clean)
        out.set(only.safe, {
          kind: 'failed',
          result: failed('render-failed', `LibreOffice wrote no PDF${said}`),
        });
      else
        out.set(only.safe, {
          kind: 'failed',
          result: failed(
            'render-failed',
            `LibreOffice exited with ${outcome.code ?? outcome.signal}${said}`,
          ),
        });
      return out;
    }

    const retryAlone: Prepared[] = [];
    let rebatch: Prepared[] = [];
    if (clean) {
      // Missing-output detection: soffice exits 0 even when a deck fails to load.
      for (const i of items) {
        if (existsSync(pdfOf(i))) out.set(i.safe, { kind: 'pdf', pdf: pdfOf(i) });
        else retryAlone.push(i);
      }
    } else {
      // soffice converts in argument order and writes each PDF to a temp file it renames when
      // complete, so an existing PDF is a finished one. The first deck after the last finished
      // one is what the call died on: it is retried alone; decks after it never started and go
      // on as a new batch; earlier decks without a PDF failed to load and are retried alone.
      let lastDone = -1;
      items.forEach((i, k) => {
        if (existsSync(pdfOf(i))) lastDone = k;
      });
      items.forEach((i, k) => {
        if (k <= lastDone) {
          if (existsSync(pdfOf(i))) out.set(i.safe, { kind: 'pdf', pdf: pdfOf(i) });
          else retryAlone.push(i);
        }
      });
      const rest = items.slice(lastDone + 1);
      retryAlone.push(...rest.slice(0, 1));
      rebatch = rest.slice(1);
    }
    for (const i of retryAlone) {
      for (const [k, v] of await convert(worker, [i], mode, options, root, inputDir)) out.set(k, v);
    }
    if (rebatch.length > 0) {
      for (const [k, v] of await convert(worker, rebatch, mode, options, root, inputDir))
        out.set(k, v);
    }
    return out;
  }

  let controls = 0;

  /**
   * Decides whether a failed render is the deck's fault (returns) or the machine's (throws an
   * EnvironmentError): what the tools said, the free space where results and PDFs are written,
   * and a control deck rendered in the same worker.
   */
  async function blameDeckOrEnvironment(
    result: RenderResult,
    worker: Worker,
    outDir: string,
    mode: SandboxDecision,
    options: RenderOptions,
    root: string,
    inputDir: string,
  ): Promise<void> {
    const said = environmentFailureInText(result.detail ?? '');
    if (said) {
      throw environmentErrorFrom(
        Object.assign(new Error(result.detail ?? said), { code: said }),
        'rendering a deck',
      )!;
    }
    for (const dir of [outDir, worker.dir]) {
      const fs = await statfs(dir).catch(() => null);
      if (fs && fs.bavail * fs.bsize < MIN_FREE_BYTES) {
        throw new EnvironmentError(
          'the disk is full (less than 8 MiB free) while rendering decks',
          {
            code: 'environment-disk-full',
            where: dir === outDir ? outDir : 'the renderer temp folder',
            got: `${fs.bavail * fs.bsize} bytes free`,
            hint: 'free some space and run the same command again: it resumes where it stopped',
          },
        );
      }
    }
    controls += 1;
    const safe = `control-${controls}`;
    const control: Prepared = {
      index: -1,
      job: { id: 'control', path: '' },
      safe,
      input: join(inputDir, `${safe}.pptx`),
    };
    try {
      await writeFile(control.input, await controlDeck());
    } catch (err) {
      throw environmentErrorFrom(err, 'writing the control deck') ?? err;
    }
    try {
      const generous = { ...options, timeoutMs: Math.max(options.timeoutMs, CONTROL_TIMEOUT_MS) };
      const conversion = (await convert(worker, [control], mode, generous, root, inputDir)).get(
        control.safe,
      );
      if (conversion?.kind !== 'pdf') {
        const why = conversion?.kind === 'failed' ? conversion.result.detail : 'no result';
        throw new EnvironmentError(
          'LibreOffice cannot render even the built-in control deck, so the failure is not the deck’s',
          {
            code: 'environment-renderer-broken',
            where: 'LibreOffice',
            got: why ?? 'no detail',
            hint: 'check the LibreOffice installation and free memory/disk, then run the same command again',
          },
        );
      }
      await rm(conversion.pdf, { force: true });
    } finally {
      await rm(control.input, { force: true });
    }
  }

  /** PDF → page count → first page PNG in `outDir/<id>.png`, with the one-page render gate. */
  async function pdfToResult(
    item: Prepared,
    pdf: string,
    worker: Worker,
    outDir: string,
    dpi: number,
  ): Promise<RenderResult> {
    const tools: PopplerTools = {
      pdfinfo: opts.pdfinfoPath ?? 'pdfinfo',
      pdftoppm: opts.pdftoppmPath ?? 'pdftoppm',
      env: buildSofficeEnv({ home: worker.home, tmp: worker.tmp }),
      timeoutMs: popplerTimeoutMs,
    };
    let pages: number | null = null;
    try {
      const info = await readPdfInfo(pdf, tools);
      pages = info.pages;
      const png = await renderFirstPage(
        pdf,
        join(worker.tmp, item.safe),
        effectiveDpi(info, dpi, maxPixels),
        tools,
      );
      const size = await readPngFileSize(png);
      if (!size) return failed('render-failed', 'pdftoppm wrote no valid PNG', pages);
      const name = `${item.job.id}.png`;
      await moveInto(png, join(outDir, name));
      await rm(pdf, { force: true });
      const onePage = pages === 1;
      return {
        passed: onePage,
        reason: onePage ? null : 'render-page-count',
        detail: onePage
          ? null
          : `the PDF has ${pages} pages, expected exactly 1 (the PNG shows page 1)`,
        pages,
        png: name,
        width: size.width,
        height: size.height,
      };
    } catch (err) {
      return failed('render-failed', (err as Error).message, pages);
    }
  }

  /**
   * Renders the twin's first page at the deck's resolution and compares it with the deck's PNG
   * (`compare-twin-renders.ts`). Null when the twin did not convert or the pages differ in size:
   * the audited coverage then stands alone.
   */
  async function measureTwin(
    twin: Prepared,
    conversion: Conversion | undefined,
    realPng: string,
    worker: Worker,
    dpi: number,
  ): Promise<RenderResult['rasters']> {
    if (conversion?.kind !== 'pdf') return null;
    const tools: PopplerTools = {
      pdfinfo: opts.pdfinfoPath ?? 'pdfinfo',
      pdftoppm: opts.pdftoppmPath ?? 'pdftoppm',
      env: buildSofficeEnv({ home: worker.home, tmp: worker.tmp }),
      timeoutMs: popplerTimeoutMs,
    };
    let png: string | null = null;
    try {
      const info = await readPdfInfo(conversion.pdf, tools);
      png = await renderFirstPage(
        conversion.pdf,
        join(worker.tmp, twin.safe),
        effectiveDpi(info, dpi, maxPixels),
        tools,
      );
      return await compareTwinRenderFiles(realPng, png);
    } catch {
      return null;
    } finally {
      await rm(conversion.pdf, { force: true });
      if (png !== null) await rm(png, { force: true });
    }
  }

  return { render, sandbox };
}

/** The image-free twin, or null when it cannot be made: the deck still renders, unmeasured. */
function twinOrNull(bytes: Uint8Array): Uint8Array | null {
  try {
    return imageFreeTwin(bytes);
  } catch {
    return null;
  }
}

function seconds(ms: number): string {
  return String(Math.round(ms / 100) / 10);
}

function checkOptions(o: RenderOptions): void {
  const bad = (where: string, expected: string, got: unknown) =>
    new UsageError('invalid render option', {
      code: 'render-options',
      where,
      expected,
      got: String(got),
    });
  if (!Number.isFinite(o.dpi) || o.dpi < 10 || o.dpi > 1200)
    throw bad('dpi', 'a number 10…1200', o.dpi);
  if (!Number.isInteger(o.workers) || o.workers < 1 || o.workers > 64)
    throw bad('workers', 'an integer 1…64', o.workers);
  if (!Number.isFinite(o.timeoutMs) || o.timeoutMs <= 0)
    throw bad('timeoutMs', 'a positive number of milliseconds', o.timeoutMs);
  if (!o.outDir) throw bad('outDir', 'a folder', o.outDir);
}

async function makeWorker(dir: string): Promise<Worker> {
  const worker = {
    dir,
    profile: join(dir, 'profile'),
    home: join(dir, 'home'),
    tmp: join(dir, 'tmp'),
    calls: 0,
  };
  for (const d of [worker.profile, worker.home, worker.tmp]) await mkdir(d, { recursive: true });
  return worker;
}

/** A LibreOffice installed outside /usr (e.g. /opt/libreoffice7.6) must be visible in the sandbox. */
function extraReadable(soffice: string): string[] {
  // A bare name is looked up the way the child will look it up: in the fixed sandbox PATH.
  const path = soffice.includes('/')
    ? soffice
    : SANDBOX_PATH.split(':')
        .map((d) => join(d, soffice))
        .find((p) => existsSync(p));
  if (!path) return [];
  try {
    const real = realpathSync(path);
    if (real.startsWith('/usr/')) return [];
    return [dirname(dirname(real))];
  } catch {
    return [];
  }
}

/** A PNG from a previous run must not survive next to a result that says rendering failed. */
async function removeStale(outDir: string, id: string): Promise<void> {
  await unlink(join(outDir, `${id}.png`)).catch(() => undefined);
}

async function moveInto(from: string, to: string): Promise<void> {
  try {
    await rename(from, to);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EXDEV') throw err;
    // copyFile would follow a symlink planted at the destination; replace the entry instead.
    await rm(to, { force: true });
    try {
      await copyFile(from, to, fsConstants.COPYFILE_EXCL);
    } catch (copyErr) {
      await rm(to, { force: true }); // no half-written PNG (a full disk) next to the records
      throw copyErr;
    }
    await rm(from, { force: true });
  }
}

/** The end of soffice's stderr for a detail line, without start-up noise and private paths. */
function describeOutput(stderr: string, root: string): string {
  const text = stderr
    .split('\n')
    .filter((l) => l.trim() && !l.includes('javaldx'))
    .join(' | ')
    .split(root)
    .join('<tmp>')
    .slice(-400);
  return text ? `; LibreOffice said: ${text}` : '';
}
