import { RESULT_FILES, RESULTS_DIR } from '../results/results-layout.ts';
import type { Problem } from '../errors/problem.ts';
import { AXES, DEFAULT_RUBRIC, type RubricWeights } from '../judge/rubric.ts';
import type { JudgeSettings, JudgmentRecord } from '../schemas/judgment-record.schema.ts';
import type { StyleJudgmentRecord } from '../schemas/style-judgment-record.schema.ts';
import {
  describeScorers,
  judgmentKind,
  type RecordScorers,
  sameScorers,
  scorersFor,
} from '../scorers/record-scorers.ts';
import type { ScorerVersions } from '../scorers/scorer-registry.ts';
import { stableStringify } from '../util/stable-stringify.ts';
import type { LoadedSubmission } from './leaderboard-inputs.ts';
import { compareCodeUnits } from '../util/compare-code-units.ts';

/** Records of one submission made by other scorer versions (or judge settings) than the board's. */
export interface StaleRecords {
  submission: string;
  /** `judgments/<judge>`, `artifacts` (gate + audit) or `style`. */
  records: string;
  /** The judge whose ranking leaves the entry out; null for `artifacts` and `style`. */
  judge: string | null;
  /** Records of another version. */
  count: number;
  /**
   * The versions they carry (distinct, sorted; with the judge settings that differ from the
   * board's, if any) and the versions the board needs.
   */
  recorded: string[];
  expected: string;
}

/**
 * Finds every results file of a submission holding records made by other scorer versions than
 * `versions` (a record without versions counts as another version), or judgments made with other
 * settings than the board's judge (`settings`: judge id → the settings its ranked verdicts must
 * carry). Such records are never ranked with current ones: the caller leaves the entry out of the
 * rankings they feed and lists it as needing rescoring, with an error naming the submission and
 * the command that fixes it.
 */
export function findStaleRecords(
  submission: LoadedSubmission,
  versions: ScorerVersions,
  settings: ReadonlyMap<string, JudgeSettings>,
  rubric: RubricWeights,
  problems: Problem[],
): StaleRecords[] {
  const out: StaleRecords[] = [];
  const check = (
    records: readonly {
      scorers?: RecordScorers | undefined;
      settings?: JudgeSettings | undefined;
      rubric?: RubricWeights | undefined;
    }[],
    expected: RecordScorers,
    expectedSettings: JudgeSettings | undefined,
    what: string,
    judge: string | null,
    rubricApplies = judge !== null,
  ) => {
    const recorded = new Set<string>();
    let count = 0;
    for (const r of records) {
      const settingsDiff = [
        expectedSettings ? describeSettingsDiff(r.settings, expectedSettings) : '',
        rubricApplies ? describeRubricDiff(r.rubric, rubric) : '',
      ]
        .filter(Boolean)
        .join(', ');
      if (sameScorers(r.scorers, expected) && settingsDiff === '') continue;
      count += 1;
      recorded.add(`${describeScorers(r.scorers)}${settingsDiff ? `; ${settingsDiff}` : ''}`);
    }
    if (count === 0) return;
    out.push({
      submission: submission.id,
      records: what,
      judge,
      count,
      recorded: [...recorded].sort(),
      expected: describeScorers(expected),
    });
  };
  const byJudge = new Map<string, JudgmentRecord[]>();
  for (const run of submission.judgments)
    byJudge.set(run.judge, [...(byJudge.get(run.judge) ?? []), ...run.records]);
  for (const judge of [...byJudge.keys()].sort())
    check(
      byJudge.get(judge)!,
      scorersFor(judgmentKind(judge), versions),
      settings.get(judge),
      `judgments/${judge}`,
      judge,
    );
  check(submission.artifacts, scorersFor('artifact', versions), undefined, 'artifacts', null);
  check(submission.style, scorersFor('style', versions), undefined, 'style', null);
  // A style entry's LLM vision judgments: no rubric, the style-llm-vision version and the settings.
  const styleByJudge = new Map<string, StyleJudgmentRecord[]>();
  for (const run of submission.styleJudgments ?? [])
    styleByJudge.set(run.judge, [...(styleByJudge.get(run.judge) ?? []), ...run.records]);
  for (const judge of [...styleByJudge.keys()].sort())
    check(
      styleByJudge.get(judge)!,
      scorersFor('style-llm', versions),
      settings.get(judge),
      `judgments/${judge}`,
      judge,
      false,
    );

  for (const s of out) {
    const left = s.judge
      ? `not ranked by judge ${s.judge}`
      : s.records === 'style'
        ? 'not on the style board'
        : 'left out of the audit table';
    const command = `npx refig evaluate submissions/${s.submission}${s.judge && s.judge !== 'metric' ? ` --judges ${s.judge}` : ''}`;
    problems.push({
      severity: 'error',
      rule: 'scorer-version-stale',
      file: `submissions/${s.submission}/${RESULTS_DIR}/${s.records === 'artifacts' ? RESULT_FILES.artifacts : s.records === 'style' ? RESULT_FILES.style : s.records}`,
      message: `${s.count} record(s) made by ${s.recorded.join('; ')}, this board needs ${s.expected}: the entry is ${left} until it is rescored (${command})`,
    });
  }
  return out;
}

/**
 * "rubric 25/25/15/25/10 (board: …)" when a judgment was scored under other maxima
 * than the board's; a record without `rubric` was scored under the default (older records).
 */
function describeRubricDiff(recorded: RubricWeights | undefined, board: RubricWeights): string {
  const r = recorded ?? DEFAULT_RUBRIC;
  const show = (w: RubricWeights) => AXES.map((a) => w[a]).join('/');
  return AXES.every((a) => r[a] === board[a]) ? '' : `rubric ${show(r)} (board: ${show(board)})`;
}

/** "thinking true (board: false)" for every setting that differs; '' when none does. */
function describeSettingsDiff(
  recorded: JudgeSettings | undefined,
  expected: JudgeSettings,
): string {
  if (!recorded) return 'no recorded judge settings';
  const keys = [...new Set([...Object.keys(recorded), ...Object.keys(expected)])].sort();
  return keys
    .filter((k) => stableStringify(recorded[k] ?? null) !== stableStringify(expected[k] ?? null))
    .map((k) => `${k} ${String(recorded[k] ?? null)} (board: ${String(expected[k] ?? null)})`)
    .join(', ');
}

/**
 * The settings a judge's ranked verdicts must carry: the configured ones when `figboard.yml`
 * names the judge, else those most of its records carry (ties: the first in canonical order),
 * so one entry judged differently is flagged instead of silently mixed in.
 */
export function boardJudgeSettings(
  submissions: readonly LoadedSubmission[],
  configured: ReadonlyMap<string, JudgeSettings>,
): Map<string, JudgeSettings> {
  const counts = new Map<string, Map<string, { n: number; settings: JudgeSettings }>>();
  for (const sub of submissions)
    for (const run of sub.judgments)
      for (const r of run.records) {
        if (!r.settings) continue;
        const key = stableStringify(r.settings);
        const perJudge = counts.get(run.judge) ?? new Map();
        counts.set(run.judge, perJudge);
        const c = perJudge.get(key) ?? { n: 0, settings: r.settings };
        c.n += 1;
        perJudge.set(key, c);
      }
  const out = new Map<string, JudgeSettings>();
  for (const [judge, perJudge] of counts) {
    const best = [...perJudge.entries()].sort(
      ([ka, a], [kb, b]) => b.n - a.n || compareCodeUnits(ka, kb),
    )[0]!;
    out.set(judge, best[1].settings);
  }
  for (const [judge, s] of configured) out.set(judge, s);
  return out;
}
