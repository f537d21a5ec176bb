import type { SubmissionManifest } from '@figboard/evaluator/schemas';
import type { ResultsBundle, SubmissionResults } from '../results-bundle.ts';
import type { ScorecardView } from '../views/scorecard-view.ts';

/** A track's id (the evaluator's `TrackId`: `track` of `submission.yml`). */
export type TrackId = SubmissionManifest['track'];

/**
 * What the bot does differently per track: how a judge run file of an entry is read, what the
 * entry answered, the track's part of the scorecard and the line shown before the LLM judges
 * ran. The registry (`tracks/index.ts`) is keyed by the evaluator's track id; the loader and the
 * views look the track up there and never branch on the id.
 */
export interface BotTrack {
  id: TrackId;
  /** Reads `judgments/<judge>/run-<k>.jsonl` into `into`, keeping the entry's lines; returns the unreadable lines. */
  readJudgmentRun(
    path: string,
    id: string,
    into: Pick<SubmissionResults, 'judgments' | 'styleJudgments'>,
  ): Promise<number>;
  /** What the lines of a judge run file are, for the bundle's problem list ("judgment records"). */
  judgmentRecords: string;
  /** Suite tasks the entry has a record for, and those it answered (an output file to score). */
  answered(sub: SubmissionResults): { answered: number; total: number; unanswered: string[] };
  /** The track's own part of the scorecard (likeness to other decks, style scores). */
  view(bundle: ResultsBundle, sub: SubmissionResults): Pick<ScorecardView, 'similarity' | 'style'>;
  /** Shown while only the deterministic scorers have run (before `/approve-judging`). */
  deterministicOnly: string;
}
