import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { Id } from '@figboard/evaluator/schemas';
import { readSubmissionManifestFile } from '@figboard/evaluator/validate';
import type { Octokit, RepoRef } from './octokit.ts';

/** A submission folder copied out of a pull request through the API (never checked out, never run). */
export interface FetchedSubmission {
  /** Temporary repository root holding `submissions/<id>/` and `suites/<suite>/suite.json`. */
  root: string;
  dir: string;
  /** Things that stopped the copy (too large, truncated tree); reported as validation errors. */
  notes: string[];
  cleanup: () => Promise<void>;
}

export interface FetchLimits {
  maxFiles: number;
  maxBytes: number;
}

/**
 * Paths a pull request touches, as `refig validate --changed-files` expects them: every file
 * name, plus the old name of a rename (moving a file out of someone else's folder touches it).
 */
export async function listChangedFiles(
  octokit: Octokit,
  at: RepoRef,
  pull_number: number,
): Promise<string[]> {
  const files = await octokit.paginate(octokit.rest.pulls.listFiles, {
    ...at,
    pull_number,
    per_page: 100,
  });
  const out = new Set<string>();
  for (const f of files) {
    out.add(f.filename);
    if (f.previous_filename) out.add(f.previous_filename);
  }
  return [...out].sort();
}

/**
 * Copies `submissions/<id>/` at `headSha` into a temporary folder with the git trees and blobs
 * APIs, within `limits`, plus the suite manifest it names from `baseSha` (the suite a submission
 * is checked against is the base branch's, not one the pull request brings). Symbolic links are
 * recreated as dangling links so the validator reports them; nothing is ever executed.
 */
export async function fetchSubmission(
  octokit: Octokit,
  at: RepoRef,
  id: string,
  refs: { headSha: string; baseSha: string },
  limits: FetchLimits,
): Promise<FetchedSubmission | null> {
  if (!Id.safeParse(id).success) return null;
  const listing = await octokit.rest.repos
    .getContent({ ...at, path: 'submissions', ref: refs.headSha })
    .catch((err: { status?: number }) => {
      if (err.status === 404) return null;
      throw err;
    });
  const entry = Array.isArray(listing?.data)
    ? listing.data.find((e) => e.name === id && e.type === 'dir')
    : undefined;
  if (!entry) return null; // the pull request deletes the folder

  const root = await mkdtemp(join(tmpdir(), 'figboard-bot-'));
  const cleanup = () => rm(root, { recursive: true, force: true });
  const dir = join(root, 'submissions', id);
  const notes: string[] = [];
  try {
    await mkdir(dir, { recursive: true });
    const tree = await octokit.rest.git.getTree({ ...at, tree_sha: entry.sha, recursive: 'true' });
    if (tree.data.truncated)
      notes.push(
        `the folder has too many entries for the git trees API; CI validates it from a checkout`,
      );
    const blobs = tree.data.tree.filter((t) => t.type === 'blob');
    const total = blobs.reduce((s, b) => s + (b.size ?? 0), 0);
    if (blobs.length > limits.maxFiles || total > limits.maxBytes) {
      notes.push(
        `the folder has ${blobs.length} files and ${total} bytes, more than the bot copies (${limits.maxFiles} files, ${limits.maxBytes} bytes); CI validates it from a checkout`,
      );
      return { root, dir, notes, cleanup };
    }
    for (const t of tree.data.tree) {
      const rel = t.path ?? '';
      // Tree paths come from git, but never let one climb out of the temporary folder.
      if (rel === '' || rel.startsWith('/') || rel.split('/').includes('..')) continue;
      const target = join(dir, rel);
      if (t.type === 'tree') {
        await mkdir(target, { recursive: true });
      } else if (t.type === 'blob' && t.mode === '120000') {
        await mkdir(dirname(target), { recursive: true });
        await symlink('symlink-from-pull-request', target);
      } else if (t.type === 'blob') {
        const blob = await octokit.rest.git.getBlob({ ...at, file_sha: t.sha! });
        await mkdir(dirname(target), { recursive: true });
        await writeFile(
          target,
          Buffer.from(blob.data.content, blob.data.encoding === 'base64' ? 'base64' : 'utf8'),
        );
      } else {
        notes.push(`${rel}: git submodules are not allowed in a submission`);
      }
    }
    await fetchSuiteManifest(octokit, at, root, dir, refs.baseSha);
    return { root, dir, notes, cleanup };
  } catch (err) {
    await cleanup();
    throw err;
  }
}

async function fetchSuiteManifest(
  octokit: Octokit,
  at: RepoRef,
  root: string,
  dir: string,
  baseSha: string,
): Promise<void> {
  // A missing or oversized manifest has no raw value: the validator reports it.
  const raw = (await readSubmissionManifestFile(dir, 'submission.yml')).raw as
    | { suite?: { name?: unknown } }
    | undefined;
  const name = raw?.suite?.name;
  if (typeof name !== 'string' || !Id.safeParse(name).success) return;
  const res = await octokit.rest.repos
    .getContent({ ...at, path: `suites/${name}/suite.json`, ref: baseSha })
    .catch((err: { status?: number }) => {
      if (err.status === 404) return null;
      throw err;
    });
  if (!res || Array.isArray(res.data) || res.data.type !== 'file' || !('content' in res.data))
    return;
  const target = join(root, 'suites', name, 'suite.json');
  await mkdir(dirname(target), { recursive: true });
  await writeFile(target, Buffer.from(res.data.content, 'base64'));
}
