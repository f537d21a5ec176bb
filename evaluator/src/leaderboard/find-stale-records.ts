import type { Problem } from '../errors/problem.ts';
import {
  describeScorers,
  judgmentKind,
  type RecordScorers,
  sameScorers,
  scorersFor,
} from '../scorers/record-scorers.ts';
import type { ScorerVersions } from '../scorers/scorer-registry.ts';
import type { LoadedSubmission } from './leaderboard-inputs.ts';

/** Records of one submission made by other scorer versions than the board's. */
export interface StaleRecords {
  submission: string;
  /** `judgments/<judge>`, `artifacts` (gate + audit) or `style`. */
  records: string;
  /** The judge whose ranking leaves the entry out; null for `artifacts` and `style`. */
  judge: string | null;
  /** Records of another version. */
  count: number;
  /** The versions they carry (distinct, sorted) and the versions the board needs. */
  recorded: string[];
  expected: string;
}

/**
 * Finds every results file of a submission holding records made by other scorer versions than
 * `versions` (a record without versions counts as another version). Such records are never
 * ranked with current ones: the caller leaves the entry out of the rankings they feed and lists
 * it as needing rescoring, with an error naming the submission and the command that fixes it.
 */
export function findStaleRecords(
  submission: LoadedSubmission,
  versions: ScorerVersions,
  problems: Problem[],
): StaleRecords[] {
  const out: StaleRecords[] = [];
  const check = (
    records: readonly { scorers?: RecordScorers | undefined }[],
    expected: RecordScorers,
    what: string,
    judge: string | null,
  ) => {
    const recorded = new Set<string>();
    let count = 0;
    for (const r of records) {
      if (sameScorers(r.scorers, expected)) continue;
      count += 1;
      recorded.add(describeScorers(r.scorers));
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
  const byJudge = new Map<string, { scorers?: RecordScorers | undefined }[]>();
  for (const run of submission.judgments)
    byJudge.set(run.judge, [...(byJudge.get(run.judge) ?? []), ...run.records]);
  for (const judge of [...byJudge.keys()].sort())
    check(
      byJudge.get(judge)!,
      scorersFor(judgmentKind(judge), versions),
      `judgments/${judge}`,
      judge,
    );
  check(submission.artifacts, scorersFor('artifact', versions), 'artifacts', null);
  check(submission.style, scorersFor('style', versions), 'style', null);

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
      file: `submissions/${s.submission}/results/${s.records === 'artifacts' ? 'artifacts.jsonl' : s.records === 'style' ? 'style.jsonl' : s.records}`,
      message: `${s.count} record(s) made by ${s.recorded.join('; ')}, this board needs ${s.expected}: the entry is ${left} until it is rescored (${command})`,
      hint: command,
    });
  }
  return out;
}
