import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildOrbitSuite, type OrbitOptions } from '@figboard/evaluator/testkit';
import type { Clock } from '@figboard/evaluator/testkit';
import { createFigureRasterizer } from '@figboard/evaluator/testkit';
import { fetchHttp } from '@figboard/evaluator/suite';
import { verifySuite } from '@figboard/evaluator/suite';
import { type FakeArxiv, startFakeArxiv } from './helpers/fake-arxiv.ts';
import { orbitPapers } from './helpers/orbit-papers.ts';
import { snapshot } from './helpers/snapshot.ts';

/** A clock that never sleeps: it advances virtual time and records every wait. */
function fakeClock(): Clock & { sleeps: number[] } {
  let t = 1_000_000;
  const sleeps: number[] = [];
  return {
    sleeps,
    now: () => t,
    sleep: async (ms) => {
      sleeps.push(ms);
      t += ms;
    },
  };
}

let arxiv: FakeArxiv;
let work: string;
beforeAll(async () => {
  arxiv = await startFakeArxiv(await orbitPapers());
  work = await mkdtemp(join(tmpdir(), 'figboard-orbit-'));
});
afterAll(async () => {
  await arxiv.close();
  await rm(work, { recursive: true, force: true });
});

const identity = {
  seed: 7,
  since: '2021-03',
  until: '2021-04',
  categories: ['cs.AI', 'cs.CL', 'cs.CV', 'cs.LG'],
  pageSize: 4,
  maxPagesPerWindow: 5,
  dpi: 100,
  maxSidePx: 2000,
  suiteName: 'orbit-test',
  suiteVersion: '1.0.0',
};
const options = (outDir: string, clock: Clock, over: Partial<OrbitOptions> = {}): OrbitOptions => ({
  outDir,
  identity,
  limit: 10,
  apiBase: `${arxiv.base}/api/query`,
  oaiBase: `${arxiv.base}/oai2`,
  sourceBase: `${arxiv.base}/e-print`,
  http: fetchHttp,
  clock,
  rasterizer: createFigureRasterizer({ dpi: identity.dpi, maxSidePx: identity.maxSidePx }),
  minIntervalMs: 3000,
  maxRetries: 3,
  backoffMs: 1000,
  ...over,
});

describe('refig orbit: builder end to end against a local arXiv', () => {
  it('accepts the overview figures, skips the rest with reasons, and the suite verifies', async () => {
    const out = join(work, 'suite');
    const clock = fakeClock();
    arxiv.failNext('/api/query', 1, 7); // one 503 with Retry-After: 7 s
    const events: string[] = [];
    const result = await buildOrbitSuite(
      options(out, clock, {
        onEvent: (e) =>
          e.kind !== 'window' &&
          events.push(
            e.kind === 'accepted'
              ? `accepted ${e.arxivId}`
              : e.kind === 'skipped'
                ? `skipped ${e.arxivId} ${e.reason}`
                : e.kind,
          ),
      }),
    );

    expect(result).toMatchObject({ accepted: 3, scanned: 9, exhausted: true, retries: 1 });
    expect(result.skippedByReason).toEqual({
      'archive-link': 1,
      'archive-truncated': 1,
      'archive-unsafe-path': 1,
      'no-overview-caption': 1,
      'not-in-field': 1,
      'pdf-only': 1,
    });
    // Polite: every request at least 3 s after the previous one, and the Retry-After honoured.
    expect(clock.sleeps).toContain(7000);
    expect(clock.sleeps.filter((s) => s !== 7000).every((s) => s <= 3000)).toBe(true);
    const sum = clock.sleeps.reduce((a, b) => a + b, 0);
    expect(sum).toBeGreaterThanOrEqual((result.requests - 1) * 3000);

    const suite = await verifySuite(out);
    expect(suite.problems).toEqual([]);
    expect(suite.tasks.map((t) => t.id)).toEqual(['2103.00101', '2103.00103', '2104.00108']);
    const [pdf, eps, png] = suite.tasks.map((t) => t.task);

    // Table 8 provenance of the accepted PDF figure.
    expect(pdf!.source).toEqual({
      kind: 'arxiv',
      arxivId: '2103.00101',
      version: 'v2',
      title: 'A Pipeline for Everything',
      authors: ['Ada Lovelace', 'Alan Turing'],
      published: '2021-03-02T09:30:00Z',
      primaryCategory: 'cs.CV',
      categories: ['cs.CV', 'cs.LG'],
      abstractUrl: 'https://arxiv.org/abs/2103.00101v2',
      pdfUrl: 'https://arxiv.org/pdf/2103.00101v2',
      sourceUrl: 'https://arxiv.org/e-print/2103.00101v2',
      versionFrom: 'listing',
    });
    expect(pdf!.license).toMatchObject({
      name: 'http://creativecommons.org/licenses/by/4.0/',
      redistributable: true,
      spdx: 'CC-BY-4.0',
    });
    expect(pdf!.caption).toBe(
      'Overview of the proposed pipeline: an encoder, a fusion module and a decoder.',
    );
    expect(pdf!.label).toBe('fig:overview');
    expect(pdf!.sourcePath).toBe('figs/overview.pdf');
    expect(pdf!.field).toBe('cs.CV');
    expect(pdf!.image).toMatchObject({
      file: 'source.png',
      format: 'png',
      width: 500,
      height: 167,
      hasAlpha: false,
    });
    expect(pdf!.selection.evidence).toEqual([
      'caption "overview" +5',
      'caption "pipeline" +4',
      'caption "proposed" +1',
      'caption opens with an overview term +2',
      'label "fig:overview" +2',
      'first figure of the paper +1',
    ]);
    expect(pdf!.selection.score).toBe(15);
    expect(pdf!.selection.candidates?.map((c) => [c.path, c.passedGate])).toEqual([
      ['figs/overview.pdf', true],
      ['figs/plot.png', false],
    ]);
    expect(pdf!.selection).toMatchObject({ seed: 7, window: '2021-03' });

    // Version pinned through OAI arXivRaw; EPS rendered by Ghostscript; license recorded verbatim.
    expect(eps!.source).toMatchObject({
      version: 'v3',
      versionFrom: 'oai-arxivraw',
      sourceUrl: 'https://arxiv.org/e-print/2103.00103v3',
    });
    expect(arxiv.log).toContain('/e-print/2103.00103v3');
    expect(eps!.license).toMatchObject({
      name: 'http://arxiv.org/licenses/nonexclusive-distrib/1.0/',
      redistributable: false,
    });
    expect(eps!.field).toBe('cs.CL');
    expect(eps!.image).toMatchObject({ format: 'png', width: 417, height: 139 });

    // Sub-figure caption ignored; field from the cross-list (stat.ML primary); alpha flattened.
    expect(png!.caption).toBe('Framework of our approach.');
    expect(png!.field).toBe('cs.AI');
    expect(png!.image).toMatchObject({ width: 240, height: 120, hasAlpha: false });

    // Nothing escaped the extraction folder.
    expect(await readdir(work)).toEqual(['suite']);

    const skips = (await readFile(join(out, '.orbit', 'skip.jsonl'), 'utf8'))
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(skips.map((s) => `${s.arxivId} ${s.reason}`)).toEqual([
      '2103.00102 no-overview-caption',
      '2104.00104 archive-truncated',
      '2104.00105 archive-unsafe-path',
      '2104.00106 not-in-field',
      '2104.00107 pdf-only',
      '2104.00109 archive-link',
    ]);
    expect(skips[0].detail).toContain('gate: no overview signal term in the caption');
    expect(skips[2].detail).not.toContain(work); // no machine paths in records

    const manifest = JSON.parse(await readFile(join(out, 'suite.json'), 'utf8'));
    expect(
      manifest.fieldStats.map((r: { field: string; images: number }) => `${r.field}:${r.images}`),
    ).toEqual(['cs.AI:1', 'cs.CL:1', 'cs.CV:1', 'all:3']);
    expect(events[0]).toBe('resume');
  });

  it('a second run resumes: no paper is scanned or accepted twice, and nothing changes', async () => {
    const out = join(work, 'suite');
    const before = await snapshot(out);
    const n = arxiv.log.length;
    const result = await buildOrbitSuite(options(out, fakeClock()));
    expect(result).toMatchObject({ accepted: 3, scanned: 0, requests: 0 });
    expect(arxiv.log.length).toBe(n); // listings and OAI records come from the cache
    expect(await snapshot(out)).toEqual(before);
  });

  it('refuses to resume with a different seed', async () => {
    const err = await buildOrbitSuite(
      options(join(work, 'suite'), fakeClock(), { identity: { ...identity, seed: 8 } }),
    ).catch((e: unknown) => e);
    expect(err).toMatchObject({ code: 'orbit-identity-mismatch' });
  });

  it('stops at the limit and continues to the same suite when the limit is raised', async () => {
    const out = join(work, 'limited');
    const first = await buildOrbitSuite(options(out, fakeClock(), { limit: 1 }));
    expect(first.accepted).toBe(1);
    const second = await buildOrbitSuite(options(out, fakeClock()));
    expect(second.accepted).toBe(3);
    expect(await snapshot(out, false)).toEqual(await snapshot(join(work, 'suite'), false));
  });
});
