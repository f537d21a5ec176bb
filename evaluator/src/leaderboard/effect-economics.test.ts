import { describe, expect, it } from 'vitest';
import type { Leaderboard } from '../schemas/leaderboard.schema.ts';
import { effectEconomics } from './effect-economics.ts';

type EffortRow = Leaderboard['effort'][number];

/** An effort row with only what the economics read. */
const effort = (
  medianTurns: number | null,
  costPerArtifact: number | null,
  costEstimated = false,
): EffortRow =>
  ({
    configuration: 'x',
    n: 1,
    formats: {},
    medianTurns,
    medianToolCalls: null,
    medianOutputTokens: null,
    medianTotalTokens: null,
    medianDurationS: null,
    costPerArtifact,
    totalCost: null,
    costEstimated,
  }) as EffortRow;

describe('effectEconomics (ReFigBench Table 4)', () => {
  it('reproduces the changes and ratios of Table 4 and the claims of the text', () => {
    // Direct → specialized: median turns and mean cost per artifact.
    const table4: [string, [number, number], [number, number]][] = [
      ['Claude Opus 4.6 (CC)', [16, 33], [1.88, 2.77]],
      ['MiMo-v2.5 (CC)', [24, 61], [0.57, 1.46]],
      ['MiniMax-M3 (CC)', [23, 43], [1.05, 2.07]],
      ['GPT-5.5 (Codex)', [7, 21], [1.01, 3.57]],
      ['GPT-5.5 (CC)', [10.5, 12], [0.57, 0.79]],
    ];
    const rows = table4.map(
      ([name, turns, cost]) =>
        [
          name,
          effectEconomics(
            effort(turns[0], cost[0], name.includes('Codex')),
            effort(turns[1], cost[1]),
          ),
        ] as const,
    );
    expect(
      rows.map(([name, e]) => [
        name,
        e.medianTurns.delta,
        Number(e.costPerArtifact.delta!.toFixed(2)),
        e.costEstimated,
      ]),
    ).toEqual([
      ['Claude Opus 4.6 (CC)', 17, 0.89, false],
      ['MiMo-v2.5 (CC)', 37, 0.89, false],
      ['MiniMax-M3 (CC)', 20, 1.02, false],
      ['GPT-5.5 (Codex)', 14, 2.56, true],
      ['GPT-5.5 (CC)', 1.5, 0.22, false],
    ]);
    // "raises the cost per artifact by a factor of 1.4 to 3.5"
    const costRatios = rows.map(([, e]) => e.costPerArtifact.ratio!);
    expect(Math.min(...costRatios).toFixed(1)).toBe('1.4');
    expect(Math.max(...costRatios).toFixed(1)).toBe('3.5');
    // "multiplies the median agent turns by roughly two to three in four of the five pairs"
    expect(rows.map(([, e]) => e.medianTurns.ratio!.toFixed(2))).toEqual([
      '2.06',
      '2.54',
      '1.87',
      '3.00',
      '1.14',
    ]);
  });

  it('gives nulls where a side has no effort, and no ratio from zero', () => {
    expect(effectEconomics(undefined, effort(4, 0.2))).toEqual({
      medianTurns: { from: null, to: 4, delta: null, ratio: null },
      costPerArtifact: { from: null, to: 0.2, delta: null, ratio: null },
      costEstimated: false,
    });
    expect(effectEconomics(effort(0, null, true), effort(3, 0.1))).toEqual({
      medianTurns: { from: 0, to: 3, delta: 3, ratio: null },
      costPerArtifact: { from: null, to: 0.1, delta: null, ratio: null },
      costEstimated: true,
    });
  });
});
