import { FigboardError } from '../errors/index.ts';
import { parseSafeXml, squash, xmlText } from './parse-safe-xml.ts';

/** One paper from an arXiv API listing. `version` is null when the id has no `vN` suffix. */
export interface ArxivListingEntry {
  arxivId: string;
  version: string | null;
  title: string;
  authors: string[];
  abstract: string;
  published: string;
  primaryCategory: string;
  categories: string[];
}

export interface ArxivListing {
  totalResults: number;
  startIndex: number;
  entries: ArxivListingEntry[];
}

/** `http://arxiv.org/abs/2106.01234v2` → base id and version; old-style ids like `cs/0112017v1` too. */
export function parseArxivAbsId(idUrl: string): { arxivId: string; version: string | null } | null {
  const m = /(?:arxiv\.org\/abs\/)?((?:\d{4}\.\d{4,5})|(?:[a-z-]+(?:\.[A-Z]{2})?\/\d{7}))(v\d+)?\s*$/.exec(idUrl.trim());
  if (!m) return null;
  return { arxivId: m[1]!, version: m[2] ?? null };
}

/**
 * Parses an arXiv API (Atom 1.0) listing page. Entries without a parsable id are left out
 * (the API reports errors as an entry titled "Error", which is raised instead).
 */
export function parseArxivAtom(xml: string, where: string): ArxivListing {
  const doc = parseSafeXml(xml, where, ['entry', 'author', 'category', 'link']);
  const feed = doc.feed as Record<string, unknown> | undefined;
  if (!feed) throw new FigboardError('not an Atom feed', { code: 'arxiv-api-format', where, expected: '<feed>', got: Object.keys(doc).join(', ') || 'nothing' });
  const entries: ArxivListingEntry[] = [];
  for (const e of (feed.entry as Record<string, unknown>[] | undefined) ?? []) {
    const id = parseArxivAbsId(xmlText(e.id));
    if (!id) {
      if (squash(xmlText(e.title)) === 'Error') {
        throw new FigboardError(`arXiv API error: ${squash(xmlText(e.summary))}`, { code: 'arxiv-api-error', where });
      }
      continue;
    }
    const categories = ((e.category as Record<string, unknown>[] | undefined) ?? []).map((c) => String(c['@_term'] ?? '')).filter((c) => c !== '');
    const primary = e.primary_category as Record<string, unknown> | undefined;
    entries.push({
      ...id,
      title: squash(xmlText(e.title)),
      authors: ((e.author as Record<string, unknown>[] | undefined) ?? []).map((a) => squash(xmlText(a.name))),
      abstract: squash(xmlText(e.summary)),
      published: xmlText(e.published),
      primaryCategory: String(primary?.['@_term'] ?? categories[0] ?? ''),
      categories,
    });
  }
  const num = (v: unknown) => {
    const n = Number(xmlText(v));
    return Number.isFinite(n) ? n : 0;
  };
  return { totalResults: num(feed.totalResults), startIndex: num(feed.startIndex), entries };
}
