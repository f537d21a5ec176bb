import type { Problem } from '../errors/problem.ts';
import { configurationId, type SubmissionManifest } from '../schemas/submission.schema.ts';
import type { LoadedSubmission, LoadedSuiteInfo } from './leaderboard-inputs.ts';

/** One configuration (model, harness, workflow) on one suite: the leaderboard's unit. */
export interface ConfigurationUnit {
  id: string;
  suite: LoadedSuiteInfo;
  /** Submissions making up the configuration, oldest first (by date, then id): for a task
   * recorded by several, the newest wins. */
  submissions: LoadedSubmission[];
  /** The newest submission's manifest (names, team, versions shown on the board). */
  manifest: SubmissionManifest;
  taskIndex: Map<string, number>;
}

export interface ResolvedConfigurations {
  /** refig-track configurations, sorted by id. */
  units: ConfigurationUnit[];
  /** style-track submissions with their suite, sorted by id. */
  style: { submission: LoadedSubmission; suite: LoadedSuiteInfo }[];
  /** Every submission that made it onto the board. */
  accepted: LoadedSubmission[];
  /** submission id → unit (refig track). */
  bySubmission: Map<string, ConfigurationUnit>;
}

/**
 * Groups submissions into configurations and checks each against its suite. A submission whose
 * suite is unknown or of the other track, or whose configuration already sits on another suite,
 * is reported and left out; the rest of the board is unaffected.
 */
export function resolveConfigurations(
  submissions: readonly LoadedSubmission[],
  suites: readonly LoadedSuiteInfo[],
  problems: Problem[],
): ResolvedConfigurations {
  const suiteByName = new Map(suites.map((s) => [s.manifest.name, s]));
  const units = new Map<string, ConfigurationUnit>();
  const style: ResolvedConfigurations['style'] = [];
  const accepted: LoadedSubmission[] = [];
  const ordered = [...submissions].sort(
    (a, b) => cmp(a.manifest.date, b.manifest.date) || cmp(a.id, b.id),
  );
  for (const sub of ordered) {
    const file = `submissions/${sub.id}/submission.yml`;
    const suite = suiteByName.get(sub.manifest.suite.name);
    if (!suite) {
      problems.push({
        severity: 'error',
        rule: 'submission-unknown-suite',
        file,
        message: `suite "${sub.manifest.suite.name}" is not in suites/; the submission is left out of the board`,
        expected: `one of ${[...suiteByName.keys()].sort().join(', ') || '(no suites)'}`,
        got: sub.manifest.suite.name,
      });
      continue;
    }
    if (suite.manifest.track !== sub.manifest.track) {
      problems.push({
        severity: 'error',
        rule: 'submission-track-mismatch',
        file,
        message: `track "${sub.manifest.track}" but suite "${suite.manifest.name}" is a ${suite.manifest.track} suite; left out`,
      });
      continue;
    }
    if (suite.manifest.version !== sub.manifest.suite.version) {
      problems.push({
        severity: 'warning',
        rule: 'submission-suite-version',
        file,
        message: `answers suite version ${sub.manifest.suite.version}, the repository has ${suite.manifest.version}; scored against the current task list`,
      });
    }
    accepted.push(sub);
    if (sub.manifest.track === 'style') {
      style.push({ submission: sub, suite });
      continue;
    }
    const id = configurationId(sub.manifest);
    const unit = units.get(id);
    if (!unit) {
      units.set(id, {
        id,
        suite,
        submissions: [sub],
        manifest: sub.manifest,
        taskIndex: new Map(suite.manifest.tasks.map((t, i) => [t, i])),
      });
    } else if (unit.suite !== suite) {
      accepted.pop();
      problems.push({
        severity: 'error',
        rule: 'configuration-multiple-suites',
        file,
        message: `configuration ${id} is already on the board with suite "${unit.suite.manifest.name}"; one configuration is ranked on one suite, so this submission is left out`,
      });
    } else {
      unit.submissions.push(sub);
      unit.manifest = sub.manifest;
    }
  }
  const sortedUnits = [...units.values()].sort((a, b) => cmp(a.id, b.id));
  const bySubmission = new Map<string, ConfigurationUnit>();
  for (const u of sortedUnits) for (const s of u.submissions) bySubmission.set(s.id, u);
  return {
    units: sortedUnits,
    style: style.sort((a, b) => cmp(a.submission.id, b.submission.id)),
    accepted: accepted.sort((a, b) => cmp(a.id, b.id)),
    bySubmission,
  };
}

/** Code-unit string order (locale-independent, so every machine sorts alike). */
export function cmp(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
