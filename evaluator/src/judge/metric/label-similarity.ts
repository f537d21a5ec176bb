import { editSimilarity } from './edit-similarity.ts';
import { matchTokens } from './match-tokens.ts';
import { normalizeText } from './tokenize-text.ts';

/**
 * How alike two labels are, in [0, 1]: the better of whole-string edit similarity and the
 * F1 of their fuzzy word matching, so "Transformer Block" ≈ "Transformer-Block" ≈
 * "Block Transformer" while "loop tpmorp" (a reversed "Prompt Pool") stays low.
 */
export function labelSimilarity(a: string, b: string): number {
  return preparedLabelSimilarity(prepareLabel(a), prepareLabel(b));
}

/** A label in the forms comparisons need, computed once per label instead of once per pair. */
export interface PreparedLabel {
  norm: string;
  tokens: string[];
  /** Character counts (Unicode code points folded into 64 buckets) for a cheap upper bound. */
  bag: Uint16Array;
  length: number;
}

/** F1 of fuzzy word matching; short labels take a cheap path, long ones the optimal matcher. */
function tokenF1(a: readonly string[], b: readonly string[]): number {
  if (a.length === 0 || b.length === 0) return 0;
  let credit: number;
  if (a.length <= 8 && b.length <= 8) {
    // Identical words first, then each remaining word of `a` takes its most similar free word of `b`.
    const used = new Uint8Array(b.length);
    const rest: string[] = [];
    credit = 0;
    for (const t of a) {
      const j = b.findIndex((u, k) => !used[k] && u === t);
      if (j >= 0) {
        used[j] = 1;
        credit += 1;
      } else rest.push(t);
    }
    for (const t of rest) {
      let best = 0;
      let bestJ = -1;
      for (let k = 0; k < b.length; k++) {
        if (used[k]) continue;
        const s = editSimilarity(t, b[k]!);
        if (s >= 0.6 && s > best) {
          best = s;
          bestJ = k;
        }
      }
      if (bestJ >= 0) {
        used[bestJ] = 1;
        credit += best;
      }
    }
  } else credit = matchTokens(a, b).credit;
  const p = credit / b.length;
  const r = credit / a.length;
  return p + r === 0 ? 0 : (2 * p * r) / (p + r);
}

/** Normalises a label once: canonical text, its words and a character bag for cheap bounds. */
export function prepareLabel(text: string): PreparedLabel {
  const norm = normalizeText(text.length > 4096 ? text.slice(0, 4096) : text);
  const bag = new Uint16Array(64);
  let length = 0;
  for (const ch of norm) {
    if (ch === ' ') continue;
    const k = ch.codePointAt(0)! % 64;
    bag[k] = bag[k]! + 1;
    length += 1;
  }
  return { norm, tokens: norm === '' ? [] : norm.split(' '), bag, length };
}

/**
 * `labelSimilarity` on prepared labels. Pairs whose character bags overlap too little to reach
 * `floor` are answered 0 without the quadratic comparisons: a slide with thousands of labels is
 * matched in bounded time. (Reordered words keep the bag, so they are never cut off.)
 */
export function preparedLabelSimilarity(a: PreparedLabel, b: PreparedLabel, floor = 0.4): number {
  if (a.norm === '' || b.norm === '') return a.norm === b.norm ? 1 : 0;
  if (a.norm === b.norm) return 1;
  let common = 0;
  for (let i = 0; i < 64; i++) common += Math.min(a.bag[i]!, b.bag[i]!);
  const bound = common / Math.max(a.length, b.length, 1);
  if (bound < floor) return 0;
  const f1 = tokenF1(a.tokens, b.tokens);
  // Whole-string edit similarity cannot exceed the bag bound: skip it when it cannot win.
  return bound <= f1 ? f1 : Math.max(f1, editSimilarity(a.norm, b.norm));
}
