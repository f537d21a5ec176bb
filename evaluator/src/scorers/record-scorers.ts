import type { ScorerId, ScorerVersions } from './scorer-registry.ts';

/** The scorer versions one record carries (`scorers` of a results record). */
export type RecordScorers = Partial<Record<ScorerId, number>>;

/** What kind of record: which scorers decide it. */
export type RecordKind = 'artifact' | 'metric' | 'llm' | 'style' | 'style-llm' | 'effort';

const DECIDED_BY: Record<RecordKind, readonly ScorerId[]> = {
  // A judgment depends on the audit too (its object summary and gate), so it names both.
  artifact: ['audit'],
  metric: ['audit', 'metric'],
  llm: ['audit', 'llm'],
  style: ['style-code', 'style-vision'],
  // A style judgment is made on a style record (its rendering, S_code, deterministic defects).
  'style-llm': ['style-code', 'style-vision', 'style-llm-vision'],
  effort: ['effort'],
};

/**
 * The versions a record of `kind` carries under `versions`: the scorers that decide it, in a
 * fixed order. Goes into the record's input hash and into the record itself.
 */
export function scorersFor(kind: RecordKind, versions: ScorerVersions): RecordScorers {
  return Object.fromEntries(DECIDED_BY[kind].map((id) => [id, versions[id]])) as RecordScorers;
}

/** The record kind of a judge's judgments: `metric` for the built-in metric judge, else `llm`. */
export function judgmentKind(judge: string): 'metric' | 'llm' {
  return judge === 'metric' ? 'metric' : 'llm';
}

/**
 * True when a record made under `recorded` versions counts as made by `expected` (same version
 * for every scorer in `expected`). A record without versions (made before they were recorded)
 * never does.
 */
export function sameScorers(recorded: RecordScorers | undefined, expected: RecordScorers): boolean {
  if (!recorded) return false;
  return Object.entries(expected).every(([id, v]) => recorded[id as ScorerId] === v);
}

/** "audit 1, metric 2", or a note for records made before versions were recorded. */
export function describeScorers(scorers: RecordScorers | undefined): string {
  if (!scorers || Object.keys(scorers).length === 0) return 'no scorer version (older evaluator)';
  return Object.entries(scorers)
    .map(([id, v]) => `${id} ${v}`)
    .join(', ');
}
