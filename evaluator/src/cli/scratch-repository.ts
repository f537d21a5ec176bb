import { cp, link, mkdir, readdir, stat, symlink } from 'node:fs/promises';
import { join } from 'node:path';

/** An entry that is not committed: its submission folder and the results `refig evaluate` wrote. */
export interface UncommittedEntry {
  id: string;
  submissionDir: string;
  resultsDir: string;
}

/** The three input folders of a checkout at `repoDir`. */
export const repoLayout = (repoDir: string) => ({
  submissions: join(repoDir, 'submissions'),
  suites: join(repoDir, 'suites'),
  annotations: join(repoDir, 'annotations'),
});

/**
 * A scratch copy of a FigBoard checkout at `dest` with uncommitted entries in it, for the local
 * views of what CI will show (`refig scorecard`, `refig leaderboard --with … --site-data`): suites
 * and annotations linked as they are, every committed entry mirrored with hard links (nothing is
 * copied twice and the checkout is never written), and each uncommitted entry as
 * `submissions/<id>` with its results inside — where CI puts them — unless `withResults` is false.
 */
export async function buildScratchRepository(
  from: { submissions: string; suites: string; annotations: string },
  dest: string,
  entries: readonly UncommittedEntry[],
  options: { withResults: boolean },
): Promise<void> {
  await mkdir(join(dest, 'submissions'), { recursive: true });
  await symlink(from.suites, join(dest, 'suites'));
  await symlink(from.annotations, join(dest, 'annotations'));
  const ids = new Set(entries.map((e) => e.id));
  for (const e of await readdir(from.submissions, { withFileTypes: true })) {
    if (ids.has(e.name)) continue;
    const src = join(from.submissions, e.name);
    if (e.isDirectory()) await linkTree(src, join(dest, 'submissions', e.name));
    else if (e.isFile()) await linkFile(src, join(dest, 'submissions', e.name));
  }
  for (const e of entries) {
    const at = join(dest, 'submissions', e.id);
    await linkTree(e.submissionDir, at, (rel) => rel === 'results');
    if (options.withResults) await linkTree(e.resultsDir, join(at, 'results'));
  }
}

/** Mirrors a folder with hard links (a copy across file systems), skipping top-level names. */
async function linkTree(src: string, dst: string, skip: (rel: string) => boolean = () => false) {
  const walk = async (rel: string): Promise<void> => {
    const from = join(src, rel);
    const st = await stat(from);
    if (st.isDirectory()) {
      await mkdir(join(dst, rel), { recursive: true });
      for (const name of (await readdir(from)).sort())
        if (!(rel === '' && skip(name))) await walk(join(rel, name));
    } else if (st.isFile()) {
      await linkFile(from, join(dst, rel));
    }
  };
  await walk('');
}

const linkFile = (from: string, to: string) => link(from, to).catch(() => cp(from, to));
