/**
 * The candidate a misspelt name most likely meant, or null: the same name in another case
 * (`DETR` → `detr`), a name it extends or shortens at a `-`/`_`/`.` boundary (`detr-pipeline` →
 * `detr`), else the nearest by edit distance (insertions, deletions, substitutions and swaps of
 * two neighbours) within a quarter of the name's length (at least 1, at most 3). Ties go to the
 * candidate first in code-unit order, so the suggestion never depends on input order.
 */
export function didYouMean(name: string, candidates: Iterable<string>): string | null {
  const list = [...new Set(candidates)].filter((c) => c !== name).sort();
  if (list.length === 0) return null;
  const lower = name.toLowerCase();
  const sameCase = list.find((c) => c.toLowerCase() === lower);
  if (sameCase) return sameCase;
  // one name extends the other at a word boundary: prefer the longest shared stem
  const boundary = (long: string, short: string) =>
    short.length >= 2 &&
    ((long.startsWith(short) && /[-_.]/.test(long[short.length] ?? '')) ||
      (long.endsWith(short) && /[-_.]/.test(long[long.length - short.length - 1] ?? '')));
  const stems = list.filter((c) => {
    const cl = c.toLowerCase();
    return boundary(lower, cl) || boundary(cl, lower);
  });
  if (stems.length > 0) return stems.sort((a, b) => b.length - a.length || (a < b ? -1 : 1))[0]!;
  const limit = Math.min(3, Math.max(1, Math.floor(name.length / 4)));
  let best: string | null = null;
  let bestDistance = limit + 1;
  for (const c of list) {
    if (Math.abs(c.length - name.length) > limit) continue;
    const d = editDistance(lower, c.toLowerCase());
    if (d < bestDistance) {
      best = c;
      bestDistance = d;
    }
  }
  return best;
}

/** Optimal string alignment distance (Damerau–Levenshtein with adjacent swaps). */
function editDistance(a: string, b: string): number {
  const rows = a.length + 1;
  const cols = b.length + 1;
  const d = Array.from({ length: rows }, (_, i) => {
    const row = new Array<number>(cols).fill(0);
    row[0] = i;
    return row;
  });
  for (let j = 0; j < cols; j++) d[0]![j] = j;
  for (let i = 1; i < rows; i++) {
    for (let j = 1; j < cols; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let v = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        v = Math.min(v, d[i - 2]![j - 2]! + 1);
      d[i]![j] = v;
    }
  }
  return d[a.length]![b.length]!;
}
