import { TRACKS } from '../tracks/registry.ts';
import { type LoadedSuite, loadSuite, type LoadSuiteOptions } from './load-suite.ts';
import { type SealedCheck, verifySealedBundle } from './verify-sealed-bundle.ts';

/** A verified suite, with what was checked of its sealed bundle (null when it has none). */
export interface VerifiedSuite extends LoadedSuite {
  sealedCheck: SealedCheck | null;
}

/**
 * What `refig suite verify` checks: everything `loadSuite` does, plus each image's header
 * (format, width, height) and the track's own checks (`Track.suite.verify`; refig: one figure
 * per paper, and the statistics in `suite.json` match the tasks when every task loaded).
 * A suite with `sealed.json` also has its bundle checked (`verifySealedBundle`): integrity
 * without `suiteKey`, and with it that every sealed file opens and matches the public part.
 */
export async function verifySuite(
  dir: string,
  options: Pick<LoadSuiteOptions, 'tasksDir' | 'suiteKey'> = {},
): Promise<VerifiedSuite> {
  const loaded = await loadSuite(dir, { ...options, verifyHashes: true, deep: true });
  // Sealed scoring material: its integrity without the key, its agreement with the public part with it.
  const sealed = await verifySealedBundle(loaded, options.suiteKey ?? null);
  const suite: VerifiedSuite = { ...loaded, sealedCheck: sealed.check };
  suite.problems.push(...sealed.problems);
  if (sealed.problems.some((p) => p.severity === 'error')) suite.ok = false;
  // The track's own checks (refig: one figure per paper, statistics matching the tasks).
  if (suite.manifest) TRACKS[suite.manifest.track].suite.verify(suite, suite.manifest, dir);
  return suite;
}
