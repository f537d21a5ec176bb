import { stat } from 'node:fs/promises';
import type { Problem } from '@figboard/evaluator/errors/index.ts';
import { Id, type EffortRecord, type Leaderboard } from '@figboard/evaluator/schemas/index.ts';
import type { CompactAudit } from './compact-audit.ts';
import { configurationLabel } from './configuration-label.ts';
import { renderMedia, sourceMedia, type MediaItem, type MediaRef } from './plan-media.ts';
import { readLeaderboard } from './read-leaderboard.ts';
import { readSubmissionRecords, type SubmissionRecords } from './read-submission-records.ts';
import { readTaskMeta, type TaskMeta } from './read-task-meta.ts';

/** Largest input image the build copies and thumbnails (bigger ones are reported and skipped). */
const MAX_IMAGE_BYTES = 30 * 1024 * 1024;

export type Board = Leaderboard;
type SubmissionInfo = Leaderboard['submissions'][number];

/** One configuration's result on one task, as the task page shows it. */
interface TaskResult {
  submission: string;
  configuration: string;
  label: string;
  sample: boolean;
  final: number | null;
  subscores: {
    T: number | null;
    S: number | null;
    L: number | null;
    E: number | null;
    V: number | null;
  } | null;
  gate: { passed: boolean; reason: string | null };
  cap: number;
  render: MediaRef | null;
  audit: CompactAudit | null;
}

/** Everything a task page needs. */
export interface TaskEntry {
  /** `<suite>/<task>`: unique across suites and safe in a URL path. */
  key: string;
  id: string;
  suite: string;
  field: string | null;
  meta: TaskMeta;
  /** Null when there is no image or its license forbids redistribution (`withheld`). */
  source: MediaRef | null;
  withheld: boolean;
  results: TaskResult[];
}

/** One row of a submission page's per-task table. */
interface SubmissionTaskRow {
  task: string;
  suite: string;
  final: number | null;
  gate: { passed: boolean; reason: string | null };
  effort: Pick<
    EffortRecord,
    'turns' | 'toolCalls' | 'totalTokens' | 'costUsd' | 'durationMs' | 'format'
  > | null;
}

/** Everything a submission page needs. */
export interface SubmissionEntry {
  id: string;
  info: SubmissionInfo;
  label: string;
  tasks: SubmissionTaskRow[];
}

/** The whole data set of one site build. */
export interface SiteData {
  dataDir: string;
  leaderboardPath: string;
  leaderboardBytes: Buffer;
  board: Board;
  tasks: TaskEntry[];
  submissions: SubmissionEntry[];
  media: MediaItem[];
  /** Problems in the inputs: reported in the build log and on the About page, never fatal. */
  problems: Problem[];
}

const isId = (s: string) => Id.safeParse(s).success;

/** Runs `fn` over `items` with at most `limit` in flight, keeping input order in the result. */
async function mapLimit<T, R>(
  items: readonly T[],
  limit: number,
  fn: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const out = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i]!, i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return out;
}

async function usableImage(path: string, problems: Problem[]): Promise<boolean> {
  try {
    const st = await stat(path);
    if (!st.isFile()) return false;
    if (st.size > MAX_IMAGE_BYTES) {
      problems.push({
        severity: 'warning',
        rule: 'image-too-large',
        file: path,
        message: 'image not published',
        expected: `≤ ${MAX_IMAGE_BYTES} bytes`,
        got: `${st.size} bytes`,
      });
      return false;
    }
    return true;
  } catch {
    return false;
  }
}

/**
 * Loads and cross-checks every input of a site build from `dataDir`: the validated
 * `leaderboard.json`, each task's `task.json` and source image, each submission's renders and
 * records. Only a missing or invalid `leaderboard.json` is fatal; every other problem (a bad
 * id, a missing image, a broken record line) is collected with its file and rule and the rest of
 * the site is still built. Output order is stable (board order), so builds are reproducible.
 */
export async function loadSiteData(dataDir: string): Promise<SiteData> {
  const { path, bytes, board } = await readLeaderboard(dataDir);
  const problems: Problem[] = [];
  const media: MediaItem[] = [];

  // 1. submissions with usable ids (ids become URL paths and file names)
  const infoById = new Map<string, SubmissionInfo>();
  for (const s of board.submissions) {
    if (!isId(s.id)) {
      problems.push({
        severity: 'error',
        rule: 'submission-id',
        file: path,
        message: `submission id ${JSON.stringify(s.id)} is not a valid id; its page is skipped`,
        expected: 'letters, digits, ".", "_" or "-"',
      });
      continue;
    }
    infoById.set(s.id, s);
  }

  // 2. per-submission records (audits, effort), read once each
  const subIds = [...infoById.keys()];
  const records = new Map<string, SubmissionRecords>();
  await mapLimit(subIds, 4, async (id) => {
    const rec = await readSubmissionRecords(dataDir, id);
    records.set(id, rec);
    problems.push(...rec.problems);
  });

  // 3. tasks: provenance, source image, every configuration's rendering
  const labelByConfig = new Map<string, { label: string; sample: boolean }>();
  for (const c of board.configurations)
    labelByConfig.set(c.id, { label: configurationLabel(c), sample: c.sample });
  const seenKeys = new Set<string>();
  const validTasks = board.tasks.filter((t) => {
    const key = `${t.suite}/${t.id}`;
    if (!isId(t.id) || !isId(t.suite)) {
      problems.push({
        severity: 'error',
        rule: 'task-id',
        file: path,
        message: `task ${JSON.stringify(key)} has an invalid id or suite; its page is skipped`,
        expected: 'letters, digits, ".", "_" or "-"',
      });
      return false;
    }
    if (seenKeys.has(key)) {
      problems.push({
        severity: 'error',
        rule: 'task-duplicate',
        file: path,
        message: `task ${key} appears twice; the second entry is skipped`,
      });
      return false;
    }
    seenKeys.add(key);
    return true;
  });
  const tasks = await mapLimit(validTasks, 16, async (t): Promise<TaskEntry> => {
    const { meta, problems: metaProblems } = await readTaskMeta(dataDir, t.suite, t.id);
    problems.push(...metaProblems);
    // the ethics rule of ReFigBench: never republish an image whose license forbids it
    const withheld = meta.license?.redistributable !== true;
    let source: MediaRef | null = null;
    if (meta.imageFile && !withheld) {
      const item = sourceMedia(dataDir, t.suite, t.id, meta.imageFile);
      if (await usableImage(item.src, problems)) {
        media.push(item);
        source = { full: item.full, thumb: item.thumb };
      }
    }
    const results: TaskResult[] = [];
    for (const res of t.results) {
      if (!infoById.has(res.submission)) {
        problems.push({
          severity: 'warning',
          rule: 'task-unknown-submission',
          file: path,
          message: `task ${t.suite}/${t.id} names submission ${JSON.stringify(res.submission)} that is not in the board's submissions; result skipped`,
        });
        continue;
      }
      const item = renderMedia(dataDir, t.suite, t.id, res.submission);
      const hasRender = res.gate.passed && (await usableImage(item.src, problems));
      if (hasRender) media.push(item);
      const cfg = labelByConfig.get(res.configuration);
      const info = infoById.get(res.submission)!;
      results.push({
        submission: res.submission,
        configuration: res.configuration,
        label: cfg?.label ?? configurationLabel(info),
        sample: cfg?.sample ?? info.sample,
        final: res.final,
        subscores: res.subscores,
        gate: res.gate,
        cap: res.cap,
        render: hasRender ? { full: item.full, thumb: item.thumb } : null,
        audit: records.get(res.submission)?.audits.get(t.id) ?? null,
      });
    }
    // best first; ties broken by submission id so the order never depends on input order
    results.sort(
      (a, b) => (b.final ?? -1) - (a.final ?? -1) || a.submission.localeCompare(b.submission),
    );
    return {
      key: `${t.suite}/${t.id}`,
      id: t.id,
      suite: t.suite,
      field: t.field,
      meta,
      source,
      withheld,
      results,
    };
  });

  // 4. submission pages: manifest + per-task scores and effort
  const rowsBySubmission = new Map<string, SubmissionTaskRow[]>();
  for (const t of tasks) {
    for (const res of t.results) {
      const e = records.get(res.submission)?.effort.get(t.id);
      const list = rowsBySubmission.get(res.submission) ?? [];
      list.push({
        task: t.id,
        suite: t.suite,
        final: res.final,
        gate: res.gate,
        effort: e
          ? {
              turns: e.turns,
              toolCalls: e.toolCalls,
              totalTokens: e.totalTokens,
              costUsd: e.costUsd,
              durationMs: e.durationMs,
              format: e.format,
            }
          : null,
      });
      rowsBySubmission.set(res.submission, list);
    }
  }
  const submissions = subIds
    .slice()
    .sort()
    .map((id) => {
      const info = infoById.get(id)!;
      return { id, info, label: configurationLabel(info), tasks: rowsBySubmission.get(id) ?? [] };
    });

  problems.sort(
    (a, b) =>
      a.file.localeCompare(b.file) ||
      a.rule.localeCompare(b.rule) ||
      a.message.localeCompare(b.message),
  );
  return {
    dataDir,
    leaderboardPath: path,
    leaderboardBytes: bytes,
    board,
    tasks,
    submissions,
    media,
    problems,
  };
}
