import { execFile } from 'node:child_process';
import { open, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { SITE_TRACKS } from '../tracks/index.ts';
import { promisify } from 'node:util';
import type { Problem } from '@figboard/evaluator/errors';
import {
  Id,
  StyleTask,
  type EffortRecord,
  type Leaderboard,
  type StyleRecord,
} from '@figboard/evaluator/schemas';
import { sha256File } from '@figboard/evaluator/util';
import type { CompactAudit } from './compact-audit.ts';
import { configurationLabel } from './configuration-label.ts';
import { isRedistributable } from './is-redistributable.ts';
import {
  mediaRef,
  renderMedia,
  sourceMedia,
  styleMedia,
  withMedium,
  type MediaItem,
  type MediaRef,
} from './plan-media.ts';
import { readHiddenTasks } from './read-hidden-tasks.ts';
import { readLeaderboard } from './read-leaderboard.ts';
import {
  readSubmissionRecords,
  type JudgeEvidence,
  type SubmissionRecords,
} from './read-submission-records.ts';
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
  /** The primary judge's verdict (run 1): reason, errors, editability; null without a record. */
  evidence: JudgeEvidence | null;
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
  /** In the suite's hidden split: its truth is sealed, so the task is scored only with the key. */
  hidden: boolean;
  results: TaskResult[];
}

/** One row of a submission page's per-task table. */
interface SubmissionTaskRow {
  task: string;
  suite: string;
  final: number | null;
  subscores: TaskResult['subscores'];
  cap: number;
  render: MediaRef | null;
  /** Files of the task folder listed in SHA256SUMS (what the deck, code and log links point at). */
  files: string[];
  gate: { passed: boolean; reason: string | null };
  effort: Pick<
    EffortRecord,
    'turns' | 'toolCalls' | 'totalTokens' | 'costUsd' | 'durationMs' | 'format'
  > | null;
}

/** One style-track task of a submission: the reference beside the output, with the defects found. */
interface StyleTaskRow {
  task: string;
  split: string;
  /** In the suite's hidden split (criteria and reference code sealed). */
  hidden: boolean;
  status: StyleRecord['status'];
  S: number;
  code: number;
  vision: number;
  criteria: { met: number; total: number };
  failure: StyleRecord['failure'];
  defects: StyleRecord['defects'];
  /** Null when the reference's license does not allow publishing it, or there is none. */
  reference: MediaRef | null;
  output: MediaRef | null;
  /** Size of the sandbox's rendering of figure.py: the frame the defect boxes are in. */
  renderSize: { width: number; height: number } | null;
  /** Size of the submitted output.png shown (boxes are drawn on it when the sizes agree). */
  outputSize: { width: number; height: number } | null;
  /** True when the shown output.png is byte for byte the sandbox's rendering. */
  identical: boolean | null;
  /** Run 1 of each LLM vision judge (by judge id): defects boxed in both images, cited lines. */
  llm: StyleJudgeView[];
}

/** One LLM vision judge's verdict on a style task, as the task card shows it. */
interface StyleJudgeView {
  judge: string;
  family: string;
  run: number;
  status: string;
  vision: number | null;
  S: number | null;
  failure: { code: string; message: string } | null;
  /** The frame of `referenceBox` (reference.png's size). */
  referenceSize: { width: number; height: number } | null;
  defects: {
    severity: string;
    description: string;
    candidateBox: [number, number, number, number];
    referenceBox: [number, number, number, number];
    /** Cited lines of figure.py with their text (bounded), and the numbers that were clipped. */
    lines: { n: number; text: string }[];
    droppedLines: number[];
  }[];
}

/** Lines of figure.py a page quotes per defect, and characters per line (judge text is untrusted). */
const MAX_QUOTED_LINES = 12;
const MAX_QUOTED_CHARS = 200;

/** Everything a submission page needs. */
export interface SubmissionEntry {
  id: string;
  info: SubmissionInfo;
  label: string;
  tasks: SubmissionTaskRow[];
  style: StyleTaskRow[];
  /** The last commit that changed the submission folder (links point at it), when known. */
  commit: string | null;
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
    const rec = await readSubmissionRecords(
      dataDir,
      id,
      board.primaryJudge,
      infoById.get(id)!.track,
    );
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
  // one read per suite (a promise, so concurrent readers share it and report once)
  const hiddenBySuite = new Map<string, Promise<Set<string>>>();
  const hiddenIn = (suite: string): Promise<Set<string>> => {
    let set = hiddenBySuite.get(suite);
    if (!set) {
      set = readHiddenTasks(dataDir, suite, problems);
      hiddenBySuite.set(suite, set);
    }
    return set;
  };
  const tasks = await mapLimit(validTasks, 16, async (t): Promise<TaskEntry> => {
    const { meta, problems: metaProblems } = await readTaskMeta(dataDir, t.suite, t.id);
    problems.push(...metaProblems);
    // the ethics rule of ReFigBench: never republish an image whose license forbids it
    const withheld = !isRedistributable(
      meta.license && { redistributable: meta.license.redistributable, license: meta.license.spdx },
    );
    let source: MediaRef | null = null;
    if (meta.imageFile && !withheld) {
      const width = meta.image?.width;
      const item = withMedium(sourceMedia(dataDir, t.suite, t.id, meta.imageFile), width);
      if (await usableImage(item.src, problems)) {
        media.push(item);
        source = mediaRef(item, width);
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
      const planned = renderMedia(dataDir, t.suite, t.id, res.submission);
      const hasRender = res.gate.passed && (await usableImage(planned.src, problems));
      const renderWidth = hasRender ? (await pngSize(planned.src))?.width : undefined;
      const item = withMedium(planned, renderWidth);
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
        render: hasRender ? mediaRef(item, renderWidth) : null,
        audit: records.get(res.submission)?.audits.get(t.id) ?? null,
        evidence: records.get(res.submission)?.evidence.get(t.id) ?? null,
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
      hidden: (await hiddenIn(t.suite)).has(t.id),
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
        subscores: res.subscores,
        cap: res.cap,
        render: res.render,
        files: records.get(res.submission)?.files.get(t.id) ?? [],
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
  // 5. style-track tasks: reference beside output, with the defect boxes
  const styleRows = new Map<string, StyleTaskRow[]>();
  await mapLimit(subIds, 4, async (id) => {
    const info = infoById.get(id)!;
    if (!SITE_TRACKS[info.track].styleRows) return;
    const rows: StyleTaskRow[] = [];
    const byTask = records.get(id)?.style ?? new Map<string, StyleRecord>();
    for (const task of [...byTask.keys()].sort()) {
      if (!isId(task)) continue;
      const rec = byTask.get(task)!;
      const suite = info.suite.name;
      const hidden = isId(suite) && (await hiddenIn(suite)).has(task);
      let reference: MediaRef | null = null;
      if (isId(suite) && (await styleReferencePublishable(dataDir, suite, task))) {
        const ref = styleMedia(dataDir, suite, task, null);
        if (await usableImage(ref.src, problems)) {
          const width = (await pngSize(ref.src))?.width;
          const item = withMedium(ref, width);
          media.push(item);
          reference = mediaRef(item, width);
        }
      }
      let output: MediaRef | null = null;
      let outputSize: StyleTaskRow['outputSize'] = null;
      let identical: boolean | null = null;
      const planned = styleMedia(dataDir, suite, task, id);
      if (rec.status !== 'missing' && (await usableImage(planned.src, problems))) {
        outputSize = await pngSize(planned.src);
        const out = withMedium(planned, outputSize?.width);
        media.push(out);
        output = mediaRef(out, outputSize?.width);
        identical = rec.render ? (await sha256File(out.src)) === rec.render.sha256 : null;
      }
      const verdicts = records.get(id)?.styleJudgments.get(task) ?? [];
      let code: string[] | null = null;
      if (verdicts.some((v) => v.defects.some((d) => d.lines.length > 0))) {
        const text = await readFile(
          join(dataDir, 'submissions', id, 'artifacts', task, 'figure.py'),
          'utf8',
        ).catch(() => null);
        code = text === null ? null : text.replace(/\r\n?/g, '\n').split('\n');
      }
      const quote = (n: number) => {
        const line = code?.[n - 1] ?? '';
        return line.length > MAX_QUOTED_CHARS ? `${line.slice(0, MAX_QUOTED_CHARS)}…` : line;
      };
      const llm: StyleJudgeView[] = verdicts.map((v) => ({
        judge: v.judge,
        family: v.family,
        run: v.run,
        status: v.status,
        vision: v.vision,
        S: v.S,
        failure: v.failure,
        referenceSize: v.reference
          ? { width: v.reference.width, height: v.reference.height }
          : null,
        defects: v.defects.map((d) => ({
          severity: d.severity,
          description: d.description.slice(0, 300),
          candidateBox: d.candidateBox,
          referenceBox: d.referenceBox,
          lines: d.lines.slice(0, MAX_QUOTED_LINES).map((n) => ({ n, text: quote(n) })),
          droppedLines: d.droppedLines.slice(0, MAX_QUOTED_LINES),
        })),
      }));
      rows.push({
        llm,
        task,
        split: rec.split,
        hidden,
        status: rec.status,
        S: rec.S,
        code: rec.code,
        vision: rec.vision,
        criteria: { met: rec.criteria.met, total: rec.criteria.total },
        failure: rec.failure,
        defects: rec.defects,
        reference,
        output,
        renderSize: rec.render ? { width: rec.render.width, height: rec.render.height } : null,
        outputSize,
        identical,
      });
    }
    styleRows.set(id, rows);
  });

  // 6. the commit each submission's links point at
  const commits = await lastCommits(dataDir, subIds);
  const submissions = subIds
    .slice()
    .sort()
    .map((id) => {
      const info = infoById.get(id)!;
      return {
        id,
        info,
        label: configurationLabel(info),
        tasks: rowsBySubmission.get(id) ?? [],
        style: styleRows.get(id) ?? [],
        commit: commits.get(id) ?? null,
      };
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

/** Whether the style task's reference figure may be republished ({@link isRedistributable}). */
async function styleReferencePublishable(
  dataDir: string,
  suite: string,
  task: string,
): Promise<boolean> {
  const text = await readFile(join(dataDir, 'suites', suite, task, 'task.json'), 'utf8').catch(
    () => null,
  );
  if (text === null || text.length > 1024 * 1024) return false;
  try {
    const parsed = StyleTask.safeParse(JSON.parse(text));
    return parsed.success && isRedistributable(parsed.data.provenance);
  } catch {
    return false;
  }
}

/** Width and height from a PNG's IHDR chunk (null for anything that is not a PNG). */
async function pngSize(path: string): Promise<{ width: number; height: number } | null> {
  const fh = await open(path, 'r').catch(() => null);
  if (!fh) return null;
  try {
    const head = Buffer.alloc(24);
    await fh.read(head, 0, 24, 0);
    if (head.readUInt32BE(0) !== 0x89504e47 || head.toString('latin1', 12, 16) !== 'IHDR')
      return null;
    return { width: head.readUInt32BE(16), height: head.readUInt32BE(20) };
  } finally {
    await fh.close();
  }
}

/**
 * The last commit that changed each submission folder, from git when the data folder is a
 * checkout (`git log -1 -- submissions/<id>`); none otherwise, and links then name the branch.
 */
async function lastCommits(dataDir: string, ids: readonly string[]): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  const run = promisify(execFile);
  const inside = await run('git', ['-C', dataDir, 'rev-parse', '--is-inside-work-tree']).catch(
    () => null,
  );
  if (inside?.stdout.trim() !== 'true') return out;
  await mapLimit(ids, 4, async (id) => {
    const r = await run('git', [
      '-C',
      dataDir,
      'log',
      '-1',
      '--format=%H',
      '--',
      `submissions/${id}/artifacts`,
      `submissions/${id}/submission.yml`,
    ]).catch(() => null);
    const sha = r?.stdout.trim() ?? '';
    if (/^[0-9a-f]{40}$/.test(sha)) out.set(id, sha);
  });
  return out;
}
