import type { ArtifactRecord } from '@figboard/evaluator/schemas/audit-record.schema.ts';
import type { JudgmentRecord } from '@figboard/evaluator/schemas/judgment-record.schema.ts';
import type {
  ConfigurationRow,
  Leaderboard,
} from '@figboard/evaluator/schemas/leaderboard.schema.ts';
import { bootstrapMeanCis } from '@figboard/evaluator/stats/bootstrap-mean-ci.ts';
import { createRng } from '@figboard/evaluator/stats/create-rng.ts';
import type { ResultsBundle, SubmissionResults } from '../results-bundle.ts';
import { formatNumber, inlineCode, inlineText } from '@figboard/evaluator/util/markdown-text.ts';

/** ReFigBench's bootstrap settings: 5,000 resamples over tasks, seed 7. */
const RESAMPLES = 5_000;
const SEED = 7;
const AXES = ['T', 'S', 'L', 'E', 'V'] as const;
const AXIS_MAX = { T: 20, S: 30, L: 15, E: 25, V: 10 } as const;
const MAX_LISTED = 15;

/** Everything the scorecard template prints; every string is already neutralised. */
export interface ScorecardView {
  id: string;
  title: string;
  judges: {
    judge: string;
    mean: string;
    ci: string;
    axes: string[];
    gateFailures: number;
    missing: number;
    capped: number;
    failures: number;
    rank: string;
  }[];
  axisCis: { axis: string; max: number; mean: string; ci: string }[] | null;
  primaryJudge: string;
  tasks: number;
  comparison: {
    rank: string;
    of: number;
    neighbours: { rank: number; name: string; mean: string; self: boolean }[];
  } | null;
  gateFailures: { task: string; reason: string }[];
  moreGateFailures: number;
  audit: {
    decks: number;
    medianConnectors: string;
    attachedShare: string;
    medianTextShapes: string;
    capped: number;
    flags: { code: string; count: number }[];
  } | null;
}

/**
 * The scorecard of one submission: per-judge means with CIs and ranks from the provisional board
 * (rebuilt with the entry), per-axis means with bootstrap CIs from the primary judge's records,
 * gate failures, an audit summary, and the entry's place among the current board's rows.
 */
export function buildScorecardView(bundle: ResultsBundle, sub: SubmissionResults): ScorecardView {
  const board = bundle.provisional;
  const meta = board?.submissions.find((s) => s.id === sub.id);
  const title = meta
    ? `${inlineText(meta.team, 120)} — ${inlineText(meta.model.name, 80)} · ${inlineText(meta.harness.name, 80)} · ${inlineText(meta.workflow.name, 80)}`
    : inlineText(sub.id);
  const rows = (board?.configurations ?? []).filter((r) => r.submissions.includes(sub.id));
  const primaryJudge =
    board?.primaryJudge ??
    (sub.judgments.some((j) => j.judge === 'metric')
      ? 'metric'
      : (sub.judgments[0]?.judge ?? 'metric'));
  const judges = rows
    .slice()
    .sort((a, b) =>
      a.judge === primaryJudge ? -1 : b.judge === primaryJudge ? 1 : a.judge < b.judge ? -1 : 1,
    )
    .map((r) => ({
      judge: inlineCode(r.judge),
      mean: formatNumber(r.mean),
      ci: `[${formatNumber(r.ci[0])}, ${formatNumber(r.ci[1])}]`,
      axes: AXES.map((a) => formatNumber(r.axes[a])),
      gateFailures: r.gateFailures,
      missing: r.missing,
      capped: r.capped,
      failures: r.judgeFailures,
      rank: `${r.rank} of ${countRows(board!, r)}`,
    }));
  const primaryRow = rows.find((r) => r.judge === primaryJudge) ?? null;
  const taskCount = primaryRow?.n ?? new Set(sub.artifacts.map((a) => a.task)).size;
  const gate = sub.artifacts
    .filter((a) => a.audit && !a.audit.gate.passed)
    .sort((a, b) => (a.task < b.task ? -1 : 1));
  return {
    id: inlineText(sub.id),
    title,
    judges,
    axisCis: axisIntervals(
      sub.judgments.filter((j) => j.judge === primaryJudge),
      taskCount,
    ),
    primaryJudge: inlineCode(primaryJudge),
    tasks: taskCount,
    comparison: primaryRow ? compare(primaryRow, bundle.current, sub.id) : null,
    gateFailures: gate.slice(0, MAX_LISTED).map((a) => ({
      task: inlineCode(a.task),
      reason: `${inlineCode(a.audit!.gate.reason ?? 'unknown')}${a.audit!.gate.detail ? ` ${inlineText(a.audit!.gate.detail, 160)}` : ''}`,
    })),
    moreGateFailures: Math.max(0, gate.length - MAX_LISTED),
    audit: auditSummary(sub.artifacts),
  };
}

function countRows(board: Leaderboard, row: ConfigurationRow): number {
  return board.configurations.filter((r) => r.judge === row.judge && r.suite === row.suite).length;
}

/**
 * Per-axis means with 95% bootstrap CIs over tasks: run means per task, tasks the judge could
 * not score (`failed`) left out as the board does, tasks without any record counted as 0 so a
 * missing task stays in every mean.
 */
function axisIntervals(records: JudgmentRecord[], taskCount: number): ScorecardView['axisCis'] {
  if (records.length === 0) return null;
  const byTask = new Map<string, JudgmentRecord[]>();
  for (const r of records) byTask.set(r.task, [...(byTask.get(r.task) ?? []), r]);
  const tasks = [...byTask.keys()].sort();
  const columns = AXES.map(() => [] as number[]);
  for (const t of tasks) {
    const usable = byTask.get(t)!.filter((r) => r.status !== 'failed');
    if (usable.length === 0) continue;
    AXES.forEach((axis, i) => {
      const mean =
        usable.reduce((s, r) => s + (r.status === 'ok' && r.subscores ? r.subscores[axis] : 0), 0) /
        usable.length;
      columns[i]!.push(mean);
    });
  }
  const pad = Math.max(0, taskCount - tasks.length);
  const arrays = columns.map((c) => Float64Array.from([...c, ...new Array<number>(pad).fill(0)]));
  const cis = bootstrapMeanCis(arrays, createRng(SEED), { resamples: RESAMPLES });
  return AXES.map((axis, i) => {
    const col = arrays[i]!;
    const mean = col.length ? col.reduce((s, v) => s + v, 0) / col.length : 0;
    return {
      axis,
      max: AXIS_MAX[axis],
      mean: formatNumber(mean),
      ci: `[${formatNumber(cis[i]![0])}, ${formatNumber(cis[i]![1])}]`,
    };
  });
}

/**
 * Where the entry would sit on the current board (same judge and suite): its rank among the
 * current rows plus itself, and up to five rows around that position.
 */
function compare(
  row: ConfigurationRow,
  current: Leaderboard | null,
  id: string,
): ScorecardView['comparison'] {
  const others = (current?.configurations ?? []).filter(
    (r) => r.judge === row.judge && r.suite === row.suite && !r.submissions.includes(id),
  );
  const names = new Map((current?.submissions ?? []).map((s) => [s.configuration, s.team]));
  const ranked = [
    ...others.map((r) => ({
      name: names.get(r.id) ?? r.team,
      mean: r.mean,
      self: false,
      key: r.id,
    })),
    { name: 'this entry', mean: row.mean, self: true, key: '' },
  ].sort((a, b) => b.mean - a.mean || (a.self ? -1 : b.self ? 1 : a.key < b.key ? -1 : 1));
  const at = ranked.findIndex((r) => r.self);
  const from = Math.max(0, Math.min(at - 2, ranked.length - 5));
  return {
    rank: `${at + 1}`,
    of: ranked.length,
    neighbours: ranked.slice(from, from + 5).map((r, i) => ({
      rank: from + i + 1,
      name: r.self ? '**this entry**' : inlineText(r.name, 80),
      mean: formatNumber(r.mean),
      self: r.self,
    })),
  };
}

function median(values: number[]): number | null {
  if (values.length === 0) return null;
  const s = [...values].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}

function auditSummary(artifacts: ArtifactRecord[]): ScorecardView['audit'] {
  const audits = artifacts.filter((a) => a.audit).map((a) => a.audit!);
  if (audits.length === 0) return null;
  const connectors = audits.reduce((s, a) => s + a.counts.connectors, 0);
  const attached = audits.reduce((s, a) => s + a.counts.connectorsAttached, 0);
  const flags = new Map<string, number>();
  for (const a of audits) for (const f of a.flags) flags.set(f.code, (flags.get(f.code) ?? 0) + 1);
  return {
    decks: audits.length,
    medianConnectors: formatNumber(median(audits.map((a) => a.counts.connectors)), 0),
    attachedShare: connectors === 0 ? '—' : `${Math.round((100 * attached) / connectors)}%`,
    medianTextShapes: formatNumber(median(audits.map((a) => a.counts.textShapes)), 0),
    capped: audits.filter((a) => a.cap < 100).length,
    flags: [...flags.entries()]
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([code, count]) => ({ code: inlineCode(code), count })),
  };
}
