import { roleBadge, type BoardIndex } from '../data/board-index.ts';
import type { Board } from '../data/load-site-data.ts';
import { int, interval, num, share, usd } from '../lib/format.ts';
import { siteUrl } from '../lib/site-url.ts';
import { ciBar } from '../plots/ci-bar.ts';
import { sparkline } from '../plots/sparkline.ts';
import { hideEmptyColumns } from './hide-uninformative-columns.ts';
import type { Cell, TableModel } from './table-model.ts';

/** Safe file-name form of a judge id for table ids and URLs. */
export function judgeSlug(judge: string): string {
  return (
    judge
      .toLowerCase()
      .replace(/[^a-z0-9._-]+/g, '-')
      .replace(/^[^a-z0-9]+/, '') || 'judge'
  );
}

/** The cell naming a configuration: label, link to its submission page, team, sample badge. */
export function configurationCell(ix: BoardIndex, configuration: string): Cell {
  const sub = ix.submissionOf(configuration);
  const verified = ix.verified(configuration);
  return {
    v: configuration,
    t: ix.label(configuration),
    href: sub ? siteUrl(`submissions/${sub}/`) : undefined,
    sub: ix.team(configuration) ?? undefined,
    badge:
      [roleBadge(ix.role(configuration), ix.sample(configuration)), verified && 'verified']
        .filter(Boolean)
        .join(' · ') || undefined,
    title: verified
      ? `${configuration} — results reproduced by ${verified.by} on ${verified.date}`
      : configuration,
  };
}

/**
 * The main leaderboard of one judge: rank, configuration, mean with 95% CI, axis means,
 * distribution sparkline, tails, human Elo, cost per artifact, median turns, coverage. Rows carry
 * their per-field means as `data-field-*` attributes for the field filter.
 */
export function leaderboardTable(
  board: Board | Omit<Board, 'tasks'>,
  ix: BoardIndex,
  judge: string,
): TableModel {
  const all = ix.rowsFor(judge);
  // reference lines (baselines, upper references) of each suite, drawn as ticks on every CI bar
  const lineMarks = new Map<string, number[]>();
  for (const c of all)
    if (c.role !== 'entry' && c.mean !== null)
      lineMarks.set(c.suite, [...(lineMarks.get(c.suite) ?? []), c.mean]);
  const rows = all.map((c) => {
    const elo = ix.elo(c.id);
    const line = c.role !== 'entry';
    const data: Record<string, string> = {
      configuration: c.id,
      // what the hide-baselines/samples toggle hides
      line: line || c.sample ? 'yes' : 'no',
      // for the filters and the search box (lower case; matched as text, never as markup)
      provider: c.model.provider,
      harness: c.harness.name,
      kind: c.workflow.kind,
      search: [ix.label(c.id), c.team, c.id, c.model.snapshot, ...c.submissions]
        .join(' ')
        .toLowerCase(),
    };
    for (const [field, v] of Object.entries(c.byField))
      data[`field-${field.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`] = `${v.mean}|${v.n}`;
    const tied = (c.tiedWith ?? []).map((t) => ix.label(t));
    const cells: Record<string, Cell> = {
      rank:
        c.rank === null
          ? {
              v: null,
              t: '—',
              title: line
                ? `not ranked: a ${c.role === 'baseline' ? 'baseline' : 'upper reference'}, shown as a reference line`
                : c.mean === null
                  ? 'not ranked: no task scored'
                  : `not ranked: ${c.attempts} attempts per task`,
            }
          : {
              v: c.rank,
              // "=" marks a rank statistically tied with another configuration's (LMArena's reading)
              t: tied.length > 0 ? `=${c.rank}` : String(c.rank),
              sub: c.rankInterval ? `${c.rankInterval[0]}–${c.rankInterval[1]}` : undefined,
              title:
                [
                  c.rankInterval
                    ? `95% bootstrap rank interval ${c.rankInterval[0]}–${c.rankInterval[1]}`
                    : null,
                  tied.length > 0 ? `statistically tied with ${tied.join(', ')}` : null,
                ]
                  .filter(Boolean)
                  .join('; ') || undefined,
            },
      rankLow: { v: c.rankInterval?.[0] ?? null },
      rankHigh: { v: c.rankInterval?.[1] ?? null },
      tieGroup: {
        v: c.tieGroup ?? null,
        t: c.tieGroup === undefined ? undefined : String(c.tieGroup),
        badge: tied.length > 0 ? 'tied' : undefined,
        title:
          tied.length > 0
            ? `Statistically tied with ${tied.join(', ')}`
            : c.tieGroup === undefined
              ? undefined
              : 'Statistically separated from every other configuration',
      },
      tiedWith: { v: (c.tiedWith ?? []).join(' ') || null },
      configuration: configurationCell(ix, c.id),
      model: { v: c.model.name },
      harness: { v: c.harness.name },
      workflow: { v: c.workflow.name },
      workflowKind: { v: c.workflow.kind },
      team: { v: c.team },
      sample: { v: c.sample ? 1 : 0 },
      // A row without a scored task has no mean or interval (shown as a dash, sorted last).
      mean: c.mean === null ? { v: -1, t: '–' } : { v: c.mean, t: num(c.mean, 1) },
      ci:
        c.ci === null || c.mean === null
          ? { v: -1, t: 'nothing scored', title: 'no task of this row was scored' }
          : {
              v: c.ci[0],
              t: interval(c.ci),
              svg: ciBar(c.ci, c.mean, {
                marks: line ? [] : (lineMarks.get(c.suite) ?? []),
                muted: line,
              }),
              title: `95% bootstrap interval ${interval(c.ci)} around the mean ${num(c.mean, 1)}`,
            },
      ciLow: { v: c.ci?.[0] ?? -1 },
      ciHigh: { v: c.ci?.[1] ?? -1 },
      T: { v: c.axes.T, t: num(c.axes.T, 1) },
      S: { v: c.axes.S, t: num(c.axes.S, 1) },
      L: { v: c.axes.L, t: num(c.axes.L, 1) },
      E: { v: c.axes.E, t: num(c.axes.E, 1) },
      V: { v: c.axes.V, t: num(c.axes.V, 1) },
      distribution: {
        v: c.p50,
        t: `P25 ${num(c.p25)} · P50 ${num(c.p50)} · P75 ${num(c.p75)}`,
        svg: sparkline(c.distribution),
        title: `Scores in 10-point bins 0–100: ${c.distribution.join(', ')}`,
      },
      p25: { v: c.p25 },
      p50: { v: c.p50 },
      p75: { v: c.p75 },
      atLeast80: { v: c.atLeast80, t: share(c.atLeast80) },
      below50: { v: c.below50, t: share(c.below50) },
      elo: elo
        ? {
            v: elo.elo,
            t: `${num(elo.elo, 0)}${elo.provisional ? '*' : ''}`,
            sub: interval(elo.ci, 0),
            title: elo.provisional
              ? `* provisional: ${elo.n} comparisons, fewer than the ${board.elo.provisionalBelow ?? board.settings?.provisionalBelow ?? 30} a stable rating needs`
              : undefined,
          }
        : { v: null },
      cost: { v: c.costPerArtifact, t: usd(c.costPerArtifact) },
      turns: { v: c.medianTurns, t: num(c.medianTurns, 1) },
      n: {
        v: c.n,
        t: int(c.n),
        sub:
          [
            ...(c.checkedTruth !== null && c.checkedTruth !== undefined
              ? [`${c.checkedTruth} of ${c.n} scored against checked truth`]
              : []),
            ...(c.missing +
              c.gateFailures +
              c.judgeFailures +
              (c.notScored ?? 0) +
              (c.unverified ?? 0) >
            0
              ? [
                  `${c.missing} missing · ${c.gateFailures} gate · ${c.judgeFailures} judge${c.notScored ? ` · ${c.notScored} hidden not scored (left out of the mean)` : ''}${c.unverified ? ` · ${c.unverified} without checked truth (a preview, left out of the mean)` : ''}`,
                ]
              : []),
          ].join(' · ') || undefined,
      },
      notScored: { v: c.notScored ?? 0 },
      // A suite with a hidden split: the public and hidden means and the gap between them.
      splits: c.splits
        ? {
            v: c.splits.gap?.mean ?? null,
            t: `${num(c.splits.public.mean, 1)} / ${num(c.splits.hidden.mean, 1)}`,
            sub: c.splits.gap
              ? `gap ${num(c.splits.gap.mean, 1)}${c.splits.gap.ci ? ` ${interval(c.splits.gap.ci)}` : ''}`
              : undefined,
            title: `public split: ${c.splits.public.scored} of ${c.splits.public.tasks} tasks scored; hidden split: ${c.splits.hidden.scored} of ${c.splits.hidden.tasks}; gap = public − hidden with a 95% bootstrap interval (a gap above 0 means the entry does better where the truth is public)`,
          }
        : { v: null },
      missing: { v: c.missing },
      gateFailures: { v: c.gateFailures },
      judgeFailures: { v: c.judgeFailures },
      capped: { v: c.capped },
    };
    return { id: `row-${c.id}`, cells, data };
  });
  // the marks this table uses, explained under it (only those that appear)
  const marks = [
    'Mean final score over every suite task (missing and failed artifacts count 0); the bar shows its 95% bootstrap interval over tasks on the 0–100 scale.',
    lineMarks.size > 0
      ? 'Baselines and upper references are reference lines: badged, not ranked, their interval drawn grey, and their means drawn as thin ticks on every entry’s bar.'
      : null,
    rows.some((r) => r.cells.rank?.t?.startsWith('='))
      ? '"=" before a rank: statistically tied with another configuration (the 95% interval of their paired difference contains 0).'
      : null,
    rows.some((r) => r.cells.elo?.t?.endsWith('*'))
      ? '"*" after a human Elo: provisional, from too few comparisons to be stable.'
      : null,
  ].filter((m): m is string => m !== null);
  const model: TableModel = {
    id: `leaderboard-${judgeSlug(judge)}`,
    caption: `Configurations scored by judge ${judge}`,
    description: marks.join(' '),
    rowHeader: 'configuration',
    sortedBy: { key: 'rank', direction: 'ascending' },
    columns: [
      {
        key: 'rank',
        label: '#',
        numeric: true,
        firstSort: 'ascending',
        description:
          'Rank by mean (1 = best); below it the 95% bootstrap rank interval (tasks resampled as for the CIs)',
      },
      {
        key: 'configuration',
        label: 'Configuration',
        description: 'model · harness · workflow, and the team',
      },
      { key: 'mean', label: 'Mean', numeric: true, description: 'Mean final score, 0–100' },
      {
        key: 'ci',
        label: '95% CI',
        numeric: true,
        csv: false,
        description: 'Bootstrap interval over tasks',
      },
      { key: 'ciLow', label: 'CI low', numeric: true, show: false },
      { key: 'ciHigh', label: 'CI high', numeric: true, show: false },
      { key: 'rankLow', label: 'Rank interval low', numeric: true, show: false },
      { key: 'rankHigh', label: 'Rank interval high', numeric: true, show: false },
      {
        key: 'tieGroup',
        card: false,
        label: 'Tie group',
        numeric: true,
        firstSort: 'ascending',
        description:
          'Configurations in one group are statistically tied with its best member (95% interval of the paired difference contains 0)',
      },
      { key: 'tiedWith', label: 'Tied with', show: false },
      { key: 'model', label: 'Model', show: false },
      { key: 'harness', label: 'Harness', show: false },
      { key: 'workflow', label: 'Workflow', show: false },
      { key: 'workflowKind', label: 'Workflow kind', show: false },
      { key: 'team', label: 'Team', show: false },
      { key: 'sample', label: 'Sample entry', show: false },
      { key: 'T', label: 'T', numeric: true, description: `Text accuracy (max ${ix.rubric.T})` },
      {
        key: 'S',
        label: 'S',
        numeric: true,
        description: `Semantic structure (max ${ix.rubric.S})`,
      },
      { key: 'L', label: 'L', numeric: true, description: `Layout (max ${ix.rubric.L})` },
      {
        key: 'E',
        label: 'E',
        numeric: true,
        description: `Native editability (max ${ix.rubric.E})`,
      },
      { key: 'V', label: 'V', numeric: true, description: `Visual detail (max ${ix.rubric.V})` },
      {
        key: 'distribution',
        card: false,
        label: 'Distribution',
        numeric: true,
        csv: false,
        description: 'Histogram of final scores; sorts by the median',
      },
      { key: 'p25', label: 'P25', numeric: true, show: false },
      { key: 'p50', label: 'P50', numeric: true, show: false },
      { key: 'p75', label: 'P75', numeric: true, show: false },
      {
        key: 'atLeast80',
        card: false,
        label: '≥ 80',
        numeric: true,
        description: 'Share of tasks scoring at least 80',
      },
      {
        key: 'below50',
        card: false,
        label: '< 50',
        numeric: true,
        description: 'Share of tasks scoring below 50',
      },
      {
        key: 'elo',
        label: 'Human Elo',
        numeric: true,
        description: 'Bradley–Terry Elo from blinded pairwise human judgments (* = provisional)',
      },
      {
        key: 'cost',
        card: false,
        label: 'Cost / artifact',
        numeric: true,
        description: 'Mean generation cost per task in USD (estimated for logs without cost)',
      },
      {
        key: 'turns',
        card: false,
        label: 'Median turns',
        numeric: true,
        description: 'Median agent turns per task',
      },
      {
        key: 'splits',
        label: 'Public / hidden',
        numeric: true,
        description:
          'Mean on the public split (truth in the repository) and on the hidden split (truth sealed), and the public − hidden gap with its 95% interval: tuning to the public truth shows as a gap above 0',
      },
      {
        key: 'n',
        label: 'Tasks',
        numeric: true,
        description: 'Tasks in the suite (the denominator) and failures',
      },
      { key: 'missing', label: 'Missing', numeric: true, show: false },
      { key: 'gateFailures', label: 'Gate failures', numeric: true, show: false },
      { key: 'judgeFailures', label: 'Judge failures', numeric: true, show: false },
      {
        key: 'notScored',
        label: 'Not scored (hidden)',
        numeric: true,
        show: false,
      },
      { key: 'capped', label: 'Capped', numeric: true, show: false },
    ],
    rows,
  };
  return hideEmptyColumns(model, ['rank', 'configuration', 'mean']);
}

/** Per-field means of one judge (the static counterpart of the field filter). */
export function fieldMeansTable(
  ix: BoardIndex,
  judge: string,
  fields: readonly string[],
): TableModel {
  return {
    id: `field-means-${judgeSlug(judge)}`,
    caption: `Mean score by arXiv field, judge ${judge}`,
    rowHeader: 'configuration',
    columns: [
      { key: 'configuration', label: 'Configuration' },
      ...fields.flatMap((f, i) => [
        { key: `f${i}`, label: f, numeric: true, csvLabel: f },
        { key: `n${i}`, label: `${f} tasks`, numeric: true, show: false, csvLabel: `${f}_n` },
      ]),
    ],
    rows: ix.rowsFor(judge).map((c) => {
      const cells: Record<string, Cell> = { configuration: configurationCell(ix, c.id) };
      fields.forEach((f, i) => {
        const v = c.byField[f];
        cells[`f${i}`] = {
          v: v?.mean ?? null,
          t: num(v?.mean ?? null),
          sub: v ? `n = ${v.n}` : undefined,
        };
        cells[`n${i}`] = { v: v?.n ?? null };
      });
      return { cells };
    }),
  };
}

/**
 * ReFigBench Table 14 for one judge: per suite and field, the tasks, the pooled mean over every
 * configuration, the mean of the overall leader (rank 1) and the configuration that is best on
 * that field. A "leads" badge marks fields where the overall leader is also best.
 */
export function fieldSummaryTable(
  board: Pick<Board, 'byField' | 'suites'>,
  ix: BoardIndex,
  judge: string,
): TableModel {
  const rows = (board.byField ?? []).filter((r) => r.judge === judge);
  const suites = new Set(rows.map((r) => r.suite));
  const leaderLabel = rows.find((r) => r.best)?.best?.configuration;
  return {
    id: `field-summary-${judgeSlug(judge)}`,
    caption: `Scores by source domain, judge ${judge}`,
    description: `Pooled mean averages every configuration on the tasks of a field; leader = the rank-1 configuration${leaderLabel && suites.size === 1 ? ` (${ix.label(leaderLabel)})` : ''}; best on field = the configuration with the highest mean there.`,
    rowHeader: 'field',
    columns: [
      {
        key: 'field',
        label: 'Field',
        description: 'arXiv category of the source paper; unknown = none recorded',
      },
      ...(suites.size > 1
        ? [{ key: 'suite', label: 'Suite' }]
        : [{ key: 'suite', label: 'Suite', show: false }]),
      { key: 'tasks', label: 'Tasks', numeric: true },
      { key: 'configurations', label: 'Configurations', numeric: true, show: false },
      { key: 'scored', label: 'Scores pooled', numeric: true, show: false, csvLabel: 'scored' },
      {
        key: 'pooledMean',
        label: 'Pooled mean',
        numeric: true,
        description: 'Mean over every configuration’s scored tasks of the field',
      },
      {
        key: 'leaderMean',
        label: 'Leader mean',
        numeric: true,
        description: 'Mean of the rank-1 configuration on this field',
      },
      { key: 'leader', label: 'Leader', show: false },
      {
        key: 'fieldBest',
        label: 'Best on field',
        description: 'Configuration with the highest mean on this field, and that mean',
      },
      { key: 'fieldBestMean', label: 'Best on field mean', numeric: true, show: false },
    ],
    rows: rows.map((r) => {
      const leads = r.best !== null && r.best.configuration === r.fieldBest.configuration;
      const best = configurationCell(ix, r.fieldBest.configuration);
      return {
        cells: {
          field: { v: r.field },
          suite: { v: r.suite },
          tasks: { v: r.tasks, t: int(r.tasks) },
          configurations: { v: r.configurations },
          scored: { v: r.scored },
          pooledMean: { v: r.pooledMean, t: num(r.pooledMean, 2) },
          leaderMean: {
            v: r.best?.mean ?? null,
            t: num(r.best?.mean ?? null, 2),
            badge: leads ? 'leads' : undefined,
            title: r.best ? ix.label(r.best.configuration) : 'the leader has no task in this field',
          },
          leader: { v: r.best?.configuration ?? null },
          fieldBest: {
            ...best,
            sub: `${num(r.fieldBest.mean, 2)}${best.sub ? ` · ${best.sub}` : ''}`,
            badge: best.badge,
          },
          fieldBestMean: { v: r.fieldBest.mean },
        },
      };
    }),
  };
}
