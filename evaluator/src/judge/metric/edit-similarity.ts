/** Longest string compared character by character; longer strings are cut (bounded time). */
export const MAX_COMPARED_CHARS = 256;

// Two DP rows reused across calls (the metric judge compares many short labels).
let prevRow = new Int32Array(MAX_COMPARED_CHARS + 1);
let currRow = new Int32Array(MAX_COMPARED_CHARS + 1);
const SURROGATE = /[\uD800-\uDFFF]/;

/** Code units of `s` (code points when it has astral characters), cut to MAX_COMPARED_CHARS. */
function units(s: string): ArrayLike<number> {
  if (!SURROGATE.test(s)) {
    const n = Math.min(s.length, MAX_COMPARED_CHARS);
    const out = new Uint16Array(n);
    for (let i = 0; i < n; i++) out[i] = s.charCodeAt(i);
    return out;
  }
  return Array.from(s)
    .slice(0, MAX_COMPARED_CHARS)
    .map((c) => c.codePointAt(0)!);
}

/**
 * Levenshtein distance between two strings (code points), with both cut to
 * `MAX_COMPARED_CHARS` so a hostile 1 MB label cannot stall scoring. Two-row DP, O(n·m).
 */
export function editDistance(a: string, b: string): number {
  const x = units(a);
  const y = units(b);
  if (x.length === 0) return y.length;
  if (y.length === 0) return x.length;
  let prev = prevRow;
  let curr = currRow;
  for (let j = 0; j <= y.length; j++) prev[j] = j;
  for (let i = 1; i <= x.length; i++) {
    curr[0] = i;
    const xi = x[i - 1];
    for (let j = 1; j <= y.length; j++) {
      const sub = prev[j - 1]! + (xi === y[j - 1] ? 0 : 1);
      const del = prev[j]! + 1;
      const ins = curr[j - 1]! + 1;
      curr[j] = sub < del ? Math.min(sub, ins) : Math.min(del, ins);
    }
    [prev, curr] = [curr, prev];
  }
  const d = prev[y.length]!;
  prevRow = prev;
  currRow = curr;
  return d;
}

/** Normalised edit similarity 1 − d / max(|a|, |b|) in [0, 1]; two empty strings are equal (1). */
export function editSimilarity(a: string, b: string): number {
  const la = Math.min(SURROGATE.test(a) ? Array.from(a).length : a.length, MAX_COMPARED_CHARS);
  const lb = Math.min(SURROGATE.test(b) ? Array.from(b).length : b.length, MAX_COMPARED_CHARS);
  const longest = Math.max(la, lb);
  if (longest === 0) return 1;
  return 1 - editDistance(a, b) / longest;
}
