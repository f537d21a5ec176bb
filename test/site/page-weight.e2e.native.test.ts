// Page weight in Chromium at 1400 px, device pixel ratio 1 (at DPR 2 the browser may rightly pick
// the full original from srcset; the limits are for a plain desktop).
// 1. The leaderboard page at ReFigBench scale: a seeded 10-configuration × 1,000-task board (made
//    by bench/generate-leaderboard-data.ts and `refig leaderboard`'s own builder), built into the
//    site. The page with everything it loads stays ≤ 300 KB.
// 2. A task page whose source figure is a large original (2400 px of noise, ~10 MB of PNG, like
//    the committed board's 4000 px arXiv figures): the page stays ≤ 1 MB because srcset offers a
//    medium rendition, and every image shown is at least as wide as its slot (legible evidence).
// 3. A submission page with more tasks than a page of tiles (and of style comparisons): only the
//    first page's images load; the rest open on request, by a link to them, or without scripts.
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { launchChromium } from '../../site/scripts/launch-chromium.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildLeaderboard,
  loadLeaderboardInputs,
  writeLeaderboard,
} from '@figboard/evaluator/leaderboard';
import sharp from 'sharp';
import { generateLeaderboardData } from '../../bench/generate-leaderboard-data.ts';
import { removeSite, serveSite, type ServedSite } from '../support/served-site.ts';
import { generateFixture } from '../../site/scripts/generate-fixture.ts';
import { seededRandom } from '../../site/scripts/seeded-random.ts';
import type { StaticServer } from '../../site/scripts/static-server.ts';
import { measurePageWeight } from '../../site/scripts/page-weight.ts';
import { STYLE_PAGE, TILE_PAGE } from '../../site/src/lib/paged.ts';

const LEADERBOARD_LIMIT_BYTES = 300 * 1024;
const PAGE_LIMIT_BYTES = 1024 * 1024;

let browser: Browser;

beforeAll(async () => {
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
});

describe('leaderboard page weight at 10 configurations × 1,000 tasks', () => {
  let dataDir: string;
  let site: ServedSite | undefined;
  let server: StaticServer;

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'figboard-site-weight-'));
    await generateLeaderboardData(dataDir, {
      seed: 2026,
      tasks: 1000,
      configurations: 10,
      judges: [
        { id: 'gpt', family: 'openai', model: 'gpt-5.4-2026-03-05', leniency: 0 },
        { id: 'qwen', family: 'qwen', model: 'Qwen3.6-27B', leniency: 10 },
      ],
      runs: 1,
      annotations: 400,
      annotatedTasks: 200,
    });
    const inputs = await loadLeaderboardInputs({
      submissionsDir: join(dataDir, 'submissions'),
      suitesDir: join(dataDir, 'suites'),
      annotationsDir: join(dataDir, 'annotations'),
    });
    const { leaderboard } = buildLeaderboard(inputs, {
      primaryJudge: 'gpt',
      generatorVersion: 'page-weight-test',
    });
    await writeLeaderboard(join(dataDir, 'leaderboard.json'), leaderboard);
    site = await serveSite(dataDir, 'weight', { timeoutMs: 600_000 });
    server = site.server;
  }, 900_000);

  afterAll(() => removeSite(site, dataDir));

  it('the leaderboard (home and per-judge page), with what it loads at 1400 px, is ≤ 300 KB', async () => {
    for (const path of ['', 'leaderboard/gpt/refig-bench/', 'leaderboard/qwen/refig-bench/']) {
      const w = await measurePageWeight(browser, server.url + path, 1400);
      process.stdout.write(
        `/${path}: ${w.responses.length} requests, ${(w.bytes / 1024).toFixed(1)} KB (${(w.gzipBytes / 1024).toFixed(1)} KB gzip); largest ${w.responses
          .slice(0, 3)
          .map((r) => `${r.url} ${(r.bytes / 1024).toFixed(1)} KB`)
          .join(', ')}\n`,
      );
      expect(w.bytes, `/${path}`).toBeLessThanOrEqual(LEADERBOARD_LIMIT_BYTES);
    }
  }, 180_000);
});

describe('task page weight with a large source figure', () => {
  const WIDE = { width: 2400, height: 1500 };
  let dataDir: string;
  let site: ServedSite | undefined;
  let server: StaticServer;
  let taskPath: string;
  let originalBytes: number;

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'figboard-site-task-weight-'));
    const fx = await generateFixture({
      outDir: dataDir,
      configurations: 3,
      tasks: 2,
      seed: 24,
      withheldEvery: 0,
      styleConfigurations: 0,
    });
    // the first task's source becomes a large original: seeded noise, which PNG cannot compress
    // away (a real 4000 px arXiv figure is 2-3 MB; this one is ~10 MB)
    const task = fx.tasks[0]!;
    const taskDir = join(dataDir, 'suites', fx.suite, task);
    const rng = seededRandom(2400);
    const raw = Buffer.alloc(WIDE.width * WIDE.height * 3);
    for (let i = 0; i < raw.length; i++) raw[i] = Math.floor(rng.next() * 256);
    const png = await sharp(raw, { raw: { ...WIDE, channels: 3 } })
      .png()
      .toBuffer();
    originalBytes = png.length;
    await writeFile(join(taskDir, 'source.png'), png);
    const meta = JSON.parse(await readFile(join(taskDir, 'task.json'), 'utf8'));
    meta.image = { ...meta.image, ...WIDE, bytes: png.length, megapixels: 3.6 };
    await writeFile(join(taskDir, 'task.json'), `${JSON.stringify(meta, null, 2)}\n`);
    taskPath = `tasks/${fx.suite}/${task}/`;
    site = await serveSite(dataDir, 'task-weight', { timeoutMs: 600_000 });
    server = site.server;
  }, 900_000);

  afterAll(() => removeSite(site, dataDir));

  it('the task page loads ≤ 1 MB at 1400 px (DPR 1): the medium rendition, not the original', async () => {
    // the original alone would break the limit: this test can fail
    expect(originalBytes).toBeGreaterThan(PAGE_LIMIT_BYTES);
    const w = await measurePageWeight(browser, server.url + taskPath, 1400);
    process.stdout.write(
      `/${taskPath}: ${w.responses.length} requests, ${(w.bytes / 1024).toFixed(1)} KB; largest ${w.responses
        .slice(0, 3)
        .map((r) => `${r.url} ${(r.bytes / 1024).toFixed(1)} KB`)
        .join(', ')}\n`,
    );
    const urls = w.responses.map((r) => r.url);
    expect(urls).toContain(`/media/${taskPath.slice('tasks/'.length)}source.w1000.jpg`);
    expect(urls).not.toContain(`/media/${taskPath.slice('tasks/'.length)}source.png`);
    expect(w.bytes).toBeLessThanOrEqual(PAGE_LIMIT_BYTES);
    // the original is still one click away, for zooming
    const html = await readFile(join(site!.dist, taskPath, 'index.html'), 'utf8');
    expect(html).toContain(`href="/media/${taskPath.slice('tasks/'.length)}source.png"`);
  }, 120_000);

  it('at 1400 px (DPR 1) every image shown is at least as wide, in pixels, as its slot', async () => {
    const page = await browser.newPage({
      viewport: { width: 1400, height: 900 },
      deviceScaleFactor: 1,
    });
    await page.goto(server.url + taskPath, { waitUntil: 'networkidle' });
    // bring every lazy image into view, then wait for it
    for (const img of await page.locator('img[srcset]').all()) {
      await img.scrollIntoViewIfNeeded();
      await img.evaluate(
        (i: HTMLImageElement) =>
          i.complete || new Promise((ok) => i.addEventListener('load', ok, { once: true })),
      );
    }
    const shown = await page.$$eval('img[srcset]', (imgs) =>
      (imgs as HTMLImageElement[])
        .filter((i) => i.getBoundingClientRect().width > 0)
        .map((i) => ({
          src: new URL(i.currentSrc).pathname,
          slot: i.getBoundingClientRect().width,
        })),
    );
    await page.close();
    expect(shown.length).toBeGreaterThanOrEqual(2);
    const tooSmall: string[] = [];
    for (const { src, slot } of shown) {
      // the real pixel width of the file the browser chose (naturalWidth is density-corrected)
      const { width } = await sharp(join(site!.dist, src)).metadata();
      if (!width || width < Math.round(slot))
        tooSmall.push(`${src}: ${width} px in a ${slot} px slot`);
    }
    expect(tooSmall).toEqual([]);
    expect(shown.map((s) => s.src)).toContain(
      `/media/${taskPath.slice('tasks/'.length)}source.w1000.jpg`,
    );
  }, 120_000);
});

describe('a submission page with more tasks than one page shows', () => {
  // more tasks than a page of tiles and more references than a page of style comparisons
  const TASKS = TILE_PAGE + 7;
  const STYLE_TASKS = STYLE_PAGE + 4;
  let dataDir: string;
  let site: ServedSite | undefined;
  let server: StaticServer;
  let refigPath: string;
  let stylePath: string;
  let styleTasks: string[];

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'figboard-site-paged-'));
    const fx = await generateFixture({
      outDir: dataDir,
      configurations: 2,
      tasks: TASKS,
      seed: 24,
      withheldEvery: 0,
      styleConfigurations: 1,
      styleTasks: STYLE_TASKS,
    });
    refigPath = `submissions/${fx.submissions[0]}/`;
    stylePath = `submissions/${fx.style!.submissions[0]}/`;
    styleTasks = fx.style!.tasks;
    site = await serveSite(dataDir, 'paged', { timeoutMs: 600_000 });
    server = site.server;
  }, 900_000);

  afterAll(() => removeSite(site, dataDir));

  const images = (w: Awaited<ReturnType<typeof measurePageWeight>>, part: string) =>
    w.responses.filter((r) => r.type.startsWith('image/') && r.url.includes(part)).length;

  it('loads the images of the first page only, scrolled to the bottom', async () => {
    const refig = await measurePageWeight(browser, server.url + refigPath, 1400);
    // the first page's tiles that have a rendering (a missing task has none), from the HTML
    const html = await readFile(join(site!.dist, refigPath, 'index.html'), 'utf8');
    const tiles = html.split('<li class="task-tile"').slice(1);
    expect(tiles).toHaveLength(TASKS);
    const withImage = tiles
      .slice(0, TILE_PAGE)
      .filter((t) => t.split('</li>')[0]!.includes('<img'));
    expect(withImage.length).toBeGreaterThan(TILE_PAGE / 2);
    expect(images(refig, '/media/')).toBe(withImage.length);
    const style = await measurePageWeight(browser, server.url + stylePath, 1400);
    // a reference and an output per comparison
    expect(images(style, '/media/')).toBeLessThanOrEqual(2 * STYLE_PAGE);
    expect(images(style, '/media/')).toBeGreaterThanOrEqual(STYLE_PAGE);
  }, 120_000);

  it('opens the next page, then all, on request; a link to a later item opens its page', async () => {
    const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    await page.goto(server.url + refigPath, { waitUntil: 'networkidle' });
    const shown = () =>
      page.$$eval('.task-tile', (els) => els.filter((e) => e.getClientRects().length > 0).length);
    expect(await shown()).toBe(TILE_PAGE);
    await expect
      .poll(() => page.textContent('.paged-more [role=status]'))
      .toBe(`${TILE_PAGE} of ${TASKS} tasks shown.`);
    await page.click(`.paged-more button:text("Show ${TASKS - TILE_PAGE} more")`);
    expect(await shown()).toBe(TASKS);
    expect(await page.isHidden('.paged-more'), 'the bar goes once all are shown').toBe(true);
    // every tile's thumbnail is fetched once shown
    await expect
      .poll(() =>
        page.$$eval('.task-tile img', (els) =>
          (els as HTMLImageElement[]).every((i) => i.complete && i.naturalWidth > 0),
        ),
      )
      .toBe(true);
    const last = styleTasks[styleTasks.length - 1]!;
    await page.goto(`${server.url}${stylePath}#st-${last}`, { waitUntil: 'networkidle' });
    expect(await page.isVisible(`#st-${last}`), 'the linked reference is shown').toBe(true);
    expect(
      await page.$$eval(
        '.style-task',
        (els) => els.filter((e) => e.getClientRects().length).length,
      ),
    ).toBe(STYLE_TASKS);
    await page.close();
  }, 120_000);

  it('without scripts every item is shown', async () => {
    const ctx = await browser.newContext({ javaScriptEnabled: false });
    const page = await ctx.newPage();
    await page.goto(server.url + refigPath, { waitUntil: 'load' });
    expect(
      await page.$$eval('.task-tile', (els) => els.filter((e) => e.getClientRects().length).length),
    ).toBe(TASKS);
    await ctx.close();
  }, 60_000);
});
