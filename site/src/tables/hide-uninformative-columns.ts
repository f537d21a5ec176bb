import type { TableModel } from './table-model.ts';

/**
 * Columns without a single value are left out of the page (a human Elo column on a board without
 * human judgments, cost without agent logs); they stay in the CSV, where an empty column is honest.
 */
export function hideEmptyColumns(table: TableModel, keep: readonly string[]): TableModel {
  return {
    ...table,
    columns: table.columns.map((c) =>
      keep.includes(c.key) || c.show === false
        ? c
        : table.rows.some((r) => {
              const v = r.cells[c.key]?.v;
              return v !== null && v !== undefined && v !== '';
            })
          ? c
          : { ...c, show: false },
    ),
  };
}

/**
 * A column whose every row says the same thing (one judge on the whole board) is left out of the
 * page and said once in the caption instead; the CSV keeps it. On a phone a repeated column is
 * what makes a table of agreement rates several screens long.
 */
export function hideSingleValueColumn(table: TableModel, key: string, label: string): TableModel {
  const values = new Set(table.rows.map((r) => String(r.cells[key]?.v ?? '')));
  if (table.rows.length < 2 || values.size !== 1) return table;
  const [only] = values;
  const columns = table.columns.map((c) => (c.key === key ? { ...c, show: false } : c));
  return {
    ...table,
    caption: `${table.caption} (${label} ${only})`,
    columns,
    // the rows keep a header cell: the first column still shown
    rowHeader:
      table.rowHeader === key
        ? (columns.find((c) => c.show !== false)?.key ?? table.rowHeader)
        : table.rowHeader,
  };
}
