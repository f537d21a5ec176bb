/**
 * Long lists of images are built whole but shown a page at a time (client/paged-list.ts): the
 * attributes of a list's `index`-th item, marked past the first `size`. With scripts on, a marked
 * item is not displayed (global.css), so its lazy images are not fetched until a reader opens its
 * page; without scripts every item shows.
 */
export function pageItemAttrs(index: number, size: number): { 'data-page-rest'?: '' } {
  return index < size ? {} : { 'data-page-rest': '' };
}

/** Task tiles per page of a submission's grid (each a ~10–20 KB thumbnail). */
export const TILE_PAGE = 24;
/** Style references per page (each two images at up to full resolution, ~50 KB apiece). */
export const STYLE_PAGE = 6;
