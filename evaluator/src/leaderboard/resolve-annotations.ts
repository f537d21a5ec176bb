import { TRACKS } from '../tracks/registry.ts';
import type { Problem } from '../errors/problem.ts';
import type { LocatedAnnotation, LoadedSubmission } from './leaderboard-inputs.ts';
import type { ConfigurationUnit } from './resolve-configurations.ts';

/** A valid annotation resolved to its two configurations and the task's index in their suite. */
export interface ResolvedAnnotation {
  source: LocatedAnnotation;
  a: ConfigurationUnit;
  b: ConfigurationUnit;
  task: number;
  /** 1 = A preferred, 0 = B preferred, 0.5 = tie. */
  outcome: 0 | 0.5 | 1;
}

/**
 * Checks every refig annotation (a line without `track`, or `track: "refig"`; style pairs go to
 * `resolveStyleAnnotations`) against the board: both submissions must exist (and be refig entries
 * on the board), belong to different configurations on one suite, and the task must be in that
 * suite. Each violation is reported with `file:line` and its rule, and only that line is
 * dropped.
 */
export function resolveAnnotations(
  annotations: readonly LocatedAnnotation[],
  bySubmission: ReadonlyMap<string, ConfigurationUnit>,
  allSubmissions: readonly LoadedSubmission[],
  excluded: readonly string[],
  problems: Problem[],
): ResolvedAnnotation[] {
  const loaded = new Set([...allSubmissions.map((s) => s.id), ...excluded]);
  const styleIds = new Set(
    allSubmissions
      .filter((s) => !TRACKS[s.manifest.track].leaderboard.rankedByConfiguration)
      .map((s) => s.id),
  );
  const out: ResolvedAnnotation[] = [];
  for (const src of annotations) {
    const { annotation: x, file, line } = src;
    const report = lineReporter(problems, file, line);
    const a = bySubmission.get(x.a);
    const b = bySubmission.get(x.b);
    const unknown = [x.a, x.b].filter((id) => !bySubmission.has(id));
    if (unknown.length > 0) {
      for (const id of unknown) {
        if (styleIds.has(id))
          report(
            'error',
            'annotation-submission-not-ranked',
            `submission "${id}" is a style entry, not a refig entry; annotation ignored`,
            {
              expected: 'two refig submissions, or "track": "style" for a pair of style candidates',
              got: `${id} (track style)`,
              hint: 'a style pair is written with "track": "style" (see annotations/README.md)',
            },
          );
        else if (loaded.has(id))
          report(
            'error',
            'annotation-submission-not-ranked',
            `submission "${id}" is not a ranked refig entry (left out of the board); annotation ignored`,
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
      continue;
    }
    if (a === b) {
      report(
        'warning',
        'annotation-same-configuration',
        `"${x.a}" and "${x.b}" are the same configuration (${a!.id}); annotation ignored`,
      );
      continue;
    }
    if (a!.suite !== b!.suite) {
      report(
        'error',
        'annotation-suite-mismatch',
        `"${x.a}" answers suite ${a!.suite.manifest.name} but "${x.b}" answers ${b!.suite.manifest.name}; annotation ignored`,
      );
      continue;
    }
    const task = a!.taskIndex.get(x.task);
    if (task === undefined) {
      report(
        'error',
        'annotation-unknown-task',
        `task "${x.task}" is not in suite ${a!.suite.manifest.name}; annotation ignored`,
      );
      continue;
    }
    out.push({
      source: src,
      a: a!,
      b: b!,
      task,
      outcome: x.choice === 'A' ? 1 : x.choice === 'B' ? 0 : 0.5,
    });
  }
  return out;
}

/** Reports problems of one annotation line: `file` and `line` filled in, the rest per call. */
export function lineReporter(problems: Problem[], file: string, line: number) {
  return (
    severity: Problem['severity'],
    rule: string,
    message: string,
    extra: Partial<Problem> = {},
  ): void => {
    problems.push({ severity, rule, file, line, message, ...extra });
  };
}
