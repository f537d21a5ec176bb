/**
 * Two-sided exact binomial test of k successes in n trials against p = 1/2 (R's `binom.test`:
 * the probability of every outcome no more likely than the observed one), and the 95% Wilson
 * score interval of the share k/n. For position-bias checks: does the left-shown side win more
 * often than chance?
 */
export function binomialTest(
  k: number,
  n: number,
): { share: number | null; ci: [number, number] | null; pValue: number | null } {
  if (n <= 0) return { share: null, ci: null, pValue: null };
  // log P(X = i) for X ~ Bin(n, 1/2), through log-factorials (exact enough for n in the millions).
  const logFact = new Float64Array(n + 1);
  for (let i = 1; i <= n; i++) logFact[i] = logFact[i - 1]! + Math.log(i);
  const logP = (i: number) => logFact[n]! - logFact[i]! - logFact[n - i]! - n * Math.LN2;
  const observed = logP(k);
  let p = 0;
  // Relative slack as in R, so outcomes tied with the observed one count despite rounding.
  for (let i = 0; i <= n; i++) if (logP(i) <= observed + 1e-7) p += Math.exp(logP(i));
  const z = 1.959963984540054;
  const phat = k / n;
  const denom = 1 + (z * z) / n;
  const centre = (phat + (z * z) / (2 * n)) / denom;
  const half = (z * Math.sqrt((phat * (1 - phat)) / n + (z * z) / (4 * n * n))) / denom;
  return {
    share: phat,
    ci: [Math.max(0, centre - half), Math.min(1, centre + half)],
    pValue: Math.min(1, p),
  };
}
