import type { ArtifactRecord } from '@figboard/evaluator/schemas/audit-record.schema.ts';
import type { JudgmentRecord } from '@figboard/evaluator/schemas/judgment-record.schema.ts';
import type {
  ConfigurationRow,
  Leaderboard,
} from '@figboard/evaluator/schemas/leaderboard.schema.ts';
import { AXES, DEFAULT_RUBRIC, type RubricWeights } from '@figboard/evaluator/judge/rubric.ts';
import { bootstrapMeanCis } from '@figboard/evaluator/stats/bootstrap-mean-ci.ts';
import { createRng } from '@figboard/evaluator/stats/create-rng.ts';
import type { ResultsBundle, SubmissionResults } from '../results-bundle.ts';
import { formatNumber, inlineCode, inlineText } from '@figboard/evaluator/util/markdown-text.ts';

/** ReFigBench's bootstrap settings: 5,000 resamples over tasks, seed 7. */
const RESAMPLES = 5_000;
const SEED = 7;
const MAX_LISTED = 15;

/** Everything the scorecard template prints; every string is already neutralised. */
export interface ScorecardView {
  id: string;
  title: string;
  /** Column heads of the axes with their maxima (from the board's rubric), e.g. `T /20`. */
  axisHeads: string[];
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
    /** 95% bootstrap rank interval and the entries statistically tied with it (provisional board). */
    interval: string | null;
    tiedWith: string[];
    neighbours: { rank: number; name: string; mean: string; self: boolean }[];
  } | null;
  /** The judges' settings as the board records them (model snapshot, reasoning effort, thinking). */
  judgeSettings: { judge: string; settings: string }[];
  /** Records of this entry the board cannot rank: made by other scorer versions or settings. */
  rescoring: { records: string; detail: string }[];
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
      rank:
        r.rank === null
          ? `not ranked (${r.attempts} attempts per task)`
          : `${r.rank} of ${countRows(board!, r)}${r.rankInterval ? ` (95% interval ${rankRange(r.rankInterval)})` : ''}`,
    }));
  const primaryRow = rows.find((r) => r.judge === primaryJudge) ?? null;
  const rubric = rubricOf(board, sub.judgments);
  const teamOf = new Map((board?.submissions ?? []).map((s) => [s.configuration, s.team]));
  const taskCount = primaryRow?.n ?? new Set(sub.artifacts.map((a) => a.task)).size;
  const gate = sub.artifacts
    .filter((a) => a.audit && !a.audit.gate.passed)
    .sort((a, b) => (a.task < b.task ? -1 : 1));
  const comparison = primaryRow ? compare(primaryRow, bundle.current, sub.id) : null;
  if (comparison && primaryRow) {
    comparison.interval = primaryRow.rankInterval ? rankRange(primaryRow.rankInterval) : null;
    comparison.tiedWith = (primaryRow.tiedWith ?? []).map((id) =>
      inlineText(teamOf.get(id) ?? id, 80),
    );
  }
  return {
    id: inlineText(sub.id),
    title,
    axisHeads: AXES.map((a) => `${a} /${formatNumber(rubric[a], 0)}`),
    judges,
    axisCis: axisIntervals(
      sub.judgments.filter((j) => j.judge === primaryJudge),
      taskCount,
      rubric,
    ),
    primaryJudge: inlineCode(primaryJudge),
    tasks: taskCount,
    comparison,
    judgeSettings: (board?.judges ?? [])
      .filter((j) => j.settings && rows.some((r) => r.judge === j.id))
      .map((j) => ({ judge: inlineCode(j.id), settings: describeSettings(j.settings!) })),
    rescoring: (board?.rescoring ?? [])
      .filter((x) => x.submission === sub.id)
      .map((x) => ({
        records: inlineCode(x.records),
        detail: inlineText(
          `${x.count} record(s) made by ${x.recorded.join('; ')}; the board needs ${x.expected}`,
          300,
        ),
      })),
    gateFailures: gate.slice(0, MAX_LISTED).map((a) => ({
      task: inlineCode(a.task),
      reason: `${inlineCode(a.audit!.gate.reason ?? 'unknown')}${a.audit!.gate.detail ? ` ${inlineText(a.audit!.gate.detail, 160)}` : ''}`,
    })),
    moreGateFailures: Math.max(0, gate.length - MAX_LISTED),
    audit: auditSummary(sub.artifacts),
  };
}

/**
 * The rubric maxima: the provisional board's, else those the entry's judgments were scored
 * under, else the default — never a number written here.
 */
function rubricOf(board: Leaderboard | null, judgments: JudgmentRecord[]): RubricWeights {
  return board?.rubric ?? judgments.find((j) => j.rubric)?.rubric ?? DEFAULT_RUBRIC;
}

function rankRange([lo, hi]: [number, number]): string {
  return `${lo}–${hi}`;
}

/** "model gpt-5.4-2026-03-05 · reasoning effort low · thinking off" from recorded settings. */
function describeSettings(settings: Record<string, string | number | boolean | null>): string {
  const parts: string[] = [];
  for (const [key, value] of Object.entries(settings)) {
    if (value === null) continue;
    if (key === 'thinking') parts.push(`thinking ${value ? 'on' : 'off'}`);
    else if (key === 'reasoningEffort')
      parts.push(`reasoning effort ${inlineText(String(value), 40)}`);
    else parts.push(`${inlineText(key, 40)} ${inlineText(String(value), 80)}`);
  }
  return parts.join(' · ');
}

function countRows(board: Leaderboard, row: ConfigurationRow): number {
  return board.configurations.filter(
    (r) => r.judge === row.judge && r.suite === row.suite && r.rank !== null,
  ).length;
}

/**
 * Per-axis means with 95% bootstrap CIs over tasks: run means per task, tasks the judge could
 * not score (`failed`) left out as the board does, tasks without any record counted as 0 so a
 * missing task stays in every mean.
 */
function axisIntervals(
  records: JudgmentRecord[],
  taskCount: number,
  rubric: RubricWeights,
): ScorecardView['axisCis'] {
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
      max: rubric[axis],
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
    interval: null,
    tiedWith: [],
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
