import type { TableModel } from '../tables/table-model.ts';

/** Quotes one CSV field (RFC 4180) and defuses spreadsheet formulas in text cells. */
export function csvField(v: string | number | null): string {
  if (v === null) return '';
  if (typeof v === 'number') return Number.isFinite(v) ? String(v) : '';
  // Team names and other user text: a leading = + - @ (or tab/CR) would run as a formula in a
  // spreadsheet, so such text gets a leading apostrophe (OWASP CSV injection guidance).
  const text = /^[=+\-@\t\r]/.test(v) ? `'${v}` : v;
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Renders a table model as CSV: one header row of column labels, raw values (not display text). */
export function toCsv(table: TableModel): string {
  const cols = table.columns.filter((c) => c.csv !== false);
  const lines = [cols.map((c) => csvField(c.csvLabel ?? c.key)).join(',')];
  for (const row of table.rows) {
    lines.push(cols.map((c) => csvField(row.cells[c.key]?.v ?? null)).join(','));
  }
  return `${lines.join('\n')}\n`;
}
