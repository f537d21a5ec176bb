import type { LoadedConfig } from '@figboard/evaluator/config';
import type { TaskToJudge } from '@figboard/evaluator/judge';
import type { LoadedSubmission } from '@figboard/evaluator/leaderboard';
import type { SubmissionManifest } from '@figboard/evaluator/schemas';
import type { LoadedSuite } from '@figboard/evaluator/suite';

/** A track's id (the evaluator's `TrackId`: `track` of `submission.yml`). */
export type TrackId = SubmissionManifest['track'];

/**
 * What the Action does differently per track: which suite tasks it shards over, whether shard
 * results can be merged, what an answered task holds, whether decks are compared for likeness,
 * and what the LLM judges would be asked (the cost estimate). The registry (`tracks/index.ts`)
 * is keyed by the evaluator's track id; nothing else in the Action branches on the id.
 */
export interface ActionTrack {
  id: TrackId;
  /** The suite's tasks as the evaluate pipeline sees them (sharding and merging use this list). */
  suiteTaskIds(suite: LoadedSuite): string[];
  /** Shard results of this track can be merged into one results folder (else: shard-count 1). */
  mergesShards: boolean;
  /** Tasks of the entry without an output to score (records say so), sorted. */
  unanswered(sub: LoadedSubmission): string[];
  /** Its entries are compared with the suite's other entries for identical or near-identical decks. */
  comparesDecks: boolean;
  /** What an LLM judge of the track would be sent: one request per answer it would judge. */
  judgeRequests(
    repoDir: string,
    sub: LoadedSubmission,
    config: LoadedConfig,
  ): Promise<TaskToJudge[]>;
}
