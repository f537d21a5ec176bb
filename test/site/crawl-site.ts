// A crawler over a built site served on 127.0.0.1: from the base URL it follows every internal
// reference (a[href], link[href], img[src], srcset candidates, script[src], data-src/data-index
// data URLs, CSS url(), site paths inside JSON data), fetches each URL once and records what it
// got. HTML is parsed by Chromium's own parser (DOMParser in a blank page), so what counts as a
// link is what a browser sees. Used by the crawl test and the site bench.
import type { Page } from 'playwright-core';

/** One fetched URL. */
interface CrawledUrl {
  /** Path below the origin, e.g. `/figboard/tasks/`. */
  path: string;
  status: number;
  type: string;
  bytes: number;
  /** Pages that reference it (first few), for messages. */
  from: string[];
}

export interface CrawlResult {
  urls: Map<string, CrawledUrl>;
  /** Element ids of every HTML page, by path. */
  ids: Map<string, Set<string>>;
  /** Every `path#fragment` reference and the page it was found on. */
  fragments: { path: string; fragment: string; from: string }[];
  /** Every same-origin reference of each HTML or JSON file, by its path. */
  references: Map<string, Set<string>>;
}

interface Extracted {
  refs: string[];
  ids: string[];
}

/** Links and ids of one HTML document, read by the browser's parser. */
function extractInBrowser(page: Page, html: string): Promise<Extracted> {
  return page.evaluate((text) => {
    const doc = new DOMParser().parseFromString(text, 'text/html');
    const refs: string[] = [];
    // no named functions in here: a bundler's helpers (__name) do not exist in the page
    for (const [sel, name] of [
      ['a[href]', 'href'],
      ['area[href]', 'href'],
      ['link[href]', 'href'],
      ['img[src]', 'src'],
      ['script[src]', 'src'],
      ['source[src]', 'src'],
      ['[data-src]', 'data-src'],
      ['[data-index]', 'data-index'],
    ] as const)
      for (const el of Array.from(doc.querySelectorAll(sel))) {
        const v = (el.getAttribute(name) ?? '').trim();
        // data-* attributes are URLs only when they look like one (data-index is also a number)
        if (v !== '' && (!name.startsWith('data-') || /^(\/|\.|https?:)/.test(v))) refs.push(v);
      }
    for (const el of Array.from(doc.querySelectorAll('img[srcset], source[srcset]')))
      for (const candidate of (el.getAttribute('srcset') ?? '').split(',')) {
        const url = candidate.trim().split(/\s+/)[0];
        if (url) refs.push(url);
      }
    // inline styles and <style> blocks can name images too
    for (const el of Array.from(doc.querySelectorAll('style, [style]'))) {
      const css = el.tagName === 'STYLE' ? el.textContent : el.getAttribute('style');
      for (const m of (css ?? '').matchAll(/url\(\s*['"]?([^'")]+)['"]?\s*\)/g)) refs.push(m[1]!);
    }
    const ids = Array.from(doc.querySelectorAll('[id]')).map((e) => e.id);
    // <a name> is a fragment target too
    for (const a of Array.from(doc.querySelectorAll('a[name]'))) ids.push(a.getAttribute('name')!);
    return { refs, ids };
  }, html);
}

/** Site paths (`/base/…`) inside a JSON value. */
function jsonPaths(value: unknown, base: string, out: string[] = []): string[] {
  if (typeof value === 'string') {
    // a `{task}` template (the compare data's task links) is filled in by the page, not a URL
    if (value.startsWith(base) && !value.includes(' ') && !/\{\w+\}/.test(value)) out.push(value);
  } else if (Array.isArray(value)) for (const v of value) jsonPaths(v, base, out);
  else if (value && typeof value === 'object')
    for (const v of Object.values(value)) jsonPaths(v, base, out);
  return out;
}

/**
 * Crawls the site at `rootUrl` (e.g. `http://127.0.0.1:1234/figboard/`). `page` is a Chromium page
 * used only to parse HTML. Every same-origin URL is fetched once; other origins are not followed.
 */
export async function crawlSite(rootUrl: string, page: Page): Promise<CrawlResult> {
  const root = new URL(rootUrl);
  const base = root.pathname;
  const urls = new Map<string, CrawledUrl>();
  const ids = new Map<string, Set<string>>();
  const references = new Map<string, Set<string>>();
  const fragments: CrawlResult['fragments'] = [];
  const queue: string[] = [base];
  const seen = new Set<string>([base]);
  const from = new Map<string, string[]>();

  const enqueue = (raw: string, at: string) => {
    if (/^(mailto|tel|javascript|data|blob):/i.test(raw)) return;
    let u: URL;
    try {
      u = new URL(raw, new URL(at, root.origin));
    } catch {
      return;
    }
    if (u.origin !== root.origin) return;
    const path = decodeURIComponent(u.pathname);
    if (u.hash.length > 1)
      fragments.push({ path, fragment: decodeURIComponent(u.hash.slice(1)), from: at });
    const refs = references.get(at) ?? new Set<string>();
    refs.add(path);
    references.set(at, refs);
    const f = from.get(path) ?? [];
    if (f.length < 3 && !f.includes(at)) f.push(at);
    from.set(path, f);
    if (seen.has(path)) return;
    seen.add(path);
    queue.push(path);
  };

  while (queue.length > 0) {
    const path = queue.shift()!;
    const res = await fetch(new URL(encodeURI(path), root.origin), { redirect: 'manual' });
    const body = Buffer.from(await res.arrayBuffer());
    const type = res.headers.get('content-type') ?? '';
    urls.set(path, { path, status: res.status, type, bytes: body.length, from: [] });
    if (res.status !== 200) continue;
    if (type.startsWith('text/html')) {
      const found = await extractInBrowser(page, body.toString('utf8'));
      ids.set(path, new Set(found.ids));
      for (const r of found.refs) enqueue(r, path);
    } else if (type.startsWith('text/css')) {
      for (const m of body.toString('utf8').matchAll(/url\(\s*['"]?([^'")]+)['"]?\s*\)/g))
        enqueue(m[1]!, path);
    } else if (type.startsWith('application/json')) {
      let data: unknown;
      try {
        data = JSON.parse(body.toString('utf8'));
      } catch {
        continue;
      }
      for (const p of jsonPaths(data, base)) enqueue(p, path);
    }
  }
  for (const [path, u] of urls) u.from = from.get(path) ?? [];
  return { urls, ids, fragments, references };
}
