import type { GithubAccount, OwnershipRecord } from '../schemas/ownership.schema.ts';
import { stableStringify } from '../util/stable-stringify.ts';
import { compareCodeUnits } from '../util/compare-code-units.ts';

/** A merge to the default branch, as the publish workflow sees it. */
export interface MergeEvent {
  /** Submission folders the merge changed (results/ written by CI does not count), with whether
   * their manifest says `sample: true`. Folders the merge deleted are left out by the caller. */
  folders: { id: string; sample: boolean }[];
  /** Author of the merged pull request (for a direct push: the pusher). */
  author: GithubAccount;
  /** Whether the author was a maintainer (write access) when the pull request was merged. */
  authorIsMaintainer: boolean;
  /** Merge date, YYYY-MM-DD (UTC), from the merge commit: never the clock. */
  date: string;
  commit: string | null;
}

/**
 * The ownership record after a merge: a new folder belongs to the pull request's author (a
 * maintainer's sample folder to `maintainers`); a folder already recorded keeps its owners and
 * gets the new merge date and commit. Pure: same record and event, same result.
 */
export function recordMerge(
  record: OwnershipRecord,
  event: MergeEvent,
): { record: OwnershipRecord; added: string[]; updated: string[] } {
  const submissions = { ...record.submissions };
  // Merges are numbered in the record itself, so two merges of one day keep their order.
  const number = Math.max(0, ...Object.values(submissions).map((e) => e.merge)) + 1;
  const added: string[] = [];
  const updated: string[] = [];
  for (const folder of [...event.folders].sort((a, b) => compareCodeUnits(a.id, b.id))) {
    const before = submissions[folder.id];
    if (before) {
      submissions[folder.id] = {
        ...before,
        mergedAt: event.date,
        merge: number,
        commit: event.commit,
      };
      updated.push(folder.id);
    } else {
      submissions[folder.id] = {
        owners: folder.sample && event.authorIsMaintainer ? ['maintainers'] : [event.author],
        firstMergedAt: event.date,
        firstMerge: number,
        mergedAt: event.date,
        merge: number,
        commit: event.commit,
      };
      added.push(folder.id);
    }
  }
  const sorted = Object.fromEntries(
    Object.keys(submissions)
      .sort()
      .map((k) => [k, submissions[k]!]),
  );
  return { record: { schemaVersion: 1, submissions: sorted }, added, updated };
}

/** The file's canonical bytes: keys sorted, two-space indent, trailing newline. */
export function formatOwnership(record: OwnershipRecord): string {
  return `${stableStringify(record, 2)}\n`;
}
