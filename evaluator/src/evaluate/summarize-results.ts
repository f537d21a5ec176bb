import { join } from 'node:path';
import type { LoadedConfig, ResolvedJudge } from '../config/load-config.ts';
import { readJsonl } from '../records/jsonl-file.ts';
import { ArtifactRecord } from '../schemas/audit-record.schema.ts';
import { AxisName } from '../schemas/common.schema.ts';
import { EffortRecord } from '../schemas/effort-record.schema.ts';
import { JudgmentRecord } from '../schemas/judgment-record.schema.ts';
import type { SubmissionManifest } from '../schemas/submission.schema.ts';
import {
  RefigSummary,
  SUMMARY_SCHEMA_VERSION,
  type JudgeRunSummary,
  type JudgeSummary,
} from '../schemas/summary.schema.ts';
import type { NotScoredTask } from '../schemas/not-scored.schema.ts';
import { round } from '../util/round.ts';
import { listJudgmentRuns } from '../results/list-judgment-runs.ts';
import { RESULT_FILES, runFileName } from '../results/results-layout.ts';

export interface SummarizeInput {
  resultsDir: string;
  manifest: SubmissionManifest;
  /** Suite task ids (the denominator). */
  tasks: readonly string[];
  config: LoadedConfig;
  runners: { judge: ResolvedJudge; runs: number; status: 'ran' | 'stopped'; note: string | null }[];
  /** The suite actually scored (default: the one the manifest names). */
  suite?: { name: string; version: string };
  /** Hidden tasks this run could not score (sealed truth, no or wrong key): listed, not in `tasks`. */
  notScored?: readonly NotScoredTask[];
}

/**
 * Builds `summary.json` from the result files alone (never from in-memory state), so it is the
 * same whether the run was interrupted or not. Judges recorded by earlier runs are included.
 * The primary judge is the configured one when it has records, else `metric`. Means count missing and gate-failed tasks as 0
 * and leave out `failed` judgments (reported separately); only suite tasks count.
 */
export async function summarizeResults(input: SummarizeInput): Promise<RefigSummary> {
  const inSuite = new Set(input.tasks);
  const artifacts = (
    await readJsonl(join(input.resultsDir, RESULT_FILES.artifacts), ArtifactRecord)
  ).records.filter((r) => inSuite.has(r.task));
  const byTask = new Map(artifacts.map((a) => [a.task, a] as const));
  const present = artifacts.filter((a) => a.status === 'ok');
  const missing = input.tasks.filter((t) => byTask.get(t)?.status !== 'ok');
  const gateFailed = present
    .filter((a) => a.audit && !a.audit.gate.passed)
    .map((a) => ({ task: a.task, reason: a.audit!.gate.reason, detail: a.audit!.gate.detail }))
    .sort((a, b) => (a.task < b.task ? -1 : 1));
  const gateFailures: Record<string, number> = {};
  for (const g of gateFailed)
    gateFailures[g.reason ?? 'unknown'] = (gateFailures[g.reason ?? 'unknown'] ?? 0) + 1;
  const flags: Record<string, number> = {};
  for (const a of present)
    for (const code of new Set(a.audit?.flags.map((f) => f.code) ?? []))
      flags[code] = (flags[code] ?? 0) + 1;

  const judges: JudgeSummary[] = [];
  const summarizeJudge = async (
    id: string,
    runNumbers: number[],
    head: { family: string; model: string },
    status: JudgeSummary['status'],
    note: string | null,
  ) => {
    const runs: JudgeRunSummary[] = [];
    for (const run of runNumbers) {
      const records = (
        await readJsonl(
          join(input.resultsDir, RESULT_FILES.judgments, id, runFileName(run)),
          JudgmentRecord,
        )
      ).records.filter((x) => inSuite.has(x.task));
      runs.push(summarizeRun(run, records));
    }
    const means = runs.map((x) => x.mean).filter((m): m is number => m !== null);
    judges.push({
      id,
      family: head.family,
      model: head.model,
      primary: false,
      status,
      note,
      runs,
      mean: means.length === 0 ? null : round(means.reduce((s, m) => s + m, 0) / means.length, 4),
    });
  };
  for (const r of input.runners) {
    await summarizeJudge(
      r.judge.id,
      Array.from({ length: r.runs }, (_, i) => i + 1),
      r.judge,
      r.status,
      r.note,
    );
  }
  // Judges not run this time but recorded earlier (e.g. LLM judges of the trusted CI job while
  // this run only added the metric judge) stay in the summary, read from their files.
  const recorded = await listJudgmentRuns(input.resultsDir);
  for (const [id, runNumbers] of recorded) {
    if (input.runners.some((r) => r.judge.id === id)) continue;
    const first = (
      await readJsonl(
        join(input.resultsDir, RESULT_FILES.judgments, id, runFileName(runNumbers[0]!)),
        JudgmentRecord,
      )
    ).records[0];
    await summarizeJudge(
      id,
      runNumbers,
      { family: first?.family ?? '?', model: first?.model ?? '?' },
      'ran',
      'recorded by an earlier evaluate run',
    );
  }
  for (const s of input.config.skipped) {
    if (judges.some((j) => j.id === s.id)) continue;
    judges.push({
      id: s.id,
      family: s.family,
      model: s.model,
      primary: false,
      status: 'skipped',
      note: s.reason,
      runs: [],
      mean: null,
    });
  }
  const hasRuns = (id: string) =>
    judges.some((j) => j.id === id && j.runs.some((r) => r.records > 0));
  const primaryJudge = hasRuns(input.config.primary)
    ? input.config.primary
    : hasRuns('metric')
      ? 'metric'
      : (judges.find((j) => j.runs.length > 0)?.id ?? input.config.primary);
  for (const j of judges) j.primary = j.id === primaryJudge;

  const effort = (
    await readJsonl(join(input.resultsDir, RESULT_FILES.effort), EffortRecord)
  ).records.filter((x) => inSuite.has(x.task));
  const formats: Record<string, number> = {};
  for (const e of effort) formats[e.format] = (formats[e.format] ?? 0) + 1;

  return RefigSummary.parse({
    schemaVersion: SUMMARY_SCHEMA_VERSION,
    submission: input.manifest.id,
    track: 'refig',
    suite: input.suite ?? {
      name: input.manifest.suite.name,
      version: input.manifest.suite.version,
    },
    tasks: {
      total: input.tasks.length,
      present: present.length,
      missing,
      gatePassed: present.length - gateFailed.length,
      gateFailures,
      gateFailed,
      capped: present.filter((a) => (a.audit?.cap ?? 100) < 100).length,
      flags,
      // Only written when some task was not scored, so summaries of open suites keep their bytes.
      ...(input.notScored?.length
        ? { notScored: [...input.notScored].sort((a, b) => (a.task < b.task ? -1 : 1)) }
        : {}),
    },
    judges,
    primaryJudge,
    effort: effort.length === 0 ? null : { records: effort.length, formats },
    render: { dpi: input.config.scoring.render.dpi },
  });
}

function summarizeRun(run: number, records: readonly JudgmentRecord[]): JudgeRunSummary {
  const scored = records.filter((r) => r.status !== 'failed' && r.final !== null);
  const axes = Object.fromEntries(
    AxisName.options.map((a) => {
      const vals = scored
        .map((r) => r.subscores?.[a])
        .filter((v): v is number => typeof v === 'number');
      return [
        a,
        vals.length === 0 ? null : round(vals.reduce((s, v) => s + v, 0) / vals.length, 4),
      ];
    }),
  ) as JudgeRunSummary['axes'];
  const usage = records.map((r) => r.usage).filter((u) => u !== null);
  const costs = usage.map((u) => u!.costUsd).filter((c): c is number => c !== null);
  return {
    run,
    records: records.length,
    ok: records.filter((r) => r.status === 'ok').length,
    gateFailed: records.filter((r) => r.status === 'gate-failed').length,
    missing: records.filter((r) => r.status === 'missing').length,
    failed: records.filter((r) => r.status === 'failed').length,
    failedTasks: records
      .filter((r) => r.status === 'failed')
      .map((r) => r.task)
      .sort(),
    mean:
      scored.length === 0
        ? null
        : round(scored.reduce((s, r) => s + r.final!, 0) / scored.length, 4),
    axes,
    inputTokens: usage.reduce((s, u) => s + u!.inputTokens, 0),
    outputTokens: usage.reduce((s, u) => s + u!.outputTokens, 0),
    costUsd:
      costs.length === 0
        ? null
        : round(
            costs.reduce((s, c) => s + c, 0),
            6,
          ),
  };
}
