import { createHash } from 'node:crypto';
import { chmod, lstat, mkdtemp, readFile, rename, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import {
  DEFAULT_SANDBOX_LIMITS,
  type Sandbox,
  type SandboxInput,
  type SandboxLimits,
  type SandboxResult,
} from '../sandbox/sandbox.ts';
import { SandboxUnavailableError } from '../sandbox/sandbox-unavailable-error.ts';
import { Introspection } from './introspection.schema.ts';

/** Why a figure script produced no scorable figure. Each maps to one clear sentence. */
export const StyleFailureCode = z.enum([
  'timeout',
  'memory',
  'process-limit',
  'file-size',
  'network',
  'crash',
  'no-png',
  'output-too-large',
  'invalid-output',
  'unmeasurable',
]);
export type StyleFailureCode = z.infer<typeof StyleFailureCode>;

export interface StyleFailure {
  code: StyleFailureCode;
  message: string;
}

export type FigureRun =
  | { ok: true; png: Buffer; introspection: Introspection; rcWritesBlocked: number; wallMs: number }
  | { ok: false; failure: StyleFailure; wallMs: number };

export interface FigureRunRequest {
  /** The script to run (its file name inside the sandbox is `scriptName`). */
  scriptPath: string;
  /** Name the script gets in the work folder; default `figure.py`. */
  scriptName?: string;
  /** Data files the script reads from its working directory, by name. */
  dataFiles: { name: string; path: string }[];
  /** `candidate`: as written; `default-twin`: every rcParams write ignored (matplotlib defaults). */
  mode?: 'candidate' | 'default-twin';
  limits?: Partial<SandboxLimits>;
  /** Python inside the sandbox; Debian's python3 has matplotlib (a pyenv python usually has not). */
  python?: string;
}

const HARNESS_DIR = fileURLToPath(new URL('../../python/', import.meta.url));
const HARNESS_FILES = [
  'figboard_harness.py',
  'figboard_measure.py',
  'figboard_cli.py',
  'figboard_safe_load.py',
  'figboard_introspect.py',
  'figboard_pixels.py',
  'matplotlibrc',
];
const START_MARKER = 'FIGBOARD-STARTED\n';
/** Stage 1's frame (status JSON + handover blob) and stage 2's (introspection JSON + PNG). */
const HANDOVER_FRAME = /FIGBOARD\/2 (\d{1,12}) (\d{1,12})\n/g;
const FRAME = /FIGBOARD\/1 (\d{1,12}) (\d{1,12})\n/g;
/** Largest introspection JSON accepted (the PNG has its own budget inside `outputBytes`). */
const MAX_JSON_BYTES = 8 * 1024 * 1024;
const TRACEBACK_TAIL = 1500;
/** Largest PNG the scorer decodes (a tight bounding box can grow a figure past its figsize). */
const MAX_PNG_SIDE = 10_000;
const MAX_PNG_PIXELS = 50_000_000;

let staged: Promise<{ dir: string; digest: string }> | undefined;

/**
 * Copies the Python harness to a world-readable folder once per process (the sandbox user may
 * not be able to read the repository checkout) and returns it with the SHA-256 of its files.
 * A folder left by an earlier run is reused only when it is ours, not writable by others, and
 * its files hash the same; otherwise a fresh private copy is made.
 */
export function stageHarness(): Promise<{ dir: string; digest: string }> {
  staged ??= (async () => {
    const contents = new Map<string, Buffer>();
    for (const name of HARNESS_FILES) contents.set(name, await readFile(join(HARNESS_DIR, name)));
    const digestOf = (files: Map<string, Buffer>) => {
      const hash = createHash('sha256');
      for (const name of HARNESS_FILES) {
        const bytes = files.get(name)!;
        hash.update(`${name}\0${bytes.length}\0`).update(bytes);
      }
      return hash.digest('hex');
    };
    const digest = digestOf(contents);
    const shared = join(tmpdir(), `figboard-harness-${digest.slice(0, 16)}`);
    if (await isTrustedCopy(shared, digest, digestOf)) return { dir: shared, digest };
    const dir = await mkdtemp(join(tmpdir(), 'figboard-harness-'));
    await chmod(dir, 0o755);
    for (const [name, bytes] of contents) {
      await writeFile(join(dir, name), bytes, { mode: 0o644 });
      await chmod(join(dir, name), 0o644);
    }
    // Publish for later processes; a concurrent writer or a squatter only costs the reuse.
    await rename(dir, shared).then(
      () => undefined,
      () => undefined,
    );
    return (await isTrustedCopy(shared, digest, digestOf))
      ? { dir: shared, digest }
      : { dir, digest };
  })();
  return staged;
}

async function isTrustedCopy(
  dir: string,
  digest: string,
  digestOf: (files: Map<string, Buffer>) => string,
): Promise<boolean> {
  try {
    const st = await lstat(dir);
    const uid = typeof process.getuid === 'function' ? process.getuid() : st.uid;
    if (!st.isDirectory() || st.uid !== uid || (st.mode & 0o022) !== 0) return false;
    const files = new Map<string, Buffer>();
    for (const name of HARNESS_FILES) {
      const f = await lstat(join(dir, name));
      if (!f.isFile() || f.uid !== uid || (f.mode & 0o022) !== 0) return false;
      files.set(name, await readFile(join(dir, name)));
    }
    return digestOf(files) === digest;
  } catch {
    return false;
  }
}

/** The environment of both stages: nothing of the caller's, matplotlib pinned to our rc file. */
const HARNESS_ENV: Record<string, string> = {
  PATH: '/usr/bin:/bin',
  HOME: '/work',
  LANG: 'C.UTF-8',
  TZ: 'UTC',
  MPLBACKEND: 'Agg',
  MPLCONFIGDIR: '/tmp/mplconfig',
  MATPLOTLIBRC: '/harness/matplotlibrc',
  OPENBLAS_NUM_THREADS: '1',
  OMP_NUM_THREADS: '1',
  MKL_NUM_THREADS: '1',
  PYTHONHASHSEED: '0',
  PYTHONDONTWRITEBYTECODE: '1',
  SOURCE_DATE_EPOCH: '0',
};

/**
 * Runs one matplotlib script and measures the figure it saved, in two sandboxes:
 *
 * 1. the candidate's interpreter runs the script under `figboard_harness.py`, which hands over
 *    the saved figure as pickles (untrusted bytes: the script can tamper with that process);
 * 2. a fresh interpreter in a fresh sandbox that never runs the script (`figboard_measure.py`)
 *    loads the handover with a restricted unpickler, draws the figure itself and introspects
 *    what it drew. The PNG it returns is the image that is scored, and every measurement
 *    describes that image, so forging a measurement means drawing a different figure.
 *
 * Returns the PNG plus the validated introspection, or a failure with a clear reason (timeout,
 * memory, process limit, file size, network, crash with its traceback tail, no PNG, output too
 * large, invalid output, unmeasurable). Throws only when the sandbox itself cannot start.
 */
export async function runFigureScript(
  sandbox: Sandbox,
  request: FigureRunRequest,
): Promise<FigureRun> {
  const limits: SandboxLimits = { ...DEFAULT_SANDBOX_LIMITS, ...request.limits };
  const harness = await stageHarness();
  const scriptName = request.scriptName ?? 'figure.py';
  const python = request.python ?? '/usr/bin/python3';
  const inputs: SandboxInput[] = [
    { name: scriptName, fromPath: request.scriptPath },
    ...request.dataFiles.map((f) => ({ name: f.name, fromPath: f.path })),
  ];
  const mounts = [{ host: harness.dir, sandbox: '/harness' }];
  const ran = await sandbox.run({
    inputs,
    mounts,
    command: [
      python,
      '-s',
      '-B',
      '/harness/figboard_harness.py',
      '--script',
      scriptName,
      '--mode',
      request.mode ?? 'candidate',
      '--out-fd',
      '3',
    ],
    env: HARNESS_ENV,
    cwd: '/harness',
    limits,
  });
  const handover = interpretHandover(ran, limits);
  if (!handover.ok) return handover;
  const measured = await sandbox.run({
    inputs: [{ name: 'figure.handover', content: handover.blob }],
    mounts,
    command: [
      python,
      '-I',
      '-B',
      '/harness/figboard_measure.py',
      '--handover',
      '/input/figure.handover',
      '--out-fd',
      '3',
    ],
    env: HARNESS_ENV,
    cwd: '/harness',
    limits,
  });
  const run = interpretRun(measured, limits, 'measure');
  const wallMs = ran.wallMs + measured.wallMs;
  return run.ok
    ? { ...run, rcWritesBlocked: handover.rcWritesBlocked, wallMs }
    : { ...run, wallMs };
}

const HandoverReply = z.object({
  status: z.enum(['ok', 'failed']),
  failure: z
    .object({
      code: z.string().max(40),
      message: z.string().max(2000),
      traceback: z.string().max(10000).optional(),
    })
    .nullable(),
  mode: z.string().max(20).optional(),
  rcWritesBlocked: z.number().int().min(0).optional(),
});

/**
 * Stage 1's result: the handover blob, or the script's failure. Exported for tests of the
 * failure mapping.
 */
export function interpretHandover(
  result: SandboxResult,
  limits: SandboxLimits,
):
  | { ok: true; blob: Buffer; rcWritesBlocked: number; wallMs: number }
  | { ok: false; failure: StyleFailure; wallMs: number } {
  const common = preflight(result, limits, 'run');
  if (common) return common;
  const frame = findFrame(result.output, HANDOVER_FRAME);
  if (!frame) return classifyWithoutFrame(result, limits, result.wallMs);
  if (frame.json.length > MAX_JSON_BYTES)
    return fail(result.wallMs, 'output-too-large', 'the harness status is too large');
  let reply: z.infer<typeof HandoverReply>;
  try {
    reply = HandoverReply.parse(JSON.parse(frame.json.toString('utf8')));
  } catch (err) {
    return fail(
      result.wallMs,
      'invalid-output',
      `the harness reply was not valid (${(err as Error).message.slice(0, 200)}); the script may have written to the harness's pipe`,
    );
  }
  if (reply.status === 'failed') return failedReply(reply.failure, result.wallMs);
  if (frame.body.length === 0)
    return fail(result.wallMs, 'invalid-output', 'the harness handed over no figure');
  return {
    ok: true,
    blob: frame.body,
    rcWritesBlocked: reply.rcWritesBlocked ?? 0,
    wallMs: result.wallMs,
  };
}

function fail(wallMs: number, code: StyleFailureCode, message: string) {
  return { ok: false as const, failure: { code, message }, wallMs };
}

function failedReply(
  f: { code: string; message: string; traceback?: string } | null,
  wallMs: number,
) {
  const failure = f ?? { code: 'crash', message: 'the script failed' };
  const code = StyleFailureCode.safeParse(failure.code).success
    ? (failure.code as StyleFailureCode)
    : 'crash';
  const tb = failure.traceback ? `\n${failure.traceback.trim().slice(-TRACEBACK_TAIL)}` : '';
  return fail(wallMs, code, `${failure.message}${tb}`);
}

/** Timeouts, a sandbox that never started, and output overflow: the same for both stages. */
function preflight(result: SandboxResult, limits: SandboxLimits, stage: 'run' | 'measure') {
  const out = result.output;
  const started = out.subarray(0, START_MARKER.length).toString('latin1') === START_MARKER;
  const what = stage === 'run' ? 'the script' : 'measuring the saved figure';
  if (result.timedOut) {
    return fail(
      result.wallMs,
      'timeout',
      `${what} ran longer than ${limits.timeoutMs / 1000} s (wall clock) and was killed with its whole process tree`,
    );
  }
  if (!started) {
    throw new SandboxUnavailableError(
      `the sandbox did not start the figure harness (${stage === 'run' ? 'stage 1: run' : 'stage 2: measure'})`,
      {
        where: 'bubblewrap sandbox',
        got: `exit ${result.exitCode ?? result.signal}; stderr: ${result.stderrTail.trim().slice(-600) || '(empty)'}`,
      },
    );
  }
  if (result.outputOverflow) {
    return fail(
      result.wallMs,
      'output-too-large',
      `${what === 'the script' ? "the script's output" : 'the measured figure'} exceeded ${Math.round(limits.outputBytes / (1024 * 1024))} MiB and was stopped`,
    );
  }
  return null;
}

const MeasureReply = z.object({
  status: z.enum(['ok', 'failed']),
  failure: HandoverReply.shape.failure,
  introspection: z.unknown().optional(),
});

/**
 * Stage 2's result (the measuring process) as a FigureRun. Exported for tests of the failure
 * mapping.
 */
export function interpretRun(
  result: SandboxResult,
  limits: SandboxLimits,
  stage: 'run' | 'measure' = 'measure',
): FigureRun {
  const wallMs = result.wallMs;
  const common = preflight(result, limits, stage);
  if (common) return common;
  const frame = findFrame(result.output, FRAME);
  if (!frame) return classifyWithoutFrame(result, limits, wallMs);
  if (frame.json.length > MAX_JSON_BYTES)
    return fail(
      wallMs,
      'output-too-large',
      `the figure description is larger than ${MAX_JSON_BYTES} bytes`,
    );
  let reply: z.infer<typeof MeasureReply>;
  try {
    reply = MeasureReply.parse(JSON.parse(frame.json.toString('utf8')));
  } catch (err) {
    return fail(
      wallMs,
      'invalid-output',
      `the measuring process's reply was not valid (${(err as Error).message.slice(0, 200)})`,
    );
  }
  if (reply.status === 'failed') return failedReply(reply.failure, wallMs);
  const parsed = Introspection.safeParse(reply.introspection);
  if (!parsed.success) {
    const first = parsed.error.issues[0];
    return fail(
      wallMs,
      'invalid-output',
      `the figure description failed validation at ${first?.path.join('.') || '(root)'}: ${first?.message ?? 'invalid'}`,
    );
  }
  const png = frame.body;
  const size = pngSize(png);
  if (!size) return fail(wallMs, 'no-png', 'the measuring process produced no PNG image');
  if (
    size.width > MAX_PNG_SIDE ||
    size.height > MAX_PNG_SIDE ||
    size.width * size.height > MAX_PNG_PIXELS
  ) {
    return fail(
      wallMs,
      'output-too-large',
      `the rendered figure is ${size.width}x${size.height} px; the limits are ${MAX_PNG_SIDE} px per side and ${MAX_PNG_PIXELS} px in all`,
    );
  }
  const declared = parsed.data.figure.png;
  if (size.width !== declared.width || size.height !== declared.height) {
    return fail(
      wallMs,
      'invalid-output',
      `the PNG is ${size.width}x${size.height} px but the figure description says ${declared.width}x${declared.height}`,
    );
  }
  return { ok: true, png, introspection: parsed.data, rcWritesBlocked: 0, wallMs };
}

/** A frame is the last thing on the pipe: header, JSON, body, ending exactly at the end. */
function findFrame(out: Buffer, pattern: RegExp): { json: Buffer; body: Buffer } | null {
  const text = out.toString('latin1');
  let found: { json: Buffer; body: Buffer } | null = null;
  pattern.lastIndex = START_MARKER.length;
  for (let m = pattern.exec(text); m; m = pattern.exec(text)) {
    const jsonLen = Number(m[1]);
    const bodyLen = Number(m[2]);
    const start = m.index + m[0].length;
    if (start + jsonLen + bodyLen === out.length) {
      found = { json: out.subarray(start, start + jsonLen), body: out.subarray(start + jsonLen) };
    }
  }
  return found;
}

type FailedRun = Extract<FigureRun, { ok: false }>;

function classifyWithoutFrame(
  result: SandboxResult,
  limits: SandboxLimits,
  wallMs: number,
): FailedRun {
  const fail = (code: StyleFailureCode, message: string): FailedRun => ({
    ok: false,
    failure: { code, message },
    wallMs,
  });
  const tail = result.stderrTail.trim().slice(-TRACEBACK_TAIL);
  const withTail = (s: string) => (tail ? `${s}\n${tail}` : s);
  switch (result.signal) {
    case 'SIGXCPU':
      return fail(
        'timeout',
        `the script used more than ${limits.cpuSeconds} CPU seconds and was killed`,
      );
    case 'SIGXFSZ':
      return fail(
        'file-size',
        `the script wrote a file larger than ${Math.round(limits.fileSizeBytes / (1024 * 1024))} MiB and was killed`,
      );
    case 'SIGKILL':
      return fail(
        'memory',
        withTail('the script was killed by the system (most likely out of memory)'),
      );
    default:
      break;
  }
  if (/MemoryError|Cannot allocate memory|std::bad_alloc/.test(result.stderrTail)) {
    return fail(
      'memory',
      withTail(
        `the script ran out of memory (limit ${Math.round(limits.memoryBytes / (1024 * 1024))} MiB of address space)`,
      ),
    );
  }
  if (result.signal) return fail('crash', withTail(`the script was killed by ${result.signal}`));
  if (result.exitCode !== 0)
    return fail(
      'crash',
      withTail(
        `the script stopped with exit status ${result.exitCode} before the harness could report`,
      ),
    );
  return fail(
    'invalid-output',
    withTail(
      'the script ended the harness early (os._exit, closed or corrupted its output pipe); no figure was reported',
    ),
  );
}

/** Width and height from a PNG's IHDR, or null when the bytes are not a PNG. */
export function pngSize(png: Buffer): { width: number; height: number } | null {
  const sig = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  if (
    png.length < 24 ||
    !png.subarray(0, 8).equals(sig) ||
    png.subarray(12, 16).toString('latin1') !== 'IHDR'
  )
    return null;
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}
