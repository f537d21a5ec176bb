/**
 * Cohen's κ between two raters' labels of the same items, with the raw agreement.
 * κ = (p_o − p_e) / (1 − p_e); null when there are no items or chance agreement is 1.
 */
export function cohenKappa<L extends string>(
  a: readonly L[],
  b: readonly L[],
): { kappa: number | null; agreement: number | null; n: number } {
  const n = Math.min(a.length, b.length);
  if (n === 0) return { kappa: null, agreement: null, n: 0 };
  const ca = new Map<L, number>();
  const cb = new Map<L, number>();
  let same = 0;
  for (let i = 0; i < n; i++) {
    if (a[i] === b[i]) same++;
    ca.set(a[i]!, (ca.get(a[i]!) ?? 0) + 1);
    cb.set(b[i]!, (cb.get(b[i]!) ?? 0) + 1);
  }
  const po = same / n;
  let pe = 0;
  for (const [label, count] of ca) pe += (count / n) * ((cb.get(label) ?? 0) / n);
  const kappa = 1 - pe > 1e-12 ? (po - pe) / (1 - pe) : null;
  return { kappa, agreement: po, n };
}
