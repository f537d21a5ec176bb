import { z } from 'zod';
import { siteUrl } from '../lib/site-url.ts';
import { forSuite } from '../tables/suite-tables.ts';
import type { TableModel } from '../tables/table-model.ts';
import { type BoardData, loadBoard } from './board-entry.ts';
import { type BoardIndex, indexBoard } from './board-index.ts';
import { scopeBoard } from './board-suites.ts';
import { suiteTabs } from './suite-pages.ts';

const SuiteViewPropsSchema = z.object({ suite: z.string().nullable() });

/** Props of a per-suite view component: the suite it shows (`null`: the whole board). */
export type SuiteViewProps = z.input<typeof SuiteViewPropsSchema>;

/**
 * What every per-suite view (audit, effects, style, compare, Elo) starts from: its validated
 * props, the full board (the suite switcher lists every suite), this suite's board and its index,
 * the switcher's tabs linking to `<section>/<suite>/`, and `scoped` to give a table its suite
 * column and per-suite CSV id. One place, so the views cannot scope their boards differently.
 */
export async function loadSuiteView(
  props: unknown,
  track: 'refig' | 'style',
  section: string,
): Promise<{
  suite: string | null;
  full: BoardData;
  board: BoardData;
  ix: BoardIndex;
  tabs: ReturnType<typeof suiteTabs>;
  scoped: (table: TableModel) => TableModel;
}> {
  const { suite } = SuiteViewPropsSchema.parse(props);
  const full = await loadBoard();
  const board = suite === null ? full : scopeBoard(full, suite);
  return {
    suite,
    full,
    board,
    ix: indexBoard(board),
    tabs: suiteTabs(full, track, (s, isDefault) =>
      siteUrl(isDefault ? `${section}/` : `${section}/${s}/`),
    ),
    scoped: (table) => (suite === null ? table : forSuite(table, suite)),
  };
}
