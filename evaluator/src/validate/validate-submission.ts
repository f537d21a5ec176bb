import { readdir, readFile, rm, stat } from 'node:fs/promises';
import { extractArchive } from '../archive/extract-archive.ts';
import { basename, join, posix, resolve } from 'node:path';
import { parseAgentLog } from '../effort/parse-agent-log.ts';
import { FigboardError } from '../errors/figboard-error.ts';
import type { Problem, ValidationResult } from '../errors/problem.ts';
import { readOwnership } from '../ownership/read-ownership.ts';
import { Id } from '../schemas/common.schema.ts';
import type { SubmissionManifest } from '../schemas/submission.schema.ts';
import { loadSuite } from '../suite/load-suite.ts';
import { sha256File } from '../util/sha256.ts';
import { checkArtifactFiles, type ArtifactInventory } from './check-artifact-files.ts';
import { checkChangedFiles } from './check-changed-files.ts';
import { checkOwnership, type OtherSubmission, type SubmissionAuthor } from './check-ownership.ts';
import { checkSha256Sums, parseSha256Sums } from './check-sha256sums.ts';
import { checkTaskOutputs } from './check-task-outputs.ts';
import type { ArchiveFetcher } from './fetch-archive.ts';
import { readSubmissionManifestFile } from './read-submission-manifest-file.ts';
import { defaultSuiteDir } from '../suite/default-suite-dir.ts';
import { scanSubmissionFolder } from './scan-submission-folder.ts';
import {
  ARTIFACTS_DIR,
  DEFAULT_SUBMISSION_LIMITS,
  SHA256SUMS_COMMAND,
  TOP_LEVEL_FILES,
  type SubmissionLimits,
} from './submission-rules.ts';
import { findTrack } from '../tracks/registry.ts';
import { listSome } from '../util/cap-text.ts';

export interface ValidateSubmissionOptions {
  /** The submission folder, `…/submissions/<id>`. */
  dir: string;
  /** How the folder is named in messages (default: `dir` as given, without a trailing slash). */
  display?: string;
  /** Suite folder; default `<dir>/../../suites/<suite.name>` (the repository layout). */
  suiteDir?: string;
  /** Files the pull request touches (repository-relative); checks nothing outside the folder changed. */
  changedFiles?: readonly string[];
  /** Who opened the pull request (from GitHub, never from its files); null or absent for a local
   * run, which then skips the owner and `sample` checks that need to know. */
  author?: SubmissionAuthor | null;
  /** `submissions/OWNERSHIP.json`; default `<dir>/../OWNERSHIP.json`. In a pull request, pass the
   * base branch's copy. */
  ownershipFile?: string;
  /** Downloads `archive.url`; without one, an archive manifest is reported as not checked. */
  fetcher?: ArchiveFetcher;
  /** Where a fetched archive is kept (`<cacheDir>/<sha256>.archive`), so the evaluator can use it. */
  cacheDir?: string;
  limits?: Partial<SubmissionLimits>;
}

/** A submission that passed validation: what the Action and the evaluator need next. */
export interface ValidatedSubmission {
  id: string;
  manifest: SubmissionManifest;
  suite: { name: string; version: string; dir: string };
  inventory: ArtifactInventory;
  /** The verified archive, when the manifest names one, and the folder it was unpacked into. */
  archive: { path: string; bytes: number; sha256: string; extractedDir: string | null } | null;
}

/** The full report: `ValidationResult` plus what was learnt even when there were errors. */
export interface SubmissionReport extends ValidationResult<ValidatedSubmission> {
  /** The submission folder as named in messages. */
  submission: string;
  /** Manifest id when readable, else the folder name. */
  id: string;
  track: 'refig' | 'style' | null;
  inventory: ArtifactInventory | null;
  /** Files whose SHA-256 matched `SHA256SUMS`. */
  verifiedFiles: number;
}

/**
 * Validates one submission folder — the same pre-flight check CI runs on a pull request: layout,
 * `submission.yml` against its schema, id = folder name, task ids against the suite, allowed file
 * types and sizes per track, the `SHA256SUMS` manifest (or the archive's SHA-256), agent-log
 * formats, and (with `changedFiles`) that the PR touches nothing outside the folder.
 *
 * Never throws for anything wrong with the submission: every problem is collected, each naming
 * its file and rule, and problems are sorted so the report is byte-stable.
 */
export async function validateSubmission(
  options: ValidateSubmissionOptions,
): Promise<SubmissionReport> {
  const limits: SubmissionLimits = { ...DEFAULT_SUBMISSION_LIMITS, ...options.limits };
  const dir = options.dir;
  const display = (options.display ?? dir).replace(/\/+$/, '') || '.';
  const at = (rel: string) => posix.join(display, rel);
  const folderName = basename(resolve(dir));
  const problems: Problem[] = [];
  const report = (
    extra: Partial<SubmissionReport> & { value?: ValidatedSubmission },
  ): SubmissionReport => {
    const sorted = sortProblems(problems);
    const errors = sorted.filter((p) => p.severity === 'error');
    return {
      submission: display,
      id: folderName,
      track: null,
      inventory: null,
      verifiedFiles: 0,
      ...extra,
      ...(errors.length === 0 && extra.value ? { value: extra.value } : { value: undefined }),
      errors,
      warnings: sorted.filter((p) => p.severity === 'warning'),
    };
  };

  // 1. The folder itself.
  const dirStat = await stat(dir).catch(() => null);
  if (!dirStat?.isDirectory()) {
    problems.push({
      severity: 'error',
      rule: 'layout',
      file: display,
      message: 'submission folder not found',
      expected: 'a folder submissions/<id>/',
      got: dirStat ? 'a file' : 'nothing',
    });
    return report({});
  }
  if (options.changedFiles) problems.push(...checkChangedFiles(options.changedFiles, folderName));

  // 2. submission.yml: YAML syntax, schema, id = folder name.
  const ymlFile = at('submission.yml');
  const read = await readSubmissionManifestFile(dir, ymlFile);
  problems.push(...read.problems);
  const manifest: SubmissionManifest | undefined = read.value;
  const raw: Record<string, unknown> =
    read.raw && typeof read.raw === 'object' && !Array.isArray(read.raw)
      ? (read.raw as Record<string, unknown>)
      : {};
  // An invalid manifest never hides the other checks: what can be read of it (id, track, suite
  // name and version) is used leniently, so task folders, files and hashes are still checked.
  const rawString = (v: unknown) => (typeof v === 'string' && v !== '' ? v : undefined);
  const rawSuite = (raw.suite ?? {}) as Record<string, unknown>;
  const id = manifest?.id ?? rawString(raw.id);
  if (id !== undefined && id !== folderName) {
    problems.push({
      severity: 'error',
      rule: 'id-mismatch',
      file: ymlFile,
      message: 'id must equal the folder name',
      expected: folderName,
      got: id,
      hint: `rename the folder to submissions/${id}/ or set id: ${folderName}`,
    });
  }
  const declaredTrack = manifest?.track ?? findTrack(raw.track)?.id ?? null;
  const suiteName =
    manifest?.suite.name ??
    (typeof rawSuite === 'object' && rawSuite !== null ? rawString(rawSuite.name) : undefined);
  const suiteVersion =
    manifest?.suite.version ??
    (typeof rawSuite === 'object' && rawSuite !== null ? rawString(rawSuite.version) : undefined);

  // 3. The suite: task ids, track and version.
  let suiteTasks: string[] | null = null;
  let suiteInfo: ValidatedSubmission['suite'] | null = null;
  let suiteTrack: 'refig' | 'style' | null = null;
  const suiteNameUsable = suiteName !== undefined && Id.safeParse(suiteName).success;
  if (options.suiteDir || suiteNameUsable) {
    const suiteDir = options.suiteDir ?? defaultSuiteDir(dir, suiteName!);
    const suite = await loadSuite(suiteDir, { verifyHashes: false });
    const sm = suite.manifest;
    if (!sm) {
      problems.push({
        severity: 'error',
        rule: 'suite-not-found',
        file: ymlFile,
        message: `cannot read suite "${suiteName ?? suiteDir}" at ${suiteDir}: ${suite.problems[0]?.message ?? 'no suite.json'}`,
        hint: 'suite.name must name a folder under suites/ (or pass --suite DIR)',
      });
    } else {
      suiteTasks = sm.tasks;
      suiteInfo = { name: sm.name, version: sm.version, dir: suiteDir };
      suiteTrack = sm.track;
      if (suiteName !== undefined && sm.name !== suiteName) {
        problems.push({
          severity: 'error',
          rule: 'suite-mismatch',
          file: ymlFile,
          message: 'suite.name differs from the suite given',
          expected: sm.name,
          got: suiteName,
        });
      }
      if (suiteVersion !== undefined && sm.version !== suiteVersion) {
        problems.push({
          severity: 'error',
          rule: 'suite-version',
          file: ymlFile,
          message: 'suite.version differs from the suite in the repository',
          expected: sm.version,
          got: suiteVersion,
          hint: 'results are only comparable on the same suite version',
        });
      }
      if (declaredTrack !== null && sm.track !== declaredTrack) {
        problems.push({
          severity: 'error',
          rule: 'track-mismatch',
          file: ymlFile,
          message: `the suite is a ${sm.track}-track suite`,
          expected: sm.track,
          got: declaredTrack,
        });
      }
    }
  }
  // the declared track, else the suite's: the artifact checks run whenever either is known
  const track = declaredTrack ?? suiteTrack;
  // an archive named in an invalid manifest still means no inline artifacts are expected
  const declaresArchive = Boolean(manifest?.archive ?? raw.archive);

  // 4. Layout, file types and sizes.
  const scan = await scanSubmissionFolder(dir, display, limits);
  problems.push(...scan.problems);
  let inventory: ArtifactInventory | null = null;
  if (track) {
    const checked = checkArtifactFiles({
      files: scan.files,
      dirs: scan.dirs,
      track,
      suiteTasks,
      suiteName: suiteInfo?.name ?? suiteName ?? null,
      display,
      limits,
      archive: declaresArchive,
    });
    problems.push(...checked.problems);
    inventory = checked.inventory;
    if (!declaresArchive)
      problems.push(
        ...(await checkTaskOutputs({
          dir,
          display,
          track,
          taskFiles: checked.taskFiles,
          suiteTaskCount: suiteTasks?.length ?? null,
        })),
      );
    if (!declaresArchive && inventory.tasks.length === 0 && !scan.truncated) {
      problems.push({
        severity: 'error',
        rule: 'no-artifacts',
        file: at('artifacts'),
        message: 'the submission has no task folders',
        expected: 'artifacts/<task-id>/ for each task',
        got: 'none',
      });
    }
  }

  // 5. Integrity: SHA256SUMS for inline files, or the archive's SHA-256.
  let verifiedFiles = 0;
  const sumsEntry = scan.files.find((f) => f.rel === 'SHA256SUMS');
  if (
    sumsEntry &&
    sumsEntry.bytes <= TOP_LEVEL_FILES.find((f) => f.name === 'SHA256SUMS')!.maxBytes
  ) {
    const sumsFile = at('SHA256SUMS');
    const parsed = parseSha256Sums(await readFile(join(dir, 'SHA256SUMS'), 'utf8'), sumsFile);
    problems.push(...parsed.problems);
    const checked = await checkSha256Sums({
      entries: parsed.entries,
      files: scan.files,
      sumsFile,
      display,
      hashOf: (rel) => sha256File(join(dir, rel)),
    });
    problems.push(...checked.problems);
    verifiedFiles = checked.verified;
  } else if (!sumsEntry && !declaresArchive) {
    problems.push({
      severity: 'error',
      rule: 'missing-sha256sums',
      file: at('SHA256SUMS'),
      message: 'SHA256SUMS is missing',
      hint: `run: (cd ${display} && ${SHA256SUMS_COMMAND})`,
    });
  }
  let archive: ValidatedSubmission['archive'] = null;
  let logsDir = dir;
  if (manifest?.archive)
    archive = await verifyArchive(manifest.archive, options, limits, ymlFile, problems);
  if (archive && track) {
    // The archive's content is checked exactly like inline artifacts: same layout, types, sizes.
    const extractedDir = await unpackArchive(archive, limits, ymlFile, problems);
    if (extractedDir) {
      archive.extractedDir = extractedDir;
      logsDir = extractedDir;
      const archiveDisplay = `${display}/<archive>`;
      const inner = await scanSubmissionFolder(extractedDir, archiveDisplay, limits);
      problems.push(...inner.problems);
      const checked = checkArtifactFiles({
        files: inner.files,
        dirs: inner.dirs,
        track,
        suiteTasks,
        suiteName: suiteInfo?.name ?? null,
        display: archiveDisplay,
        limits,
        archive: false,
      });
      problems.push(...checked.problems);
      inventory = checked.inventory;
      problems.push(
        ...(await checkTaskOutputs({
          dir: extractedDir,
          display: archiveDisplay,
          track,
          taskFiles: checked.taskFiles,
          suiteTaskCount: suiteTasks?.length ?? null,
        })),
      );
      if (inventory.tasks.length === 0) {
        problems.push({
          severity: 'error',
          rule: 'no-artifacts',
          file: archiveDisplay,
          message: 'the archive holds no task folders',
          expected: 'artifacts/<task-id>/… at the top of the archive',
          got: inner.files.slice(0, 3).join(', ') || 'nothing',
        });
      }
    }
  }

  // 6. Agent logs: a recognised format, or a warning (effort is then reported as unknown). Logs
  //    of one unrecognised kind are one warning listing the tasks once there are more than a few
  //    (a scripted entry has dozens; one cause deserves one line).
  const unknownLogs = new Map<string, string[]>();
  for (const rel of inventory?.logs ?? []) {
    const effort = parseAgentLog(await readFile(join(logsDir, rel), 'utf8'));
    if (effort.format !== 'unknown') continue;
    const got = (effort.problems[0] ?? 'unknown').split(';')[0]!;
    unknownLogs.set(got, [...(unknownLogs.get(got) ?? []), rel]);
  }
  const logFile = (rel: string) => (logsDir === dir ? at(rel) : `${display}/<archive>/${rel}`);
  const expectedLog =
    'Claude Code stream-json (claude -p --output-format stream-json) or codex exec --json';
  for (const [got, rels] of unknownLogs) {
    if (rels.length <= 3) {
      for (const rel of rels)
        problems.push({
          severity: 'warning',
          rule: 'agent-log-format',
          file: logFile(rel),
          message:
            'agent log format not recognised; effort and cost for this task will be reported as unknown',
          expected: expectedLog,
          got,
        });
      continue;
    }
    const tasks = rels.map((r) => r.split('/')[1]!);
    problems.push({
      severity: 'warning',
      rule: 'agent-log-format',
      file: logFile(ARTIFACTS_DIR),
      message: `${rels.length} agent logs (output.jsonl) are in a format not recognised; effort and cost for these tasks will be reported as unknown: ${listSome(tasks)}`,
      expected: expectedLog,
      got,
    });
  }

  // 7. Ownership: the folder's owners, `sample`, and configuration names owned by someone else.
  const ownershipPath = options.ownershipFile ?? join(dir, '..', 'OWNERSHIP.json');
  const ownership = await readOwnership(ownershipPath, 'submissions/OWNERSHIP.json');
  problems.push(...ownership.problems);
  problems.push(
    ...checkOwnership({
      id: folderName,
      manifest,
      manifestFile: ymlFile,
      ownership: ownership.record,
      author: options.author ?? null,
      others: await readOtherSubmissions(join(dir, '..'), folderName),
    }),
  );

  const value: ValidatedSubmission | undefined =
    manifest && suiteInfo && inventory
      ? { id: manifest.id, manifest, suite: suiteInfo, inventory, archive }
      : undefined;
  return report({ id: id ?? folderName, track, inventory, verifiedFiles, value });
}

/**
 * The manifests of the other folders next to this one (the repository's submissions), for the
 * configuration-name rule. Links, oversized and invalid manifests are skipped: they are those
 * folders' own problems.
 */
async function readOtherSubmissions(parent: string, self: string): Promise<OtherSubmission[]> {
  let entries;
  try {
    entries = await readdir(parent, { withFileTypes: true });
  } catch {
    return [];
  }
  const out: OtherSubmission[] = [];
  for (const e of entries.sort((a, b) => (a.name < b.name ? -1 : 1))) {
    if (!e.isDirectory() || e.name === self || e.name.startsWith('.')) continue;
    const read = await readSubmissionManifestFile(join(parent, e.name));
    if (read.value && read.value.id === e.name) out.push({ id: e.name, manifest: read.value });
  }
  return out;
}

async function verifyArchive(
  spec: { url: string; sha256: string },
  options: ValidateSubmissionOptions,
  limits: SubmissionLimits,
  ymlFile: string,
  problems: Problem[],
): Promise<ValidatedSubmission['archive']> {
  if (!options.fetcher || !options.cacheDir) {
    problems.push({
      severity: 'warning',
      rule: 'archive-not-checked',
      file: ymlFile,
      message: 'archive was not downloaded, so its SHA-256 is unchecked',
      hint: 'run without --offline to fetch and verify it',
    });
    return null;
  }
  const dest = join(options.cacheDir, `${spec.sha256}.archive`);
  try {
    const got = await options.fetcher.fetch(spec.url, {
      dest,
      maxBytes: limits.maxArchiveBytes,
      timeoutMs: limits.archiveTimeoutMs,
    });
    if (got.sha256 !== spec.sha256) {
      problems.push({
        severity: 'error',
        rule: 'archive-hash-mismatch',
        file: ymlFile,
        message: 'the downloaded archive has a different SHA-256',
        expected: spec.sha256,
        got: got.sha256,
        hint: 'the file at archive.url changed, or archive.sha256 is wrong (sha256sum <file>)',
      });
      return null;
    }
    return { path: dest, bytes: got.bytes, sha256: got.sha256, extractedDir: null };
  } catch (err) {
    if (!(err instanceof FigboardError)) throw err;
    problems.push({
      severity: 'error',
      rule: err.code,
      file: ymlFile,
      message: `archive.url: ${err.message}`,
      expected: err.expected,
      got: err.got,
      hint: err.hint,
    });
    return null;
  }
}

/**
 * Unpacks a verified archive (tar or tar.gz) next to it with the hostile-input-safe extractor:
 * sizes, entry count, path traversal, links and device files are all refused while streaming.
 */
async function unpackArchive(
  archive: NonNullable<ValidatedSubmission['archive']>,
  limits: SubmissionLimits,
  ymlFile: string,
  problems: Problem[],
): Promise<string | null> {
  const dest = `${archive.path}.d`;
  await rm(dest, { recursive: true, force: true });
  try {
    const out = await extractArchive(archive.path, dest, {
      limits: {
        maxCompressedBytes: limits.maxArchiveBytes,
        maxInflatedBytes: limits.maxTotalBytes,
        maxEntries: limits.maxFiles + 1000,
        maxDepth: limits.maxDepth,
      },
    });
    if (out.kind !== 'tar' && out.kind !== 'tar.gz') {
      problems.push({
        severity: 'error',
        rule: 'archive-format',
        file: ymlFile,
        message: 'archive.url must point at a .tar or .tar.gz',
        got: out.kind,
      });
      return null;
    }
    return dest;
  } catch (err) {
    await rm(dest, { recursive: true, force: true });
    if (!(err instanceof FigboardError)) throw err;
    problems.push({
      severity: 'error',
      rule: err.code === 'archive-unknown-format' ? 'archive-format' : 'archive-unsafe',
      file: ymlFile,
      message: `archive: ${err.message}`,
      expected: err.expected ?? 'a .tar or .tar.gz of artifacts/<task-id>/…',
      got: err.got,
      hint: err.hint,
    });
    return null;
  }
}

const SEVERITY_ORDER = { error: 0, warning: 1 } as const;

function sortProblems(problems: Problem[]): Problem[] {
  const key = (p: Problem) =>
    [SEVERITY_ORDER[p.severity], p.file, p.line ?? 0, p.column ?? 0, p.rule, p.message] as const;
  return [...problems].sort((a, b) => {
    const ka = key(a);
    const kb = key(b);
    for (let i = 0; i < ka.length; i++) {
      if (ka[i] !== kb[i]) return ka[i]! < kb[i]! ? -1 : 1;
    }
    return 0;
  });
}
