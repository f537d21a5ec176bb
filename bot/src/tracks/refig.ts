import { readJsonl } from '@figboard/evaluator/records';
import { type BundleInsights, JudgmentRecord } from '@figboard/evaluator/schemas';
import { formatNumber, inlineCode, inlineText } from '@figboard/evaluator/util';
import type { ScorecardView } from '../views/scorecard-view.ts';
import type { BotTrack } from './bot-track.ts';

const VERDICT = { identical: 'identical decks', 'near-duplicate': 'near-duplicate decks' } as const;

/** The refig track: slides judged by the metric judge and the LLM judges; decks compared for likeness. */
export const REFIG_BOT_TRACK: BotTrack = {
  id: 'refig',
  judgmentRecords: 'judgment records',
  async readJudgmentRun(path, id, into) {
    const read = await readJsonl(path, JudgmentRecord);
    into.judgments.push(...read.records.filter((r) => r.submission === id));
    return new Set(read.problems.map((p) => p.file)).size;
  },
  answered(sub) {
    const unanswered = sub.artifacts.filter((a) => a.status !== 'ok').map((a) => a.task);
    return {
      answered: sub.artifacts.length - unanswered.length,
      total: sub.artifacts.length,
      unanswered,
    };
  },
  view(bundle, sub) {
    const insight = bundle.insights?.entries.find((e) => e.submission === sub.id) ?? null;
    return { similarity: insight ? similarityView(insight) : null, style: null };
  },
  deterministicOnly:
    'Scored by the metric judge only. A maintainer can start the LLM judges with `/approve-judging`.',
};

function similarityView(
  insight: BundleInsights['entries'][number],
): NonNullable<ScorecardView['similarity']> {
  const name = (s: BundleInsights['entries'][number]['similar'][number]) =>
    `${inlineCode(s.submission)} (${inlineText(s.team, 80)})`;
  const flagged = insight.similar
    .filter((s) => s.verdict !== null)
    .map((s) => ({
      verdict: VERDICT[s.verdict!],
      name: name(s),
      detail: `${s.identicalDecks} of ${s.commonTasks} common tasks byte-identical, ${s.nearDecks} more with the same objects at the same places${s.renderCompared > 0 ? `; ${s.nearRenders} of ${s.renderCompared} renderings look the same` : ''}`,
    }));
  const top = insight.similar[0];
  return {
    compared: insight.similar.length,
    suite: inlineCode(insight.suite),
    flagged,
    closest:
      flagged.length === 0 && top
        ? `${name(top)}: layout similarity ${formatNumber(top.layoutSimilarity, 2)}${top.renderCompared > 0 ? `, ${top.nearRenders} of ${top.renderCompared} renderings look the same` : ''}`
        : null,
  };
}
