import { join } from 'node:path';
import type { SuiteManifest } from '../../schemas/suite.schema.ts';
import type { RefigTask } from '../../schemas/task.schema.ts';
import { computeFieldStats } from '../../suite/compute-field-stats.ts';
import { computeImageStats } from '../../suite/compute-image-stats.ts';
import { computeProvenanceStats } from '../../suite/compute-provenance-stats.ts';
import { formatSuiteStats } from '../../suite/format-suite-stats.ts';
import type { LoadedSuite } from '../../suite/load-suite.ts';
import { stableStringify } from '../../util/stable-stringify.ts';
import type { TrackSuite } from '../track.ts';

/** The refig track's suite tooling: Table 1/9/10 statistics, one figure per paper, checked truth. */
export const REFIG_SUITE: TrackSuite = {
  manifestStats: (tasks) => ({
    imageStats: computeImageStats(tasks.map((t) => t.image)),
    fieldStats: computeFieldStats(tasks),
  }),
  stats(suite, manifest) {
    const tasks = suite.tasks.map((t) => t.task);
    const image = computeImageStats(tasks.map((t) => t.image));
    const fields = computeFieldStats(tasks);
    const provenance = computeProvenanceStats(
      tasks,
      new Set(Object.keys(suite.sealed?.tasks ?? {})),
    );
    return {
      json: { tasks: tasks.length, imageStats: image, fieldStats: fields, provenance },
      text: formatSuiteStats(manifest, tasks.length, image, fields, provenance),
      covered: tasks.length,
    };
  },
  verify(suite, manifest, dir) {
    checkOnePerPaper(suite, dir);
    if (suite.ok) checkStatsFresh(suite, manifest, dir);
  },
  intactTasks: (suite) => String(suite.tasks.length),
  verifiedText: (suite) =>
    `image hash and file verified; ${suite.tasks.filter((t) => t.truth !== null).length} with truth.json (schema and geometry checked)`,
  markTruthSealed(task) {
    // Its ranked scores rest on checked truth now.
    if (task.hasTruth === true) return false;
    task.hasTruth = true;
    return true;
  },
};

/** `suite.json`'s imageStats and fieldStats must be what the tasks give (`refig suite build-stats`). */
function checkStatsFresh(suite: LoadedSuite, manifest: SuiteManifest, dir: string): void {
  const tasks: RefigTask[] = suite.tasks.map((t) => t.task);
  const image = computeImageStats(tasks.map((t) => t.image));
  const fields = computeFieldStats(tasks);
  const stale: string[] = [];
  if (stableStringify(image) !== stableStringify(manifest.imageStats)) stale.push('imageStats');
  if (
    manifest.fieldStats !== null &&
    stableStringify(fields) !== stableStringify(manifest.fieldStats)
  )
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
}

/** A suite holds at most one figure per paper (same arXiv id, or same title): each twin is an error. */
function checkOnePerPaper(suite: LoadedSuite, dir: string): void {
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
