import { posix } from 'node:path';
import type { Problem } from '../errors/problem.ts';
import type { ScannedFile } from './scan-submission-folder.ts';
import { ARTIFACTS_DIR, SHA256SUMS_COMMAND } from './submission-rules.ts';

/** One parsed line of `SHA256SUMS`. */
export interface Sha256SumsEntry {
  sha256: string;
  path: string;
  line: number;
}

/**
 * Parses `sha256sum` output: `<64 hex>  <path>` (text mode) or `<64 hex> *<path>` (binary mode),
 * one file per line, paths relative to the submission folder. Malformed lines, unsafe paths and
 * duplicates are problems; everything parseable is returned.
 */
export function parseSha256Sums(
  text: string,
  file: string,
): { entries: Sha256SumsEntry[]; problems: Problem[] } {
  const entries: Sha256SumsEntry[] = [];
  const problems: Problem[] = [];
  const seen = new Map<string, number>();
  const lines = text.split('\n');
  lines.forEach((raw, i) => {
    const lineNo = i + 1;
    const line = raw.replace(/\r$/, '');
    if (line.trim() === '') return;
    const m = /^([0-9a-fA-F]{64}) [ *](.+)$/.exec(line);
    if (!m) {
      problems.push({
        severity: 'error',
        rule: 'sha256sums-format',
        file,
        line: lineNo,
        message: 'line is not in sha256sum format',
        expected: '<64 hex digits><two spaces><path>',
        got: JSON.stringify(line.slice(0, 80)),
        hint: `generate it inside the submission folder with: ${SHA256SUMS_COMMAND}`,
      });
      return;
    }
    const sha = m[1]!;
    const path = m[2]!.startsWith('./') ? m[2]!.slice(2) : m[2]!;
    if (sha !== sha.toLowerCase()) {
      problems.push({
        severity: 'warning',
        rule: 'sha256sums-format',
        file,
        line: lineNo,
        message: 'hash in upper case; lower-case hex is canonical',
      });
    }
    if (
      path.startsWith('/') ||
      path.includes('\\') ||
      path.split('/').some((s) => s === '..' || s === '') ||
      path.includes('\0')
    ) {
      problems.push({
        severity: 'error',
        rule: 'sha256sums-path',
        file,
        line: lineNo,
        message:
          'path must be relative to the submission folder, without "..", "\\" or empty parts',
        got: JSON.stringify(path),
      });
      return;
    }
    const prev = seen.get(path);
    if (prev !== undefined) {
      problems.push({
        severity: 'error',
        rule: 'sha256sums-duplicate',
        file,
        line: lineNo,
        message: `"${path}" is listed twice (first on line ${prev})`,
      });
      return;
    }
    seen.set(path, lineNo);
    entries.push({ sha256: sha.toLowerCase(), path, line: lineNo });
  });
  return { entries, problems };
}

/**
 * Compares `SHA256SUMS` with the folder: every artifact file listed, every hash right, nothing
 * listed that is not there. `hashOf` hashes one relative path (streamed; called once per file).
 * Files outside `artifacts/` (submission.yml, README.md) may be listed and are then checked too.
 */
export async function checkSha256Sums(opts: {
  entries: Sha256SumsEntry[];
  files: ScannedFile[];
  sumsFile: string;
  display: string;
  hashOf: (rel: string) => Promise<string>;
}): Promise<{ problems: Problem[]; verified: number }> {
  const { entries, files, sumsFile, display } = opts;
  const problems: Problem[] = [];
  const present = new Map(files.map((f) => [f.rel, f]));
  const listed = new Set(entries.map((e) => e.path));
  let verified = 0;
  for (const e of entries) {
    if (e.path === 'SHA256SUMS') {
      problems.push({
        severity: 'error',
        rule: 'sha256sums-extra',
        file: sumsFile,
        line: e.line,
        message: 'SHA256SUMS cannot list itself',
      });
      continue;
    }
    if (!present.has(e.path)) {
      problems.push({
        severity: 'error',
        rule: 'sha256sums-extra',
        file: sumsFile,
        line: e.line,
        message: `lists "${e.path}", which is not in the submission`,
        hint: 'regenerate SHA256SUMS after adding or removing files',
      });
      continue;
    }
    const actual = await opts.hashOf(e.path);
    if (actual !== e.sha256) {
      // pointed at its SHA256SUMS line (the artifact is named in the message), so the line to
      // fix or regenerate is right there
      problems.push({
        severity: 'error',
        rule: 'hash-mismatch',
        file: sumsFile,
        line: e.line,
        message: `${e.path}: its SHA-256 differs from the one on this line`,
        expected: e.sha256,
        got: actual,
        hint: 'the file changed after SHA256SUMS was written (or git changed its line endings); regenerate SHA256SUMS',
      });
      continue;
    }
    verified++;
  }
  for (const f of files) {
    if (!f.rel.startsWith(`${ARTIFACTS_DIR}/`) || listed.has(f.rel)) continue;
    problems.push({
      severity: 'error',
      rule: 'sha256sums-unlisted',
      file: posix.join(display, f.rel),
      message: 'file is not listed in SHA256SUMS',
      hint: 'every file under artifacts/ must be listed; regenerate SHA256SUMS',
    });
  }
  return { problems, verified };
}
