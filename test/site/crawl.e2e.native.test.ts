// The whole built site, crawled: built once from generated fixture data (withheld tasks, style
// track, no repository configured), served under a base path, and walked from `/` following every
// internal reference. Every URL answers 200, every #fragment names an element of its page, every
// image decodes in Chromium, every published media file is used by some page, no link points
// at a placeholder repository, and the heaviest page (HTML + what it loads at 1400 px) is ≤ 1 MB.
import { readdir, readFile, mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { launchChromium } from '../../site/scripts/launch-chromium.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { removeSite, serveSite, type ServedSite } from '../support/served-site.ts';
import { generateFixture } from '../../site/scripts/generate-fixture.ts';
import type { StaticServer } from '../../site/scripts/static-server.ts';
import { crawlSite, type CrawlResult } from './crawl-site.ts';
import { measurePageWeight } from '../../site/scripts/page-weight.ts';

const BASE = '/figboard/';
// The fixture's images are small synthetic PNGs, so this bounds markup, scripts and thumbnails;
// a task page with a large original (which a desktop must not load: it gets the 1000 px
// rendition) is weighed in page-weight.e2e.native.test.ts.
const PAGE_LIMIT_BYTES = 1024 * 1024;

let dataDir: string;
let site: ServedSite | undefined;
let dist: string;
let server: StaticServer;
let browser: Browser;
let parser: Page;
let crawl: CrawlResult;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'figboard-site-crawl-'));
  await generateFixture({
    outDir: dataDir,
    configurations: 5,
    tasks: 8,
    seed: 24,
    withheldEvery: 3,
    renderSize: { width: 640, height: 360 },
  });
  // no repository configured anywhere: the fixture has no package.json, the variables are empty
  site = await serveSite(dataDir, 'crawl', {
    base: BASE,
    timeoutMs: 400_000,
    env: { FIGBOARD_REPO_URL: '', GITHUB_REPOSITORY: '' },
  });
  dist = site.dist;
  server = site.server;
  browser = await launchChromium();
  parser = await browser.newPage();
  crawl = await crawlSite(server.url, parser);
}, 480_000);

afterAll(async () => {
  await browser?.close();
  await removeSite(site, dataDir);
});

async function filesUnder(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const e of await readdir(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) out.push(...(await filesUnder(p)));
    else out.push(p);
  }
  return out;
}

const htmlPaths = () =>
  [...crawl.urls.values()].filter((u) => u.type.startsWith('text/html')).map((u) => u.path);

describe('crawl from /', () => {
  it('reaches every page type and gets 200 for every internal URL', () => {
    const counts = new Map<string, number>();
    for (const u of crawl.urls.values()) {
      const kind = u.type.split(';')[0]!;
      counts.set(kind, (counts.get(kind) ?? 0) + 1);
    }
    process.stdout.write(
      `crawled ${crawl.urls.size} URLs from ${BASE}: ${[...counts].map(([k, n]) => `${n} ${k}`).join(', ')}\n`,
    );
    const bad = [...crawl.urls.values()]
      .filter((u) => u.status !== 200)
      .map((u) => `${u.status} ${u.path} (linked from ${u.from.join(', ')})`);
    expect(bad).toEqual([]);
    const pages = htmlPaths().map((p) => p.slice(BASE.length));
    for (const prefix of [
      'leaderboard/',
      'style/',
      'elo/',
      'effects/',
      'compare/',
      'tasks/',
      'submissions/',
      'judges/',
      'sensitivity/',
      'audit/',
      'about/',
      'annotate/',
      'annotate-style/',
    ])
      expect(
        pages.some((p) => p.startsWith(prefix)),
        `a page under ${prefix}`,
      ).toBe(true);
    expect(crawl.urls.size).toBeGreaterThan(100);
  });

  it('every #fragment names an element on its target page', () => {
    expect(crawl.fragments.length).toBeGreaterThan(0);
    const bad = crawl.fragments
      .filter((f) => crawl.ids.has(f.path) && !crawl.ids.get(f.path)!.has(f.fragment))
      .map((f) => `${f.from} → ${f.path}#${f.fragment}`);
    // a fragment on something that is not an HTML page (a CSV, an image) is a dead anchor too
    const notHtml = crawl.fragments
      .filter((f) => !crawl.ids.has(f.path))
      .map((f) => `${f.from} → ${f.path}#${f.fragment} (not an HTML page)`);
    expect([...bad, ...notHtml]).toEqual([]);
  });

  it('every image is an image: the right content type, a body, and Chromium decodes it', async () => {
    const images = [...crawl.urls.values()].filter((u) =>
      /\.(png|jpe?g|webp|svg|gif)$/i.test(u.path),
    );
    expect(images.length).toBeGreaterThan(20);
    const wrong = images
      .filter((u) => !u.type.startsWith('image/') || u.bytes === 0)
      .map((u) => `${u.path}: ${u.type}, ${u.bytes} bytes`);
    expect(wrong).toEqual([]);
    // decode each in the page's own origin, as an <img> would
    const page = await browser.newPage();
    await page.goto(server.url, { waitUntil: 'load' });
    const undecoded = await page.evaluate(
      async (paths) => {
        const out: string[] = [];
        for (const p of paths) {
          const img = new Image();
          img.src = p;
          try {
            await img.decode();
            if (img.naturalWidth === 0 || img.naturalHeight === 0) out.push(`${p}: 0 px`);
          } catch {
            out.push(`${p}: does not decode`);
          }
        }
        return out;
      },
      images.map((u) => u.path),
    );
    await page.close();
    expect(undecoded).toEqual([]);
    process.stdout.write(`${images.length} images decoded in Chromium\n`);
  }, 180_000);
});

describe('published media', () => {
  it('every file under dist/media is used by some page or data file', async () => {
    const files = await filesUnder(dist);
    const text = (
      await Promise.all(
        files.filter((f) => /\.(html|json)$/.test(f)).map((f) => readFile(f, 'utf8')),
      )
    ).join('\n');
    const media = files.filter((f) => f.startsWith(`${join(dist, 'media')}/`));
    expect(media.length).toBeGreaterThan(20);
    const unused = media
      .map((f) => BASE + relative(dist, f))
      .filter((url) => !text.includes(url) && !crawl.urls.has(url));
    process.stdout.write(`${media.length} media files, ${unused.length} unused\n`);
    expect(unused).toEqual([]);
  });
});

describe('repository links', () => {
  it('with no repository configured, no page links to a repository (no placeholder)', async () => {
    const html = (await filesUnder(dist)).filter((f) => f.endsWith('.html'));
    const hits: string[] = [];
    for (const f of html) {
      const text = await readFile(f, 'utf8');
      for (const m of text.matchAll(/href="(https:\/\/github\.com\/[^"]*)"/g))
        if (/github\.com\/figboard\/|\/(blob|raw)\/[^/]+\/(submissions|docs)\//.test(m[1]!))
          hits.push(`${relative(dist, f)}: ${m[1]}`);
    }
    expect(hits).toEqual([]);
    // the files are still named: the about page tells where the instructions are
    const about = await readFile(join(dist, 'about', 'index.html'), 'utf8');
    expect(about).toContain('<code>docs/SUBMITTING.md</code>');
  });
});

describe('page weight', () => {
  it('in Chromium at 1400 px every page loads only 200s, and the heaviest is ≤ 1 MB', async () => {
    const weights: { path: string; bytes: number }[] = [];
    // what scripts fetch (the annotate pages' per-task data) is not a link: it must answer too
    const failed: string[] = [];
    for (const path of htmlPaths()) {
      const w = await measurePageWeight(browser, server.url.replace(BASE, '') + path, 1400);
      weights.push({ path, bytes: w.bytes });
      for (const r of w.responses)
        if (r.status !== 200) failed.push(`${path} loaded ${r.url}: ${r.status}`);
    }
    expect(failed).toEqual([]);
    weights.sort((a, b) => b.bytes - a.bytes);
    process.stdout.write(
      `heaviest pages at 1400 px: ${weights
        .slice(0, 3)
        .map((w) => `${w.path} ${(w.bytes / 1024).toFixed(0)} KB`)
        .join(', ')}\n`,
    );
    expect(weights[0]!.bytes, weights[0]!.path).toBeLessThanOrEqual(PAGE_LIMIT_BYTES);
  }, 300_000);
});
