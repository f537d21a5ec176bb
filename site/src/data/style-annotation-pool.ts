import type { MediaRef } from './plan-media.ts';
import type { SubmissionEntry } from './load-site-data.ts';
import { SITE_TRACKS } from '../tracks/index.ts';

/** What the style annotation page fetches for one reference: it and the candidates it may pair. */
export interface StyleAnnotationTask {
  task: string;
  suite: string;
  reference: MediaRef;
  /** Style submissions with a published output for the reference, by submission id. */
  candidates: { submission: string; output: MediaRef }[];
}

/**
 * References a person can judge for style (FigMirror B.5): a publishable reference image and at
 * least two style submissions of its suite with a rendered output. No score, name or defect is
 * included, so the page stays blind. Sorted by suite and task, candidates by submission id, so the
 * files are reproducible.
 */
export function styleAnnotationPool(
  submissions: readonly SubmissionEntry[],
): StyleAnnotationTask[] {
  const byTask = new Map<string, StyleAnnotationTask>();
  for (const s of submissions) {
    if (!SITE_TRACKS[s.info.track].styleRows) continue;
    const suite = s.info.suite.name;
    for (const row of s.style) {
      if (!row.reference || !row.output) continue;
      const key = `${suite}/${row.task}`;
      const t = byTask.get(key) ?? {
        task: row.task,
        suite,
        reference: row.reference,
        candidates: [],
      };
      t.candidates.push({ submission: s.id, output: row.output });
      byTask.set(key, t);
    }
  }
  return [...byTask.values()]
    .filter((t) => t.candidates.length >= 2)
    .map((t) => ({
      ...t,
      candidates: [...t.candidates].sort((a, b) => a.submission.localeCompare(b.submission)),
    }))
    .sort((a, b) => a.suite.localeCompare(b.suite) || a.task.localeCompare(b.task));
}
