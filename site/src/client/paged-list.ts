// Long lists of images (a submission's task tiles, its style references beside their outputs)
// are built whole but shown a page at a time: items past the first page carry `data-page-rest`
// in the HTML (lib/paged.ts) and, once the layout's head script has marked `<html data-js>`, are
// not displayed until opened (`data-page-open`), so their lazy images are not fetched until a
// reader asks for them. Without scripts every item shows. A link to an item on a later page
// (#fragment) opens the pages up to it.

const OPEN = 'data-page-open';
const closed = (el: HTMLElement) => !el.hasAttribute(OPEN);
const open = (el: HTMLElement) => el.setAttribute(OPEN, '');

/** Adds "Show N more" / "Show all" under each `[data-paged]` list that has items past its first page. */
export function pageLists(root: Document): void {
  const updates = new Map<HTMLElement, () => void>();
  const restOf = (list: HTMLElement) => [
    ...list.querySelectorAll<HTMLElement>(':scope > [data-page-rest]'),
  ];
  for (const list of root.querySelectorAll<HTMLElement>('[data-paged]')) {
    const items = restOf(list);
    if (items.length === 0) continue;
    const size = Math.max(1, Number(list.dataset.paged) || items.length);
    const noun = list.dataset.pagedNoun ?? 'items';
    const total = list.children.length;
    const bar = root.createElement('p');
    bar.className = 'paged-more';
    const status = root.createElement('span');
    status.setAttribute('role', 'status');
    const more = root.createElement('button');
    more.type = 'button';
    more.className = 'secondary';
    const all = root.createElement('button');
    all.type = 'button';
    all.className = 'secondary';
    all.textContent = `Show all ${total}`;
    bar.append(status, ' ', more, ' ', all);
    list.after(bar);
    const update = () => {
      const left = items.filter(closed).length;
      status.textContent = `${total - left} of ${total} ${noun} shown.`;
      more.textContent = `Show ${Math.min(size, left)} more`;
      bar.hidden = left === 0;
    };
    more.addEventListener('click', () => {
      items.filter(closed).slice(0, size).forEach(open);
      update();
    });
    all.addEventListener('click', () => {
      items.forEach(open);
      update();
    });
    updates.set(list, update);
    update();
  }
  const openTarget = () => {
    const id = decodeURIComponent(location.hash.slice(1));
    const target = id ? root.getElementById(id) : null;
    const item = target?.closest<HTMLElement>('[data-page-rest]');
    const list = item?.parentElement;
    if (!target || !item || !list || !closed(item)) return;
    const items = restOf(list);
    items.slice(0, items.indexOf(item) + 1).forEach(open);
    updates.get(list)?.();
    target.scrollIntoView();
  };
  window.addEventListener('hashchange', openTarget);
  openTarget();
}
