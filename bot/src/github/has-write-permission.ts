import type { Octokit, RepoRef } from './octokit.ts';

/**
 * True when `username` may run maintainer commands: their repository role (from the
 * collaborators permission API) is one of `allowed`. Anyone the API does not know — a 404 for a
 * non-collaborator — has no permission.
 */
export async function hasWritePermission(
  octokit: Octokit,
  at: RepoRef,
  username: string,
  allowed: readonly string[],
): Promise<boolean> {
  try {
    const res = await octokit.rest.repos.getCollaboratorPermissionLevel({ ...at, username });
    const role = (res.data as { role_name?: string }).role_name;
    return allowed.includes(res.data.permission) || (role !== undefined && allowed.includes(role));
  } catch (err) {
    if ((err as { status?: number }).status === 404) return false;
    throw err;
  }
}
