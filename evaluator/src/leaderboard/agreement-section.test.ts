import { describe, expect, it } from 'vitest';
import type { Leaderboard } from '../schemas/leaderboard.schema.ts';
import { agreementSection, matchupOf } from './agreement-section.ts';
import type { JudgeSeries } from './collect-judge-scores.ts';
import { resolveOptions } from './leaderboard-options.ts';
import type { SeriesIndex } from './reliability-section.ts';
import type { ResolvedAnnotation } from './resolve-annotations.ts';
import type { ConfigurationUnit } from './resolve-configurations.ts';

const TASKS = ['t1', 't2', 't3'];
const suite = {
  manifest: { name: 'mini', tasks: TASKS },
  fields: [null, null, null],
  splits: [],
} as unknown as ConfigurationUnit['suite'];

/** A configuration with only what the agreement section reads. */
const unit = (id: string, model: string, harness: string): ConfigurationUnit =>
  ({
    id,
    suite,
    submissions: [],
    manifest: { model: { name: model }, harness: { name: harness } },
    taskIndex: new Map(TASKS.map((t, i) => [t, i])),
  }) as unknown as ConfigurationUnit;

const direct = unit('m__cc__direct', 'M', 'cc');
const spec = unit('m__cc__skill', 'M', 'cc');
const other = unit('n__codex__direct', 'N', 'codex');
const sameModelOtherHarness = unit('m__codex__direct', 'M', 'codex');

/** One judge, one run, per-task finals. */
const series = (finals: number[]): JudgeSeries =>
  ({
    judge: 'j',
    family: 'f',
    model: 'm',
    runs: [1],
    final: [Float64Array.from(finals)],
  }) as unknown as JudgeSeries;

const ann = (
  task: string,
  a: ConfigurationUnit,
  b: ConfigurationUnit,
  choice: 'A' | 'B' | 'tie',
): ResolvedAnnotation =>
  ({
    source: {
      annotation: { task, a: a.id, b: b.id, choice },
      file: 'annotations/x.jsonl',
      line: 1,
    },
    a,
    b,
    task: TASKS.indexOf(task),
    outcome: choice === 'A' ? 1 : choice === 'B' ? 0 : 0.5,
  }) as unknown as ResolvedAnnotation;

describe('agreement section: matchups and intervals', () => {
  it('classifies matchups as ReFigBench Appendix K does', () => {
    expect(matchupOf(direct, spec)).toBe('workflow');
    expect(matchupOf(spec, direct)).toBe('workflow');
    expect(matchupOf(direct, other)).toBe('cross');
    // same model, other harness: a harness matchup is "across configurations" in the paper
    expect(matchupOf(direct, sameModelOtherHarness)).toBe('cross');
  });

  it('computes agreement by matchup and cluster intervals over tasks, by hand', () => {
    const idx: SeriesIndex = new Map([
      [direct.id, new Map([['j', series([50, 60, 70])]])],
      [spec.id, new Map([['j', series([55, 58, 90])]])],
      [other.id, new Map([['j', series([40, 80, 20])]])],
    ]);
    const annotations = [
      ann('t1', direct, spec, 'B'), // margin −5, human B: agrees (workflow)
      ann('t2', direct, spec, 'A'), // margin +2, human A: agrees (workflow)
      ann('t3', spec, other, 'B'), // margin +70, human B: disagrees (cross)
      ann('t2', other, direct, 'A'), // margin +20, human A: agrees (cross)
      ann('t1', other, spec, 'tie'), // not decisive
    ];
    const elo = { rows: [] } as unknown as Leaderboard['elo'];
    const out = agreementSection(
      annotations,
      idx,
      ['j'],
      new Map(),
      elo,
      resolveOptions({ primaryJudge: 'j', generatorVersion: 't', agreementResamples: 2000 }),
    );
    const single = out.byMatchup.filter((r) => r.mode === 'single-run');
    expect(single).toEqual([
      // both workflow annotations agree, in tasks t1 and t2: every resample gives 1
      { judge: 'j', mode: 'single-run', matchup: 'workflow', n: 2, agree: 1, ci: [1, 1] },
      // t3 (0/1) and t2 (1/1): resamples of two tasks give 0, 1/2 or 1, each end with p 1/4
      { judge: 'j', mode: 'single-run', matchup: 'cross', n: 2, agree: 0.5, ci: [0, 1] },
    ]);
    const rows = out.byMargin
      .filter((r) => r.mode === 'single-run')
      .map((r) => [r.bucket, r.n, r.agree, r.ci]);
    expect(rows).toEqual([
      ['[0,2)', 0, null, null],
      ['[2,5)', 1, 1, [1, 1]],
      ['[5,10)', 1, 1, [1, 1]],
      // +70 in t3 and +20 in t2
      ['[10,inf)', 2, 0.5, [0, 1]],
      // t1 1/1, t2 2/2, t3 0/1: drawing t3 three times (p 1/27 > 2.5%) gives 0, no t3 gives 1
      ['all', 4, 0.75, [0, 1]],
    ]);
    // one run: the run-mean rows carry the same numbers
    expect(
      out.byMatchup
        .filter((r) => r.mode === 'run-mean')
        .map((r) => [r.matchup, r.n, r.agree, r.ci]),
    ).toEqual(single.map((r) => [r.matchup, r.n, r.agree, r.ci]));
  });
});
