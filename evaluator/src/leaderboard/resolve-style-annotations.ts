import { TRACKS } from '../tracks/registry.ts';
import type { Problem } from '../errors/problem.ts';
import type { LoadedSubmission, LoadedSuiteInfo, LocatedAnnotation } from './leaderboard-inputs.ts';
import { lineReporter } from './resolve-annotations.ts';

/** A style-track player of the comparisons: one configuration on one style suite. */
export interface StylePlayer {
  /** Configuration id (`unitId` of its manifests). */
  id: string;
  suite: LoadedSuiteInfo;
  /** Its submissions on the board, oldest merge first (for a task, the newest record wins). */
  submissions: LoadedSubmission[];
}

/** A valid style annotation with both candidates resolved to their configurations. */
export interface ResolvedStyleAnnotation {
  source: LocatedAnnotation;
  a: StylePlayer;
  b: StylePlayer;
}

/**
 * Checks every style pair (`track: "style"`) against the board: both candidates must be style
 * entries on the board (a refig entry, an unknown id or an entry left out of the board is an
 * error), of different configurations on one style suite, and the reference (`task`) must be a
 * task of that suite. Each violation is reported with `file:line` and its rule, and only that
 * line is dropped. (The schema already refuses the same candidate twice.)
 */
export function resolveStyleAnnotations(
  annotations: readonly LocatedAnnotation[],
  bySubmission: ReadonlyMap<string, StylePlayer>,
  allSubmissions: readonly LoadedSubmission[],
  excluded: readonly string[],
  problems: Problem[],
): ResolvedStyleAnnotation[] {
  const loaded = new Map(allSubmissions.map((s) => [s.id, s]));
  const left = new Set(excluded);
  const out: ResolvedStyleAnnotation[] = [];
  for (const src of annotations) {
    const { annotation: x, file, line } = src;
    const report = lineReporter(problems, file, line);
    let bad = false;
    for (const id of [x.a, x.b]) {
      if (bySubmission.has(id)) continue;
      bad = true;
      const sub = loaded.get(id);
      if (sub && TRACKS[sub.manifest.track].leaderboard.rankedByConfiguration)
        report(
          'error',
          'style-annotation-refig-submission',
          `style pair names "${id}", a ${sub.manifest.track} entry; annotation ignored`,
          {
            expected: 'two style-track submissions answering the same style suite',
            got: `${id} (track ${sub.manifest.track})`,
            hint: 'a pair of slides is a refig annotation: leave out "track" (or write "track": "refig")',
          },
        );
      else if (sub || left.has(id))
        report(
          'error',
          'annotation-submission-not-ranked',
          `submission "${id}" is not a style entry on the board (left out of it); annotation ignored`,
        );
      else
        report(
          'error',
          'annotation-unknown-submission',
          `names unknown submission "${id}"; annotation ignored`,
          {
            expected: 'the id of a folder under submissions/',
            got: id,
            hint: 'annotations name submission ids, not configuration ids or model names',
          },
        );
    }
    if (bad) continue;
    const a = bySubmission.get(x.a)!;
    const b = bySubmission.get(x.b)!;
    if (a.suite !== b.suite) {
      report(
        'error',
        'annotation-suite-mismatch',
        `"${x.a}" answers style suite ${a.suite.manifest.name} but "${x.b}" answers ${b.suite.manifest.name}; annotation ignored`,
      );
      continue;
    }
    if (a === b) {
      report(
        'warning',
        'annotation-same-configuration',
        `"${x.a}" and "${x.b}" are the same configuration (${a.id}); annotation ignored`,
      );
      continue;
    }
    if (!a.suite.manifest.tasks.includes(x.task)) {
      report(
        'error',
        'annotation-unknown-task',
        `reference "${x.task}" is not a task of style suite ${a.suite.manifest.name}; annotation ignored`,
      );
      continue;
    }
    out.push({ source: src, a, b });
  }
  return out;
}
