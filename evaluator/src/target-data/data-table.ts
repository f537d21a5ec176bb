import { FigboardError } from '../errors/index.ts';

/** A CSV table: the header row and the data rows, every cell a string. */
export interface DataTable {
  header: string[];
  rows: string[][];
}

/** Bounds for a task CSV: anything larger is refused before it is parsed. */
export const DATA_TABLE_LIMITS = { maxBytes: 4 * 1024 * 1024, maxRows: 50_000, maxCell: 200 };

/**
 * Parses RFC 4180 CSV (quoted cells, doubled quotes, CRLF or LF). Rows keep their own width, so a
 * ragged table parses and the checker can name the row that is too short or too long.
 */
export function parseCsv(text: string, where: string): DataTable {
  if (Buffer.byteLength(text) > DATA_TABLE_LIMITS.maxBytes)
    throw new FigboardError('the CSV file is too large', {
      code: 'data-too-large',
      where,
      expected: `at most ${DATA_TABLE_LIMITS.maxBytes} bytes`,
      got: `${Buffer.byteLength(text)} bytes`,
    });
  const records: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  let i = 0;
  const endCell = () => {
    row.push(cell);
    cell = '';
  };
  const endRow = () => {
    endCell();
    if (!(row.length === 1 && row[0] === '')) records.push(row);
    row = [];
    if (records.length > DATA_TABLE_LIMITS.maxRows + 1)
      throw new FigboardError('the CSV file has too many rows', {
        code: 'data-too-large',
        where,
        expected: `at most ${DATA_TABLE_LIMITS.maxRows} rows`,
        got: `more`,
      });
  };
  while (i < text.length) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"') {
        if (text[i + 1] === '"') {
          cell += '"';
          i++;
        } else quoted = false;
      } else cell += ch;
    } else if (ch === '"' && cell === '') quoted = true;
    else if (ch === ',') endCell();
    else if (ch === '\n') endRow();
    else if (ch !== '\r') cell += ch;
    i++;
  }
  if (quoted)
    throw new FigboardError('the CSV file ends inside a quoted cell', {
      code: 'data-csv-syntax',
      where,
      expected: 'a closing quote',
      got: 'end of file',
    });
  if (cell !== '' || row.length > 0) endRow();
  const [header, ...rows] = records;
  if (!header)
    throw new FigboardError('the CSV file is empty', {
      code: 'data-csv-syntax',
      where,
      expected: 'a header row and data rows',
      got: 'nothing',
    });
  return { header, rows };
}

function quote(cell: string): string {
  return /[",\r\n]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell;
}

/** Writes a table as CSV with LF line ends and a final newline (byte-stable). */
export function formatCsv(table: DataTable): string {
  return `${[table.header, ...table.rows].map((r) => r.map(quote).join(',')).join('\n')}\n`;
}

/** A number written compactly and stably: at most 6 significant digits, no exponent for common ranges. */
export function formatNumber(v: number): string {
  if (Number.isInteger(v) && Math.abs(v) < 1e15) return String(v);
  const s = Number(v.toPrecision(6));
  return String(s);
}
