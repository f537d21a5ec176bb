// A search box over one or more tables: rows whose text does not contain the query (case
// ignored) are hidden; the query is `?q=` in the URL so a filtered view can be linked.

/** Wires every `input[data-table-search]` (space-separated table ids) under `root`. */
export function enhanceTableSearch(root: Document): void {
  for (const input of root.querySelectorAll<HTMLInputElement>('input[data-table-search]')) {
    const tables = (input.dataset.tableSearch ?? '')
      .split(' ')
      .map((id) => root.getElementById(id))
      .filter((t): t is HTMLTableElement => t instanceof HTMLTableElement);
    if (tables.length === 0) continue;
    input.closest<HTMLElement>('[data-table-search-wrap]')?.removeAttribute('hidden');
    const status = input.closest('[data-table-search-wrap]')?.querySelector('[data-search-status]');
    const apply = () => {
      const q = input.value.trim().toLowerCase();
      let shown = 0;
      let total = 0;
      for (const t of tables)
        for (const row of t.tBodies[0]?.rows ?? []) {
          const ok = q === '' || (row.textContent ?? '').toLowerCase().includes(q);
          row.hidden = !ok;
          total++;
          if (ok) shown++;
        }
      if (status) status.textContent = q === '' ? '' : `${shown} of ${total} rows match.`;
    };
    input.value = new URL(window.location.href).searchParams.get('q') ?? '';
    apply();
    input.addEventListener('input', () => {
      apply();
      const url = new URL(window.location.href);
      if (input.value.trim()) url.searchParams.set('q', input.value.trim());
      else url.searchParams.delete('q');
      window.history.replaceState(null, '', url);
    });
  }
}
