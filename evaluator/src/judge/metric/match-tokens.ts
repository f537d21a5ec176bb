import { editSimilarity } from './edit-similarity.ts';
import { solveAssignment } from './solve-assignment.ts';

/** A reference word paired with a slide word and how similar they are (1 = identical). */
export interface TokenMatch {
  reference: string;
  slide: string;
  similarity: number;
  /** What the pair earns: its similarity, or in strict mode only the part above the threshold. */
  credit: number;
}

/** Fuzzy bag-of-words comparison of reference text and slide text. */
export interface TokenMatching {
  matched: TokenMatch[];
  /** Reference words with no slide word similar enough. */
  missing: string[];
  /** Slide words that match no reference word (invented or garbled text). */
  extra: string[];
  /** Sum of similarities of matched pairs. */
  credit: number;
  /** credit / slide words (1 when the slide has no words and the reference has none). */
  precision: number;
  /** credit / reference words. */
  recall: number;
}

export interface MatchTokensOptions {
  /** Pairs less similar than this are no match (a garbled word earns nothing). Default 0.6. */
  threshold?: number;
  /** Largest side solved exactly after exact matches are removed; beyond it, greedy. Default 200. */
  exactLimit?: number;
  /**
   * A near match earns only its similarity above the threshold, rescaled to 0–1 (one wrong
   * letter in seven earns 0.64, not 0.86). For checked truth: its text and the slide's native
   * text are both exact, so a misspelling is the slide's error, not reading noise. Default false.
   */
  strict?: boolean;
}

/**
 * Matches reference words to slide words one-to-one so that the summed normalised edit
 * similarity is maximal: identical words first (always optimal to keep), then an optimal
 * assignment (Hungarian) over the rest. Precision and recall then make missing, garbled and
 * invented words all cost.
 */
export function matchTokens(
  reference: readonly string[],
  slide: readonly string[],
  options: MatchTokensOptions = {},
): TokenMatching {
  const threshold = options.threshold ?? 0.6;
  const exactLimit = options.exactLimit ?? 200;
  const creditOf = (s: number) => (options.strict === true ? (s - threshold) / (1 - threshold) : s);
  const matched: TokenMatch[] = [];
  // 1. Identical words, as a multiset intersection in reading order.
  const slideLeft = new Map<string, number[]>();
  slide.forEach((t, i) => {
    const list = slideLeft.get(t);
    if (list) list.push(i);
    else slideLeft.set(t, [i]);
  });
  const usedSlide = new Uint8Array(slide.length);
  const restRef: number[] = [];
  reference.forEach((t, i) => {
    const list = slideLeft.get(t);
    if (list && list.length > 0) {
      const j = list.shift()!;
      usedSlide[j] = 1;
      matched.push({ reference: t, slide: t, similarity: 1, credit: 1 });
    } else restRef.push(i);
  });
  const restSlide = slide.map((_, j) => j).filter((j) => !usedSlide[j]);
  const usedRef = new Uint8Array(reference.length);
  // 2. Near matches among the rest.
  if (restRef.length > 0 && restSlide.length > 0) {
    // The assignment maximises summed credit; a pair earning nothing is no match.
    const sim = (i: number, j: number) => {
      const s = editSimilarity(reference[i]!, slide[j]!);
      return s >= threshold ? creditOf(s) : 0;
    };
    const pairOf = (i: number, j: number, credit: number): TokenMatch => ({
      reference: reference[i]!,
      slide: slide[j]!,
      similarity: editSimilarity(reference[i]!, slide[j]!),
      credit,
    });
    if (Math.max(restRef.length, restSlide.length) <= exactLimit) {
      const w = restRef.map((i) => restSlide.map((j) => sim(i, j)));
      for (const pair of solveAssignment(w)) {
        const i = restRef[pair.row]!;
        const j = restSlide[pair.col]!;
        usedRef[i] = 1;
        usedSlide[j] = 1;
        matched.push(pairOf(i, j, pair.weight));
      }
    } else if (restRef.length * restSlide.length <= 1_000_000) {
      // Greedy on big inputs: each reference word takes its best free slide word. Words whose
      // lengths differ too much cannot reach the threshold (edit distance ≥ length difference).
      const len = (t: string) => Math.min(Array.from(t).length, 256);
      for (const i of restRef) {
        let best = 0;
        let bestJ = -1;
        const li = len(reference[i]!);
        for (const j of restSlide) {
          if (usedSlide[j]) continue;
          const lj = len(slide[j]!);
          if (Math.abs(li - lj) / Math.max(li, lj, 1) > 1 - threshold) continue;
          const s = sim(i, j);
          if (s > best) {
            best = s;
            bestJ = j;
          }
        }
        if (bestJ >= 0) {
          usedRef[i] = 1;
          usedSlide[bestJ] = 1;
          matched.push(pairOf(i, bestJ, best));
        }
      }
    }
  }
  const missing = restRef.filter((i) => !usedRef[i]).map((i) => reference[i]!);
  const extra = slide.filter((_, j) => !usedSlide[j]);
  const credit = matched.reduce((s, m) => s + m.credit, 0);
  const precision = slide.length === 0 ? (reference.length === 0 ? 1 : 0) : credit / slide.length;
  const recall = reference.length === 0 ? (slide.length === 0 ? 1 : 0) : credit / reference.length;
  return { matched, missing, extra, credit, precision, recall };
}

/** F-beta of precision and recall (β > 1 weighs recall more). 0 when both are 0. */
export function fBeta(precision: number, recall: number, beta = 1): number {
  const b2 = beta * beta;
  const den = b2 * precision + recall;
  return den === 0 ? 0 : ((1 + b2) * precision * recall) / den;
}
