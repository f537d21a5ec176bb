import { type SuiteLookup, suiteSlug } from '../data/board-suites.ts';
import type { Cell, TableModel } from './table-model.ts';

const SUITE_COLUMN = {
  key: 'suite',
  label: 'Suite',
  description: 'The task suite the row was scored on; rankings never mix suites',
} as const;

/**
 * A table built from one suite's board, as its page shows it: the id gains `--<suite>` (so its
 * CSV is that suite's rows only) and a suite column (hidden on the page, where every row has the
 * same suite, and first in the CSV).
 */
export function forSuite(table: TableModel, suite: string): TableModel {
  return {
    ...table,
    id: `${table.id}--${suiteSlug(suite)}`,
    caption: `${table.caption} — suite ${suite}`,
    columns: [{ ...SUITE_COLUMN, show: false }, ...table.columns.filter((c) => c.key !== 'suite')],
    rows: table.rows.map((r) => ({ ...r, cells: { ...r.cells, suite: { v: suite } } })),
  };
}

/**
 * A table over every suite (the CSV downloads that cover the whole board): a suite column first,
 * each row's suite found from its configuration, effect end or submission cell, rows grouped by
 * suite in a stable order (the table's own order within a suite).
 */
export function withSuiteColumn(table: TableModel, look: SuiteLookup): TableModel {
  const suiteOf = (cells: Record<string, Cell>): string | null => {
    for (const key of ['configuration', 'from', 'to']) {
      const v = cells[key]?.v;
      if (typeof v === 'string') {
        const s = look.ofConfiguration(v);
        if (s) return s;
      }
    }
    const sub = cells.submission?.v;
    return typeof sub === 'string' ? look.ofSubmission(sub) : null;
  };
  const rows = table.rows
    .map((r, i) => ({ r, i, suite: suiteOf(r.cells) ?? '' }))
    .sort((a, b) => (a.suite < b.suite ? -1 : a.suite > b.suite ? 1 : a.i - b.i))
    .map(({ r, suite }) => ({ ...r, cells: { ...r.cells, suite: { v: suite || null } } }));
  const suites = new Set(rows.map((r) => r.cells.suite?.v));
  return {
    ...table,
    columns: [
      // shown only when the rows really span several suites
      { ...SUITE_COLUMN, show: suites.size > 1 },
      ...table.columns.filter((c) => c.key !== 'suite'),
    ],
    rows,
  };
}

/**
 * A table whose numbers pool several suites (judge agreement, rank correlations across
 * configurations): a suite column naming every suite pooled (`a+b`), so a CSV never hides that
 * its rows mix suites. Rows that name a judge or a suite of their own can pass `rowSuites`.
 */
export function pooledSuites(
  table: TableModel,
  suites: readonly string[],
  rowSuites?: (cells: Record<string, Cell>) => readonly string[] | null,
): TableModel {
  const text = (list: readonly string[]) => [...new Set(list)].sort().join('+') || null;
  return {
    ...table,
    columns: [
      {
        ...SUITE_COLUMN,
        description: 'The suites whose results the row pools',
        show: false,
      },
      ...table.columns.filter((c) => c.key !== 'suite'),
    ],
    rows: table.rows.map((r) => ({
      ...r,
      cells: { ...r.cells, suite: { v: text(rowSuites?.(r.cells) ?? suites) } },
    })),
  };
}
