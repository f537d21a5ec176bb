// The hide-baselines/samples toggle: a checkbox per table that hides its rows marked
// `data-line="yes"` (reference lines and bundled samples) through a table attribute and CSS, so it
// composes with the row filters (which set `hidden` on rows). The state is `?lines=hide` in the URL.

const PARAM = 'lines';

/** Wires every `[data-line-toggle]` checkbox under `root` to the table it names. */
export function enhanceLineToggles(root: Document): void {
  for (const box of root.querySelectorAll<HTMLInputElement>('input[data-line-toggle]')) {
    const table = root.getElementById(box.dataset.lineToggle ?? '');
    if (!table) continue;
    box.closest<HTMLElement>('[data-line-toggle-wrap]')?.removeAttribute('hidden');
    const apply = () => {
      if (box.checked) table.dataset.hideLines = 'yes';
      else delete table.dataset.hideLines;
    };
    box.checked = new URL(window.location.href).searchParams.get(PARAM) === 'hide';
    apply();
    box.addEventListener('change', () => {
      apply();
      const url = new URL(window.location.href);
      if (box.checked) url.searchParams.set(PARAM, 'hide');
      else url.searchParams.delete(PARAM);
      window.history.replaceState(null, '', url);
    });
  }
}
