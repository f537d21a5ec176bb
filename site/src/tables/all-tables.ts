import { indexBoard } from '../data/board-index.ts';
import { boardSuites, scopeBoard, suiteLookup } from '../data/board-suites.ts';
import type { SiteData } from '../data/load-site-data.ts';
import { auditTable, effortTable } from './audit-tables.ts';
import { effectsTable } from './effects-table.ts';
import { eloByRating, eloMatrixTable, eloTable } from './elo-tables.ts';
import {
  agreementTable,
  familiesTable,
  iccTable,
  judgesTable,
  kappaTable,
  matchupAgreementTable,
  runEffectsTable,
  runMeansTable,
  vsEloTable,
} from './judge-tables.ts';
import { fieldMeansTable, fieldSummaryTable, leaderboardTable } from './leaderboard-table.ts';
import { runCheckTable, sensitivityTable, zeroCrossingsTable } from './sensitivity-tables.ts';
import { styleTable } from './style-table.ts';
import { styleComparisonsOf, styleEffectsTable, styleEloTable } from './style-comparison-tables.ts';
import { submissionsTable } from './submissions-table.ts';
import { submissionTasksTable, taskResultsTable } from './task-tables.ts';
import { forSuite, pooledSuites, withSuiteColumn } from './suite-tables.ts';
import type { TableModel } from './table-model.ts';

/** Fields present in any configuration's by-field means, sorted. */
export function boardFields(data: Pick<SiteData, 'board'>): string[] {
  return [...new Set(data.board.configurations.flatMap((c) => Object.keys(c.byField)))].sort();
}

/**
 * Every table the site publishes as CSV (`csv/<id>.csv`). Pages build the same tables with the
 * same functions, so a download always matches what the page shows. Every CSV has a suite column:
 * tables over the whole board name each row's suite; each suite page's tables (`<id>--<suite>`)
 * hold that suite's rows only; tables that pool suites name the suites they pool.
 */
export function allTables(data: SiteData): TableModel[] {
  const ix = indexBoard(data.board);
  const b = data.board;
  const look = suiteLookup(b);
  const fields = boardFields(data);
  const refigSuites = boardSuites(b, 'refig').map((s) => s.name);
  const styleSuites = boardSuites(b, 'style').map((s) => s.name);
  const scoped = new Map(
    [...refigSuites, ...styleSuites].map((suite) => {
      const board = scopeBoard(b, suite);
      return [suite, { board, ix: indexBoard(board) }] as const;
    }),
  );
  const each = (
    suites: readonly string[],
    build: (s: { board: typeof b; ix: typeof ix }) => TableModel | null,
  ) =>
    suites.flatMap((suite) => {
      const t = build(scoped.get(suite)!);
      return t ? [forSuite(t, suite)] : [];
    });
  const whole = (t: TableModel) => withSuiteColumn(t, look);
  const judgeSuites = (judge: string) =>
    refigSuites.filter((suite) =>
      b.configurations.some((c) => c.judge === judge && c.suite === suite),
    );
  const eloSuites = [...new Set(b.elo.order.map((c) => look.ofConfiguration(c) ?? ''))].filter(
    Boolean,
  );
  const tables: TableModel[] = [];
  for (const judge of ix.judges) {
    const suites = judgeSuites(judge);
    tables.push(
      whole(leaderboardTable(b, ix, judge)),
      whole(fieldMeansTable(ix, judge, fields)),
      whole(runMeansTable(ix, judge)),
      ...each(suites, (s) => leaderboardTable(s.board, s.ix, judge)),
      ...each(suites, (s) => fieldMeansTable(s.ix, judge, boardFields({ board: s.board }))),
    );
    const runEffects = runEffectsTable(b, ix, judge);
    if (runEffects) tables.push(whole(runEffects));
    if (b.byField?.some((r) => r.judge === judge)) {
      tables.push(fieldSummaryTable(b, ix, judge));
      tables.push(
        ...each(suites, (s) =>
          s.board.byField?.some((r) => r.judge === judge)
            ? fieldSummaryTable(s.board, s.ix, judge)
            : null,
        ),
      );
    }
    tables.push(
      whole(effectsTable(b.pairedEffects, ix, judge, 'workflow')),
      whole(effectsTable(b.harnessEffects, ix, judge, 'harness')),
      ...each(refigSuites, (s) => effectsTable(s.board.pairedEffects, s.ix, judge, 'workflow')),
      ...each(refigSuites, (s) => effectsTable(s.board.harnessEffects, s.ix, judge, 'harness')),
    );
  }
  tables.push(
    whole(eloTable(b.elo, ix)),
    whole(eloMatrixTable(eloByRating(b.elo), ix)),
    ...each(refigSuites, (s) => eloTable(s.board.elo, s.ix)),
    ...each(refigSuites, (s) => eloMatrixTable(eloByRating(s.board.elo), s.ix)),
  );
  // judges are shared by every suite: each row names the suites its judge scored
  tables.push(
    pooledSuites(judgesTable(b), refigSuites, (cells) => judgeSuites(String(cells.id?.v))),
    whole(iccTable(b, ix)),
    pooledSuites(familiesTable(b), refigSuites),
    pooledSuites(agreementTable(b), eloSuites),
    ...(b.agreement.byMatchup?.length ? [pooledSuites(matchupAgreementTable(b), eloSuites)] : []),
    pooledSuites(kappaTable(b), eloSuites),
    pooledSuites(vsEloTable(b), eloSuites),
  );
  const sensitivitySuite = b.sensitivity.suite ? [b.sensitivity.suite] : refigSuites;
  tables.push(
    pooledSuites(sensitivityTable(b.sensitivity, ix), sensitivitySuite),
    pooledSuites(zeroCrossingsTable(b.sensitivity, ix), sensitivitySuite),
  );
  for (const run of b.sensitivity.runChecks?.runs ?? [])
    tables.push(pooledSuites(runCheckTable(run, ix), sensitivitySuite));
  tables.push(
    whole(auditTable(b, ix)),
    whole(effortTable(b, ix)),
    ...each(refigSuites, (s) => auditTable(s.board, s.ix)),
    ...each(refigSuites, (s) => effortTable(s.board, s.ix)),
    whole(styleTable(b.style, ix)),
    ...each(styleSuites, (s) => styleTable(s.board.style, s.ix)),
  );
  const splits = (style: typeof b.style) => [...new Set(style.map((s) => s.split))].sort();
  for (const split of splits(b.style)) tables.push(whole(styleTable(b.style, ix, split)));
  for (const suite of styleSuites)
    for (const split of splits(scoped.get(suite)!.board.style))
      tables.push(...each([suite], (s) => styleTable(s.board.style, s.ix, split)));
  // style comparisons: paired effects and the style Elo of each style suite
  for (const suite of styleSuites) {
    const section = styleComparisonsOf(b, suite);
    const six = scoped.get(suite)!.ix;
    if (section?.effects.rows.length) tables.push(forSuite(styleEffectsTable(section, six), suite));
    if (section?.human.elo.length) tables.push(forSuite(styleEloTable(section, six), suite));
  }
  tables.push(
    submissionsTable(b.submissions, new Set(data.submissions.map((s) => s.id))),
    taskResultsTable(data.tasks),
  );
  for (const s of data.submissions) if (s.tasks.length > 0) tables.push(submissionTasksTable(s));
  // ids become file names: a clash would silently overwrite a download
  const seen = new Set<string>();
  for (const t of tables) {
    if (seen.has(t.id)) throw new Error(`two tables share the CSV id ${t.id}`);
    seen.add(t.id);
    if (!t.columns.some((c) => c.key === 'suite' && c.csv !== false))
      throw new Error(`the CSV ${t.id} has no suite column`);
  }
  return tables;
}
