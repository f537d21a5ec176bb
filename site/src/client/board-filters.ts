import { sortTable } from './sortable-table.ts';

// Filters and URL state for a leaderboard table. The rows carry data-provider, data-harness,
// data-kind and data-search (lower-case text); a row is shown when it matches every filter. The
// state is read from the URL on load and written back (history.replaceState) on every change, so
// the address bar always links to the view on screen, including the sort order and the field.

const KEYS = ['q', 'provider', 'harness', 'kind'] as const;
type Direction = 'ascending' | 'descending';

/** Wires every `[data-board-filters]` block under `root` to its table. */
export function enhanceBoardFilters(root: Document): void {
  for (const box of root.querySelectorAll<HTMLElement>('[data-board-filters]')) {
    const table = root.getElementById(box.dataset.boardFilters ?? '') as HTMLTableElement | null;
    if (!table?.tBodies[0]) continue;
    box.hidden = false;
    const control = (key: string) =>
      box.querySelector<HTMLInputElement | HTMLSelectElement>(`[name="${key}"]`);
    const status = box.querySelector<HTMLElement>('[data-filter-status]');
    const field = root.querySelector<HTMLSelectElement>(
      `[data-field-filter="${CSS.escape(table.id)}"] select`,
    );
    const rows = () => [...table.tBodies[0]!.rows];

    const apply = () => {
      const q = (control('q')?.value ?? '').trim().toLowerCase();
      const want = {
        provider: control('provider')?.value ?? '',
        harness: control('harness')?.value ?? '',
        kind: control('kind')?.value ?? '',
      };
      let shown = 0;
      for (const row of rows()) {
        const ok =
          (q === '' || (row.dataset.search ?? '').includes(q)) &&
          (want.provider === '' || row.dataset.provider === want.provider) &&
          (want.harness === '' || row.dataset.harness === want.harness) &&
          (want.kind === '' || row.dataset.kind === want.kind);
        row.hidden = !ok;
        if (ok) shown++;
      }
      if (status)
        status.textContent =
          shown === rows().length
            ? `Showing all ${shown} configurations.`
            : `Showing ${shown} of ${rows().length} configurations.`;
    };

    const writeUrl = () => {
      const url = new URL(window.location.href);
      for (const key of KEYS) {
        const v = control(key)?.value.trim() ?? '';
        if (v) url.searchParams.set(key, v);
        else url.searchParams.delete(key);
      }
      if (field?.value) url.searchParams.set('field', field.value);
      else url.searchParams.delete('field');
      const sorted = table.tHead?.querySelector<HTMLElement>('th[aria-sort]');
      const initial = table.dataset.initialSort;
      const current = sorted ? `${sorted.dataset.col}:${sorted.getAttribute('aria-sort')}` : '';
      if (sorted && current !== initial) {
        url.searchParams.set('sort', sorted.dataset.col ?? '');
        url.searchParams.set(
          'dir',
          sorted.getAttribute('aria-sort') === 'ascending' ? 'asc' : 'desc',
        );
      } else {
        url.searchParams.delete('sort');
        url.searchParams.delete('dir');
      }
      window.history.replaceState(null, '', url);
    };

    // 1. the state in the URL (after every page script has wired its controls: the field
    //    filter must hear the change event this dispatches)
    window.setTimeout(() => restore(), 0);
    const restore = () => {
      const params = new URL(window.location.href).searchParams;
      for (const key of KEYS) {
        const v = params.get(key);
        const el = control(key);
        if (v !== null && el) el.value = v;
      }
      const initial = table.tHead?.querySelector<HTMLElement>('th[aria-sort]');
      table.dataset.initialSort = initial
        ? `${initial.dataset.col}:${initial.getAttribute('aria-sort')}`
        : '';
      const fieldParam = params.get('field');
      if (field && fieldParam && [...field.options].some((o) => o.value === fieldParam)) {
        field.value = fieldParam;
        field.dispatchEvent(new Event('change'));
      }
      const sort = params.get('sort');
      if (sort && table.tHead?.querySelector(`th[data-col="${CSS.escape(sort)}"] button`)) {
        const dir: Direction = params.get('dir') === 'asc' ? 'ascending' : 'descending';
        sortTable(table, sort, dir);
      }
      apply();
    };

    // 2. every change updates the rows and the URL
    for (const key of KEYS) {
      const el = control(key);
      el?.addEventListener('input', () => {
        apply();
        writeUrl();
      });
      el?.addEventListener('change', () => {
        apply();
        writeUrl();
      });
    }
    field?.addEventListener('change', () => window.setTimeout(writeUrl, 0));
    table.tHead?.addEventListener('click', (e) => {
      if ((e.target as HTMLElement).closest('button[data-sort]')) window.setTimeout(writeUrl, 0);
    });
    box.querySelector('[data-reset]')?.addEventListener('click', () => {
      for (const key of KEYS) {
        const el = control(key);
        if (el) el.value = '';
      }
      if (field && field.value !== '') {
        field.value = '';
        field.dispatchEvent(new Event('change'));
      }
      const [key, dir] = (table.dataset.initialSort ?? '').split(':');
      if (key && dir) sortTable(table, key, dir as Direction);
      apply();
      writeUrl();
    });
  }
}
