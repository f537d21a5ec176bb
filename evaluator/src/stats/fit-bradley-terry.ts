/** Aggregated pairwise outcomes of k items: wins[i*k + j] = times i beat j, a tie adding ½ to
 * both wins[i*k+j] and wins[j*k+i] (ReFigBench: a tie is half a win to each side). */
export interface PairwiseCounts {
  k: number;
  wins: Float64Array;
}

export interface BradleyTerryFit {
  /** Log-strengths, mean 0 over the fitted items; NaN for items without comparisons. */
  beta: Float64Array;
  iterations: number;
  converged: boolean;
}

export interface BradleyTerryOptions {
  /** Gaussian (ridge) prior strength λ on β: 0 = plain maximum likelihood. */
  ridge?: number;
  maxIterations?: number;
  /** Stop when the largest gradient component is below this. */
  tolerance?: number;
}

/** Adds one annotation to counts; `outcome` 1 = i won, 0 = j won, 0.5 = tie. Presentation order
 * plays no part, which makes the fit order-invariant. */
export function addComparison(
  counts: PairwiseCounts,
  i: number,
  j: number,
  outcome: 0 | 0.5 | 1,
  weight = 1,
): void {
  counts.wins[i * counts.k + j]! += outcome * weight;
  counts.wins[j * counts.k + i]! += (1 - outcome) * weight;
}

/**
 * Bradley–Terry maximum likelihood, P(i beats j) = σ(β_i − β_j), by Newton's method with step
 * halving on the (concave) log-likelihood. Items without any comparison are left out (β = NaN).
 * The plain MLE exists only when every item has both won and lost against the strongly connected
 * rest; otherwise pass `ridge` > 0 (a weak N(0, 1/λ) prior) to keep the estimate finite.
 */
export function fitBradleyTerry(
  counts: PairwiseCounts,
  options: BradleyTerryOptions = {},
): BradleyTerryFit {
  const { k, wins } = counts;
  const ridge = options.ridge ?? 0;
  const maxIterations = options.maxIterations ?? 200;
  const tolerance = options.tolerance ?? 1e-11;
  // Active items: those with at least one comparison.
  const active: number[] = [];
  for (let i = 0; i < k; i++) {
    let n = 0;
    for (let j = 0; j < k; j++) if (j !== i) n += wins[i * k + j]! + wins[j * k + i]!;
    if (n > 0) active.push(i);
  }
  const m = active.length;
  const beta = new Float64Array(k).fill(Number.NaN);
  if (m === 0) return { beta, iterations: 0, converged: true };
  if (m === 1) {
    beta[active[0]!] = 0;
    return { beta, iterations: 0, converged: true };
  }
  const w = new Float64Array(m * m);
  for (let a = 0; a < m; a++)
    for (let b = 0; b < m; b++) if (a !== b) w[a * m + b] = wins[active[a]! * k + active[b]!]!;
  const b = new Float64Array(m);
  const grad = new Float64Array(m);
  const hess = new Float64Array(m * m);
  const loglik = (x: Float64Array): number => {
    let ll = 0;
    for (let i = 0; i < m; i++) {
      for (let j = 0; j < m; j++) {
        const wij = w[i * m + j]!;
        if (i === j || wij === 0) continue;
        // log σ(x_i − x_j), computed stably
        const d = x[i]! - x[j]!;
        ll += wij * (d > 0 ? -Math.log1p(Math.exp(-d)) : d - Math.log1p(Math.exp(d)));
      }
      ll -= (ridge / 2) * x[i]! * x[i]!;
    }
    return ll;
  };
  let iterations = 0;
  let converged = false;
  let current = loglik(b);
  for (; iterations < maxIterations; iterations++) {
    grad.fill(0);
    hess.fill(0);
    for (let i = 0; i < m; i++) {
      for (let j = i + 1; j < m; j++) {
        const nij = w[i * m + j]! + w[j * m + i]!;
        if (nij === 0) continue;
        const p = 1 / (1 + Math.exp(b[j]! - b[i]!));
        const g = w[i * m + j]! - nij * p;
        grad[i]! += g;
        grad[j]! -= g;
        const h = nij * p * (1 - p);
        hess[i * m + i]! += h;
        hess[j * m + j]! += h;
        hess[i * m + j]! -= h;
        hess[j * m + i]! -= h;
      }
      grad[i]! -= ridge * b[i]!;
      hess[i * m + i]! += ridge;
    }
    let gmax = 0;
    for (let i = 0; i < m; i++) gmax = Math.max(gmax, Math.abs(grad[i]!));
    if (gmax < tolerance) {
      converged = true;
      break;
    }
    // The likelihood is shift-invariant, so −H is singular along 1; adding 1·1ᵀ pins the step to
    // mean zero without changing it on the orthogonal complement (the gradient sums to 0 there).
    if (ridge === 0) for (let i = 0; i < m * m; i++) hess[i]! += 1;
    const step = solveLinear(hess, grad, m);
    if (step === null) break;
    let t = 1;
    const trial = new Float64Array(m);
    for (let halvings = 0; halvings < 60; halvings++) {
      for (let i = 0; i < m; i++) trial[i] = b[i]! + t * step[i]!;
      const value = loglik(trial);
      if (value >= current - 1e-12 * Math.abs(current)) {
        current = value;
        b.set(trial);
        break;
      }
      t /= 2;
    }
    if (t < 1e-15) break;
  }
  let mean = 0;
  for (let i = 0; i < m; i++) mean += b[i]!;
  mean /= m;
  for (let a = 0; a < m; a++) beta[active[a]!] = b[a]! - mean;
  return { beta, iterations, converged };
}

/** Solves A x = y (A is m×m, row-major) by Gaussian elimination with partial pivoting; null if singular. */
function solveLinear(A: Float64Array, y: Float64Array, m: number): Float64Array | null {
  const a = Float64Array.from(A);
  const x = Float64Array.from(y);
  for (let col = 0; col < m; col++) {
    let pivot = col;
    for (let r = col + 1; r < m; r++)
      if (Math.abs(a[r * m + col]!) > Math.abs(a[pivot * m + col]!)) pivot = r;
    if (Math.abs(a[pivot * m + col]!) < 1e-300) return null;
    if (pivot !== col) {
      for (let c = 0; c < m; c++) {
        const tmp = a[col * m + c]!;
        a[col * m + c] = a[pivot * m + c]!;
        a[pivot * m + c] = tmp;
      }
      const tmp = x[col]!;
      x[col] = x[pivot]!;
      x[pivot] = tmp;
    }
    const d = a[col * m + col]!;
    for (let r = col + 1; r < m; r++) {
      const f = a[r * m + col]! / d;
      if (f === 0) continue;
      for (let c = col; c < m; c++) a[r * m + c]! -= f * a[col * m + c]!;
      x[r]! -= f * x[col]!;
    }
  }
  for (let r = m - 1; r >= 0; r--) {
    let s = x[r]!;
    for (let c = r + 1; c < m; c++) s -= a[r * m + c]! * x[c]!;
    x[r] = s / a[r * m + r]!;
  }
  return x;
}

/**
 * True when the "beat at least partly" graph (edge i→j when i has a win or a tie against j) on
 * the items with comparisons is strongly connected: the condition for the plain MLE to exist.
 */
export function isStronglyConnected(counts: PairwiseCounts): boolean {
  const { k, wins } = counts;
  const active: number[] = [];
  for (let i = 0; i < k; i++) {
    let n = 0;
    for (let j = 0; j < k; j++) if (j !== i) n += wins[i * k + j]! + wins[j * k + i]!;
    if (n > 0) active.push(i);
  }
  if (active.length <= 1) return true;
  const reach = (forward: boolean): number => {
    const seen = new Set<number>([active[0]!]);
    const stack = [active[0]!];
    while (stack.length > 0) {
      const i = stack.pop()!;
      for (const j of active) {
        if (seen.has(j)) continue;
        const edge = forward ? wins[i * k + j]! : wins[j * k + i]!;
        if (edge > 0) {
          seen.add(j);
          stack.push(j);
        }
      }
    }
    return seen.size;
  };
  return reach(true) === active.length && reach(false) === active.length;
}
