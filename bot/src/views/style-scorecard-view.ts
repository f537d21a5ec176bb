import type { Leaderboard, StyleJudgmentRecord, StyleRecord } from '@figboard/evaluator/schemas';
import { formatNumber, inlineCode, inlineText } from '@figboard/evaluator/util';
import type { SubmissionResults } from '../results-bundle.ts';

/** How many of the lowest-scoring references the scorecard lists. */
const WORST = 3;

const SEVERITY_RANK = { critical: 3, major: 2, minor: 1 } as const;

/** The style part of a scorecard (a style entry's); every string is already neutralised. */
export interface StyleScorecardView {
  /** One block per style suite the entry has board rows on (normally one). */
  suites: {
    suite: string;
    /** Its place among the suite's entries by S over all references (provisional board). */
    rank: string;
    /** Hidden references without a record (sealed material, scored without the key): out of the means. */
    notScored: number;
    /** Deterministic channel per split (`all` first), then one row per LLM vision judge. */
    channels: {
      channel: string;
      references: number;
      S: string;
      ci: string;
      code: string;
      codeCi: string;
      vision: string;
      visionCi: string;
      /** LLM rows only: references every run of which failed, and references not judged. */
      failed: string;
      unjudged: string;
    }[];
  }[];
  /** From `style.jsonl`: scored (`ok`), failed (the script failed in the sandbox: 0), not scored (no figure.py: 0). */
  references: {
    total: number;
    scored: number;
    failed: number;
    notScored: number;
    /** Why the failed ones failed, by failure code. */
    failures: { code: string; count: number }[];
  };
  /** The lowest-S scored references with their most severe defect (deterministic or an LLM judge's); unanswered ones are listed apart. */
  worst: { task: string; S: string; code: string; vision: string; llm: string; defect: string }[];
}

/**
 * The scorecard of a style entry (FigMirror §4): S, S_code and S_vision with their 95% CIs from
 * the provisional board's `style` rows (deterministic channel and each LLM vision judge), what
 * happened to each reference, and the worst references with their main defect.
 */
export function buildStyleScorecardView(
  board: Leaderboard | null,
  sub: SubmissionResults,
): StyleScorecardView {
  const rows = (board?.style ?? []).filter((r) => r.submission === sub.id);
  const suites = [...new Set(rows.map((r) => r.suite ?? ''))].sort();
  const ci = (c: [number, number] | null) =>
    c ? `[${formatNumber(c[0])}, ${formatNumber(c[1])}]` : '—';
  return {
    suites: suites.map((suite) => {
      const mine = rows
        .filter((r) => (r.suite ?? '') === suite)
        .sort((a, b) =>
          a.split === 'all' ? -1 : b.split === 'all' ? 1 : a.split < b.split ? -1 : 1,
        );
      const all = mine.find((r) => r.split === 'all') ?? mine[0]!;
      const deterministic = mine.map((r) => ({
        channel: `deterministic (${inlineText(r.split, 40)})`,
        references: r.n,
        S: formatNumber(r.S),
        ci: ci(r.ci),
        code: formatNumber(r.code),
        codeCi: ci(r.codeCi),
        vision: formatNumber(r.vision),
        visionCi: ci(r.visionCi),
        failed: '—',
        unjudged: '—',
      }));
      const llm = all.llm.map((j) => ({
        channel: `LLM judge ${inlineCode(j.judge, 80)} (${inlineText(j.family, 40)}, ${j.runs} run${j.runs === 1 ? '' : 's'})`,
        references: j.n,
        S: formatNumber(j.S),
        ci: ci(j.ci),
        // the judge does not change S_code: the deterministic row's, over the same suite
        code: formatNumber(all.code),
        codeCi: ci(all.codeCi),
        vision: formatNumber(j.vision),
        visionCi: ci(j.visionCi),
        failed: String(j.failed),
        unjudged: String(j.unjudged),
      }));
      return {
        suite: inlineCode(suite || 'unknown'),
        rank: rankOf(board!, all),
        notScored: all.notScored ?? 0,
        channels: [...deterministic, ...llm],
      };
    }),
    references: referenceCounts(sub.style),
    worst: worstReferences(sub.style, sub.styleJudgments),
  };
}

/** "2 of 4 (by S over all references)" among the suite's `all` rows. */
function rankOf(board: Leaderboard, row: Leaderboard['style'][number]): string {
  const peers = board.style
    .filter((r) => r.split === 'all' && (r.suite ?? '') === (row.suite ?? ''))
    .sort((a, b) => b.S - a.S || (a.submission < b.submission ? -1 : 1));
  const at = peers.findIndex((r) => r.submission === row.submission);
  const above = peers[at - 1];
  const below = peers[at + 1];
  const overlaps = (r: Leaderboard['style'][number]) =>
    r.ci[0] <= row.ci[1] && row.ci[0] <= r.ci[1];
  const next = [above, below].filter((r) => r !== undefined);
  const tied = next.filter(overlaps).length;
  return `${at + 1} of ${peers.length} by S${next.length ? ` (95% CI overlaps ${tied} of its ${next.length} neighbour${next.length === 1 ? '' : 's'})` : ''}`;
}

function referenceCounts(style: StyleRecord[]): StyleScorecardView['references'] {
  const failures = new Map<string, number>();
  for (const r of style)
    if (r.status === 'failed') {
      const code = r.failure?.code ?? 'unknown';
      failures.set(code, (failures.get(code) ?? 0) + 1);
    }
  return {
    total: style.length,
    scored: style.filter((r) => r.status === 'ok').length,
    failed: style.filter((r) => r.status === 'failed').length,
    notScored: style.filter((r) => r.status === 'missing').length,
    failures: [...failures.entries()]
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([code, count]) => ({ code: inlineCode(code, 60), count })),
  };
}

/**
 * The `WORST` scored references (a failed script included: it scored 0) by S (ties broken by the lowest S any LLM judge gave, then by task),
 * each with its most severe defect: a failure when the script did not draw, else the worst of
 * the detectors' and the judges' defects, else the criteria it missed.
 */
function worstReferences(
  style: StyleRecord[],
  judged: StyleJudgmentRecord[],
): StyleScorecardView['worst'] {
  const llmByTask = new Map<string, { judge: string; S: number }[]>();
  for (const task of new Set(judged.map((j) => j.task))) {
    const perJudge = new Map<string, number[]>();
    for (const j of judged)
      if (j.task === task && j.S !== null)
        perJudge.set(j.judge, [...(perJudge.get(j.judge) ?? []), j.S]);
    llmByTask.set(
      task,
      [...perJudge.entries()]
        .map(([judge, s]) => ({ judge, S: s.reduce((a, b) => a + b, 0) / s.length }))
        .sort((a, b) => a.S - b.S || (a.judge < b.judge ? -1 : 1)),
    );
  }
  const lowestLlm = (task: string) => llmByTask.get(task)?.[0]?.S ?? Number.POSITIVE_INFINITY;
  // the worst of what was scored: a reference without figure.py is listed with the unanswered tasks
  return style
    .filter((r) => r.status !== 'missing')
    .sort(
      (a, b) => a.S - b.S || lowestLlm(a.task) - lowestLlm(b.task) || (a.task < b.task ? -1 : 1),
    )
    .slice(0, WORST)
    .map((r) => {
      const low = llmByTask.get(r.task)?.[0];
      return {
        task: inlineCode(r.task, 80),
        S: formatNumber(r.S),
        code: formatNumber(r.code),
        vision: formatNumber(r.vision),
        llm: low ? `${formatNumber(low.S)} (${inlineCode(low.judge, 60)})` : '—',
        defect: mainDefect(
          r,
          judged.filter((j) => j.task === r.task),
        ),
      };
    });
}

function mainDefect(r: StyleRecord, judged: StyleJudgmentRecord[]): string {
  if (r.status === 'failed')
    return `script failed: ${inlineCode(r.failure?.code ?? 'unknown', 60)}${r.failure?.message ? ` ${inlineText(r.failure.message, 160)}` : ''}`;
  const found = [
    ...r.defects.map((d) => ({
      severity: d.severity,
      by: inlineCode(d.kind, 40),
      detail: d.detail,
    })),
    ...judged
      .filter((j) => j.status === 'ok')
      .sort((a, b) => (a.judge < b.judge ? -1 : a.judge > b.judge ? 1 : a.run - b.run))
      .flatMap((j) =>
        j.defects.map((d) => ({
          severity: d.severity,
          by: `judge ${inlineCode(j.judge, 60)}`,
          detail: `${d.description}${d.lines.length ? ` (figure.py line${d.lines.length === 1 ? '' : 's'} ${d.lines.slice(0, 5).join(', ')})` : ''}`,
        })),
      ),
  ];
  // the most severe; on a tie the detectors' (deterministic) before a judge's, judges by id and run
  const top = found
    .map((d, i) => ({ d, i }))
    .sort((a, b) => SEVERITY_RANK[b.d.severity] - SEVERITY_RANK[a.d.severity] || a.i - b.i)[0]?.d;
  if (top)
    return `${top.severity} (${top.by}): ${inlineText(top.detail, 160)}${found.length > 1 ? ` · ${found.length} defects in all (detectors and every judge run)` : ''}`;
  const unmet = r.criteria.details.filter((c) => !c.met);
  if (unmet.length)
    return `${r.criteria.met} of ${r.criteria.total} style criteria met; missed ${unmet
      .slice(0, 3)
      .map((c) => inlineCode(c.id, 60))
      .join(', ')}${unmet.length > 3 ? ` and ${unmet.length - 3} more` : ''}`;
  return 'no defect found';
}
