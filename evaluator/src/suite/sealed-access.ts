import { FigboardError } from '../errors/index.ts';
import type { NotScoredCode, NotScoredTask } from '../schemas/not-scored.schema.ts';
import { openSealedTask, type SealedBundle } from './sealed-bundle.ts';

const CAUSE: Record<NotScoredCode, string> = {
  'suite-key-missing':
    'their scoring material is sealed and FIGBOARD_SUITE_KEY is not set (expected in a public checkout)',
  'suite-key-mismatch':
    'FIGBOARD_SUITE_KEY does not open the bundle: a wrong or rotated key (the bundle records the check value of its key)',
  'sealed-file-damaged':
    'a sealed file does not authenticate: the bundle was edited or damaged (reseal it with refig suite seal)',
  'sealed-bundle-invalid': 'sealed.json cannot be read (see the suite problem above)',
};

/** One human sentence per cause, e.g. for `refig evaluate`'s log and summary. */
export function describeNotScored(code: NotScoredCode): string {
  return CAUSE[code];
}

/**
 * Groups not-scored tasks by cause into log lines: `cannot score N task(s) of SUITE: CAUSE: a, b`.
 * Sorted by cause, then task, so the output never depends on scheduling.
 */
export function notScoredLines(suite: string, list: readonly NotScoredTask[]): string[] {
  const byCode = new Map<NotScoredCode, string[]>();
  for (const n of list) byCode.set(n.code, [...(byCode.get(n.code) ?? []), n.task]);
  return [...byCode.entries()]
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(
      ([code, tasks]) =>
        `cannot score ${tasks.length} task(s) of ${suite} [${code}]: ${describeNotScored(code)}: ${tasks.sort().join(', ')}. No record was made for them; they are left out of the means, never counted as 0.`,
    );
}

/** The sealed files of one task, or why they cannot be had. */
export type SealedMaterial =
  | { ok: true; files: ReadonlyMap<string, Buffer> }
  | { ok: false; code: NotScoredCode };

/**
 * Opens one task's sealed files with the suite key, turning every failure into its cause
 * (never throwing for a missing or wrong key or a damaged file: one task's material never stops
 * the others). `bundle` null with `bundleBroken` means sealed.json exists but cannot be read.
 */
export function openTaskMaterial(
  bundle: SealedBundle | null,
  task: string,
  key: Buffer | null,
  where: string,
  bundleBroken = false,
): SealedMaterial {
  if (!bundle)
    return { ok: false, code: bundleBroken ? 'sealed-bundle-invalid' : 'suite-key-missing' };
  if (!key) return { ok: false, code: 'suite-key-missing' };
  try {
    return { ok: true, files: openSealedTask(bundle, task, key, where) };
  } catch (err) {
    if (
      err instanceof FigboardError &&
      (err.code === 'suite-key-mismatch' || err.code === 'sealed-file-damaged')
    )
      return { ok: false, code: err.code };
    throw err;
  }
}
