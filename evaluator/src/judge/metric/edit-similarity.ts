/** Longest string compared character by character; longer strings are cut (bounded time). */
export const MAX_COMPARED_CHARS = 256;

/**
 * Levenshtein distance between two strings (code points), with both cut to
 * `MAX_COMPARED_CHARS` so a hostile 1 MB label cannot stall scoring. Two-row DP, O(n·m).
 */
export function editDistance(a: string, b: string): number {
  const x = Array.from(a).slice(0, MAX_COMPARED_CHARS);
  const y = Array.from(b).slice(0, MAX_COMPARED_CHARS);
  if (x.length === 0) return y.length;
  if (y.length === 0) return x.length;
  let prev = new Array<number>(y.length + 1);
  let curr = new Array<number>(y.length + 1);
  for (let j = 0; j <= y.length; j++) prev[j] = j;
  for (let i = 1; i <= x.length; i++) {
    curr[0] = i;
    for (let j = 1; j <= y.length; j++) {
      const sub = prev[j - 1]! + (x[i - 1] === y[j - 1] ? 0 : 1);
      curr[j] = Math.min(sub, prev[j]! + 1, curr[j - 1]! + 1);
    }
    [prev, curr] = [curr, prev];
  }
  return prev[y.length]!;
}

/** Normalised edit similarity 1 − d / max(|a|, |b|) in [0, 1]; two empty strings are equal (1). */
export function editSimilarity(a: string, b: string): number {
  const la = Math.min(Array.from(a).length, MAX_COMPARED_CHARS);
  const lb = Math.min(Array.from(b).length, MAX_COMPARED_CHARS);
  const longest = Math.max(la, lb);
  if (longest === 0) return 1;
  return 1 - editDistance(a, b) / longest;
}
