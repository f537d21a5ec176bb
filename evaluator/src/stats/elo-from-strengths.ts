/** Elo points per unit of Bradley–Terry log-strength: 400 / ln 10. */
export const ELO_PER_BETA = 400 / Math.LN10;

/**
 * Maps Bradley–Terry strengths to the Elo scale with mean 1000 over the fitted items:
 * Elo_i = 1000 + 400/ln10 · (β_i − mean β) (ReFigBench Appendix J). NaN items stay NaN and do
 * not enter the mean.
 */
export function eloFromStrengths(beta: ArrayLike<number>): Float64Array {
  let sum = 0;
  let n = 0;
  for (let i = 0; i < beta.length; i++) {
    if (Number.isNaN(beta[i]!)) continue;
    sum += beta[i]!;
    n++;
  }
  const mean = n > 0 ? sum / n : 0;
  const out = new Float64Array(beta.length);
  for (let i = 0; i < beta.length; i++)
    out[i] = Number.isNaN(beta[i]!) ? Number.NaN : 1000 + ELO_PER_BETA * (beta[i]! - mean);
  return out;
}
