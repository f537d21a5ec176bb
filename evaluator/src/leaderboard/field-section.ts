import type { ConfigurationRow, Leaderboard } from '../schemas/leaderboard.schema.ts';
import type { LoadedSuiteInfo } from './leaderboard-inputs.ts';
import { cmp } from './resolve-configurations.ts';

type FieldRow = NonNullable<Leaderboard['byField']>[number];

/**
 * Rubric scores by source domain (ReFigBench Table 14) from the configuration rows' per-field
 * means (scoring run, missing = 0, judge failures excluded): for each judge, suite and field, the
 * pooled mean over every configuration's scored tasks of the field (Σ mean·n / Σ n), the rank-1
 * configuration's mean on the field (the paper's "Best mean score") and the configuration that is
 * best on the field itself. Means of different suites are never pooled. Rows sorted by judge,
 * suite, field; a task without a field is `unknown`, as in the rows.
 */
export function fieldSection(
  configurations: readonly ConfigurationRow[],
  suites: readonly LoadedSuiteInfo[],
): FieldRow[] {
  const tasksByField = new Map<string, Map<string, number>>();
  for (const s of suites) {
    const counts = new Map<string, number>();
    for (const f of s.fields) counts.set(f ?? 'unknown', (counts.get(f ?? 'unknown') ?? 0) + 1);
    tasksByField.set(s.manifest.name, counts);
  }
  const groups = new Map<string, ConfigurationRow[]>();
  for (const row of configurations) {
    const key = `${row.judge}\u0000${row.suite}`;
    const g = groups.get(key) ?? [];
    g.push(row);
    groups.set(key, g);
  }
  const out: FieldRow[] = [];
  for (const rows of groups.values()) {
    // Leaders come from ranked rows only (entries with several attempts are shown, not ranked).
    const ranked = rows
      .filter((r) => r.rank !== null)
      .sort((a, b) => a.rank! - b.rank! || cmp(a.id, b.id));
    const leader = ranked[0];
    if (!leader) continue;
    const fields = [...new Set(ranked.flatMap((r) => Object.keys(r.byField)))].sort(cmp);
    for (const field of fields) {
      let sum = 0;
      let scored = 0;
      let count = 0;
      let top: { configuration: string; mean: number; n: number } | undefined;
      for (const r of ranked) {
        const f = r.byField[field];
        if (!f) continue;
        count++;
        sum += f.mean * f.n;
        scored += f.n;
        // ranked order: on equal means the better-ranked configuration stays
        if (!top || f.mean > top.mean) top = { configuration: r.id, mean: f.mean, n: f.n };
      }
      const lead = leader.byField[field];
      out.push({
        judge: leader.judge,
        suite: leader.suite,
        field,
        tasks: tasksByField.get(leader.suite)?.get(field) ?? 0,
        configurations: count,
        scored,
        pooledMean: scored > 0 ? sum / scored : 0,
        best: lead ? { configuration: leader.id, mean: lead.mean, n: lead.n } : null,
        fieldBest: top!,
      });
    }
  }
  return out.sort(
    (a, b) => cmp(a.judge, b.judge) || cmp(a.suite, b.suite) || cmp(a.field, b.field),
  );
}
