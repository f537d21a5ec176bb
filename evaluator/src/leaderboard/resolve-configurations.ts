import { TRACKS } from '../tracks/registry.ts';
import type { Problem } from '../errors/problem.ts';
import { UNREGISTERED_OWNER } from '../ownership/owner-key.ts';
import {
  configurationId,
  configurationNames,
  type SubmissionManifest,
  type SubmissionRole,
} from '../schemas/submission.schema.ts';
import type { LoadedSubmission, LoadedSuiteInfo } from './leaderboard-inputs.ts';
import { compareCodeUnits } from '../util/compare-code-units.ts';

/** One configuration (model + snapshot + effort, harness + version, workflow) of one owner on
 * one suite: the leaderboard's unit. */
export interface ConfigurationUnit {
  id: string;
  suite: LoadedSuiteInfo;
  /** The owner every submission of the unit belongs to (see `ownerKey`). */
  owner: string;
  /** Attempts per task of its entries; only single-attempt configurations are ranked. */
  attempts: number;
  ranked: boolean;
  /** Submissions making up the configuration, oldest first (by merge date, then id): for a task
   * recorded by several, the newest wins. Never more than one owner. */
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

/** The unit id: the configuration identity, plus the attempts when more than one. */
export function unitId(m: SubmissionManifest): string {
  const id = configurationId(m);
  return m.attempts > 1 ? `${id}__best-of-${m.attempts}` : id;
}

/** Whether the board may badge a submission as a bundled sample: only the maintainers' folders. */
export function isSample(sub: LoadedSubmission): boolean {
  return sub.manifest.sample && (sub.owner === undefined || sub.owner === 'maintainers');
}

/**
 * The row's role on the board: a reference line (baseline, upper reference) when the folder says
 * so and is the maintainers' or not registered yet (a folder a maintainer committed; another
 * author's claim is refused at validation, `role-reserved`). A registered owner's folder is always
 * an entry, so a role can never be used to leave the ranking after merge.
 */
export function roleOf(sub: LoadedSubmission): SubmissionRole {
  const own =
    sub.owner === undefined || sub.owner === 'maintainers' || sub.owner === UNREGISTERED_OWNER;
  return own ? sub.manifest.role : 'entry';
}

/**
 * Groups submissions into configurations and checks each against its suite. Submissions are
 * taken in merge order (OWNERSHIP.json's `mergedAt`, then id; never the submitter's `date`), and
 * a configuration's names belong to the owner who merged them first: another owner's entry with
 * the same names is reported and left out, so it can neither replace nor join that row. A
 * submission whose suite is unknown or of the other track, or whose configuration already sits
 * on another suite, is reported and left out; the rest of the board is unaffected.
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
  // Not merged yet (a local folder, a pull request) sorts after every merged one.
  const byKey =
    (key: (s: LoadedSubmission) => string | null | undefined) =>
    (a: LoadedSubmission, b: LoadedSubmission) =>
      cmp(key(a) ?? '\uffff', key(b) ?? '\uffff') || cmp(a.id, b.id);
  // A configuration name belongs to the owner whose folder was merged FIRST (a later update of
  // that folder does not hand the name to anyone else).
  const namesOwner = new Map<string, { owner: string; id: string; ownerNames: string }>();
  for (const sub of [...submissions].sort(byKey((s) => s.firstMergeKey))) {
    const names = `${sub.manifest.track}\u0000${configurationNames(sub.manifest)}`;
    if (!namesOwner.has(names))
      namesOwner.set(names, {
        owner: sub.owner ?? UNREGISTERED_OWNER,
        id: sub.id,
        ownerNames: sub.ownerNames ?? 'an entry not merged yet',
      });
  }
  // Within a configuration (one owner), the latest merge wins per task.
  const ordered = [...submissions].sort(byKey((s) => s.lastMergeKey));
  for (const sub of ordered) {
    const file = `submissions/${sub.id}/submission.yml`;
    const owner = sub.owner ?? UNREGISTERED_OWNER;
    const names = `${sub.manifest.track}\u0000${configurationNames(sub.manifest)}`;
    const claimed = namesOwner.get(names)!;
    if (claimed.owner !== owner) {
      problems.push({
        severity: 'error',
        rule: 'configuration-owned-by-other',
        file,
        message: `model, harness and workflow names make the board row name ${configurationNames(sub.manifest)}, which belongs to ${claimed.ownerNames} (submissions/${claimed.id}, merged first); this submission is left out`,
      });
      continue;
    }
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
    if (!TRACKS[sub.manifest.track].leaderboard.rankedByConfiguration) {
      style.push({ submission: sub, suite });
      continue;
    }
    const id = unitId(sub.manifest);
    const unit = units.get(id);
    if (!unit) {
      units.set(id, {
        id,
        suite,
        owner,
        attempts: sub.manifest.attempts,
        ranked: sub.manifest.attempts === 1,
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
export const cmp = compareCodeUnits;
