import { describe, expect, it } from 'vitest';
import type { Annotation } from '../schemas/annotation.schema.ts';
import { binomialTest } from '../stats/binomial-test.ts';
import { boardInputs, type ConfigSpec } from './board-inputs.testkit.ts';
import { buildLeaderboard } from './build-leaderboard.ts';

const TASKS = Array.from({ length: 30 }, (_, i) => `t${String(i).padStart(2, '0')}`);
const CONFIGS: ConfigSpec[] = Array.from({ length: 10 }, (_, k) => ({
  submission: `entry-${k}`,
  model: `Model ${k}`,
  harness: 'Claude Code',
  workflow: 'direct',
  judgments: {},
}));

function annotation(
  i: number,
  a: string,
  b: string,
  choice: Annotation['choice'],
  shownOrder: Annotation['shownOrder'] = 'AB',
  tieKind: Annotation['tieKind'] = null,
): Annotation {
  return {
    task: TASKS[i % TASKS.length]!,
    a,
    b,
    shownOrder,
    choice,
    tieKind: choice === 'tie' ? (tieKind ?? 'shared-success') : null,
    reason: 'test',
    annotator: `ann${i % 7}`,
    time: '2026-03-01T10:00:00Z',
  };
}

function board(annotations: Annotation[]) {
  return buildLeaderboard(boardInputs(TASKS, CONFIGS, annotations), {
    primaryJudge: 'metric',
    generatorVersion: 'test',
    eloResamples: 50,
  }).leaderboard;
}

describe('human preference statistics beyond Elo', () => {
  it('comparison-graph coverage as ReFigBench Appendix J reports it: all 45 pairs, 36 with at least 20 annotations', () => {
    const anns: Annotation[] = [];
    let pair = 0;
    for (let x = 0; x < 10; x++) {
      for (let y = x + 1; y < 10; y++) {
        const count = pair < 36 ? 20 : 5; // nine sparse pairs
        for (let c = 0; c < count; c++)
          anns.push(annotation(anns.length, `entry-${x}`, `entry-${y}`, c % 3 === 0 ? 'B' : 'A'));
        pair++;
      }
    }
    expect(board(anns).elo.coverage).toEqual({
      configurations: 10,
      pairs: 45,
      covered: 45,
      atLeastThreshold: 36,
      threshold: 20,
    });
    // A pair with no annotation is not covered.
    const fewer = anns.filter((a) => !(a.a === 'entry-0' && a.b === 'entry-1'));
    expect(board(fewer).elo.coverage).toMatchObject({ covered: 44, atLeastThreshold: 35 });
  });

  it('keeps shared-success and shared-failure ties apart (ReFigBench Appendix F), per row and in total', () => {
    const anns = [
      annotation(0, 'entry-0', 'entry-1', 'tie', 'AB', 'shared-success'),
      annotation(1, 'entry-0', 'entry-1', 'tie', 'BA', 'shared-failure'),
      annotation(2, 'entry-0', 'entry-2', 'tie', 'AB', 'shared-failure'),
      annotation(3, 'entry-1', 'entry-2', 'A'),
    ];
    const elo = board(anns).elo;
    expect(elo.tieKinds).toEqual({ sharedSuccess: 1, sharedFailure: 2 });
    const row = (id: string) => elo.rows.find((r) => r.configuration.startsWith(id))!;
    expect([
      row('model-0').ties,
      row('model-0').sharedSuccess,
      row('model-0').sharedFailure,
    ]).toEqual([3, 1, 2]);
    expect([row('model-1').sharedSuccess, row('model-1').sharedFailure]).toEqual([1, 1]);
    expect([row('model-2').sharedSuccess, row('model-2').sharedFailure]).toEqual([0, 1]);
  });

  it('checks position bias from shownOrder: the left-shown side won 60 of 100 decisive annotations', () => {
    const anns: Annotation[] = [];
    for (let i = 0; i < 100; i++) {
      // A is on the left in half of them; the left side wins 60 times in all.
      const leftIsA = i % 2 === 0;
      const leftWins = i < 60;
      const choice = leftWins === leftIsA ? 'A' : 'B';
      anns.push(annotation(i, 'entry-3', 'entry-4', choice, leftIsA ? 'AB' : 'BA'));
    }
    anns.push(annotation(100, 'entry-3', 'entry-4', 'tie', 'AB', 'shared-success'));
    const bias = board(anns).elo.positionBias!;
    expect(bias.decisive).toBe(100);
    expect(bias.leftWins).toBe(60);
    expect(bias.share).toBe(0.6);
    // R: binom.test(60, 100)$p.value = 0.05689; Wilson 95% interval [0.5020, 0.6906].
    expect(bias.pValue).toBeCloseTo(0.0569, 4);
    expect(bias.ci![0]).toBeCloseTo(0.502, 3);
    expect(bias.ci![1]).toBeCloseTo(0.6906, 4);
  });

  it('the exact binomial test matches known values', () => {
    expect(binomialTest(5, 10).pValue).toBeCloseTo(1, 12);
    expect(binomialTest(0, 10).pValue).toBeCloseTo(2 / 1024, 12);
    expect(binomialTest(9, 10).pValue).toBeCloseTo(22 / 1024, 12);
    expect(binomialTest(0, 0)).toEqual({ share: null, ci: null, pValue: null });
  });
});
