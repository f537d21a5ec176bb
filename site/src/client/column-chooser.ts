// The column chooser of a table: one checkbox per column; unchecked columns are hidden (header
// and cells). The hidden columns are `?hide=a,b` in the URL, so a trimmed view can be linked.

const PARAM = 'hide';

/** Wires every `[data-column-chooser]` block (naming its table) under `root`. */
export function enhanceColumnChoosers(root: Document): void {
  for (const box of root.querySelectorAll<HTMLElement>('[data-column-chooser]')) {
    const table = root.getElementById(box.dataset.columnChooser ?? '');
    if (!table) continue;
    box.hidden = false;
    const boxes = [...box.querySelectorAll<HTMLInputElement>('input[type="checkbox"][value]')];
    const apply = () => {
      for (const b of boxes)
        for (const cell of table.querySelectorAll<HTMLElement>(
          `[data-col="${CSS.escape(b.value)}"]`,
        ))
          cell.style.display = b.checked ? '' : 'none';
    };
    const hidden = new Set(
      (new URL(window.location.href).searchParams.get(PARAM) ?? '').split(',').filter(Boolean),
    );
    for (const b of boxes) b.checked = !hidden.has(b.value);
    apply();
    box.addEventListener('change', () => {
      apply();
      const url = new URL(window.location.href);
      const off = boxes.filter((b) => !b.checked).map((b) => b.value);
      if (off.length > 0) url.searchParams.set(PARAM, off.join(','));
      else url.searchParams.delete(PARAM);
      window.history.replaceState(null, '', url);
    });
  }
}
