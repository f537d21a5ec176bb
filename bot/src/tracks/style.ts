import { readJsonl } from '@figboard/evaluator/records';
import { StyleJudgmentRecord } from '@figboard/evaluator/schemas';
import { buildStyleScorecardView } from '../views/style-scorecard-view.ts';
import type { BotTrack } from './bot-track.ts';

/**
 * The style track: `style.jsonl` scored by the deterministic style-code and style-vision
 * scorers, `judgments/` holding the LLM vision judges' `StyleJudgmentRecord`s.
 */
export const STYLE_BOT_TRACK: BotTrack = {
  id: 'style',
  judgmentRecords: 'style judgment records',
  async readJudgmentRun(path, id, into) {
    const read = await readJsonl(path, StyleJudgmentRecord);
    into.styleJudgments.push(...read.records.filter((r) => r.submission === id));
    return new Set(read.problems.map((p) => p.file)).size;
  },
  answered(sub) {
    // `missing` = no figure.py; a script that failed in the sandbox was answered (and scored 0)
    const unanswered = sub.style.filter((r) => r.status === 'missing').map((r) => r.task);
    return { answered: sub.style.length - unanswered.length, total: sub.style.length, unanswered };
  },
  view(bundle, sub) {
    // likeness compares decks: a refig notion (the insights hold no style comparison)
    return { similarity: null, style: buildStyleScorecardView(bundle.provisional, sub) };
  },
  deterministicOnly:
    'Scored by the deterministic style-code and style-vision scorers only. A maintainer can start the LLM vision judges with `/approve-judging`.',
};
