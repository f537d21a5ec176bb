// Marks every scroll region that is wider than its box (`data-overflowing`), so the CSS shows its
// "scroll sideways" hint and edge shadow only where there is something to scroll to; re-checked
// whenever a region or its content changes size (a table a script fills after load, a resize).
// The hint is the region's sibling `.scroll-hint` (see DataTable.astro).

/** Sets `data-overflowing` on each `[data-scroll-region]` whose content is wider than it. */
export function markScrollRegions(root: Document): void {
  const check = (el: HTMLElement) => {
    const over = el.scrollWidth > el.clientWidth + 1;
    el.parentElement?.toggleAttribute('data-overflowing', over);
    el.toggleAttribute('data-overflowing', over);
  };
  const regions = [...root.querySelectorAll<HTMLElement>('[data-scroll-region]')];
  for (const el of regions) check(el);
  const observer = new ResizeObserver((entries) => {
    for (const e of entries) {
      const region = (e.target as HTMLElement).closest<HTMLElement>('[data-scroll-region]');
      if (region) check(region);
    }
  });
  for (const el of regions) {
    observer.observe(el);
    if (el.firstElementChild) observer.observe(el.firstElementChild);
  }
}
