import type { Octokit, RepoRef } from './octokit.ts';

/** One file to publish: its path on the previews branch and its bytes. */
export interface PreviewFile {
  path: string;
  content: Buffer;
}

/** Where the published files can be seen: image URLs for the comment and pages to open. */
export interface PublishedPreviews {
  commit: string;
  /** Path → URL of the image itself (what an `<img>` in the comment loads). */
  image: Map<string, string>;
  /** Path → the file's page on GitHub at that commit. */
  page: Map<string, string>;
}

/**
 * Publishes renderings to the repository's previews branch (created as an orphan on first use)
 * in one commit through the Git data API — blobs, a tree on top of the branch's, a commit, the
 * ref moved — and returns URLs pinned to that commit, so a comment can show the images and they
 * never change afterwards. Only PNG bytes from the trusted run's bundle are written, and only
 * to this one branch; nothing on it is ever executed or built.
 */
export async function publishPreviews(
  octokit: Octokit,
  at: RepoRef,
  branch: string,
  files: readonly PreviewFile[],
  message: string,
): Promise<PublishedPreviews> {
  const ref = `heads/${branch}`;
  let parent: string | null = null;
  try {
    parent = (await octokit.rest.git.getRef({ ...at, ref })).data.object.sha;
  } catch (err) {
    if ((err as { status?: number }).status !== 404) throw err;
  }
  const baseTree = parent
    ? (await octokit.rest.git.getCommit({ ...at, commit_sha: parent })).data.tree.sha
    : undefined;
  const tree = [];
  for (const f of files) {
    const blob = await octokit.rest.git.createBlob({
      ...at,
      content: f.content.toString('base64'),
      encoding: 'base64',
    });
    tree.push({ path: f.path, mode: '100644' as const, type: 'blob' as const, sha: blob.data.sha });
  }
  const newTree = await octokit.rest.git.createTree({
    ...at,
    tree,
    ...(baseTree ? { base_tree: baseTree } : {}),
  });
  const commit = await octokit.rest.git.createCommit({
    ...at,
    message,
    tree: newTree.data.sha,
    parents: parent ? [parent] : [],
  });
  if (parent) await octokit.rest.git.updateRef({ ...at, ref, sha: commit.data.sha, force: false });
  else await octokit.rest.git.createRef({ ...at, ref: `refs/${ref}`, sha: commit.data.sha });
  const sha = commit.data.sha;
  const enc = (p: string) => p.split('/').map(encodeURIComponent).join('/');
  return {
    commit: sha,
    image: new Map(
      files.map((f) => [
        f.path,
        `https://raw.githubusercontent.com/${at.owner}/${at.repo}/${sha}/${enc(f.path)}`,
      ]),
    ),
    page: new Map(
      files.map((f) => [
        f.path,
        `https://github.com/${at.owner}/${at.repo}/blob/${sha}/${enc(f.path)}`,
      ]),
    ),
  };
}
