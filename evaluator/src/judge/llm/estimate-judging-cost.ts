import type { PriceTable } from '../../effort/price-table.ts';
import { tokenCostUsd } from '../../judging/token-cost.ts';
import { MAX_JUDGE_IMAGE_SIDE } from '../../image/encode-data-url.ts';

/** An LLM judge a maintainer is about to approve: its runs and its configured prices. */
export interface JudgeToEstimate {
  id: string;
  model: string;
  runs: number;
  prices: PriceTable | undefined;
}

/** One artifact that would be judged: the prompt's text length and the two images' sizes. */
export interface TaskToJudge {
  /** Characters of text in the request (system prompt, object summary, slide-text block). */
  promptChars: number;
  /** Source figure and rendering, in pixels, before the judge's downscaling. */
  images: readonly { width: number; height: number }[];
}

/** What earlier verdicts of a judge used, from the committed records (`usage`). */
export interface JudgeHistory {
  judgments: number;
  inputTokens: number;
  outputTokens: number;
}

/** The estimate for one judge, as the bot shows it before `/approve-judging`. */
export interface JudgingEstimate {
  judge: string;
  model: string;
  /** Artifacts to judge (those that passed the gate; missing and gate-failed ones cost nothing). */
  tasks: number;
  runs: number;
  inputTokensPerJudgment: number;
  outputTokensPerJudgment: number;
  /** `history`: means of this judge's earlier verdicts; `prompt`: counted from this entry's requests. */
  basis: 'history' | 'prompt';
  /** tasks × runs × tokens × the configured prices; null when the judge has no prices. */
  costUsd: number | null;
}

/** Earlier verdicts needed before their means replace the prompt count. */
export const MIN_HISTORY = 10;
/**
 * Output tokens per verdict without history: the JSON reply (score, five subscores, errors,
 * editability, reason: about 300 tokens) plus reasoning at low effort (a few hundred). A guess,
 * labelled as such; the first judged entries replace it with measured means.
 */
export const DEFAULT_OUTPUT_TOKENS = 800;
/** Characters per token of English and JSON text (OpenAI's rule of thumb). */
const CHARS_PER_TOKEN = 4;

/**
 * Image tokens by OpenAI's rule for `detail: high`: the image (already fitted to the judge's
 * 1,568-pixel side) is fitted into 2,048 × 2,048, then its short side scaled to 768; every
 * 512 × 512 tile costs 170 tokens, plus 85.
 */
export function imageTokens(width: number, height: number, maxSide = MAX_JUDGE_IMAGE_SIDE): number {
  let w = width;
  let h = height;
  const fit = (limit: number) => {
    const s = Math.min(1, limit / Math.max(w, h));
    w *= s;
    h *= s;
  };
  fit(maxSide);
  fit(2048);
  const short = Math.min(w, h);
  if (short > 768) {
    const s = 768 / short;
    w *= s;
    h *= s;
  }
  return 85 + 170 * Math.ceil(w / 512) * Math.ceil(h / 512);
}

/**
 * Estimated tokens and cost of judging an entry with each LLM judge: tokens per verdict from
 * that judge's earlier verdicts when there are enough of them, else counted from this entry's
 * requests (text at four characters a token, images by OpenAI's high-detail rule, output
 * `DEFAULT_OUTPUT_TOKENS`), times the artifacts to judge and the runs, priced with the judge's
 * configured price table (input and output; no caching assumed, so an upper bound).
 */
export function estimateJudgingCost(
  judges: readonly JudgeToEstimate[],
  tasks: readonly TaskToJudge[],
  history: ReadonlyMap<string, JudgeHistory>,
): JudgingEstimate[] {
  const counted =
    tasks.length === 0
      ? 0
      : tasks.reduce(
          (s, t) =>
            s +
            Math.ceil(t.promptChars / CHARS_PER_TOKEN) +
            t.images.reduce((a, i) => a + imageTokens(i.width, i.height), 0),
          0,
        ) / tasks.length;
  return judges.map((j) => {
    const h = history.get(j.id);
    const fromHistory = h !== undefined && h.judgments >= MIN_HISTORY;
    const input = Math.round(fromHistory ? h.inputTokens / h.judgments : counted);
    const output = Math.round(fromHistory ? h.outputTokens / h.judgments : DEFAULT_OUTPUT_TOKENS);
    const n = tasks.length * j.runs;
    const costUsd = j.prices ? n * tokenCostUsd(j.prices, input, output) : null;
    return {
      judge: j.id,
      model: j.model,
      tasks: tasks.length,
      runs: j.runs,
      inputTokensPerJudgment: input,
      outputTokensPerJudgment: output,
      basis: fromHistory ? 'history' : 'prompt',
      costUsd: costUsd === null ? null : Math.round(costUsd * 100) / 100,
    };
  });
}
