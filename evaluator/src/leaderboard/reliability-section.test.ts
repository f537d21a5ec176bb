import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { icc21 } from '../stats/icc.ts';
import { boardInputs, type TaskVerdict } from './board-inputs.testkit.ts';
import { collectJudgeScores } from './collect-judge-scores.ts';
import { runStats } from './configuration-rows.ts';
import { reliabilitySection, type SeriesIndex } from './reliability-section.ts';
import { resolveConfigurations } from './resolve-configurations.ts';

/** ICC rows and the run SD of one configuration judged by `gpt` in the given runs. */
function reliabilityOf(runs: TaskVerdict[][]) {
  const tasks = runs[0]!.map((_, i) => `t${String(i).padStart(3, '0')}`);
  const inputs = boardInputs(tasks, [
    {
      submission: 'entry',
      model: 'M',
      harness: 'H',
      workflow: 'direct',
      judgments: { gpt: runs },
    },
  ]);
  const { units } = resolveConfigurations(inputs.submissions, inputs.suites, []);
  const series: SeriesIndex = new Map();
  for (const u of units)
    series.set(u.id, new Map(collectJudgeScores(u, []).map((s) => [s.judge, s])));
  const s = series.get(units[0]!.id)!.get('gpt')!;
  const icc = reliabilitySection(units, series, [{ id: 'gpt', family: 'openai' }]).icc[0]!;
  return { icc, runs: runStats(s, tasks.length) };
}

/** `k` runs of `n` judged tasks: a task effect plus run noise (scores on the 0–100 scale). */
const judgedRuns = (k: number) =>
  fc
    .array(
      fc.record({
        task: fc.double({ min: 20, max: 90, noNaN: true }),
        noise: fc.array(fc.double({ min: -8, max: 8, noNaN: true }), {
          minLength: k,
          maxLength: k,
        }),
      }),
      { minLength: 3, maxLength: 40 },
    )
    .map((rows) =>
      Array.from({ length: k }, (_, r) => rows.map((x) => x.task + x.noise[r]!) as TaskVerdict[]),
    );

describe('judge reliability over the tasks judged in every run (ReFigBench Appendix L)', () => {
  it('ICC(2,1) and the per-task run SD do not move (1e-9) when missing or gate-failed tasks are added', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 3 }).chain((k) =>
          fc.tuple(
            judgedRuns(k),
            fc.array(
              fc.record({
                at: fc.nat(),
                kind: fc.constantFrom<TaskVerdict>('missing', 'gate-failed'),
              }),
              { minLength: 1, maxLength: 12 },
            ),
          ),
        ),
        ([runs, extra]) => {
          const before = reliabilityOf(runs);
          const grown = runs.map((r) => [...r]);
          for (const { at, kind } of extra) {
            const pos = at % (grown[0]!.length + 1);
            for (const r of grown) r.splice(pos, 0, kind); // the same task in every run
          }
          const after = reliabilityOf(grown);
          expect(after.icc.n).toBe(before.icc.n);
          expect(after.runs.judged).toBe(before.runs.judged);
          if (before.icc.icc === null) expect(after.icc.icc).toBeNull();
          else expect(Math.abs(after.icc.icc! - before.icc.icc)).toBeLessThanOrEqual(1e-9);
          expect(Math.abs(after.runs.taskSd! - before.runs.taskSd!)).toBeLessThanOrEqual(1e-9);
        },
      ),
      { numRuns: 150, seed: 13 },
    );
  });

  it("the issue's example: 100 judged tasks at ICC ≈ 0.77 stay there with 10 missing tasks, which as zero rows would read ≈ 0.95", () => {
    // Task effects spread ±12, run noise ±5.5: an ICC near the paper's 0.78–0.89 range.
    const judged = Array.from({ length: 100 }, (_, i) => 60 + 12 * Math.sin(i * 2.1));
    const noise = (i: number, r: number) => 5.5 * Math.sin(i * 5.3 + r * 2.9);
    const runs: TaskVerdict[][] = [0, 1, 2].map((r) => [
      ...judged.map((v, i) => v + noise(i, r)),
      ...new Array<TaskVerdict>(10).fill('missing'),
    ]);
    const { icc, runs: stats } = reliabilityOf(runs);
    expect(icc.n).toBe(100);
    expect(stats.judged).toBe(100);
    expect(icc.icc!).toBeCloseTo(0.768, 3);
    // The old computation (zeros as rows) inflates it.
    const withZeros = [
      ...judged.map((v, i) => Float64Array.from([0, 1, 2], (r) => v + noise(i, r))),
      ...Array.from({ length: 10 }, () => new Float64Array(3)),
    ];
    expect(icc21(withZeros, 3).icc!).toBeCloseTo(0.951, 3);
  });

  it('a task a judge failed in one run is left out of both (n counts only tasks judged in every run)', () => {
    const runs: TaskVerdict[][] = [
      [70, 50, 80, 'failed', 'gate-failed'],
      [72, 48, 79, 65, 'gate-failed'],
      [69, 53, 82, 66, 'gate-failed'],
    ];
    const { icc, runs: stats } = reliabilityOf(runs);
    expect(icc.n).toBe(3);
    expect(stats.judged).toBe(3);
    // per-run means keep missing/gate-failed tasks as 0 (they stay in every mean)
    expect(stats.perRun[1]).toBeCloseTo((72 + 48 + 79 + 65 + 0) / 5, 9);
  });
});
