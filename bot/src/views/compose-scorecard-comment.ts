import { inlineCode, inlineText } from '@figboard/evaluator/util';
import type { ResultsBundle } from '../results-bundle.ts';
import { BOT_TRACKS } from '../tracks/index.ts';
import { renderReport } from './render-report.ts';
import { buildScorecardView, type PreviewLinks } from './scorecard-view.ts';

/**
 * The body of the sticky comment for a results bundle: validation, scorecards, what happens next
 * and the footer. The bot posts it (`handlers/evaluation-completed.ts`) and `refig scorecard`
 * prints it, so what a submitter sees locally is the comment CI will post.
 */
export function composeScorecardComment(
  bundle: ResultsBundle,
  opts: {
    marker: string;
    maxChars: number;
    links: PreviewLinks | null;
    /** The pull request's head moved on since these results were made. */
    stale: boolean;
    /** Notes beyond the bundle's own (already neutralised). */
    extraNotes?: readonly string[];
  },
): string {
  const validations = bundle.submissions.flatMap((s) => (s.validation ? [s.validation] : []));
  const notes = [
    ...bundle.manifest.notes.map((n) => inlineText(n, 500)),
    ...(opts.extraNotes ?? []),
  ];
  const scorecards = bundle.submissions.map((s) => buildScorecardView(bundle, s, opts.links));
  const short = inlineCode(bundle.manifest.pr.headSha.slice(0, 12));
  const pending = opts.stale
    ? `These results are for an older commit (${short}); the newest push is being evaluated.`
    : bundle.manifest.llmJudged
      ? undefined
      : [...new Set(bundle.submissions.map((s) => BOT_TRACKS[s.track].deterministicOnly))].join(
          ' ',
        ) || undefined;
  return renderReport(
    {
      marker: opts.marker,
      validations,
      scorecards,
      pending,
      bundleProblems: bundle.problems.map((p) => inlineCode(p, 300)),
      notes,
      footer: `FigBoard bot · results for commit ${short}${bundle.manifest.runUrl ? ` · [workflow run](${encodeURI(bundle.manifest.runUrl)})` : ''}`,
    },
    opts.maxChars,
  );
}
