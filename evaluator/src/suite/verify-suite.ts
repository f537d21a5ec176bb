import { join } from 'node:path';
import { stableStringify } from '../util/stable-stringify.ts';
import { computeFieldStats } from './compute-field-stats.ts';
import { computeImageStats } from './compute-image-stats.ts';
import { type LoadedSuite, loadSuite, type LoadSuiteOptions } from './load-suite.ts';
import { type SealedCheck, verifySealedBundle } from './verify-sealed-bundle.ts';

/** A verified suite, with what was checked of its sealed bundle (null when it has none). */
export interface VerifiedSuite extends LoadedSuite {
  sealedCheck: SealedCheck | null;
}

/**
 * What `refig suite verify` checks: everything `loadSuite` does, plus each image's header
 * (format, width, height) and that the statistics in `suite.json` match the tasks. Statistics
 * are only compared when every task loaded, since a broken task would make them differ anyway.
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
  const m = suite.manifest;
  if (m?.track === 'refig') checkOnePerPaper(suite, dir);
  if (m?.track !== 'refig' || !suite.ok) return suite;
  const images = suite.tasks.map((t) => t.task.image);
  const image = computeImageStats(images);
  const fields = computeFieldStats(suite.tasks.map((t) => t.task));
  const stale: string[] = [];
  if (stableStringify(image) !== stableStringify(m.imageStats)) stale.push('imageStats');
  if (m.fieldStats !== null && stableStringify(fields) !== stableStringify(m.fieldStats))
    stale.push('fieldStats');
  if (stale.length > 0) {
    suite.problems.push({
      severity: 'error',
      rule: 'suite-stats-stale',
      file: join(dir, 'suite.json'),
      message: `${stale.join(' and ')} do not match the tasks`,
      hint: `recompute them: refig suite build-stats ${dir}`,
    });
    suite.ok = false;
  }
  return suite;
}

/** A suite holds at most one figure per paper (same arXiv id, or same title): each twin is an error. */
function checkOnePerPaper(suite: VerifiedSuite, dir: string): void {
  const seen = new Map<string, string>();
  for (const t of suite.tasks) {
    const src = t.task.source;
    const paper = src.kind === 'repository' ? src.paper : undefined;
    const keys = [
      ...(src.kind === 'arxiv' ? [`arXiv ${src.arxivId}`] : []),
      ...(paper?.arxivId ? [`arXiv ${paper.arxivId}`] : []),
      ...(paper
        ? [
            `"${paper.title
              .toLowerCase()
              .replace(/[^a-z0-9]+/g, ' ')
              .trim()}"`,
          ]
        : []),
    ];
    for (const key of new Set(keys)) {
      const other = seen.get(key);
      if (other === undefined) {
        seen.set(key, t.id);
        continue;
      }
      suite.problems.push({
        severity: 'error',
        rule: 'suite-paper-twice',
        file: join(dir, t.id, 'task.json'),
        message: `task "${t.id}" is a second figure of the paper of task "${other}" (${key}); a suite holds at most one figure per paper`,
      });
      suite.ok = false;
    }
  }
}
