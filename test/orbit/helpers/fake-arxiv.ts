import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One paper the fake arXiv serves. */
export interface FakePaper {
  arxivId: string;
  /** Version suffix shown in the API listing; null = the listing omits it (OAI must fill it). */
  listingVersion: string | null;
  /** Versions in the OAI arXivRaw record. */
  versions: string[];
  /** YYYY-MM of submission (decides which monthly window lists it). */
  month: string;
  title: string;
  authors: string[];
  primaryCategory: string;
  categories: string[];
  license: string | null;
  /** Source package bytes per version, served at /e-print/<id><version>. */
  source: Record<string, Buffer>;
}

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The Atom 1.0 listing format of the arXiv API (export.arxiv.org/api/query). */
export function atomFeed(papers: FakePaper[], total: number, start: number): string {
  const entries = papers.map((p) => {
    const v = p.listingVersion ?? '';
    return `  <entry>
    <id>http://arxiv.org/abs/${p.arxivId}${v}</id>
    <updated>${p.month}-15T12:00:00Z</updated>
    <published>${p.month}-02T09:30:00Z</published>
    <title>${esc(p.title)}</title>
    <summary>  We propose ${esc(p.title.toLowerCase())}.
  It works well.</summary>
${p.authors.map((a) => `    <author>\n      <name>${esc(a)}</name>\n    </author>`).join('\n')}
    <arxiv:comment xmlns:arxiv="http://arxiv.org/schemas/atom">8 pages, 3 figures</arxiv:comment>
    <link href="http://arxiv.org/abs/${p.arxivId}${v}" rel="alternate" type="text/html"/>
    <link title="pdf" href="http://arxiv.org/pdf/${p.arxivId}${v}" rel="related" type="application/pdf"/>
    <arxiv:primary_category xmlns:arxiv="http://arxiv.org/schemas/atom" term="${p.primaryCategory}" scheme="http://arxiv.org/schemas/atom"/>
${p.categories.map((c) => `    <category term="${c}" scheme="http://arxiv.org/schemas/atom"/>`).join('\n')}
  </entry>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>
<feed xmlns="http://www.w3.org/2005/Atom">
  <link href="http://arxiv.org/api/query" rel="self" type="application/atom+xml"/>
  <title type="html">ArXiv Query</title>
  <id>http://arxiv.org/api/fake</id>
  <updated>2026-01-01T00:00:00-05:00</updated>
  <opensearch:totalResults xmlns:opensearch="http://a9.com/-/spec/opensearch/1.1/">${total}</opensearch:totalResults>
  <opensearch:startIndex xmlns:opensearch="http://a9.com/-/spec/opensearch/1.1/">${start}</opensearch:startIndex>
  <opensearch:itemsPerPage xmlns:opensearch="http://a9.com/-/spec/opensearch/1.1/">${papers.length}</opensearch:itemsPerPage>
${entries.join('\n')}
</feed>
`;
}

/** The OAI-PMH GetRecord response in arXivRaw format (export.arxiv.org/oai2). */
export function arxivRawRecord(p: FakePaper): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<OAI-PMH xmlns="http://www.openarchives.org/OAI/2.0/" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:schemaLocation="http://www.openarchives.org/OAI/2.0/ http://www.openarchives.org/OAI/2.0/OAI-PMH.xsd">
<responseDate>2026-01-01T00:00:00Z</responseDate>
<request verb="GetRecord" identifier="oai:arXiv.org:${p.arxivId}" metadataPrefix="arXivRaw">http://export.arxiv.org/oai2</request>
<GetRecord>
<record>
<header>
 <identifier>oai:arXiv.org:${p.arxivId}</identifier>
 <datestamp>${p.month}-20</datestamp>
 <setSpec>cs</setSpec>
</header>
<metadata>
 <arXivRaw xmlns="http://arxiv.org/OAI/arXivRaw/" xsi:schemaLocation="http://arxiv.org/OAI/arXivRaw/ http://arxiv.org/OAI/arXivRaw.xsd">
 <id>${p.arxivId}</id><submitter>${esc(p.authors[0] ?? 'Anon')}</submitter>
${p.versions.map((v, i) => ` <version version="${v}"><date>Tue, ${2 + i} Mar 2021 09:30:00 GMT</date><size>812kb</size><source_type>D</source_type></version>`).join('\n')}
 <title>${esc(p.title)}</title><authors>${esc(p.authors.join(', '))}</authors><categories>${[p.primaryCategory, ...p.categories.filter((c) => c !== p.primaryCategory)].join(' ')}</categories>
 <comments>8 pages</comments>${p.license ? `<license>${p.license}</license>` : ''}<abstract>  We propose ${esc(p.title.toLowerCase())}.
</abstract>
 </arXivRaw>
</metadata>
</record>
</GetRecord>
</OAI-PMH>
`;
}

function oaiError(id: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<OAI-PMH xmlns="http://www.openarchives.org/OAI/2.0/"><responseDate>2026-01-01T00:00:00Z</responseDate><request verb="GetRecord">http://export.arxiv.org/oai2</request><error code="idDoesNotExist">${id} is unknown or illegal in this repository</error></OAI-PMH>
`;
}

export interface FakeArxiv {
  base: string;
  /** Every request path+query in arrival order. */
  log: string[];
  /** Fail the next `n` requests whose path starts with `prefix` with 503 + Retry-After. */
  failNext(prefix: string, n: number, retryAfterSeconds?: number): void;
  /** Called before a request is answered; return a promise to hold the response. */
  hold: ((path: string) => Promise<void> | void) | null;
  close(): Promise<void>;
}

/** Starts a local HTTP server that serves the arXiv API, OAI-PMH arXivRaw and e-print packages. */
export async function startFakeArxiv(papers: FakePaper[]): Promise<FakeArxiv> {
  const failures: { prefix: string; left: number; retryAfter: number }[] = [];
  const state: FakeArxiv = {
    base: '',
    log: [],
    hold: null,
    failNext(prefix, n, retryAfter = 1) {
      failures.push({ prefix, left: n, retryAfter });
    },
    close: async () => {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    },
  };
  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url!, 'http://x');
    state.log.push(`${url.pathname}${url.search}`);
    if (state.hold) await state.hold(url.pathname);
    const failure = failures.find((f) => f.left > 0 && url.pathname.startsWith(f.prefix));
    if (failure) {
      failure.left -= 1;
      res.writeHead(503, { 'retry-after': String(failure.retryAfter) }).end('busy');
      return;
    }
    if (url.pathname === '/api/query') {
      const q = url.searchParams.get('search_query') ?? '';
      const m = /submittedDate:\[(\d{4})(\d{2})\d{6} TO/.exec(q);
      const month = m ? `${m[1]}-${m[2]}` : '';
      const all = papers.filter((p) => p.month === month);
      const start = Number(url.searchParams.get('start') ?? 0);
      const max = Number(url.searchParams.get('max_results') ?? 10);
      res
        .writeHead(200, { 'content-type': 'application/atom+xml; charset=utf-8' })
        .end(atomFeed(all.slice(start, start + max), all.length, start));
      return;
    }
    if (url.pathname === '/oai2') {
      const id = (url.searchParams.get('identifier') ?? '').replace(/^oai:arXiv\.org:/, '');
      const p = papers.find((x) => x.arxivId === id);
      res
        .writeHead(200, { 'content-type': 'text/xml; charset=utf-8' })
        .end(p ? arxivRawRecord(p) : oaiError(id));
      return;
    }
    const e = /^\/e-print\/(.+?)(v\d+)$/.exec(url.pathname);
    if (e) {
      const body = papers.find((x) => x.arxivId === e[1])?.source[e[2]!];
      if (!body) {
        res.writeHead(404).end('not found');
        return;
      }
      res
        .writeHead(200, {
          'content-type': 'application/x-eprint-tar',
          'content-length': body.length,
        })
        .end(body);
      return;
    }
    res.writeHead(404).end('no route');
  };
  const server: Server = createServer((req, res) => {
    handle(req, res).catch((err) => {
      if (!res.headersSent) res.writeHead(500).end(String(err));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  state.base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return state;
}
