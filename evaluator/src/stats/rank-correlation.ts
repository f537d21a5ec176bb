import { sampleCorrelation, sampleRankCorrelation } from 'simple-statistics';

/** Pearson correlation (simple-statistics); null for fewer than 3 pairs or a constant side. */
export function pearson(x: readonly number[], y: readonly number[]): number | null {
  if (x.length !== y.length || x.length < 3) return null;
  const r = sampleCorrelation(x as number[], y as number[]);
  return Number.isFinite(r) ? r : null;
}

/** Spearman ρ with mid-ranks for ties (simple-statistics); null as for `pearson`. */
export function spearman(x: readonly number[], y: readonly number[]): number | null {
  if (x.length !== y.length || x.length < 3) return null;
  const r = sampleRankCorrelation(x as number[], y as number[]);
  return Number.isFinite(r) ? r : null;
}

/**
 * Kendall τ-b (tie-corrected; simple-statistics has no Kendall): (C − D) / √((n0 − n1)(n0 − n2)).
 * O(n²), fine for configuration rankings. Null for fewer than 3 pairs or a constant side.
 */
export function kendallTauB(x: readonly number[], y: readonly number[]): number | null {
  const n = x.length;
  if (n !== y.length || n < 3) return null;
  let concordant = 0;
  let discordant = 0;
  let tiesX = 0;
  let tiesY = 0;
  for (let i = 0; i < n; i++) {
    for (let j = i + 1; j < n; j++) {
      const dx = Math.sign(x[i]! - x[j]!);
      const dy = Math.sign(y[i]! - y[j]!);
      if (dx === 0 && dy === 0) continue;
      if (dx === 0) tiesX++;
      else if (dy === 0) tiesY++;
      else if (dx === dy) concordant++;
      else discordant++;
    }
  }
  const denominator = Math.sqrt(
    (concordant + discordant + tiesX) * (concordant + discordant + tiesY),
  );
  return denominator > 0 ? (concordant - discordant) / denominator : null;
}
