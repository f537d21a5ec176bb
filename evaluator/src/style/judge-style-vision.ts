import type { StyleVisionJudgeSummary } from '../schemas/summary.schema.ts';
import { lstat, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { JudgePrices } from '../judge/llm/llm-judge.ts';
import type { JudgeClient } from '../judge/llm/judge-client.ts';
import { type JudgeCandidate, type RescoreNotes, runJudgeRun } from '../judging/judge-run.ts';
import { tokenCostUsd } from '../judging/token-cost.ts';
import { canonicalizeJsonl, readJsonl } from '../records/jsonl-file.ts';
import type { Sandbox, SandboxLimits } from '../sandbox/sandbox.ts';
import type { JudgeSettings } from '../schemas/judgment-record.schema.ts';
import {
  StyleJudgmentRecord,
  type StyleJudgeDefect,
} from '../schemas/style-judgment-record.schema.ts';
import { StyleRecord } from '../schemas/style-record.schema.ts';
import type { RecordScorers } from '../scorers/record-scorers.ts';
import { createRng } from '../stats/create-rng.ts';
import { hashInputs } from '../util/hash-inputs.ts';
import { round } from '../util/round.ts';
import { sha256 } from '../util/sha256.ts';
import {
  askStyleVisionJudge,
  STYLE_VISION_SYSTEM,
  type StyleVisionJudgment,
} from './llm-vision-judge.ts';
import { readCandidateScript } from './read-candidate-script.ts';
import { pngSize, runFigureScript } from './run-figure-script.ts';
import { combineStyleScore, scoreVisionChannel } from './score-vision-channel.ts';
import { RESULT_FILES, runFileName, runFilePath } from '../results/results-layout.ts';

/** One LLM judge of figboard.yml, ready to judge style candidates. */
export interface StyleVisionJudgeEntry {
  id: string;
  family: string;
  model: string;
  /** Runs per candidate (each run asks again: the board reports the mean over runs). */
  runs: number;
  /** Requests in flight at once. */
  concurrency: number;
  maxAttempts: number;
  temperature?: number;
  reasoningEffort?: string;
  thinking?: boolean;
  maxOutputTokens?: number;
  prices: JudgePrices | null;
  /** The settings recorded with each verdict (`llmJudgeSettings`). */
  settings: JudgeSettings;
  client: JudgeClient;
}

export interface JudgeStyleVisionOptions {
  /** The entry's results folder: `style.jsonl` is read, `judgments/<judge>/run-<k>.jsonl` written. */
  resultsDir: string;
  /** `submissions/<id>/`: `artifacts/<task>/figure.py` is shown to the judge (and re-run). */
  submissionDir: string;
  submission: string;
  /** Task folders of the suite (data.csv, reference.png). */
  taskDirs: readonly { id: string; dir: string }[];
  /** Tasks to judge (the scored ones: sealed tasks without a key are left out). */
  tasks: readonly string[];
  judges: readonly StyleVisionJudgeEntry[];
  sandbox: Sandbox;
  limits?: Partial<SandboxLimits>;
  /**
   * Scorer versions the records are made under (`scorersFor('style-llm', …)`, passed in: a
   * scorer never reads the registry, so a bump of another scorer is no change of this one).
   */
  scorers: RecordScorers;
  /** Judge again the tasks whose record is `failed`. */
  retryFailed: boolean;
  sleep: (ms: number) => Promise<void>;
  /** Seed of the backoff jitter (one RNG per judge and run, so jitter never depends on timing). */
  seed: number;
  log: (line: string) => void;
  /** Where records re-made under other scorer versions are announced (absent: not announced). */
  rescoring?: RescoreNotes;
  /** Called once per record written (for progress bars and benchmarks). */
  onRecord?: (event: { judge: string; run: number; task: string; wallMs: number }) => void;
}

/**
 * The style track's LLM vision channel in `refig evaluate` (FigMirror §4.2): for every scored
 * candidate of `style.jsonl`, every configured LLM judge × run is shown the task's reference.png,
 * the candidate's rendering and its numbered figure.py (plus the deterministic defects, as
 * already found) and returns defects boxed in both images with cited code lines. One
 * `StyleJudgmentRecord` per task goes to `judgments/<judge>/run-<k>.jsonl` as soon as it exists;
 * a record whose input hash is already there is reused (no call), so a killed run resumes; at the
 * end each file is canonicalised (one record per task, sorted). The rendering is the sandbox's:
 * the script is run again and its PNG must hash as the style record says (a script that draws
 * differently each run is recorded as `failed`, never judged on another picture).
 */
export async function runStyleVisionJudges(
  options: JudgeStyleVisionOptions,
): Promise<StyleVisionJudgeSummary[]> {
  const styleFile = join(options.resultsDir, RESULT_FILES.style);
  const style = new Map(
    (await readJsonl(styleFile, StyleRecord)).records
      .filter((r) => r.submission === options.submission)
      .map((r) => [r.task, r]),
  );
  const dirs = new Map(options.taskDirs.map((t) => [t.id, t.dir]));
  const tasks = [...options.tasks].filter((t) => style.has(t) && dirs.has(t)).sort();
  const scorers = options.scorers;
  const renders = new RenderCache(options);
  const references = new Map<string, Promise<Reference | null>>();
  const summaries: StyleVisionJudgeSummary[] = [];
  for (const judge of options.judges) {
    const identity = {
      kind: 'style-llm-vision',
      id: judge.id,
      family: judge.family,
      ...judge.settings,
      prompt: STYLE_VISION_SYSTEM,
    };
    let status: StyleVisionJudgeSummary['status'] = 'ran';
    let note: string | null = null;
    let judged = 0;
    let reused = 0;
    for (let run = 1; run <= judge.runs && status === 'ran'; run++) {
      const candidates: JudgeCandidate<StyleRecord>[] = [];
      for (const task of tasks) {
        const record = style.get(task)!;
        const reference = await referenceOf(references, dirs.get(task)!);
        const inputHash = hashInputs({
          record: 'style-judgment',
          scorers,
          judge: identity,
          run,
          style: record.inputHash,
          render: record.render?.sha256 ?? null,
          reference: reference?.sha256 ?? null,
        });
        candidates.push({ task, inputHash, item: record });
      }
      const rng = createRng(options.seed + run * 7919 + hashSeed(judge.id));
      const outcome = await runJudgeRun({
        file: join(options.resultsDir, runFilePath(judge.id, run)),
        relativeFile: runFilePath(judge.id, run),
        schema: StyleJudgmentRecord,
        candidates,
        scorers,
        retryFailed: options.retryFailed,
        rescoring: options.rescoring,
        log: options.log,
        // Candidates without a rendering need no call.
        needsCall: (record) => record.status === 'ok',
        make: async (c) => {
          const p = { task: c.task, record: c.item };
          if (c.item.status !== 'ok')
            return { record: noCandidateRecord(judge, run, c.item, scorers, c.inputHash) };
          const made = await judgeOne(
            judge,
            run,
            p,
            dirs.get(c.task)!,
            { renders, references },
            rng,
            options,
          );
          return 'stop' in made
            ? made
            : { record: { ...made.record, scorers, inputHash: c.inputHash } };
        },
        concurrency: judge.concurrency,
        onRecord: (task, wallMs) => options.onRecord?.({ judge: judge.id, run, task, wallMs }),
      });
      judged += outcome.judged;
      reused += outcome.reused;
      if (outcome.stop !== null) {
        status = 'stopped';
        note = outcome.stop;
        options.log(`judge ${judge.id} stopped: ${outcome.stop}`);
      }
    }
    // Canonical files (one record per task, sorted), then the summary from what is on disk.
    const all: StyleJudgmentRecord[] = [];
    for (let run = 1; run <= judge.runs; run++) {
      const file = join(options.resultsDir, RESULT_FILES.judgments, judge.id, runFileName(run));
      if (!(await lstat(file).catch(() => null))?.isFile()) continue;
      await canonicalizeJsonl(file, StyleJudgmentRecord, (r) => r.task);
      const wanted = new Set(tasks);
      all.push(
        ...(await readJsonl(file, StyleJudgmentRecord)).records.filter((r) => wanted.has(r.task)),
      );
    }
    const scored = all.filter((r) => r.vision !== null);
    summaries.push({
      judge: judge.id,
      family: judge.family,
      model: judge.model,
      runs: judge.runs,
      status,
      note,
      records: {
        ok: all.filter((r) => r.status === 'ok').length,
        failed: all.filter((r) => r.status === 'failed').length,
        noCandidate: all.filter((r) => r.status === 'missing' || r.status === 'candidate-failed')
          .length,
      },
      vision:
        scored.length > 0
          ? round(scored.reduce((s, r) => s + r.vision!, 0) / scored.length, 2)
          : null,
      judged,
      reused,
    });
  }
  return summaries;
}

type Made = { record: Omit<StyleJudgmentRecord, 'scorers' | 'inputHash'> } | { stop: string };

async function judgeOne(
  judge: StyleVisionJudgeEntry,
  run: number,
  p: { task: string; record: StyleRecord },
  taskDir: string,
  caches: { renders: RenderCache; references: Map<string, Promise<Reference | null>> },
  rng: ReturnType<typeof createRng>,
  options: JudgeStyleVisionOptions,
): Promise<Made> {
  const base = head(judge, run, p.record);
  const failed = (code: string, message: string, verdict?: StyleVisionJudgment) => ({
    record: {
      ...base,
      status: 'failed' as const,
      vision: null,
      S: null,
      known: p.record.defects.length,
      defects: [],
      render: p.record.render ?? null,
      reference: null,
      attempts: verdict?.log ?? [],
      usage: verdict ? usageOf(judge, verdict) : null,
      failure: { code, message },
    },
  });
  if (!p.record.render)
    return failed(
      'no-render',
      `${p.task}: the style record has no rendering (made by an older evaluator): re-evaluate the entry`,
    );
  const reference = await referenceOf(caches.references, taskDir);
  if (!reference)
    return failed('no-reference', `${p.task}: the task has no reference.png to show the judge`);
  const rendered = await caches.renders.get(p.task, p.record, taskDir);
  if ('failure' in rendered) return failed(rendered.failure.code, rendered.failure.message);
  const verdict = await askStyleVisionJudge(
    {
      id: judge.id,
      model: judge.model,
      maxAttempts: judge.maxAttempts,
      ...(judge.temperature !== undefined ? { temperature: judge.temperature } : {}),
      ...(judge.reasoningEffort !== undefined ? { reasoningEffort: judge.reasoningEffort } : {}),
      ...(judge.thinking !== undefined ? { thinking: judge.thinking } : {}),
      ...(judge.maxOutputTokens !== undefined ? { maxOutputTokens: judge.maxOutputTokens } : {}),
    },
    { client: judge.client, sleep: options.sleep, rng },
    {
      referencePng: reference.png,
      candidatePng: rendered.png,
      referenceCanvas: { width: reference.width, height: reference.height },
      candidateCanvas: { width: p.record.render!.width, height: p.record.render!.height },
      known: p.record.defects,
      script: rendered.script,
    },
  );
  if (!verdict.ok) {
    if (verdict.judgeWide) return { stop: `${verdict.failure.code}: ${verdict.failure.message}` };
    return {
      record: {
        ...failed(verdict.failure.code, verdict.failure.message, verdict).record,
        reference: refInfo(reference),
      },
    };
  }
  const defects: StyleJudgeDefect[] = verdict.defects.map((d) => ({ ...d }));
  const vision = scoreVisionChannel([
    ...p.record.defects,
    ...defects.map((d) => ({
      kind: 'llm' as const,
      severity: d.severity,
      box: d.candidateBox,
      detail: '',
    })),
  ]);
  return {
    record: {
      ...base,
      status: 'ok',
      vision,
      S: combineStyleScore(p.record.code, vision),
      known: p.record.defects.length,
      defects,
      render: p.record.render ?? null,
      reference: refInfo(reference),
      attempts: verdict.log,
      usage: usageOf(judge, verdict),
      failure: null,
    },
  };
}

function head(judge: StyleVisionJudgeEntry, run: number, record: StyleRecord) {
  return {
    task: record.task,
    submission: record.submission,
    judge: judge.id,
    family: judge.family,
    model: judge.model,
    run,
    split: record.split,
    code: record.code,
    settings: { ...judge.settings },
  };
}

/** The candidate has no rendering (no figure.py, or it failed in the sandbox): 0, as in style.jsonl; no call. */
function noCandidateRecord(
  judge: StyleVisionJudgeEntry,
  run: number,
  record: StyleRecord,
  scorers: RecordScorers,
  inputHash: string,
): StyleJudgmentRecord {
  return {
    ...head(judge, run, record),
    status: record.status === 'missing' ? 'missing' : 'candidate-failed',
    vision: 0,
    S: 0,
    known: 0,
    defects: [],
    render: null,
    reference: null,
    attempts: [],
    usage: null,
    failure: record.failure,
    scorers,
    inputHash,
  };
}

function usageOf(
  judge: StyleVisionJudgeEntry,
  v: StyleVisionJudgment,
): StyleJudgmentRecord['usage'] {
  if (!v.usage) return null;
  const { inputTokens, outputTokens, model } = v.usage;
  return {
    inputTokens,
    outputTokens,
    costUsd: judge.prices ? round(tokenCostUsd(judge.prices, inputTokens, outputTokens), 6) : null,
    attempts: v.attempts,
    model,
  };
}

interface Reference {
  png: Buffer;
  width: number;
  height: number;
  sha256: string;
}

/** The task's reference.png (a regular file that decodes as PNG), or null; read once per stage. */
function referenceOf(
  cache: Map<string, Promise<Reference | null>>,
  taskDir: string,
): Promise<Reference | null> {
  const path = join(taskDir, 'reference.png');
  let hit = cache.get(path);
  if (!hit) {
    hit = (async () => {
      const st = await lstat(path).catch(() => null);
      if (!st?.isFile()) return null;
      const png = await readFile(path);
      const size = pngSize(png);
      return size ? { png, ...size, sha256: sha256(png) } : null;
    })();
    cache.set(path, hit);
  }
  return hit;
}

function refInfo(r: Reference): StyleJudgmentRecord['reference'] {
  return { width: r.width, height: r.height, sha256: r.sha256 };
}

/**
 * The candidate's rendering, drawn again in the sandbox once per task for every judge and run
 * (the deterministic stage keeps no PNG), and checked against the hash the style record holds.
 */
class RenderCache {
  private readonly cache = new Map<
    string,
    Promise<{ png: Buffer; script: string } | { failure: { code: string; message: string } }>
  >();

  constructor(private readonly options: JudgeStyleVisionOptions) {}

  get(task: string, record: StyleRecord, taskDir: string) {
    let hit = this.cache.get(task);
    if (!hit) {
      hit = this.draw(task, record, taskDir);
      this.cache.set(task, hit);
    }
    return hit;
  }

  private async draw(task: string, record: StyleRecord, taskDir: string) {
    const scriptPath = join(this.options.submissionDir, 'artifacts', task, 'figure.py');
    const script = await readCandidateScript(
      scriptPath,
      `artifacts/${task}/figure.py`,
      this.options.submissionDir,
    );
    if (!script.ok) return { failure: { code: 'invalid-script', message: script.message } };
    const run = await runFigureScript(this.options.sandbox, {
      scriptPath,
      dataFiles: [{ name: 'data.csv', path: join(taskDir, 'data.csv') }],
      ...(this.options.limits ? { limits: this.options.limits } : {}),
    });
    if (!run.ok)
      return {
        failure: {
          code: 'render-failed',
          message: `artifacts/${task}/figure.py failed when drawn again for the judge: ${run.failure.code}: ${run.failure.message.slice(0, 300)}`,
        },
      };
    const digest = sha256(run.png);
    if (record.render && digest !== record.render.sha256)
      return {
        failure: {
          code: 'render-mismatch',
          message: `artifacts/${task}/figure.py drew a different picture than when it was scored (sha256 ${digest.slice(0, 12)}… vs ${record.render.sha256.slice(0, 12)}…): a script must draw the same figure every run`,
        },
      };
    return { png: run.png, script: script.bytes.toString('utf8') };
  }
}

function hashSeed(s: string): number {
  let h = 0;
  for (let i = 0; i < s.length; i++) h = (h * 31 + s.charCodeAt(i)) >>> 0;
  return h % 100_003;
}
