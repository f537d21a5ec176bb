import { FigboardError } from '../errors/index.ts';
import { kid, kids, localName, parseRemoteXml, squash } from './parse-safe-xml.ts';

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
  const m =
    /(?:arxiv\.org\/abs\/)?((?:\d{4}\.\d{4,5})|(?:[a-z-]+(?:\.[A-Z]{2})?\/\d{7}))(v\d+)?\s*$/.exec(
      idUrl.trim(),
    );
  if (!m) return null;
  return { arxivId: m[1]!, version: m[2] ?? null };
}

/**
 * Parses an arXiv API (Atom 1.0) listing page. Entries without a parsable id are left out
 * (the API reports errors as an entry titled "Error", which is raised instead).
 */
export function parseArxivAtom(xml: string, where: string): ArxivListing {
  const feed = parseRemoteXml(xml, where);
  if (localName(feed.name) !== 'feed')
    throw new FigboardError('not an Atom feed', {
      code: 'arxiv-api-format',
      where,
      expected: '<feed>',
      got: `<${feed.name}>`,
    });
  const entries: ArxivListingEntry[] = [];
  for (const e of kids(feed, 'entry')) {
    const id = parseArxivAbsId(squash(kid(e, 'id')?.text));
    if (!id) {
      if (squash(kid(e, 'title')?.text) === 'Error') {
        throw new FigboardError(`arXiv API error: ${squash(kid(e, 'summary')?.text)}`, {
          code: 'arxiv-api-error',
          where,
        });
      }
      continue;
    }
    const categories = kids(e, 'category')
      .map((c) => c.attrs.term ?? '')
      .filter((c) => c !== '');
    entries.push({
      ...id,
      title: squash(kid(e, 'title')?.text),
      authors: kids(e, 'author').map((a) => squash(kid(a, 'name')?.text)),
      abstract: squash(kid(e, 'summary')?.text),
      published: squash(kid(e, 'published')?.text),
      primaryCategory: kid(e, 'primary_category')?.attrs.term ?? categories[0] ?? '',
      categories,
    });
  }
  const num = (local: string) => {
    const n = Number(squash(kid(feed, local)?.text));
    return Number.isFinite(n) ? n : 0;
  };
  return { totalResults: num('totalResults'), startIndex: num('startIndex'), entries };
}
