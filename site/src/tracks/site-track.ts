import type { Leaderboard } from '@figboard/evaluator/schemas';
import type { CompareBoard, CompareData } from '../data/compare-data.ts';
import type { SubmissionEntry, TaskEntry } from '../data/load-site-data.ts';

/** The tracks the site publishes (the `track` of a submission and of a suite). */
export type SiteTrackId = Leaderboard['suites'][number]['track'];

/** The parts of a board the track modules read (pages pass the board entry, without tasks). */
type TrackBoard = Pick<Leaderboard, 'configurations' | 'submissions' | 'style'>;

/**
 * What differs between tracks on the site, in one place per track (site/src/tracks/<id>.ts), so
 * pages and data readers ask the track instead of testing its id.
 */
export interface SiteTrack {
  id: SiteTrackId;
  /**
   * Entries of a suite for its switcher tab: refig ranks configurations (one row per id), style
   * lists its submissions.
   */
  suiteEntries(board: TrackBoard, suite: string): { sample: boolean }[];
  /**
   * Entries to count when `suiteEntries` found none: a style board row names its submission, so a
   * suite that only has style rows still counts them. Refig: 0.
   */
  rowOnlyEntries(board: TrackBoard, inSuite: (submission: string) => boolean): number;
  /** Ranked per judge: the suite has `leaderboard/<judge>/<suite>/` pages (refig only). */
  rankedPerJudge: boolean;
  /**
   * What `results/judgments/` of a submission holds: the primary judge's verdicts on decks
   * (refig), or the LLM vision judges' defect records (style).
   */
  judgments: 'primary-judge' | 'vision-judges';
  /** Submission pages and the annotate-style pool show reference beside output (style). */
  styleRows: boolean;
  /** A configuration's page is this track's submission when it has one on both tracks (refig). */
  ownsConfigurationPage: boolean;
  /** The compare page's part for this track. */
  compare: {
    /** The compare data of one of the track's suites. */
    data(
      board: CompareBoard,
      tasks: readonly TaskEntry[],
      submissions: readonly SubmissionEntry[],
      suite: string,
      urls: { tasks: string; submissions: string },
    ): CompareData;
    /** Ranked agent entries (role `entry`) on a suite: the empty state links to suites with two. */
    agentEntries(board: CompareBoard, suite: string): number;
    /** What the page calls one pick. */
    noun: string;
    /** How the paired measure reads, in the lead's parenthesis. */
    measureNote(judge: string): string;
    /** Where a task cell leads. */
    taskNote: string;
  };
}
