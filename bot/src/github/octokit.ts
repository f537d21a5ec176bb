import type { Context } from 'probot';

/** The authenticated client Probot hands each handler (REST methods + paginate). */
export type Octokit = Context['octokit'];

/** owner/repo of the event's repository. */
export interface RepoRef {
  owner: string;
  repo: string;
}
