import type { OwnershipEntry, SubmissionOwner } from '../schemas/ownership.schema.ts';

/** Owner key of folders no merge has recorded (a local checkout, a pull request not merged yet). */
export const UNREGISTERED_OWNER = 'unregistered';

/**
 * A stable key for "who owns this folder": `maintainers`, `github:<id>[,<id>…]` (ids sorted), or
 * `unregistered`. Two folders with different keys belong to different owners, so one owner's
 * entry can never replace another's scores on the board.
 */
export function ownerKey(entry: OwnershipEntry | undefined): string {
  if (!entry) return UNREGISTERED_OWNER;
  if (entry.owners.includes('maintainers')) return 'maintainers';
  const ids = entry.owners
    .filter((o): o is Exclude<SubmissionOwner, 'maintainers'> => o !== 'maintainers')
    .map((o) => o.id)
    .sort((a, b) => a - b);
  return `github:${ids.join(',')}`;
}

/** Display names of the owners: `@login` per account, `the maintainers`, or `nobody yet`. */
export function ownerNames(entry: OwnershipEntry | undefined): string {
  if (!entry) return 'nobody yet (not merged)';
  return entry.owners
    .map((o) => (o === 'maintainers' ? 'the maintainers' : `@${o.login}`))
    .join(', ');
}

/** Whether a GitHub account id is one of the folder's owners. */
export function isOwner(entry: OwnershipEntry | undefined, accountId: number): boolean {
  return Boolean(entry?.owners.some((o) => o !== 'maintainers' && o.id === accountId));
}
