import type { CompactAudit } from './compact-audit.ts';
import type { MediaRef } from './plan-media.ts';
import type { TaskEntry } from './load-site-data.ts';

/** What the annotate page fetches for one task: the source and the renderings it may pair. */
export interface AnnotationTask {
  task: string;
  suite: string;
  source: MediaRef;
  candidates: { submission: string; render: MediaRef; audit: CompactAudit | null }[];
}

/**
 * Tasks a person can judge: a publishable source image and at least two renderings. Sorted by
 * suite and task id, candidates by submission id, so the files are reproducible.
 */
export function annotationPool(tasks: readonly TaskEntry[]): AnnotationTask[] {
  return tasks
    .flatMap((t) => {
      const candidates = t.results
        .filter((r) => r.render !== null)
        .map((r) => ({ submission: r.submission, render: r.render!, audit: r.audit }))
        .sort((a, b) => a.submission.localeCompare(b.submission));
      return t.source && candidates.length >= 2
        ? [{ task: t.id, suite: t.suite, source: t.source, candidates }]
        : [];
    })
    .sort((a, b) => a.suite.localeCompare(b.suite) || a.task.localeCompare(b.task));
}
