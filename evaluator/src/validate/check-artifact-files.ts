import { posix } from 'node:path';
import { didYouMean } from '../util/did-you-mean.ts';
import type { Problem } from '../errors/problem.ts';
import { Id } from '../schemas/common.schema.ts';
import type { ScannedFile } from './scan-submission-folder.ts';
import {
  ARTIFACT_FILES,
  ARTIFACTS_DIR,
  formatBytes,
  TOP_LEVEL_FILES,
  type SubmissionLimits,
} from './submission-rules.ts';
import { TRACKS } from '../tracks/registry.ts';
import type { TrackId } from '../tracks/track.ts';
import { listSome } from '../util/cap-text.ts';
import { compareCodeUnits } from '../util/compare-code-units.ts';
import { RUNNER_FILES, RUNNER_TASK_FILES } from './runner-files.ts';

/** Per-task view of what a submission contains, for the report and the Action. */
export interface ArtifactInventory {
  /** Task ids that have a folder under `artifacts/`, sorted. */
  tasks: string[];
  /** Suite tasks with no folder (they score 0 and stay in every mean), sorted. */
  missing: string[];
  /** Agent logs found (`artifacts/<task>/output.jsonl`), relative paths. */
  logs: string[];
}

export interface ArtifactCheckInput {
  files: ScannedFile[];
  dirs: string[];
  track: TrackId;
  /** Task ids of the suite, or null when the suite could not be read (ids are then not checked). */
  suiteTasks: readonly string[] | null;
  suiteName: string | null;
  /** Display prefix for file names in problems (the submission folder as the user named it). */
  display: string;
  limits: SubmissionLimits;
  /** True when the manifest points at an archive: inline artifacts are then not expected. */
  archive: boolean;
}

/**
 * Checks the folder layout against the track's rules: only known top-level files, one folder per
 * suite task under `artifacts/`, only the allowed file names in each, each within its size
 * limit, and the whole submission within the total size limit. Returns every problem found.
 */
export function checkArtifactFiles(input: ArtifactCheckInput): {
  problems: Problem[];
  inventory: ArtifactInventory;
  /** Suite task folder → the file names it holds (for checks that read the files). */
  taskFiles: Map<string, string[]>;
} {
  const { files, dirs, track, suiteTasks, display, limits } = input;
  const problems: Problem[] = [];
  const at = (rel: string) => posix.join(display, rel);
  const allowed = new Map(
    [...ARTIFACT_FILES[track], ...RUNNER_TASK_FILES[track]].map((r) => [r.name, r]),
  );
  const topAllowed = new Map([...TOP_LEVEL_FILES, ...RUNNER_FILES].map((r) => [r.name, r]));
  const known = suiteTasks ? new Set(suiteTasks) : null;
  // a misnamed folder most likely meant a task that has no folder yet
  const folders = new Set(
    dirs
      .filter((d) => d.startsWith(`${ARTIFACTS_DIR}/`) && d.split('/').length === 2)
      .map((d) => d.split('/')[1]!),
  );
  const meantTask = (name: string) =>
    known
      ? (didYouMean(
          name,
          [...known].filter((t) => !folders.has(t)),
        ) ?? didYouMean(name, known))
      : null;
  const taskFiles = new Map<string, string[]>();
  const logs: string[] = [];
  let total = 0;

  for (const dir of dirs) {
    const parts = dir.split('/');
    if (parts.length === 1 && parts[0] !== ARTIFACTS_DIR) {
      problems.push({
        severity: 'error',
        rule: 'layout',
        file: at(dir),
        message: 'unexpected folder',
        expected: `only ${ARTIFACTS_DIR}/ (and results/, written by CI)`,
        got: `${dir}/`,
        ...suggest(parts[0]!, [ARTIFACTS_DIR]),
      });
    } else if (parts[0] === ARTIFACTS_DIR && parts.length === 2) {
      const task = parts[1]!;
      taskFiles.set(task, taskFiles.get(task) ?? []);
      if (!Id.safeParse(task).success) {
        const meant = meantTask(task);
        problems.push({
          severity: 'error',
          rule: 'task-id',
          file: at(dir),
          message: `task folder name is not a valid task id${meant ? `; did you mean "${meant}"?` : ''}`,
          expected: 'letters, digits, ".", "_", "-"',
          got: task,
        });
      } else if (known && !known.has(task)) {
        const meant = meantTask(task);
        problems.push({
          severity: 'error',
          rule: 'unknown-task',
          file: at(dir),
          message: `task "${task}" is not in suite ${input.suiteName ?? '?'}${meant ? `; did you mean "${meant}"?` : ''}`,
          hint: meant
            ? `rename the folder to ${ARTIFACTS_DIR}/${meant}/ (task ids are case-sensitive)`
            : 'task folders must be named after task ids listed in the suite.json',
        });
      }
    } else if (parts[0] === ARTIFACTS_DIR && parts.length > 2) {
      problems.push({
        severity: 'error',
        rule: 'layout',
        file: at(dir),
        message: 'nested folder inside a task folder',
        expected: `${ARTIFACTS_DIR}/<task-id>/<file>`,
        got: `${dir}/`,
      });
    }
  }

  for (const f of files) {
    total += f.bytes;
    const parts = f.rel.split('/');
    if (parts.length === 1) {
      const rule = topAllowed.get(parts[0]!);
      if (!rule) {
        problems.push({
          severity: 'error',
          rule: 'disallowed-file',
          file: at(f.rel),
          message: 'file not allowed at the top of a submission',
          expected: [...topAllowed.keys()].join(', '),
          got: parts[0],
          ...suggest(parts[0]!, topAllowed.keys()),
        });
      } else if (f.bytes > rule.maxBytes) {
        problems.push(sizeProblem(at(f.rel), f.bytes, rule.maxBytes, rule.what));
      }
      continue;
    }
    if (parts[0] !== ARTIFACTS_DIR) continue; // reported once for its folder above
    if (parts.length === 2) {
      problems.push({
        severity: 'error',
        rule: 'layout',
        file: at(f.rel),
        message: 'file directly under artifacts/',
        expected: `${ARTIFACTS_DIR}/<task-id>/<file>`,
        got: f.rel,
      });
      continue;
    }
    if (parts.length > 3) continue; // reported for its nested folder
    const [, task, name] = parts as [string, string, string];
    taskFiles.get(task)?.push(name);
    const rule = allowed.get(name);
    if (!rule) {
      problems.push({
        severity: 'error',
        rule: 'disallowed-file',
        file: at(f.rel),
        message: `file type not allowed for the ${track} track`,
        expected: [...allowed.keys()].join(', '),
        got: name,
        ...suggest(name, allowed.keys()),
      });
      continue;
    }
    if (f.bytes > rule.maxBytes)
      problems.push(sizeProblem(at(f.rel), f.bytes, rule.maxBytes, rule.what));
    if (f.bytes === 0)
      problems.push({
        severity: 'error',
        rule: 'empty-file',
        file: at(f.rel),
        message: 'file is empty',
        expected: rule.what,
        got: '0 bytes',
      });
    if (name === 'output.jsonl') logs.push(f.rel);
  }

  if (total > limits.maxTotalBytes) {
    problems.push({
      severity: 'error',
      rule: 'submission-too-large',
      file: display,
      message: 'inline files are too large in total',
      expected: `at most ${formatBytes(limits.maxTotalBytes)}`,
      got: formatBytes(total),
      hint: 'put the artifacts in one archive and use archive: {url, sha256}',
    });
  }

  // Per-task completeness: warnings, because a missing or failed task is a legitimate result (score 0).
  for (const [task, names] of [...taskFiles.entries()].sort(([a], [b]) => compareCodeUnits(a, b))) {
    if (known && !known.has(task)) continue; // already an unknown-task error; completeness is moot
    const has = new Set(names);
    const folder = at(`${ARTIFACTS_DIR}/${task}`);
    problems.push(...TRACKS[track].artifacts.checkTaskFolder(has, folder));
  }

  const tasks = [...taskFiles.keys()].filter((t) => !known || known.has(t)).sort();
  const missing = suiteTasks ? suiteTasks.filter((t) => !taskFiles.has(t)).sort() : [];
  if (!input.archive && missing.length > 0) {
    problems.push({
      severity: 'warning',
      rule: 'missing-tasks',
      file: at(ARTIFACTS_DIR),
      message: `${missing.length} of ${suiteTasks!.length} suite tasks have no folder and score 0: ${listSome(missing)}`,
    });
  }
  if (input.archive && taskFiles.size > 0) {
    problems.push({
      severity: 'error',
      rule: 'archive-and-inline',
      file: at(ARTIFACTS_DIR),
      message: 'the manifest names an archive but artifacts/ is committed too',
      hint: 'use either inline artifacts or archive: {url, sha256}, not both',
    });
  }
  const suiteTaskFiles = new Map([...taskFiles].filter(([t]) => !known || known.has(t)));
  return { problems, inventory: { tasks, missing, logs: logs.sort() }, taskFiles: suiteTaskFiles };
}

function sizeProblem(file: string, bytes: number, max: number, what: string): Problem {
  return {
    severity: 'error',
    rule: 'file-too-large',
    file,
    message: `${what} is too large`,
    expected: `at most ${max} bytes (${formatBytes(max)})`,
    got: `${bytes} bytes`,
  };
}

/** A "did you mean" hint for a misspelt name, when one of the allowed names is close. */
function suggest(
  name: string,
  allowed: Iterable<string>,
): { hint: string } | Record<string, never> {
  const meant = didYouMean(name, allowed);
  return meant ? { hint: `did you mean "${meant}"?` } : {};
}
