import { sortTable } from './sortable-table.ts';

// The leaderboard rows carry `data-field-<field>="mean|n"`. Choosing a field swaps the Mean
// cells to that field's mean, re-ranks, and marks the CI as not applicable; "All fields" restores.

function remember(cell: HTMLElement): void {
  if (cell.dataset.allValue !== undefined) return;
  cell.dataset.allValue = cell.dataset.value ?? '';
  cell.dataset.allText = cell.querySelector('.cell-text, a')?.textContent ?? '';
}

function setText(cell: HTMLElement, text: string): void {
  const target = cell.querySelector<HTMLElement>('.cell-text, a');
  if (target) target.textContent = text;
}

/** Wires every `[data-field-filter]` control under `root`. */
export function enhanceFieldFilters(root: ParentNode): void {
  for (const box of root.querySelectorAll<HTMLElement>('[data-field-filter]')) {
    const table = document.getElementById(box.dataset.fieldFilter ?? '') as HTMLTableElement | null;
    const select = box.querySelector('select');
    if (!table || !select) continue;
    box.hidden = false;
    const caption = table.caption;
    const baseCaption = caption?.firstChild?.textContent ?? '';
    select.addEventListener('change', () => {
      const field = select.value;
      const rows = [...table.tBodies[0]!.rows];
      for (const row of rows) {
        const mean = row.querySelector<HTMLElement>('[data-col="mean"]');
        const ci = row.querySelector<HTMLElement>('[data-col="ci"]');
        if (!mean) continue;
        remember(mean);
        if (ci) remember(ci);
        if (field === '') {
          mean.dataset.value = mean.dataset.allValue!;
          setText(mean, mean.dataset.allText!);
          if (ci) {
            ci.dataset.value = ci.dataset.allValue!;
            setText(ci, ci.dataset.allText!);
          }
        } else {
          const [m, n] = (row.getAttribute(`data-field-${field}`) ?? '').split('|');
          mean.dataset.value = m ?? '';
          setText(mean, m ? `${Number(m).toFixed(1)}` : '—');
          mean.title = n ? `${n} tasks in this field` : 'no tasks in this field';
          if (ci) {
            ci.dataset.value = '';
            setText(ci, 'n/a');
          }
        }
      }
      sortTable(table, 'mean', 'descending');
      // ranks follow the current mean (restored to the board's ranks for all fields)
      const ranked = [...table.tBodies[0]!.rows];
      ranked.forEach((row, i) => {
        const rank = row.querySelector<HTMLElement>('[data-col="rank"]');
        if (!rank) return;
        remember(rank);
        const v = field === '' ? rank.dataset.allValue! : String(i + 1);
        rank.dataset.value = v;
        setText(rank, field === '' ? rank.dataset.allText! : v);
      });
      if (caption?.firstChild)
        caption.firstChild.textContent =
          field === ''
            ? baseCaption
            : `${baseCaption.trim()} — field ${select.selectedOptions[0]?.textContent ?? field} only `;
    });
  }
}
