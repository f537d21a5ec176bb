import type { ArtifactRecord } from '@figboard/evaluator/schemas';
import type { JudgmentRecord } from '@figboard/evaluator/schemas';
import type { ConfigurationRow, Leaderboard } from '@figboard/evaluator/schemas';
import { AXES, DEFAULT_RUBRIC, type RubricWeights } from '@figboard/evaluator/judge';
import { bootstrapMeanCis } from '@figboard/evaluator/stats';
import { createRng } from '@figboard/evaluator/stats';
import type { BundleInsights } from '@figboard/evaluator/schemas';
import type { ResultsBundle, SubmissionResults } from '../results-bundle.ts';
import { formatNumber, inlineCode, inlineText } from '@figboard/evaluator/util';
import { isIncomplete } from '@figboard/evaluator/validate';
import { BOT_TRACKS } from '../tracks/index.ts';
import type { StyleScorecardView } from './style-scorecard-view.ts';

/** ReFigBench's bootstrap settings: 5,000 resamples over tasks, seed 7. */
const RESAMPLES = 5_000;
const SEED = 7;
const MAX_LISTED = 15;

/** Everything the scorecard template prints; every string is already neutralised. */
export interface ScorecardView {
  id: string;
  title: string;
  /** Suite (and version), date, license and model snapshot: what the entry claims to be. */
  facts: string;
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
    /** Metric judge: "N of M" tasks scored against checked truth; "any task" for LLM judges. */
    checkedTruth: string;
    rank: string;
  }[];
  axisCis: { axis: string; max: number; mean: string; ci: string }[] | null;
  primaryJudge: string;
  tasks: number;
  /**
   * The entry's place on the provisional board (the board rebuilt with it): rank, 95% rank
   * interval, tie group, the ranked rows around it, and what the board can tell apart — all in
   * the board's own words (its rank interval and tie group), never re-derived here.
   */
  comparison: {
    rank: string;
    of: number;
    interval: string | null;
    tieGroup: number | null;
    tiedWith: string[];
    neighbours: {
      rank: number;
      name: string;
      mean: string;
      ci: string;
      /** Whether the board ties it with this entry (null for the entry itself). */
      tied: boolean | null;
      self: boolean;
    }[];
    /** One sentence from the rank interval and the tie group. */
    verdict: string;
  } | null;
  /** Workflow kind and description, contact and links from `submission.yml` (via the board). */
  entry: { workflow: string; contact: string; links: string[] } | null;
  /** Share of suite tasks answered; `incomplete` by the validator's rule (`isIncomplete`). */
  completeness: { incomplete: boolean; answered: number; total: number; percent: string };
  /** Metric judge: "N of M tasks scored against checked truth", counted per task from the records. */
  checkedTruth: string | null;
  /** Hidden tasks of the suite the records do not cover (sealed truth, no key): out of every count. */
  hiddenNotScored: number;
  /** Unanswered tasks: crashed (an error.log only; its first line) and never run (no folder). */
  unanswered: {
    crashed: { task: string; firstLine: string }[];
    moreCrashed: number;
    neverRun: string[];
    moreNeverRun: number;
    /** Unanswered tasks the bundle does not say more about (an older bundle). */
    other: string[];
    moreOther: number;
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
  /** Each audit flag with the task it concerns (first `MAX_LISTED`). */
  flagged: { code: string; task: string; detail: string }[];
  moreFlagged: number;
  /** Best and worst tasks by the primary judge, with their published rendering when there is one. */
  previews: {
    kind: 'best' | 'worst';
    task: string;
    /** The task id as plain text, for the image's alt text. */
    alt: string;
    final: string;
    image: string | null;
    page: string | null;
  }[];
  /** Where the renderings are when the comment cannot show them. */
  previewsNote: string | null;
  /** Likeness to the entries already on the suite (null without insights). */
  similarity: {
    compared: number;
    suite: string;
    /** Entries with identical or near-identical decks. */
    flagged: { verdict: string; name: string; detail: string }[];
    /** The most alike of the others when none is flagged. */
    closest: string | null;
  } | null;
  /** A style entry's S, S_code, S_vision with CIs, references and worst ones; null for refig. */
  style: StyleScorecardView | null;
  /** Said loudly when a judge of the estimate has no prices in the committed config. */
  estimateWarning: string | null;
  /** Estimated cost of the LLM judges, shown before `/approve-judging` (empty once judged). */
  estimate: {
    judge: string;
    model: string;
    requests: string;
    tokens: string;
    basis: string;
    cost: string;
  }[];
}

/** Published renderings: the bundle's `previews/…` path → the image's URL and its page. */
export interface PreviewLinks {
  image: ReadonlyMap<string, string>;
  page: ReadonlyMap<string, string>;
}

/**
 * The scorecard of one submission: per-judge means with CIs and ranks from the provisional board
 * (rebuilt with the entry), per-axis means with bootstrap CIs from the primary judge's records,
 * gate failures, an audit summary, and the entry's place among the current board's rows.
 */
export function buildScorecardView(
  bundle: ResultsBundle,
  sub: SubmissionResults,
  links: PreviewLinks | null = null,
): ScorecardView {
  const board = bundle.provisional;
  const meta = board?.submissions.find((s) => s.id === sub.id);
  const insight = bundle.insights?.entries.find((e) => e.submission === sub.id) ?? null;
  const title = meta
    ? `${inlineText(meta.team, 120)} — ${inlineText(meta.model.name, 80)} · ${inlineText(meta.harness.name, 80)} · ${inlineText(meta.workflow.name, 80)}`
    : inlineText(sub.id);
  const rows = (board?.configurations ?? []).filter((r) => r.submissions.includes(sub.id));
  const primaryJudge =
    board?.primaryJudge ??
    (sub.judgments.some((j) => j.judge === 'metric')
      ? 'metric'
      : (sub.judgments[0]?.judge ?? 'metric'));
  const truth = truthCount(sub.judgments);
  const judges = rows
    .slice()
    .sort((a, b) =>
      a.judge === primaryJudge ? -1 : b.judge === primaryJudge ? 1 : a.judge < b.judge ? -1 : 1,
    )
    .map((r) => ({
      judge: inlineCode(r.judge),
      mean: r.mean === null ? '–' : formatNumber(r.mean),
      ci: formatCi(r.ci),
      axes: AXES.map((a) => formatNumber(r.axes[a])),
      gateFailures: r.gateFailures,
      missing: r.missing,
      capped: r.capped,
      failures: r.judgeFailures,
      checkedTruth:
        r.judge === 'metric' && truth
          ? `${truth.checked} of ${truth.of}`
          : r.judge === 'metric'
            ? '–'
            : 'any task',
      rank: rankText(board!, r),
    }));
  const primaryRow = rows.find((r) => r.judge === primaryJudge) ?? null;
  const rubric = rubricOf(board, sub.judgments);
  // Tasks in the primary row's mean: the suite less hidden tasks not scored (no key), judge
  // failures and metric previews without checked truth — the board's own `scored`.
  const taskCount = primaryRow?.scored ?? new Set(sub.artifacts.map((a) => a.task)).size;
  const notScored = primaryRow?.notScored ?? 0;
  // The board leaves metric verdicts against the extracted graph out of the mean (previews).
  const verifiedOnly = primaryRow !== null && primaryRow.checkedTruth !== null;
  const gate = sub.artifacts
    .filter((a) => a.audit && !a.audit.gate.passed)
    .sort((a, b) => (a.task < b.task ? -1 : 1));
  const comparison = primaryRow && board ? placeOnBoard(primaryRow, board) : null;
  const done = BOT_TRACKS[sub.track].answered(sub);
  // Completeness over the tasks this run could score: a hidden task whose truth is sealed and
  // was not opened (no key) has no record, whatever its folder holds; it is listed, not missing.
  const total = Math.max(done.total, (primaryRow?.n ?? 0) - notScored);
  const answered = Math.min(done.answered, total);
  const flags = sub.artifacts
    .flatMap((a) => (a.audit?.flags ?? []).map((f) => ({ task: a.task, f })))
    .sort((a, b) =>
      a.f.code !== b.f.code ? (a.f.code < b.f.code ? -1 : 1) : a.task < b.task ? -1 : 1,
    );
  return {
    id: inlineText(sub.id),
    title,
    facts: meta
      ? [
          `suite ${inlineCode(meta.suite.name)} ${inlineText(meta.suite.version, 40)}`,
          `dated ${inlineText(meta.date, 40)}${meta.mergedAt ? ` (merged ${inlineText(meta.mergedAt, 40)}; owners ${inlineText(meta.owners ?? '', 120)})` : ' (not merged yet)'}`,
          `license ${inlineCode(meta.license, 80)}`,
          `model snapshot ${inlineCode(meta.model.snapshot, 120)}${meta.model.reasoningEffort ? ` (reasoning effort ${inlineText(meta.model.reasoningEffort, 40)})` : ''}`,
          `harness ${inlineText(meta.harness.name, 80)} ${inlineText(meta.harness.version, 40)}`,
          `${meta.attempts} attempt${meta.attempts === 1 ? '' : 's'} per task`,
        ].join(' · ')
      : insight
        ? `suite ${inlineCode(insight.suite)}`
        : '',
    axisHeads: AXES.map((a) => `${a} /${formatNumber(rubric[a], 0)}`),
    judges,
    axisCis: axisIntervals(
      sub.judgments.filter(
        (j) => j.judge === primaryJudge && (!verifiedOnly || j.reference !== 'extracted-graph'),
      ),
      taskCount,
      rubric,
    ),
    primaryJudge: inlineCode(primaryJudge),
    tasks: taskCount,
    comparison,
    judgeSettings: (board?.judges ?? [])
      .filter((j) => j.settings && rows.some((r) => r.judge === j.id))
      .map((j) => ({ judge: inlineCode(j.id), settings: describeSettings(j.settings!) })),
    entry: meta ? entryView(meta) : null,
    completeness: {
      incomplete: isIncomplete(answered, total),
      answered,
      total,
      percent: total ? `${Math.round((100 * answered) / total)}%` : '–',
    },
    checkedTruth: truth
      ? `${truth.checked} of ${truth.of} tasks scored against checked truth${truth.checked < truth.of ? `; the other ${truth.of - truth.checked} against the graph extracted from the source image (an unranked preview, out of the mean)` : ''}`
      : null,
    hiddenNotScored: notScored,
    unanswered: unansweredView(done.unanswered, insight),
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
    flagged: flags.slice(0, MAX_LISTED).map(({ task, f }) => ({
      code: inlineCode(f.code),
      task: inlineCode(task),
      detail: [f.target ? `shape ${inlineText(f.target, 40)}` : '', inlineText(f.detail, 160)]
        .filter(Boolean)
        .join(': '),
    })),
    moreFlagged: Math.max(0, flags.length - MAX_LISTED),
    ...previewsView(insight, links, bundle.manifest.runUrl),
    ...BOT_TRACKS[sub.track].view(bundle, sub),
    ...estimateView(bundle.manifest.llmJudged || !insight ? [] : insight.estimate),
  };
}

/** Best and worst tasks with links to their renderings (published by the bot, else in the run's artifact). */
function previewsView(
  insight: BundleInsights['entries'][number] | null,
  links: PreviewLinks | null,
  runUrl: string | null,
): Pick<ScorecardView, 'previews' | 'previewsNote'> {
  const previews = (insight?.previews ?? []).map((p) => ({
    kind: p.kind,
    task: inlineCode(p.task),
    alt: inlineText(`rendering of ${p.task}`, 200).replace(/["<>&]/g, ''),
    final: formatNumber(p.final),
    image: p.file ? (links?.image.get(p.file) ?? null) : null,
    page: p.file ? (links?.page.get(p.file) ?? null) : null,
  }));
  const unpublished = (insight?.previews ?? []).some((p) => p.file && !links?.image.has(p.file));
  return {
    previews,
    previewsNote: unpublished
      ? `The renderings are in the workflow run's \`figboard-scorecard\` artifact (\`previews/\`)${runUrl ? ` — [open the run](${encodeURI(runUrl)})` : ''}.`
      : null,
  };
}

function estimateView(
  rows: BundleInsights['entries'][number]['estimate'],
): Pick<ScorecardView, 'estimate' | 'estimateWarning'> {
  const unpriced = rows.filter((e) => e.costUsd === null).map((e) => inlineCode(e.judge));
  return {
    estimate: rows.map((e) => ({
      judge: inlineCode(e.judge),
      model: inlineCode(e.model, 120),
      requests: `${e.tasks} × ${e.runs}`,
      tokens: `${e.inputTokensPerJudgment.toLocaleString('en-US')} in / ${e.outputTokensPerJudgment.toLocaleString('en-US')} out`,
      basis: e.basis === 'history' ? 'earlier verdicts' : 'counted from the requests',
      cost: e.costUsd === null ? '**no price set**' : `$${e.costUsd.toFixed(2)}`,
    })),
    estimateWarning: unpriced.length
      ? `**⚠️ No prices set for ${unpriced.join(', ')}** in the committed \`figboard.yml\` (\`prices:\` of the judge): the cost of approving ${unpriced.length === 1 ? 'it' : 'them'} is unknown, not zero.`
      : null,
  };
}

/** Workflow kind and description, contact and links (http(s) only), every string neutralised. */
function entryView(meta: Leaderboard['submissions'][number]): NonNullable<ScorecardView['entry']> {
  const links = Object.entries(meta.links)
    .filter((e): e is [string, string] => typeof e[1] === 'string')
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .flatMap(([label, url]) => {
      const safe = safeLink(url);
      return safe
        ? [`[${inlineText(label, 40)}](${safe})`]
        : [`${inlineText(label, 40)}: ${inlineCode(url, 200)} (not an http(s) link, not linked)`];
    });
  const description = meta.workflow.description.trim();
  return {
    workflow: `${inlineCode(meta.workflow.kind)} (${inlineText(meta.workflow.name, 80)})${description ? `: ${inlineText(description, 400)}` : ''}`,
    contact: inlineText(meta.contact, 200),
    links,
  };
}

/** An http(s) URL, percent-encoded so it cannot end the Markdown link; null for any other scheme. */
function safeLink(url: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return null;
  return parsed.href.replace(
    /[()<>[\]"'`\s]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`,
  );
}

/**
 * "N of M tasks scored against checked truth": per task, from the metric judge's run-1 records
 * (`reference`: `checked-truth` or `extracted-graph`; tasks it did not score are not counted).
 */
function truthCount(judgments: readonly JudgmentRecord[]): { checked: number; of: number } | null {
  const scored = judgments.filter(
    (j) => j.judge === 'metric' && j.run === 1 && j.reference !== undefined,
  );
  if (scored.length === 0) return null;
  return {
    checked: scored.filter((j) => j.reference === 'checked-truth').length,
    of: scored.length,
  };
}

/** Crashed (error.log only, with its first line) and never-run tasks apart, from the bundle's insights. */
function unansweredView(
  tasks: readonly string[],
  insight: BundleInsights['entries'][number] | null,
): ScorecardView['unanswered'] {
  if (tasks.length === 0) return null;
  const known = new Map((insight?.unanswered ?? []).map((u) => [u.task, u]));
  const sorted = [...tasks].sort();
  const crashed = sorted.flatMap((t) => {
    const u = known.get(t);
    return u?.kind === 'crashed'
      ? [{ task: inlineCode(t, 80), firstLine: inlineCode(u.firstLine ?? '(empty)', 200) }]
      : [];
  });
  const neverRun = sorted
    .filter((t) => known.get(t)?.kind === 'never-run')
    .map((t) => inlineCode(t, 80));
  const other = sorted.filter((t) => !known.has(t)).map((t) => inlineCode(t, 80));
  return {
    crashed: crashed.slice(0, MAX_LISTED),
    moreCrashed: Math.max(0, crashed.length - MAX_LISTED),
    neverRun: neverRun.slice(0, MAX_LISTED),
    moreNeverRun: Math.max(0, neverRun.length - MAX_LISTED),
    other: other.slice(0, MAX_LISTED),
    moreOther: Math.max(0, other.length - MAX_LISTED),
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
    // what the metric judge scored against is counted per task instead (`checkedTruth`): the
    // switch alone says nothing about tasks that have no truth.json
    if (value === null || key === 'noTruth') continue;
    if (key === 'thinking') parts.push(`thinking ${value ? 'on' : 'off'}`);
    else if (key === 'reasoningEffort')
      parts.push(`reasoning effort ${inlineText(String(value), 40)}`);
    else parts.push(`${inlineText(key, 40)} ${inlineText(String(value), 80)}`);
  }
  return parts.join(' · ');
}

/** The rank cell: place and interval, or why the row has none (nothing scored, a reference line, attempts). */
function rankText(board: Leaderboard, r: ConfigurationRow): string {
  if (r.mean === null) return 'not ranked (nothing scored)';
  if (r.rank !== null)
    return `${r.rank} of ${countRows(board, r)}${r.rankInterval ? ` (95% interval ${rankRange(r.rankInterval)})` : ''}`;
  if (r.role !== 'entry') return `not ranked (a ${ROLE_NOUN[r.role]}: a reference line)`;
  return `not ranked (${r.attempts} attempts per task)`;
}

const ROLE_NOUN = { baseline: 'baseline', 'upper-reference': 'upper reference' } as const;

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
  const pad = Math.max(0, taskCount - columns[0]!.length);
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
 * The entry's place among the provisional board's ranked rows of the same judge and suite: its
 * rank, 95% rank interval and tie group as the board states them, and up to five rows around it
 * marked by whether the board ties them with the entry (`tiedWith`).
 */
function placeOnBoard(row: ConfigurationRow, board: Leaderboard): ScorecardView['comparison'] {
  if (row.mean === null || row.ci === null || row.rank === null) return null;
  const peers = board.configurations
    .filter(
      (r) => r.judge === row.judge && r.suite === row.suite && r.rank !== null && r.mean !== null,
    )
    .sort((a, b) => a.rank! - b.rank! || (a.id < b.id ? -1 : 1));
  const at = peers.findIndex((r) => r.id === row.id);
  const from = Math.max(0, Math.min(at - 2, peers.length - 5));
  const tied = new Set(row.tiedWith ?? []);
  const name = (r: ConfigurationRow) =>
    inlineText(`${r.team}: ${r.model.name} · ${r.harness.name} · ${r.workflow.name}`, 160);
  const tiedWith = peers.filter((r) => tied.has(r.id)).map(name);
  const interval = row.rankInterval ? rankRange(row.rankInterval) : null;
  const group = row.tieGroup ?? null;
  const verdict = tiedWith.length
    ? `Statistically tied with ${tiedWith.join(' and ')}: the 95% interval of the paired mean difference contains 0, so the board cannot tell ${tiedWith.length === 1 ? 'them' : 'these'} apart by this suite.`
    : row.rankInterval && row.rankInterval[0] === row.rankInterval[1]
      ? `Tied with no entry: rank ${row.rankInterval[0]} in 95% of the bootstrap resamples.`
      : `Tied with no entry, but its rank is uncertain${interval ? `: 95% rank interval ${interval}` : ''}.`;
  return {
    rank: `${row.rank}`,
    of: peers.length,
    interval,
    tieGroup: group,
    tiedWith,
    neighbours: peers.slice(from, from + 5).map((r) => ({
      rank: r.rank!,
      name: r.id === row.id ? '**this entry**' : name(r),
      mean: formatNumber(r.mean),
      ci: formatCi(r.ci),
      tied: r.id === row.id ? null : tied.has(r.id),
      self: r.id === row.id,
    })),
    verdict,
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

/** A 95% interval as `[lo, hi]`, or a dash when the row scored nothing. */
function formatCi(ci: [number, number] | null): string {
  return ci === null ? '–' : `[${formatNumber(ci[0])}, ${formatNumber(ci[1])}]`;
}
