// Progressive enhancement for DataTable: the header buttons sort the rows in place and keep
// aria-sort and a polite live region in step. Without JavaScript the table is still complete.

type Direction = 'ascending' | 'descending';

function cellFor(row: HTMLTableRowElement, key: string): HTMLElement | null {
  return row.querySelector<HTMLElement>(`:scope > [data-col="${CSS.escape(key)}"]`);
}

/** Sorts `table`'s body rows by column `key`; empty values always go last; ties keep original order. */
export function sortTable(table: HTMLTableElement, key: string, direction: Direction): void {
  const th = table.tHead?.querySelector<HTMLElement>(`th[data-col="${CSS.escape(key)}"]`);
  if (!th) return;
  const numeric = th.hasAttribute('data-numeric');
  const body = table.tBodies[0];
  if (!body) return;
  const rows = [...body.rows];
  const sign = direction === 'ascending' ? 1 : -1;
  const value = (r: HTMLTableRowElement) => cellFor(r, key)?.dataset.value ?? '';
  rows.sort((a, b) => {
    const va = value(a);
    const vb = value(b);
    if (va === '' || vb === '')
      return va === vb ? Number(a.dataset.index) - Number(b.dataset.index) : va === '' ? 1 : -1;
    const cmp = numeric
      ? Number(va) - Number(vb)
      : va.localeCompare(vb, 'en', { numeric: true, sensitivity: 'base' });
    return cmp === 0 ? Number(a.dataset.index) - Number(b.dataset.index) : sign * cmp;
  });
  body.append(...rows);
  for (const h of table.tHead!.querySelectorAll('th')) h.removeAttribute('aria-sort');
  th.setAttribute('aria-sort', direction);
  const status = table.closest('figure')?.querySelector<HTMLElement>('[data-sort-status]');
  if (status) status.textContent = `Sorted by ${th.textContent?.trim() ?? key}, ${direction}.`;
}

/** Wires every `table[data-sortable]` under `root` (idempotent). */
export function enhanceSortableTables(root: ParentNode): void {
  for (const table of root.querySelectorAll<HTMLTableElement>(
    'table[data-sortable]:not([data-enhanced])',
  )) {
    table.setAttribute('data-enhanced', '');
    for (const button of table.querySelectorAll<HTMLButtonElement>('thead button[data-sort]')) {
      button.addEventListener('click', () => {
        const th = button.closest('th')!;
        const current = th.getAttribute('aria-sort');
        const next: Direction =
          current === 'ascending'
            ? 'descending'
            : current === 'descending'
              ? 'ascending'
              : ((th.dataset.first as Direction | undefined) ?? 'ascending');
        sortTable(table, button.dataset.sort!, next);
      });
    }
  }
}
