import type { Problem } from '../errors/problem.ts';
import type { DataRole, TargetDataSpec } from '../schemas/target-data.schema.ts';
import type { DataTable } from './data-table.ts';
import {
  DISCRETE_ROLES,
  FAMILY_LAYOUTS,
  distinct,
  isKnownLayout,
  mainValueRole,
} from './data-layout.ts';

/** Longest label the checker accepts (a label longer than this cannot be placed on a chart). */
export const MAX_LABEL_LENGTH = 60;

/**
 * Checks a task CSV against its layout (FigMirror B.3 "Output and checks"): consistent row width,
 * complete role coverage (every series, group and panel has data; grids are complete), finite
 * values, and plausible numbers (non-negative errors, bands around their line, positive values on
 * a log axis, no negatives where the chart cannot show them). Every problem is collected and
 * names the task, the file and the rule.
 */
export function checkDataTable(
  spec: TargetDataSpec,
  table: DataTable,
  file: string,
  task: string,
): Problem[] {
  const problems: Problem[] = [];
  const add = (rule: string, message: string, extra: Partial<Problem> = {}) =>
    problems.push({
      severity: 'error',
      rule,
      file,
      message: `task "${task}": ${message}`,
      ...extra,
    });
  if (!isKnownLayout(spec)) {
    add('data-layout', `the roles ${spec.roles.join(', ')} are not a ${spec.family} layout`, {
      expected: FAMILY_LAYOUTS[spec.family].map((l) => l.join(',')).join(' | '),
      got: spec.roles.join(','),
    });
    return problems;
  }
  const width = spec.roles.length;
  if (table.header.length !== width)
    add('data-header-width', 'the header row has the wrong number of columns', {
      expected: `${width} (${spec.roles.join(', ')})`,
      got: String(table.header.length),
    });
  table.header.forEach((h, i) => {
    if (h.trim() === '') add('data-header', `column ${i + 1} has no name`);
  });
  if (new Set(table.header).size !== table.header.length)
    add('data-header', 'two columns have the same name', { got: table.header.join(',') });
  if (table.rows.length === 0) {
    add('data-role-coverage', 'the table has no data rows');
    return problems;
  }

  // Row width: report the first few offenders and how many there are.
  const ragged = table.rows.map((r, i) => ({ i, n: r.length })).filter((r) => r.n !== width);
  for (const r of ragged.slice(0, 5))
    add('data-row-width', `row ${r.i + 2} has ${r.n} cells`, {
      line: r.i + 2,
      expected: String(width),
      got: String(r.n),
    });
  if (ragged.length > 5)
    add('data-row-width', `${ragged.length - 5} more rows have the wrong width`);
  const rows = table.rows.filter((r) => r.length === width);

  const col = (role: DataRole) => spec.roles.indexOf(role);
  const num = (r: string[], role: DataRole) => Number(r[col(role)]);

  // Cells: labels present and short, numbers finite.
  let badNumbers = 0;
  let badLabels = 0;
  rows.forEach((r, i) => {
    spec.roles.forEach((role, c) => {
      const cell = r[c]!;
      if (DISCRETE_ROLES.has(role)) {
        if ((cell.trim() === '' || cell.length > MAX_LABEL_LENGTH) && badLabels++ < 5)
          add(
            'data-label',
            `row ${i + 2}, column "${table.header[c]}": a label must be 1–${MAX_LABEL_LENGTH} characters`,
            {
              line: i + 2,
              got: JSON.stringify(cell.slice(0, 80)),
            },
          );
      } else if ((cell.trim() === '' || !Number.isFinite(Number(cell))) && badNumbers++ < 5)
        add(
          'data-value-not-finite',
          `row ${i + 2}, column "${table.header[c]}": not a finite number`,
          {
            line: i + 2,
            expected: 'a finite number',
            got: JSON.stringify(cell.slice(0, 80)),
          },
        );
    });
  });
  if (badNumbers > 5)
    add('data-value-not-finite', `${badNumbers - 5} more cells are not finite numbers`);
  if (badLabels > 0 || badNumbers > 0) return problems;

  // Role coverage: every series / group / panel has enough rows to draw.
  const minRows: Partial<Record<DataRole, number>> = { series: 2, group: 5, panel: 2 };
  if (spec.family === 'xy' && spec.roles.includes('size')) minRows.series = 1;
  for (const role of ['series', 'group', 'panel'] as const) {
    const c = col(role);
    if (c < 0 || spec.family === 'cat') continue;
    for (const name of distinct(rows, c)) {
      const n = rows.filter((r) => r[c] === name).length;
      if (n < minRows[role]!)
        add('data-role-coverage', `${role} "${name}" has ${n} row(s)`, {
          expected: `at least ${minRows[role]}`,
          got: String(n),
        });
    }
  }
  if (spec.family === 'dual' && rows.length < 2)
    add('data-role-coverage', 'a line needs at least two points', { got: String(rows.length) });

  // Complete grids: every (category, series) and (row, col) pair exactly once.
  const pairs: [DataRole, DataRole] | null =
    spec.family === 'matrix'
      ? ['row', 'col']
      : spec.family === 'cat' && spec.roles.includes('series')
        ? ['category', 'series']
        : null;
  if (pairs) {
    const [a, b] = pairs.map(col) as [number, number];
    const A = distinct(rows, a);
    const B = distinct(rows, b);
    const seen = new Map<string, number>();
    for (const r of rows) {
      const k = `${r[a]}\u0000${r[b]}`;
      seen.set(k, (seen.get(k) ?? 0) + 1);
    }
    const dup = [...seen.entries()].filter(([, n]) => n > 1);
    if (dup.length > 0)
      add(
        'data-duplicate-key',
        `${dup.length} (${pairs.join(', ')}) pair(s) appear more than once`,
        {
          got: dup[0]![0].replace('\u0000', ' / '),
        },
      );
    const missing = A.length * B.length - seen.size;
    if (missing > 0)
      add('data-grid-incomplete', `the ${pairs.join(' × ')} grid misses ${missing} cell(s)`, {
        expected: `${A.length} × ${B.length} = ${A.length * B.length} cells`,
        got: String(seen.size),
      });
  }
  if (spec.family === 'cat' && !spec.roles.includes('series')) {
    const c = col('category');
    if (distinct(rows, c).length !== rows.length)
      add('data-duplicate-key', 'a category appears more than once');
  }
  if (spec.family === 'panel-xy' && spec.gridColumns) {
    const n = distinct(rows, col('panel')).length;
    if (n % spec.gridColumns !== 0)
      add('data-panel-grid', `${n} panels do not fill a grid of ${spec.gridColumns} columns`, {
        expected: `a multiple of ${spec.gridColumns}`,
        got: String(n),
      });
  }

  // Plausible numbers.
  const main = mainValueRole(spec);
  const count = (pred: (r: string[]) => boolean) => rows.filter(pred).length;
  if (spec.roles.includes('err')) {
    const n = count((r) => num(r, 'err') < 0);
    if (n > 0) add('data-implausible', `${n} error value(s) are negative`, { expected: 'err ≥ 0' });
  }
  if (spec.roles.includes('lo')) {
    const n = count((r) => !(num(r, 'lo') <= num(r, 'y') && num(r, 'y') <= num(r, 'hi')));
    if (n > 0)
      add('data-implausible', `${n} row(s) have a band that does not contain the line`, {
        expected: 'lo ≤ y ≤ hi',
      });
  }
  if (spec.roles.includes('size')) {
    const n = count((r) => num(r, 'size') <= 0);
    if (n > 0)
      add('data-implausible', `${n} size value(s) are not positive`, { expected: 'size > 0' });
  }
  if (spec.logScale) {
    const n = count((r) => num(r, main) <= 0);
    if (n > 0)
      add('data-implausible', `${n} value(s) are not positive on a log axis`, {
        expected: `${main} > 0`,
      });
  } else if (!spec.allowNegative) {
    const n = count((r) => num(r, main) < 0);
    if (n > 0)
      add('data-implausible', `${n} value(s) are negative but the chart cannot show negatives`, {
        expected: `${main} ≥ 0`,
      });
  }
  return problems;
}
