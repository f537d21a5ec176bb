import { lstat } from 'node:fs/promises';
import type { LoadedConfig } from '../../config/load-config.ts';
import type { RecordScorers } from '../../scorers/record-scorers.ts';
import { hashInputs } from '../../util/hash-inputs.ts';
import { sha256File } from '../../util/sha256.ts';

/** The artifact record's input hash for a deck of these bytes (the rule of the audit step). */
export function deckInputHash(
  deckSha: string,
  scorers: RecordScorers,
  scoring: LoadedConfig['scoring'],
): string {
  return hashInputs({
    record: 'artifact',
    scorers,
    deck: deckSha,
    dpi: scoring.render.dpi,
    cap: scoring.cap,
  });
}

/** The input hash of the artifact record of a task without a deck. */
export function missingDeckInputHash(scorers: RecordScorers): string {
  return hashInputs({ record: 'artifact', scorers, deck: null });
}

/** The artifact input hash of the deck at `path` now (a missing deck has its own hash). */
export async function artifactInputHash(
  path: string,
  scorers: RecordScorers,
  scoring: LoadedConfig['scoring'],
): Promise<string> {
  const info = await lstat(path).catch(() => null);
  if (!info?.isFile()) return missingDeckInputHash(scorers);
  return deckInputHash(await sha256File(path), scorers, scoring);
}
