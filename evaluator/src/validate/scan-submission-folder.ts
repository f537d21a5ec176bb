import { lstat, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Problem } from '../errors/problem.ts';
import type { SubmissionLimits } from './submission-rules.ts';
import { RESULTS_DIR } from './submission-rules.ts';
import { compareCodeUnits } from '../util/compare-code-units.ts';

/** One regular file found in a submission folder. */
export interface ScannedFile {
  /** POSIX path relative to the submission folder, e.g. `artifacts/fig01-000/output.pptx`. */
  rel: string;
  bytes: number;
}

export interface FolderScan {
  files: ScannedFile[];
  /** Relative paths of directories (without trailing slash), for layout checks. */
  dirs: string[];
  problems: Problem[];
  /** True when the walk stopped at `maxFiles` (the listing is incomplete). */
  truncated: boolean;
}

/**
 * Lists a submission folder without following symbolic links (a link could point anywhere on
 * the runner), skipping the evaluator's own `results/` folder. Symlinks, sockets and other special
 * files are problems; the walk is bounded by `maxFiles` and `maxDepth`. Output is sorted so the
 * report is the same on every machine.
 */
export async function scanSubmissionFolder(
  dir: string,
  display: string,
  limits: SubmissionLimits,
): Promise<FolderScan> {
  const files: ScannedFile[] = [];
  const dirs: string[] = [];
  const problems: Problem[] = [];
  let truncated = false;

  async function walk(abs: string, rel: string, depth: number): Promise<void> {
    if (truncated) return;
    let entries;
    try {
      entries = await readdir(abs, { withFileTypes: true });
    } catch (err) {
      problems.push({
        severity: 'error',
        rule: 'unreadable',
        file: join(display, rel),
        message: `cannot list folder: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`,
      });
      return;
    }
    entries.sort((a, b) => compareCodeUnits(a.name, b.name));
    for (const e of entries) {
      const childRel = rel === '' ? e.name : `${rel}/${e.name}`;
      if (rel === '' && e.name === RESULTS_DIR) continue; // written by the evaluator, checked elsewhere
      const childAbs = join(abs, e.name);
      if (e.isSymbolicLink()) {
        problems.push({
          severity: 'error',
          rule: 'symlink',
          file: join(display, childRel),
          message: 'symbolic links are not allowed',
          hint: 'commit the file itself',
        });
        continue;
      }
      if (e.isDirectory()) {
        if (depth + 1 > limits.maxDepth) {
          problems.push({
            severity: 'error',
            rule: 'layout',
            file: join(display, childRel),
            message: `folder nested deeper than ${limits.maxDepth} levels`,
          });
          continue;
        }
        dirs.push(childRel);
        await walk(childAbs, childRel, depth + 1);
        continue;
      }
      if (!e.isFile()) {
        problems.push({
          severity: 'error',
          rule: 'special-file',
          file: join(display, childRel),
          message: 'not a regular file (device, socket or pipe)',
        });
        continue;
      }
      if (files.length >= limits.maxFiles) {
        truncated = true;
        problems.push({
          severity: 'error',
          rule: 'too-many-files',
          file: display,
          message: `more than ${limits.maxFiles} files; stopped listing`,
          hint: 'large artifact sets go in one archive: archive: {url, sha256}',
        });
        return;
      }
      const st = await lstat(childAbs);
      files.push({ rel: childRel, bytes: st.size });
    }
  }

  await walk(dir, '', 0);
  return { files, dirs, problems, truncated };
}
