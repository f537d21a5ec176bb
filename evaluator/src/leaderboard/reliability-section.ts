import type { Leaderboard } from '../schemas/leaderboard.schema.ts';
import { icc21 } from '../stats/icc.ts';
import { kendallTauB, spearman } from '../stats/rank-correlation.ts';
import type { JudgeSeries } from './collect-judge-scores.ts';
import { judgedInEveryRun, runStats } from './configuration-rows.ts';
import { cmp, type ConfigurationUnit } from './resolve-configurations.ts';

/** All judge series of all configurations: unit id → judge id → series. */
export type SeriesIndex = Map<string, Map<string, JudgeSeries>>;

/**
 * Judge reliability (ReFigBench Appendix L): ICC(2,1) of task scores across runs for every
 * judge and configuration, over the tasks judged in every run (`n` of them: missing and
 * gate-failed tasks are 0 in every run and would inflate it), and Spearman/Kendall agreement of
 * the three-run configuration means between every two judges of different families.
 */
export function reliabilitySection(
  units: readonly ConfigurationUnit[],
  series: SeriesIndex,
  judges: readonly { id: string; family: string }[],
): Leaderboard['judgeReliability'] {
  const icc: Leaderboard['judgeReliability']['icc'] = [];
  for (const judge of judges) {
    for (const unit of units) {
      const s = series.get(unit.id)?.get(judge.id);
      if (!s) continue;
      const n = unit.suite.manifest.tasks.length;
      const k = s.runs.length;
      const rows = judgedInEveryRun(s, n).map((i) => Float64Array.from(s.final, (f) => f[i]!));
      const r = icc21(rows, k);
      icc.push({ judge: judge.id, configuration: unit.id, icc: r.icc, runs: k, n: r.n });
    }
  }
  const families: Leaderboard['judgeReliability']['families'] = [];
  for (let x = 0; x < judges.length; x++) {
    for (let y = x + 1; y < judges.length; y++) {
      const a = judges[x]!;
      const b = judges[y]!;
      if (a.family === b.family) continue;
      const ma: number[] = [];
      const mb: number[] = [];
      for (const unit of units) {
        const sa = series.get(unit.id)?.get(a.id);
        const sb = series.get(unit.id)?.get(b.id);
        if (!sa || !sb) continue;
        const n = unit.suite.manifest.tasks.length;
        ma.push(runStats(sa, n).mean);
        mb.push(runStats(sb, n).mean);
      }
      families.push({
        a: a.id,
        b: b.id,
        familyA: a.family,
        familyB: b.family,
        spearman: spearman(ma, mb),
        kendall: kendallTauB(ma, mb),
        n: ma.length,
      });
    }
  }
  icc.sort((p, q) => cmp(p.judge, q.judge) || cmp(p.configuration, q.configuration));
  return { icc, families };
}
