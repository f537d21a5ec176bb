import { join } from 'node:path';
import type { LoadedConfig, ResolvedJudge } from '../config/load-config.ts';
import { readJsonl } from '../records/jsonl-file.ts';
import { ArtifactRecord } from '../schemas/audit-record.schema.ts';
import { AxisName } from '../schemas/common.schema.ts';
import { EffortRecord } from '../schemas/effort-record.schema.ts';
import { JudgmentRecord } from '../schemas/judgment-record.schema.ts';
import type { SubmissionManifest } from '../schemas/submission.schema.ts';
import { RefigSummary, SUMMARY_SCHEMA_VERSION, type JudgeRunSummary, type JudgeSummary } from '../schemas/summary.schema.ts';
import { round } from '../util/round.ts';

export interface SummarizeInput {
  resultsDir: string;
  manifest: SubmissionManifest;
  /** Suite task ids (the denominator). */
  tasks: readonly string[];
  config: LoadedConfig;
  runners: { judge: ResolvedJudge; runs: number; status: 'ran' | 'stopped'; note: string | null }[];
}

/**
 * Builds `summary.json` from the result files alone (never from in-memory state), so it is the
 * same whether the run was interrupted or not. Means count missing and gate-failed tasks as 0
 * and leave out `failed` judgments (reported separately); only suite tasks count.
 */
export async function summarizeResults(input: SummarizeInput): Promise<RefigSummary> {
  const inSuite = new Set(input.tasks);
  const artifacts = (await readJsonl(join(input.resultsDir, 'artifacts.jsonl'), ArtifactRecord)).records.filter((r) => inSuite.has(r.task));
  const byTask = new Map(artifacts.map((a) => [a.task, a] as const));
  const present = artifacts.filter((a) => a.status === 'ok');
  const missing = input.tasks.filter((t) => byTask.get(t)?.status !== 'ok');
  const gateFailed = present
    .filter((a) => a.audit && !a.audit.gate.passed)
    .map((a) => ({ task: a.task, reason: a.audit!.gate.reason, detail: a.audit!.gate.detail }))
    .sort((a, b) => (a.task < b.task ? -1 : 1));
  const gateFailures: Record<string, number> = {};
  for (const g of gateFailed) gateFailures[g.reason ?? 'unknown'] = (gateFailures[g.reason ?? 'unknown'] ?? 0) + 1;
  const flags: Record<string, number> = {};
  for (const a of present) for (const code of new Set(a.audit?.flags.map((f) => f.code) ?? [])) flags[code] = (flags[code] ?? 0) + 1;

  const judges: JudgeSummary[] = [];
  for (const r of input.runners) {
    const runs: JudgeRunSummary[] = [];
    for (let run = 1; run <= r.runs; run++) {
      const records = (await readJsonl(join(input.resultsDir, 'judgments', r.judge.id, `run-${run}.jsonl`), JudgmentRecord)).records.filter((x) => inSuite.has(x.task));
      runs.push(summarizeRun(run, records));
    }
    const means = runs.map((x) => x.mean).filter((m): m is number => m !== null);
    judges.push({
      id: r.judge.id,
      family: r.judge.family,
      model: r.judge.model,
      primary: r.judge.id === input.config.effectivePrimary,
      status: r.status,
      note: r.note,
      runs,
      mean: means.length === 0 ? null : round(means.reduce((s, m) => s + m, 0) / means.length, 4),
    });
  }
  for (const s of input.config.skipped) {
    judges.push({ id: s.id, family: s.family, model: s.model, primary: false, status: 'skipped', note: s.reason, runs: [], mean: null });
  }

  const effort = (await readJsonl(join(input.resultsDir, 'effort.jsonl'), EffortRecord)).records.filter((x) => inSuite.has(x.task));
  const formats: Record<string, number> = {};
  for (const e of effort) formats[e.format] = (formats[e.format] ?? 0) + 1;

  return RefigSummary.parse({
    schemaVersion: SUMMARY_SCHEMA_VERSION,
    submission: input.manifest.id,
    track: 'refig',
    suite: { name: input.manifest.suite.name, version: input.manifest.suite.version },
    tasks: {
      total: input.tasks.length,
      present: present.length,
      missing,
      gatePassed: present.length - gateFailed.length,
      gateFailures,
      gateFailed,
      capped: present.filter((a) => (a.audit?.cap ?? 100) < 100).length,
      flags,
    },
    judges,
    primaryJudge: input.config.effectivePrimary,
    effort: effort.length === 0 ? null : { records: effort.length, formats },
    render: { dpi: input.config.scoring.render.dpi },
  });
}

function summarizeRun(run: number, records: readonly JudgmentRecord[]): JudgeRunSummary {
  const scored = records.filter((r) => r.status !== 'failed' && r.final !== null);
  const axes = Object.fromEntries(
    AxisName.options.map((a) => {
      const vals = scored.map((r) => r.subscores?.[a]).filter((v): v is number => typeof v === 'number');
      return [a, vals.length === 0 ? null : round(vals.reduce((s, v) => s + v, 0) / vals.length, 4)];
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
    failedTasks: records.filter((r) => r.status === 'failed').map((r) => r.task).sort(),
    mean: scored.length === 0 ? null : round(scored.reduce((s, r) => s + r.final!, 0) / scored.length, 4),
    axes,
    inputTokens: usage.reduce((s, u) => s + u!.inputTokens, 0),
    outputTokens: usage.reduce((s, u) => s + u!.outputTokens, 0),
    costUsd: costs.length === 0 ? null : round(costs.reduce((s, c) => s + c, 0), 6),
  };
}
