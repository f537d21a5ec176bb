import type { Problem } from '../errors/problem.ts';
import { isOwner, ownerKey, ownerNames, UNREGISTERED_OWNER } from '../ownership/owner-key.ts';
import type { GithubAccount, OwnershipRecord } from '../schemas/ownership.schema.ts';
import { OWNERSHIP_FILE } from '../schemas/ownership.schema.ts';
import { configurationNames, type SubmissionManifest } from '../schemas/submission.schema.ts';

/** Who opened the pull request, as the workflow read it from GitHub (never from the PR's files). */
export interface SubmissionAuthor {
  account: GithubAccount;
  /** Write access to the repository (OWNER, MEMBER or COLLABORATOR association). */
  maintainer: boolean;
}

/** Another submission folder already in the repository: its manifest, as far as it reads. */
export interface OtherSubmission {
  id: string;
  manifest: SubmissionManifest;
}

export interface OwnershipCheckInput {
  /** The folder being validated. */
  id: string;
  /** Its manifest, when valid. */
  manifest: SubmissionManifest | undefined;
  /** `submissions/<id>/submission.yml` as named in messages. */
  manifestFile: string;
  ownership: OwnershipRecord;
  /** Null for a local run without `--author`: ownership of the folder itself is not checked. */
  author: SubmissionAuthor | null;
  others: readonly OtherSubmission[];
}

/**
 * Ownership rules of a submission pull request (issue 12): a folder already merged may be changed
 * only by one of its owners or a maintainer; `sample: true` is for maintainers; and a
 * configuration's names belong to one owner, so an entry whose model, harness and workflow
 * names slug like another owner's row is refused, naming the clash.
 */
export function checkOwnership(input: OwnershipCheckInput): Problem[] {
  const problems: Problem[] = [];
  const entry = input.ownership.submissions[input.id];
  const { author } = input;
  if (entry && author && !author.maintainer && !isOwner(entry, author.account.id)) {
    problems.push({
      severity: 'error',
      rule: 'not-an-owner',
      file: `submissions/${input.id}/`,
      message: `this submission folder belongs to ${ownerNames(entry)}; only its owners or a maintainer may change it`,
      expected: `a pull request by ${ownerNames(entry)}`,
      got: `a pull request by @${author.account.login}`,
      hint: 'add your results as a new folder submissions/<your-id>/',
    });
  }
  const manifest = input.manifest;
  if (!manifest) return problems;
  const isMaintainerFolder = entry?.owners.includes('maintainers') ?? false;
  if (manifest.sample && !(author?.maintainer ?? isMaintainerFolder)) {
    problems.push({
      severity: author ? 'error' : 'warning',
      rule: 'sample-reserved',
      file: input.manifestFile,
      message:
        "sample: true marks the maintainers' bundled samples; a submission cannot set it" +
        (author ? '' : ' (a pull request would be refused)'),
      expected: 'sample: false (or no sample key)',
      got: 'sample: true',
    });
  }
  if (manifest.role !== 'entry' && !(author?.maintainer ?? isMaintainerFolder)) {
    problems.push({
      severity: author ? 'error' : 'warning',
      rule: 'role-reserved',
      file: input.manifestFile,
      message:
        `role: ${manifest.role} marks the maintainers' reference lines, which are never ranked; a submission cannot set it` +
        (author ? '' : ' (a pull request would be refused)'),
      expected: 'role: entry (or no role key)',
      got: `role: ${manifest.role}`,
    });
  }
  // The owner this folder has (or will have after merge): the clash rule compares owners.
  const mine = entry
    ? ownerKey(entry)
    : author
      ? author.maintainer && manifest.sample
        ? 'maintainers'
        : `github:${author.account.id}`
      : UNREGISTERED_OWNER;
  const names = configurationNames(manifest);
  for (const other of [...input.others].sort((a, b) => (a.id < b.id ? -1 : 1))) {
    if (other.id === input.id || configurationNames(other.manifest) !== names) continue;
    const theirs = input.ownership.submissions[other.id];
    // Same owner (or two folders no merge has recorded yet, i.e. one local checkout): allowed.
    if (ownerKey(theirs) === mine) continue;
    problems.push({
      severity: 'error',
      rule: 'configuration-owned-by-other',
      file: input.manifestFile,
      message: `model, harness and workflow names make the same board row name (${names}) as submissions/${other.id}, which belongs to ${ownerNames(theirs)}`,
      expected: `names no other owner uses (${OWNERSHIP_FILE} records who owns which folder)`,
      got: `model "${manifest.model.name}", harness "${manifest.harness.name}", workflow "${manifest.workflow.name}"`,
      hint: 'rename your workflow (or model/harness label) so the row is clearly yours',
    });
  }
  return problems;
}
