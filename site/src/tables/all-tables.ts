import { indexBoard } from '../data/board-index.ts';
import type { SiteData } from '../data/load-site-data.ts';
import { auditTable, effortTable } from './audit-tables.ts';
import { effectsTable } from './effects-table.ts';
import { eloMatrixTable, eloTable } from './elo-tables.ts';
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
import { submissionsTable } from './submissions-table.ts';
import { submissionTasksTable, taskResultsTable } from './task-tables.ts';
import type { TableModel } from './table-model.ts';

/** Fields present in any configuration's by-field means, sorted. */
export function boardFields(data: Pick<SiteData, 'board'>): string[] {
  return [...new Set(data.board.configurations.flatMap((c) => Object.keys(c.byField)))].sort();
}

/**
 * Every table the site publishes as CSV (`csv/<id>.csv`). Pages build the same tables with the
 * same functions, so a download always matches what the page shows.
 */
export function allTables(data: SiteData): TableModel[] {
  const ix = indexBoard(data.board);
  const b = data.board;
  const fields = boardFields(data);
  const tables: TableModel[] = [];
  for (const judge of ix.judges) {
    tables.push(
      leaderboardTable(b, ix, judge),
      fieldMeansTable(ix, judge, fields),
      runMeansTable(ix, judge),
    );
    const runEffects = runEffectsTable(b, ix, judge);
    if (runEffects) tables.push(runEffects);
    if (b.byField?.some((r) => r.judge === judge)) tables.push(fieldSummaryTable(b, ix, judge));
    tables.push(
      effectsTable(b.pairedEffects, ix, judge, 'workflow'),
      effectsTable(b.harnessEffects, ix, judge, 'harness'),
    );
  }
  tables.push(eloTable(b.elo, ix), eloMatrixTable(b.elo, ix));
  tables.push(
    judgesTable(b),
    iccTable(b, ix),
    familiesTable(b),
    agreementTable(b),
    ...(b.agreement.byMatchup?.length ? [matchupAgreementTable(b)] : []),
    kappaTable(b),
    vsEloTable(b),
  );
  tables.push(sensitivityTable(b.sensitivity, ix), zeroCrossingsTable(b.sensitivity, ix));
  for (const run of b.sensitivity.runChecks?.runs ?? []) tables.push(runCheckTable(run, ix));
  tables.push(auditTable(b, ix), effortTable(b, ix), styleTable(b.style, ix));
  for (const split of [...new Set(b.style.map((s) => s.split))].sort())
    tables.push(styleTable(b.style, ix, split));
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
  }
  return tables;
}
