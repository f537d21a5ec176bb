import { describe, expect, it } from 'vitest';
import type { Annotation } from '../schemas/annotation.schema.ts';
import { Leaderboard } from '../schemas/leaderboard.schema.ts';
import type { StyleRecord } from '../schemas/style-record.schema.ts';
import { SubmissionManifest } from '../schemas/submission.schema.ts';
import { SuiteManifest } from '../schemas/suite.schema.ts';
import { scorersFor } from '../scorers/record-scorers.ts';
import { SCORER_VERSIONS } from '../scorers/scorer-registry.ts';
import { boardInputs } from './board-inputs.testkit.ts';
import { buildLeaderboard } from './build-leaderboard.ts';
import type { LeaderboardInputs, LoadedSubmission } from './leaderboard-inputs.ts';

// The hand-checked example of style/style-comparisons.test.ts, run through buildLeaderboard from
// annotation lines as annotations/*.jsonl hold them: three style entries on two references, an
// upper reference (up), a palette-and-font heuristic (heu) and matplotlib defaults (def).
const S: Record<string, [number, number]> = { up: [95, 92], heu: [75, 70], def: [60, 62] };
const TASKS = ['t1', 't2'];

function styleRecord(submission: string, task: string, s: number): StyleRecord {
  return {
    task,
    submission,
    split: 'hand-curated',
    status: 'ok',
    S: s,
    code: s,
    vision: s,
    criteria: { met: 1, total: 1, details: [] },
    defects: [],
    failure: null,
    scorers: scorersFor('style', SCORER_VERSIONS),
    inputHash: `${submission}/${task}`,
  };
}

function styleSubmission(id: string, suite = 'style-x'): LoadedSubmission {
  return {
    id,
    manifest: SubmissionManifest.parse({
      id,
      track: 'style',
      suite: { name: suite, version: '1.0.0' },
      team: `team ${id}`,
      contact: 'test@example.org',
      model: { name: `model-${id}`, provider: 'test', snapshot: 's' },
      harness: { name: 'script', version: '1' },
      workflow: { name: id, kind: 'other' },
      attempts: 1,
      date: '2026-01-01',
      license: 'MIT',
    }),
    judgments: [],
    artifacts: [],
    effort: [],
    style: (S[id] ?? [50, 50]).map((s, i) => styleRecord(id, TASKS[i]!, s)),
  };
}

const pair = (
  annotator: string,
  task: string,
  a: string,
  b: string,
  choice: Annotation['choice'],
): Annotation => ({
  track: 'style',
  task,
  a,
  b,
  shownOrder: 'AB',
  choice,
  tieKind: choice === 'tie' ? 'shared-success' : null,
  reason: 'style match',
  annotator,
  time: '2026-12-01T00:00:00Z',
});

function inputs(annotations: Annotation[], extra: LoadedSubmission[] = []): LeaderboardInputs {
  // one refig entry on its own suite (for the refig-entry-in-a-style-pair rule)
  const base = boardInputs(
    ['r1'],
    [
      {
        submission: 'refig-1',
        model: 'm',
        harness: 'h',
        workflow: 'direct',
        judgments: { gpt: [[50]] },
      },
    ],
  );
  const style = (name: string) =>
    SuiteManifest.parse({
      name,
      version: '1.0.0',
      track: 'style',
      description: 'test',
      taskCount: 2,
      tasks: TASKS,
      licensePolicy: 'synthetic',
      imageStats: null,
    });
  return {
    ...base,
    submissions: [
      ...base.submissions,
      ...['up', 'heu', 'def'].map((id) => styleSubmission(id)),
      ...extra,
    ],
    suites: [
      ...base.suites,
      ...['style-x', 'style-y'].map((name) => ({
        manifest: style(name),
        fields: [null, null],
        splits: [null, null],
      })),
    ],
    annotations: annotations.map((annotation, i) => ({
      annotation,
      file: 'annotations/style.jsonl',
      line: i + 1,
    })),
  };
}

const options = {
  primaryJudge: 'gpt',
  generatorVersion: 'test',
  bootstrapResamples: 500,
  eloResamples: 200,
};
const cfg = (id: string) => `model-${id}@s__script@1__${id}`;

describe('style comparisons on the board', () => {
  it('says "no annotations" and gives paired effects of S when no human has judged a pair', () => {
    const { leaderboard } = buildLeaderboard(inputs([]), options);
    Leaderboard.parse(leaderboard);
    const [section] = leaderboard.styleComparisons!;
    expect(section!.suite).toBe('style-x');
    expect(section!.human).toEqual({
      status: 'no-annotations',
      annotations: 0,
      annotators: 0,
      references: 0,
      elo: [],
      sVsWinRate: { n: 0, rho: null, pValue: null, exact: true },
      pairwise: { decided: 0, agree: null },
      interAnnotator: { overlaps: 0, agree: null, kappa: null },
    });
    // a = the higher mean S: up (93.5) > heu (72.5) > def (61); up − def: 35, 30 → 32.5
    expect(section!.effects.status).toBe('ok');
    expect(section!.effects.rows.map((r) => [r.a, r.b, r.n, r.delta])).toEqual([
      [cfg('up'), cfg('heu'), 2, 21],
      [cfg('up'), cfg('def'), 2, 32.5],
      [cfg('heu'), cfg('def'), 2, 11.5],
    ]);
    const upDef = section!.effects.rows[1]!;
    expect(upDef.ci[0]).toBeGreaterThanOrEqual(30);
    expect(upDef.ci[1]).toBeLessThanOrEqual(35);
    expect(upDef).toMatchObject({ significant: true, aBetter: 2, bBetter: 0, same: 0 });
  });

  it('computes the style Elo, win rates, S vs win rate and inter-annotator agreement from style pairs', () => {
    const { leaderboard, problems } = buildLeaderboard(
      inputs([
        pair('ann1', 't1', 'up', 'heu', 'A'),
        pair('ann2', 't1', 'up', 'heu', 'A'),
        pair('ann1', 't1', 'heu', 'def', 'A'),
        pair('ann2', 't1', 'heu', 'def', 'B'),
        pair('ann1', 't2', 'up', 'def', 'A'),
        pair('ann1', 't2', 'heu', 'def', 'tie'),
        pair('ann2', 't2', 'def', 'up', 'A'),
      ]),
      options,
    );
    expect(problems).toEqual([]);
    const h = leaderboard.styleComparisons![0]!.human;
    expect(h).toMatchObject({ status: 'ok', annotations: 7, annotators: 2, references: 2 });
    // up 3/4, def 2.5/5, heu 1.5/5 (see style-comparisons.test.ts)
    expect(h.elo.map((r) => [r.configuration, r.wins, r.losses, r.ties, r.winRate])).toEqual([
      [cfg('up'), 3, 1, 0, 0.75],
      [cfg('def'), 2, 2, 1, 0.5],
      [cfg('heu'), 1, 3, 1, 0.3],
    ]);
    expect(h.elo.every((r) => r.provisional)).toBe(true); // fewer than 30 pairs each
    expect(h.sVsWinRate).toEqual({ n: 3, rho: 0.5, pValue: 1, exact: true });
    expect(h.pairwise).toEqual({ decided: 6, agree: 0.6667 });
    expect(h.interAnnotator).toEqual({ overlaps: 3, agree: 0.3333, kappa: -0.5 });
    // refig statistics never see style pairs
    expect(leaderboard.elo.annotations).toBe(0);
  });

  it('reports every bad style pair by file:line and rule, and keeps the good ones', () => {
    const other = styleSubmission('other', 'style-y');
    const { leaderboard, problems } = buildLeaderboard(
      inputs(
        [
          pair('ann1', 't1', 'up', 'refig-1', 'A'), // a refig entry in a style pair
          pair('ann1', 't1', 'up', 'nobody', 'A'), // unknown submission
          pair('ann1', 't9', 'up', 'def', 'A'), // unknown reference
          pair('ann1', 't1', 'up', 'other', 'A'), // another suite
          { ...pair('ann1', 't1', 'up', 'def', 'A'), track: undefined }, // a style entry in a refig pair
          pair('ann1', 't1', 'up', 'def', 'A'), // good
        ],
        [other],
      ),
      options,
    );
    const rules = problems
      .filter((p) => p.file === 'annotations/style.jsonl')
      .map((p) => [p.line, p.rule]);
    expect(rules).toEqual([
      [5, 'annotation-submission-not-ranked'],
      [5, 'annotation-submission-not-ranked'],
      [1, 'style-annotation-refig-submission'],
      [2, 'annotation-unknown-submission'],
      [3, 'annotation-unknown-task'],
      [4, 'annotation-suite-mismatch'],
    ]);
    expect(problems.find((p) => p.rule === 'style-annotation-refig-submission')!.hint).toMatch(
      /track/,
    );
    expect(
      leaderboard.styleComparisons!.find((s) => s.suite === 'style-x')!.human.annotations,
    ).toBe(1);
    // a suite with one configuration has nothing to pair, and says so
    expect(leaderboard.styleComparisons!.find((s) => s.suite === 'style-y')!.effects).toEqual({
      status: 'fewer-than-two-configurations',
      pairs: 'all',
      rows: [],
    });
  });

  it('pairs neighbours in the S order only above 12 configurations, so the work stays linear', () => {
    const many = Array.from({ length: 14 }, (_, i) => {
      S[`e${i}`] = [2 * i, 2 * i + 1];
      return styleSubmission(`e${i}`);
    });
    const base = inputs([]);
    const all = buildLeaderboard(
      { ...base, submissions: [...base.submissions.slice(0, 1), ...many] },
      options,
    ).leaderboard.styleComparisons![0]!;
    expect(all.configurations).toHaveLength(14);
    expect(all.effects.pairs).toBe('adjacent');
    // e13 > e12 > … > e0, each by 2 points on both references
    expect(all.effects.rows.map((r) => [r.a, r.b, r.delta])).toEqual(
      Array.from({ length: 13 }, (_, k) => [cfg(`e${13 - k}`), cfg(`e${12 - k}`), 2]),
    );
    const few = buildLeaderboard(inputs([]), options).leaderboard.styleComparisons![0]!;
    expect(few.effects.pairs).toBe('all');
  });

  it('is deterministic: the same inputs give the same section', () => {
    const ann = [pair('ann1', 't1', 'up', 'heu', 'A'), pair('ann2', 't2', 'def', 'heu', 'B')];
    const a = buildLeaderboard(inputs(ann), options).leaderboard.styleComparisons;
    const b = buildLeaderboard(inputs(ann), options).leaderboard.styleComparisons;
    expect(JSON.stringify(a)).toBe(JSON.stringify(b));
  });
});
