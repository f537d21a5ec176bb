import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { solveAssignment } from './solve-assignment.ts';

/** Best total weight by trying every injective assignment (small matrices only). */
function bruteForce(w: number[][]): number {
  const rows = w.length;
  const cols = w[0]?.length ?? 0;
  let best = 0;
  const used = new Array<boolean>(cols).fill(false);
  const go = (i: number, acc: number) => {
    if (i === rows) {
      best = Math.max(best, acc);
      return;
    }
    go(i + 1, acc); // row i left unassigned
    for (let j = 0; j < cols; j++) {
      if (used[j]) continue;
      used[j] = true;
      go(i + 1, acc + w[i]![j]!);
      used[j] = false;
    }
  };
  go(0, 0);
  return best;
}

describe('solveAssignment', () => {
  it('finds the maximum-weight matching, not the greedy one', () => {
    // Greedy would take (0,0)=10 and then (1,1)=1: total 11. Optimal: (0,1)+(1,0) = 9+9 = 18.
    const pairs = solveAssignment([
      [10, 9],
      [9, 1],
    ]);
    expect(pairs).toEqual([
      { row: 0, col: 1, weight: 9 },
      { row: 1, col: 0, weight: 9 },
    ]);
  });

  it('handles rectangular matrices both ways and drops worthless pairs', () => {
    expect(solveAssignment([[0, 5, 0]])).toEqual([{ row: 0, col: 1, weight: 5 }]);
    expect(solveAssignment([[0], [5], [0]])).toEqual([{ row: 1, col: 0, weight: 5 }]);
    expect(solveAssignment([[0, 0]])).toEqual([]);
    expect(solveAssignment([])).toEqual([]);
  });

  it('matches brute force on random small matrices', () => {
    fc.assert(
      fc.property(
        fc
          .integer({ min: 1, max: 5 })
          .chain((r) =>
            fc
              .integer({ min: 1, max: 5 })
              .chain((c) =>
                fc.array(
                  fc.array(fc.integer({ min: 0, max: 20 }), { minLength: c, maxLength: c }),
                  { minLength: r, maxLength: r },
                ),
              ),
          ),
        (w) => {
          const pairs = solveAssignment(w);
          const rows = new Set(pairs.map((p) => p.row));
          const cols = new Set(pairs.map((p) => p.col));
          expect(rows.size).toBe(pairs.length);
          expect(cols.size).toBe(pairs.length);
          expect(pairs.reduce((s, p) => s + p.weight, 0)).toBe(bruteForce(w));
        },
      ),
      { numRuns: 300, seed: 7 },
    );
  });
});
