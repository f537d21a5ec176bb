import type { BoardIndex } from '../data/board-index.ts';
import type { Board } from '../data/load-site-data.ts';
import {
  coef,
  int,
  interval,
  judgeSettingsText,
  num,
  share,
  shareInterval,
  signed,
} from '../lib/format.ts';
import { hideEmptyColumns } from './hide-uninformative-columns.ts';
import { configurationCell, judgeSlug } from './leaderboard-table.ts';
import type { Cell, TableModel } from './table-model.ts';

type B = Omit<Board, 'tasks'>;

/** The judges: family, model, the settings its ranked verdicts carry, scorer versions, runs, primary. */
export function judgesTable(board: B): TableModel {
  return {
    id: 'judges',
    caption: 'Judges',
    description:
      'Settings as recorded with every verdict (ReFigBench pins the dated snapshot at low reasoning effort and runs its Qwen judge with thinking off); verdicts made with other settings or scorer versions are not ranked.',
    rowHeader: 'id',
    columns: [
      { key: 'id', label: 'Judge' },
      { key: 'family', label: 'Family' },
      {
        key: 'model',
        label: 'Model',
        description: 'Model requested (a dated snapshot when pinned)',
      },
      { key: 'settings', label: 'Settings' },
      {
        key: 'scorers',
        label: 'Scorer versions',
        description:
          'Versions of the audit and of the judge’s scorer its ranked verdicts were made by',
      },
      { key: 'runs', label: 'Runs', numeric: true },
      { key: 'primary', label: 'Primary' },
    ],
    rows: board.judges.map((j) => ({
      cells: {
        id: { v: j.id },
        family: { v: j.family },
        model: { v: j.model },
        settings: { v: j.settings ? judgeSettingsText(j.settings) : null },
        scorers: {
          v: j.scorers
            ? Object.entries(j.scorers)
                .map(([id, v]) => `${id} ${v}`)
                .join(' · ')
            : null,
        },
        runs: { v: j.runs },
        primary: { v: j.primary ? 'yes' : 'no' },
      },
    })),
  };
}

/**
 * ReFigBench Appendix L, per judge and suite: every paired effect recomputed in each run, with
 * whether it keeps its sign and its significance (`runStability` of the board).
 */
export function runEffectsTable(board: B, ix: BoardIndex, judge: string): TableModel | null {
  const sections = (board.runStability ?? []).filter((s) => s.judge === judge);
  if (sections.length === 0) return null;
  const runs = Math.max(...sections.map((s) => s.runs.length));
  return {
    id: `run-effects-${judgeSlug(judge)}`,
    caption: `Paired effects in each run, judge ${judge}`,
    description:
      'Δ = to − from per run with its paired bootstrap interval; ✓ when the effect keeps its sign (or its significance) in every run.',
    rowHeader: 'effect',
    columns: [
      { key: 'effect', label: 'Effect' },
      { key: 'kind', label: 'Kind' },
      { key: 'from', label: 'From', show: false },
      { key: 'to', label: 'To', show: false },
      ...Array.from({ length: runs }, (_, k) => ({
        key: `r${k}`,
        label: `Run ${sections[0]!.runs[k] ?? k + 1}`,
        numeric: true,
        csvLabel: `delta_run_${k + 1}`,
      })),
      { key: 'sign', label: 'Sign kept' },
      { key: 'significance', label: 'Significance kept' },
    ],
    rows: sections.flatMap((s) =>
      s.effects.map((e) => {
        const cells: Record<string, Cell> = {
          effect: { v: `${ix.label(e.to)} − ${ix.label(e.from)}` },
          kind: { v: e.kind },
          from: { v: e.from },
          to: { v: e.to },
          sign: { v: e.signStable ? 'yes' : 'no', t: e.signStable ? '✓' : '✗ changes sign' },
          significance: {
            v: e.significanceStable ? 'yes' : 'no',
            t: e.significanceStable ? '✓' : '✗ changes',
          },
        };
        e.perRun.forEach((p, k) => {
          cells[`r${k}`] = {
            v: p.delta,
            t: `${signed(p.delta, 2)}${p.significant ? '' : '†'}`,
            sub: interval(p.ci, 2),
          };
        });
        return { cells };
      }),
    ),
  };
}

/** Per-run configuration means of one judge, the run mean and the per-task SD across runs. */
export function runMeansTable(ix: BoardIndex, judge: string): TableModel {
  const rows = ix.rowsFor(judge);
  const runs = Math.max(1, ...rows.map((r) => r.runs.perRun.length));
  // a per-task SD needs two runs: without them the column carries nothing on the page
  return hideEmptyColumns(runMeansModel(rows, ix, judge, runs), ['configuration', 'r0']);
}

function runMeansModel(
  rows: ReturnType<BoardIndex['rowsFor']>,
  ix: BoardIndex,
  judge: string,
  runs: number,
): TableModel {
  return {
    id: `run-means-${judgeSlug(judge)}`,
    caption: `Per-run configuration means, judge ${judge}`,
    rowHeader: 'configuration',
    columns: [
      { key: 'configuration', label: 'Configuration' },
      ...Array.from({ length: runs }, (_, k) => ({
        key: `r${k}`,
        label: `Run ${k + 1}`,
        numeric: true,
        csvLabel: `run_${k + 1}`,
      })),
      // with one run the mean of the runs is run 1 again: kept in the CSV, not shown twice
      { key: 'mean', label: 'Run mean', numeric: true, ...(runs === 1 ? { show: false } : {}) },
      {
        key: 'taskSd',
        label: 'Per-task SD',
        numeric: true,
        description:
          'Mean over the tasks judged in every run of the SD of a task’s score across runs (missing and gate-failed tasks left out)',
      },
      {
        key: 'judged',
        label: 'Judged tasks',
        numeric: true,
        description: 'Tasks judged in every run: the n of the SD and of the ICC',
      },
    ],
    rows: rows.map((r) => {
      const cells: Record<string, Cell> = {
        configuration: configurationCell(ix, r.id),
        mean: { v: r.runs.mean, t: num(r.runs.mean, 2) },
        taskSd: { v: r.runs.taskSd, t: num(r.runs.taskSd, 2) },
        judged: { v: r.runs.judged ?? null },
      };
      for (let k = 0; k < runs; k++)
        cells[`r${k}`] = { v: r.runs.perRun[k] ?? null, t: num(r.runs.perRun[k] ?? null, 2) };
      return { cells };
    }),
  };
}

/** ICC(2,1) across runs per judge and configuration. */
export function iccTable(board: B, ix: BoardIndex): TableModel {
  const rows = [...board.judgeReliability.icc].sort(
    (a, b) => a.judge.localeCompare(b.judge) || a.configuration.localeCompare(b.configuration),
  );
  return {
    id: 'judge-icc',
    caption: 'Run-to-run reliability: ICC(2,1) of per-task scores across runs',
    description:
      'Over the tasks judged in every run (missing and gate-failed tasks score 0 in every run and would inflate agreement).',
    rowHeader: 'configuration',
    columns: [
      { key: 'judge', label: 'Judge' },
      { key: 'configuration', label: 'Configuration' },
      { key: 'runs', label: 'Runs', numeric: true },
      {
        key: 'n',
        label: 'Tasks',
        numeric: true,
        description: 'Tasks judged in every run (the rows of the ICC)',
      },
      { key: 'icc', label: 'ICC(2,1)', numeric: true },
    ],
    rows: rows.map((r) => ({
      cells: {
        judge: { v: r.judge },
        configuration: configurationCell(ix, r.configuration),
        runs: { v: r.runs },
        n: { v: r.n ?? null },
        icc: { v: r.icc, t: coef(r.icc) },
      },
    })),
  };
}

/** Ranking agreement between judge families (Spearman ρ, Kendall τ over configuration means). */
export function familiesTable(board: B): TableModel {
  return {
    id: 'judge-families',
    caption: 'Do judges of different families rank configurations alike?',
    rowHeader: 'pair',
    columns: [
      { key: 'pair', label: 'Judges' },
      { key: 'a', label: 'Judge A', show: false },
      { key: 'b', label: 'Judge B', show: false },
      { key: 'familyA', label: 'Family A', show: false },
      { key: 'familyB', label: 'Family B', show: false },
      { key: 'spearman', label: 'Spearman ρ', numeric: true },
      { key: 'kendall', label: 'Kendall τ', numeric: true },
      { key: 'n', label: 'Configurations', numeric: true },
    ],
    rows: board.judgeReliability.families.map((f) => ({
      cells: {
        pair: {
          v: `${f.a}${f.familyA ? ` (${f.familyA})` : ''} vs ${f.b}${f.familyB ? ` (${f.familyB})` : ''}`,
        },
        a: { v: f.a },
        b: { v: f.b },
        familyA: { v: f.familyA ?? null },
        familyB: { v: f.familyB ?? null },
        spearman: { v: f.spearman, t: coef(f.spearman) },
        kendall: { v: f.kendall, t: coef(f.kendall) },
        n: { v: f.n },
      },
    })),
  };
}

/** The interval columns of an agreement table: shown as one cell, published as two. */
const CI_COLUMNS = [
  {
    key: 'ci',
    label: '95% CI',
    numeric: true,
    csv: false,
    description: 'Cluster-bootstrap interval resampling source tasks',
  },
  { key: 'ciLow', label: 'CI low', numeric: true, show: false },
  { key: 'ciHigh', label: 'CI high', numeric: true, show: false },
];
const ciCells = (ci: readonly [number, number] | null | undefined): Record<string, Cell> => ({
  ci: { v: ci?.[0] ?? null, t: shareInterval(ci) },
  ciLow: { v: ci?.[0] ?? null },
  ciHigh: { v: ci?.[1] ?? null },
});

/** How the agreement intervals were computed, from the board's settings. */
function intervalNote(board: B): string {
  const s = board.settings;
  return s?.agreementResamples
    ? `95% intervals from ${int(s.agreementResamples)} cluster-bootstrap resamples over source tasks (seed ${s.agreementSeed}).`
    : '95% cluster-bootstrap intervals over source tasks.';
}

/** Judge–human direction agreement on decisive annotations by score-margin bucket, with intervals. */
export function agreementTable(board: B): TableModel {
  return {
    id: 'judge-agreement',
    caption:
      'Judge–human agreement on the direction of decisive pairwise judgments, by score margin',
    description: intervalNote(board),
    rowHeader: 'judge',
    columns: [
      { key: 'judge', label: 'Judge' },
      { key: 'mode', label: 'Scores', description: 'single-run = run 1; run-mean = mean of runs' },
      {
        key: 'bucket',
        label: 'Margin',
        description: 'absolute score difference between the two configurations',
      },
      { key: 'n', label: 'N', numeric: true },
      { key: 'agree', label: 'Agreement', numeric: true },
      ...CI_COLUMNS,
    ],
    rows: board.agreement.byMargin.map((a) => ({
      cells: {
        judge: { v: a.judge },
        mode: { v: a.mode, t: unbroken(a.mode) },
        bucket: { v: a.bucket },
        n: { v: a.n, t: int(a.n) },
        agree: { v: a.agree, t: share(a.agree) },
        ...ciCells(a.ci),
      },
    })),
  };
}

const MATCHUP_LABELS: Record<string, string> = {
  workflow: 'same model and harness (workflows)',
  cross: 'across configurations',
};

/**
 * Direction agreement by matchup (ReFigBench Appendix K): pairs of one model and harness that
 * differ in workflow, and every other pair.
 */
export function matchupAgreementTable(board: B): TableModel {
  return {
    id: 'judge-agreement-matchup',
    caption:
      'Judge–human direction agreement by matchup: workflow pairs of one model and harness vs pairs across configurations',
    description: intervalNote(board),
    rowHeader: 'judge',
    columns: [
      { key: 'judge', label: 'Judge' },
      { key: 'mode', label: 'Scores', description: 'single-run = run 1; run-mean = mean of runs' },
      {
        key: 'matchup',
        label: 'Matchup',
        description:
          'workflow = same model and harness, different workflow; cross = every other pair',
      },
      { key: 'n', label: 'N', numeric: true },
      { key: 'agree', label: 'Agreement', numeric: true },
      ...CI_COLUMNS,
    ],
    rows: (board.agreement.byMatchup ?? []).map((a) => ({
      cells: {
        judge: { v: a.judge },
        mode: { v: a.mode, t: unbroken(a.mode) },
        matchup: { v: a.matchup, t: MATCHUP_LABELS[a.matchup] ?? a.matchup },
        n: { v: a.n, t: int(a.n) },
        agree: { v: a.agree, t: share(a.agree) },
        ...ciCells(a.ci),
      },
    })),
  };
}

/** Cohen's κ between judge and humans with tie thresholds. */
export function kappaTable(board: B): TableModel {
  return {
    id: 'judge-kappa',
    caption: "Cohen's κ between judge and human outcomes (A / B / tie), by tie threshold",
    rowHeader: 'judge',
    columns: [
      { key: 'judge', label: 'Judge' },
      { key: 'mode', label: 'Scores' },
      {
        key: 'tieThreshold',
        label: 'Tie threshold',
        numeric: true,
        description: 'score difference treated as a judge tie',
      },
      {
        key: 'agreement',
        label: 'Agreement',
        numeric: true,
        description: 'share of judgments where judge and human give the same outcome (A / B / tie)',
      },
      { key: 'kappa', label: 'κ', numeric: true },
      { key: 'n', label: 'N', numeric: true },
    ],
    rows: board.agreement.kappa.map((k) => ({
      cells: {
        judge: { v: k.judge },
        mode: { v: k.mode, t: unbroken(k.mode) },
        tieThreshold: { v: k.tieThreshold },
        agreement: { v: k.agreement ?? null, t: share(k.agreement ?? null) },
        kappa: { v: k.kappa, t: coef(k.kappa) },
        n: { v: k.n, t: int(k.n) },
      },
    })),
  };
}

/** Correlation of each judge's configuration means with human Elo. */
export function vsEloTable(board: B): TableModel {
  return {
    id: 'judge-vs-elo',
    caption: 'Configuration means vs human Elo',
    rowHeader: 'judge',
    columns: [
      { key: 'judge', label: 'Judge' },
      { key: 'pearson', label: 'Pearson r', numeric: true },
      { key: 'spearman', label: 'Spearman ρ', numeric: true },
      { key: 'n', label: 'Configurations', numeric: true },
    ],
    rows: board.agreement.vsElo.map((v) => ({
      cells: {
        judge: { v: v.judge },
        pearson: { v: v.pearson, t: coef(v.pearson) },
        spearman: { v: v.spearman, t: coef(v.spearman) },
        n: { v: v.n },
      },
    })),
  };
}

/** "single-run" kept on one line (a non-breaking hyphen): a narrow column must not split it. */
function unbroken(s: string): string {
  return s.replace(/-/g, '\u2011');
}
