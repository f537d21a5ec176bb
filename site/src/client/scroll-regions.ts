// Marks every scroll region that is wider than its box (`data-overflowing`), so the CSS shows its
// "scroll sideways" hint and edge shadow only where there is something to scroll to; re-checked
// on resize. The hint is the region's sibling `.scroll-hint` (see DataTable.astro).

/** Sets `data-overflowing` on each `[data-scroll-region]` whose content is wider than it. */
export function markScrollRegions(root: Document): void {
  const check = () => {
    for (const el of root.querySelectorAll<HTMLElement>('[data-scroll-region]')) {
      const over = el.scrollWidth > el.clientWidth + 1;
      el.parentElement?.toggleAttribute('data-overflowing', over);
      el.toggleAttribute('data-overflowing', over);
    }
  };
  check();
  window.addEventListener('resize', check, { passive: true });
}
