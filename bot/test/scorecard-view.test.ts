import { describe, expect, it } from 'vitest';
import { boardInputs } from '@figboard/evaluator/testkit';
import { buildLeaderboard } from '@figboard/evaluator/leaderboard';
import type { ResultsBundle } from '../src/results-bundle.ts';
import { buildScorecardView } from '../src/views/scorecard-view.ts';

const TASKS = ['t1', 't2', 't3', 't4'];
const RUBRIC = { T: 25, S: 25, L: 15, E: 25, V: 10 };

function bundle(staleEntry: boolean): { bundle: ResultsBundle; id: string } {
  const axes = (k: number) => ({ T: 10 + k, S: 12, L: 8, E: 15, V: 5 });
  const inputs = boardInputs(TASKS, [
    {
      submission: 'entry',
      model: 'Model E',
      harness: 'Claude Code',
      workflow: 'direct',
      judgments: { metric: [TASKS.map((_, i) => axes(i))] },
    },
    {
      submission: 'other',
      model: 'Model O',
      harness: 'Claude Code',
      workflow: 'direct',
      judgments: { metric: [TASKS.map((_, i) => axes(i + 1))] },
    },
  ]);
  for (const s of inputs.submissions)
    for (const run of s.judgments)
      for (const r of run.records) {
        r.rubric = { ...RUBRIC };
        // The entry judged by an evaluator older than scorer versions.
        if (staleEntry && s.id === 'entry') r.scorers = {};
      }
  const { leaderboard } = buildLeaderboard(inputs, {
    primaryJudge: 'metric',
    generatorVersion: 'test',
    bootstrapResamples: 200,
    rubric: RUBRIC,
  });
  const entry = inputs.submissions[0]!;
  return {
    id: entry.id,
    bundle: {
      dir: '.',
      insights: null,
      manifest: {
        schemaVersion: 1,
        pr: { number: 1, headSha: 'a'.repeat(40) },
        submissions: [entry.id],
        llmJudged: false,
        runUrl: null,
        notes: [],
      },
      submissions: [
        {
          id: entry.id,
          track: 'refig',
          validation: null,
          artifacts: [],
          judgments: entry.judgments.flatMap((j) => j.records),
          style: [],
          styleJudgments: [],
        },
      ],
      provisional: leaderboard,
      current: null,
      problems: [],
    },
  };
}

describe('scorecard view', () => {
  it("reads the axis maxima from the board's rubric, never from a literal", () => {
    const { bundle: b, id } = bundle(false);
    const view = buildScorecardView(b, b.submissions.find((s) => s.id === id)!);
    expect(view.axisHeads).toEqual(['T /25', 'S /25', 'L /15', 'E /25', 'V /10']);
    expect(view.axisCis!.map((a) => [a.axis, a.max])).toEqual([
      ['T', 25],
      ['S', 25],
      ['L', 15],
      ['E', 25],
      ['V', 10],
    ]);
    expect(view.judges[0]!.rank).toMatch(/^\d of 2 \(95% interval \d–\d\)$/);
    expect(view.rescoring).toEqual([]);
  });

  it('says when the entry cannot be ranked because its records were made by another scorer version', () => {
    const { bundle: b, id } = bundle(true);
    const view = buildScorecardView(b, b.submissions.find((s) => s.id === id)!);
    expect(view.judges).toEqual([]);
    expect(view.rescoring).toEqual([
      {
        records: '<code>judgments/metric</code>',
        // Markdown-escaped: the bot neutralises every string it prints.
        detail: expect.stringMatching(
          /^4 record\\\(s\\\) made by no scorer version \\\(older evaluator\\\); the board needs audit \d+, metric \d+$/,
        ),
      },
    ]);
  });
});
