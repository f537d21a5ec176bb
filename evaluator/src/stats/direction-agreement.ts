/** Margin buckets of ReFigBench Tables 6, 17 and 19 (absolute judge margin, points). */
export const MARGIN_BUCKETS = [
  { label: '[0,2)', lo: 0, hi: 2 },
  { label: '[2,5)', lo: 2, hi: 5 },
  { label: '[5,10)', lo: 5, hi: 10 },
  { label: '[10,inf)', lo: 10, hi: Number.POSITIVE_INFINITY },
] as const;

/** One decisive human preference with the judge's margin score(A) − score(B). */
export interface DecisivePair {
  /** Human choice: A or B preferred. */
  choice: 'A' | 'B';
  margin: number;
}

export interface AgreementBucket {
  bucket: string;
  n: number;
  /** Fraction where sign(margin) matches the human choice; null when n = 0. */
  agree: number | null;
}

/**
 * Direction agreement between judge margins and decisive human choices, by |margin| bucket and
 * overall (`all`). With `excludeZero` (three-run means) zero margins are dropped, as in Table 19;
 * otherwise a zero margin counts as disagreement, as in Table 17 (the judge did not pick the
 * human's side).
 */
export function directionAgreement(
  pairs: readonly DecisivePair[],
  excludeZero: boolean,
): AgreementBucket[] {
  const n = new Array<number>(MARGIN_BUCKETS.length).fill(0);
  const agree = new Array<number>(MARGIN_BUCKETS.length).fill(0);
  for (const p of pairs) {
    if (!countsForAgreement(p, excludeZero)) continue;
    const b = marginBucket(p.margin);
    n[b]!++;
    if (judgeAgrees(p)) agree[b]!++;
  }
  const rows: AgreementBucket[] = MARGIN_BUCKETS.map((x, b) => ({
    bucket: x.label,
    n: n[b]!,
    agree: n[b]! > 0 ? agree[b]! / n[b]! : null,
  }));
  const total = n.reduce((s, v) => s + v, 0);
  const totalAgree = agree.reduce((s, v) => s + v, 0);
  rows.push({ bucket: 'all', n: total, agree: total > 0 ? totalAgree / total : null });
  return rows;
}

/** Whether a decisive pair enters the agreement: a real margin, and not zero when zeros are excluded. */
export function countsForAgreement(p: DecisivePair, excludeZero: boolean): boolean {
  return !Number.isNaN(p.margin) && !(excludeZero && p.margin === 0);
}

/** Index into `MARGIN_BUCKETS` of a margin's absolute value. */
export function marginBucket(margin: number): number {
  const m = Math.abs(margin);
  return MARGIN_BUCKETS.findIndex((x) => m >= x.lo && m < x.hi);
}

/** True when the sign of the judge margin matches the human choice (a zero margin never does). */
export function judgeAgrees(p: DecisivePair): boolean {
  return (p.margin > 0 && p.choice === 'A') || (p.margin < 0 && p.choice === 'B');
}

/** Three-class label of a judge margin: a tie when |margin| ≤ threshold. */
export function judgeLabel(margin: number, tieThreshold: number): 'A' | 'B' | 'tie' {
  if (Math.abs(margin) <= tieThreshold) return 'tie';
  return margin > 0 ? 'A' : 'B';
}
