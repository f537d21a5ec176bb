// The public site over a board with two refig suites, built from real records: the bundled
// sample entries (refig-sample) and the OCR baseline entry (refig-real), re-evaluated here with
// `refig evaluate` (it re-derives every record's input hash and keeps the committed ones that are
// current), then `refig leaderboard` → Astro build → Debian's Chromium. Issue 14's acceptance:
// no row of one suite in the other's ranking, a suite column in the CSVs, the compare view and
// the filters by click and keyboard, every page within a 390 px phone screen, and task pages
// that show the source and each rendering at the same displayed width.
import { cp, mkdtemp, readdir, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { launchChromium } from '../../site/scripts/launch-chromium.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Leaderboard } from '@figboard/evaluator/schemas';
import { removeSite, serveSite, type ServedSite } from '../support/served-site.ts';
import type { StaticServer } from '../../site/scripts/static-server.ts';
import { runRefig } from '../support/run-refig.ts';

const ROOT = resolve(import.meta.dirname, '../..');
const REAL = 'refig-real';
const SAMPLE = 'refig-sample';
let dataDir: string;
let site: ServedSite | undefined;
let board: Leaderboard;
let server: StaticServer;
let browser: Browser;
let pages: string[];

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'figboard-site-suites-'));
  for (const path of [
    `suites/${REAL}`,
    `suites/${SAMPLE}`,
    'annotations',
    'figboard.yml',
    // who owns each folder: only the maintainers' sample folders count as bundled samples
    'submissions/OWNERSHIP.json',
    'submissions/baseline-refig-ocr',
    'submissions/sample-cc-direct',
    'submissions/sample-cc-specialized',
    'submissions/sample-codex-direct',
    'submissions/sample-raster-baseline',
  ])
    await cp(join(ROOT, path), join(dataDir, path), { recursive: true });
  // real records: evaluate the real-suite entry (records whose inputs are unchanged are kept)
  const evaluated = await runRefig(
    ['evaluate', 'submissions/baseline-refig-ocr', '--judges', 'metric', '--workers', '2'],
    dataDir,
  );
  expect(evaluated.code, evaluated.err).toBe(0);
  expect(evaluated.out).toContain(`suite ${REAL}`);
  const lb = await runRefig(['leaderboard', '--out', 'leaderboard.json'], dataDir);
  expect(lb.code, lb.err).toBe(0);
  board = Leaderboard.parse(JSON.parse(await readFile(join(dataDir, 'leaderboard.json'), 'utf8')));
  site = await serveSite(dataDir, 'suites');
  server = site.server;
  browser = await launchChromium();
  // every HTML page of the build
  const walk = async (dir: string, rel: string): Promise<string[]> => {
    const found: string[] = [];
    for (const e of await readdir(dir, { withFileTypes: true })) {
      if (e.isDirectory()) found.push(...(await walk(join(dir, e.name), `${rel}${e.name}/`)));
      else if (e.name === 'index.html') found.push(rel);
    }
    return found;
  };
  pages = (await walk(site.dist, '')).filter((p) => !p.startsWith('media/')).sort();
}, 600_000);

afterAll(async () => {
  await browser?.close();
  await removeSite(site, dataDir);
});

async function open(path: string, width = 1280, height = 900): Promise<Page> {
  const page = await browser.newPage({ viewport: { width, height } });
  const res = await page.goto(server.url + path, { waitUntil: 'load' });
  expect(res?.status(), `GET /${path}`).toBe(200);
  return page;
}

const configsOf = (suite: string) =>
  new Set(
    board.configurations
      .filter((c) => c.judge === board.primaryJudge && c.suite === suite)
      .map((c) => c.id),
  );

/** Configuration ids of every body row of every table on the page (row ids and data attributes). */
async function rowConfigurations(page: Page): Promise<string[]> {
  return page
    .locator(
      'main tbody tr, main tbody [data-col="configuration"], main tbody [data-col="from"], main tbody [data-col="to"]',
    )
    .evaluateAll((els) =>
      els
        .map((el) => {
          const e = el as HTMLElement;
          return (e.tagName === 'TR' ? e.dataset.configuration : e.dataset.value) ?? '';
        })
        .filter(Boolean),
    );
}

describe('a board with two suites', () => {
  it('was built from real records on both suites', () => {
    expect(configsOf(REAL).size).toBeGreaterThan(0);
    expect(configsOf(SAMPLE).size).toBeGreaterThan(1);
    expect(board.suites.map((s) => s.name)).toEqual(expect.arrayContaining([REAL, SAMPLE]));
  });

  it('never shows a row of one suite in the other suite’s ranking pages', async () => {
    for (const [suite, other] of [
      [REAL, SAMPLE],
      [SAMPLE, REAL],
    ] as const) {
      const mine = configsOf(suite);
      const theirs = configsOf(other);
      for (const path of [
        `leaderboard/${board.primaryJudge}/${suite}/`,
        `effects/${suite}/`,
        `elo/${suite}/`,
        `audit/${suite}/`,
        `compare/${suite}/`,
      ]) {
        const page = await open(path);
        const ids = await rowConfigurations(page);
        for (const id of ids)
          expect(theirs.has(id) && !mine.has(id), `${id} on /${path}`).toBe(false);
        if (path.startsWith('leaderboard/')) expect(new Set(ids)).toEqual(mine);
        // the suite switcher names both suites and marks this one
        await expect(
          page.locator('.suite-tabs a[aria-current="page"]').getAttribute('data-suite'),
        ).resolves.toBe(suite);
        await expect(page.locator(`.suite-tabs a[data-suite="${other}"]`).count()).resolves.toBe(1);
        await page.close();
      }
    }
    // the home page opens on the suite whose entries are not all bundled samples
    const home = await open('');
    expect(new Set(await rowConfigurations(home))).toEqual(configsOf(REAL));
    await home.close();
  });

  it('publishes a suite column in the CSVs: whole-board tables per row, suite tables per suite', async () => {
    const csv = async (id: string) => {
      const res = await fetch(`${server.url}csv/${id}.csv`);
      expect(res.status, id).toBe(200);
      const [header, ...lines] = (await res.text()).trimEnd().split('\n');
      const cols = header!.split(',');
      return {
        cols,
        rows: lines.map((l) => Object.fromEntries(l.split(',').map((v, i) => [cols[i], v]))),
      };
    };
    const whole = await csv(`leaderboard-${board.primaryJudge}`);
    expect(whole.cols[0]).toBe('suite');
    for (const r of whole.rows)
      expect(configsOf(r.suite!).has(r.configuration!), `${r.configuration} in ${r.suite}`).toBe(
        true,
      );
    expect(new Set(whole.rows.map((r) => r.suite))).toEqual(new Set([REAL, SAMPLE]));
    for (const suite of [REAL, SAMPLE]) {
      const one = await csv(`leaderboard-${board.primaryJudge}--${suite}`);
      expect(one.cols).toContain('suite');
      expect(one.rows.every((r) => r.suite === suite)).toBe(true);
      expect(new Set(one.rows.map((r) => r.configuration))).toEqual(configsOf(suite));
      // ranks restart in every suite (reference lines — baselines — carry no rank)
      const ranks = one.rows.filter((r) => r.rank !== '').map((r) => Number(r.rank));
      if (ranks.length > 0) expect(ranks.sort((a, b) => a - b)[0]).toBe(1);
      else expect(one.rows.length).toBeGreaterThan(0);
    }
    for (const id of ['task-results', 'audit', 'effort', 'human-elo', 'judge-agreement'])
      expect((await csv(id)).cols, id).toContain('suite');
  });

  it('keeps task navigation inside a suite', async () => {
    const tasks = board.tasks
      .filter((t) => t.suite === SAMPLE)
      .map((t) => t.id)
      .sort();
    const last = await open(`tasks/${SAMPLE}/${tasks.at(-1)}/`);
    await expect(last.locator('a[rel="next"]').count()).resolves.toBe(0);
    const prev = await last.locator('a[rel="prev"]').getAttribute('href');
    expect(prev).toBe(`/tasks/${SAMPLE}/${tasks.at(-2)}/`);
    await last.close();
  });
});

describe('reading the board', () => {
  it('filters by click and keyboard, and keeps the state in the URL', async () => {
    const path = `leaderboard/${board.primaryJudge}/${SAMPLE}/`;
    const page = await open(path);
    const id = `leaderboard-${board.primaryJudge}--${SAMPLE}`;
    const visible = () =>
      page
        .locator(`[id="${id}"] tbody tr:not([hidden])`)
        .evaluateAll((rows) => rows.map((r) => (r as HTMLElement).dataset.configuration));
    const rows = board.configurations.filter(
      (c) => c.judge === board.primaryJudge && c.suite === SAMPLE,
    );
    // keyboard: type into the search box
    const codex = rows.find((r) => r.harness.name === 'Codex CLI')!;
    await page.getByLabel('Search').focus();
    await page.keyboard.type('codex');
    await expect.poll(visible).toEqual([codex.id]);
    await expect.poll(() => new URL(page.url()).searchParams.get('q')).toBe('codex');
    await expect(page.locator('[data-filter-status]').innerText()).resolves.toBe(
      `Showing 1 of ${rows.length} configurations.`,
    );
    // click: reset, then a workflow-kind filter chosen with the mouse
    await page.getByRole('button', { name: 'Reset' }).click();
    await expect.poll(visible).toHaveLength(rows.length);
    await page.getByLabel('Workflow').selectOption('specialized');
    await expect
      .poll(visible)
      .toEqual(rows.filter((r) => r.workflow.kind === 'specialized').map((r) => r.id));
    // keyboard on a select: focus and arrow to the next option
    await page.getByRole('button', { name: 'Reset' }).click();
    await page.getByLabel('Harness').focus();
    await page.keyboard.press('ArrowDown');
    const harness = await page.getByLabel('Harness').inputValue();
    expect(harness).not.toBe('');
    await expect
      .poll(visible)
      .toEqual(rows.filter((r) => r.harness.name === harness).map((r) => r.id));
    // sort by mean ascending with the keyboard: the URL remembers it and a reload restores it
    await page.getByRole('button', { name: 'Reset' }).click();
    await page.locator(`[id="${id}"] thead th[data-col="mean"] button`).focus();
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    // the URL is rewritten after each press: wait for the state of the second one
    await expect
      .poll(() => {
        const q = new URL(page.url()).searchParams;
        return `${q.get('sort')} ${q.get('dir')}`;
      })
      .toBe('mean asc');
    await page.getByLabel('Provider').selectOption(rows[0]!.model.provider);
    const url = page.url();
    const again = await browser.newPage();
    await again.goto(url, { waitUntil: 'load' });
    await expect
      .poll(() =>
        again
          .locator(`[id="${id}"] tbody tr:not([hidden]) [data-col="mean"]`)
          .evaluateAll((cells) => cells.map((c) => Number((c as HTMLElement).dataset.value))),
      )
      .toEqual(
        rows
          .filter((r) => r.model.provider === rows[0]!.model.provider)
          .map((r) => r.mean!)
          .sort((a, b) => a - b),
      );
    await expect(again.getByLabel('Provider').inputValue()).resolves.toBe(rows[0]!.model.provider);
    await again.close();
    await page.close();
  });

  it('compares up to four configurations: means, paired differences from the reference, a row per task, by keyboard and URL', async () => {
    const rows = board.configurations
      .filter((c) => c.judge === board.primaryJudge && c.suite === SAMPLE && c.rank !== null)
      .sort((a, b) => a.rank! - b.rank!);
    const page = await open(`compare/${SAMPLE}/`);
    const pairs = page.locator('[data-pairs] li');
    await expect.poll(() => pairs.count()).toBe(Math.min(rows.length, 4) - 1);
    // the default picks are the ranked entries, best first; each difference equals the means' one
    const d = rows[1]!.mean! - rows[0]!.mean!;
    await expect(pairs.first().innerText()).resolves.toContain(
      `${d > 0 ? '+' : '−'}${Math.abs(d).toFixed(2)} points`,
    );
    await expect(pairs.first().innerText()).resolves.toContain(
      `over ${board.tasks.filter((t) => t.suite === SAMPLE).length} tasks`,
    );
    await expect(page.locator('[data-task-table] tbody tr').count()).resolves.toBe(
      board.tasks.filter((t) => t.suite === SAMPLE).length,
    );
    await expect(page.locator('[data-means-table] tbody tr').count()).resolves.toBe(6);
    // keyboard: the reference becomes rank 2 (entry 2 now repeats it and drops out of the pairs)
    await page.getByLabel('Reference').focus();
    await page.keyboard.press('ArrowDown');
    await expect(page.getByLabel('Reference').inputValue()).resolves.toBe(rows[1]!.id);
    await expect
      .poll(() => new URL(page.url()).searchParams.get('e')?.split(',')[0])
      .toBe(rows[1]!.id);
    // the URL reopens the same picks
    const again = await browser.newPage();
    await again.goto(page.url(), { waitUntil: 'load' });
    await expect(again.getByLabel('Reference').inputValue()).resolves.toBe(rows[1]!.id);
    await again.close();
    await page.close();
  });

  it('fits every page into a 390 × 844 phone screen (tables scroll inside their own box)', async () => {
    expect(pages.length).toBeGreaterThan(30);
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    const wide: string[] = [];
    for (const path of pages) {
      const res = await page.goto(server.url + path, { waitUntil: 'load' });
      expect(res?.status(), path).toBe(200);
      // the annotate page shows its form once the pair data has loaded: measure that state
      if (path === 'annotate/') await page.locator('#judgment:not([hidden])').waitFor();
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      if (width > 390) wide.push(`/${path}: ${width}px`);
    }
    expect(wide).toEqual([]);
    await page.close();
  });

  it('shows the source and every rendering at the same displayed width on task pages, at 1400 and 390 px', async () => {
    const task = board.tasks.find((t) => t.suite === REAL && t.results.some((r) => r.gate.passed))!;
    for (const width of [1400, 390]) {
      const page = await open(`tasks/${REAL}/${task.id}/`, width, 844);
      const cards = page.locator('article.result');
      await expect(cards.count()).resolves.toBe(task.results.length);
      for (let i = 0; i < (await cards.count()); i++) {
        const card = cards.nth(i);
        await card.scrollIntoViewIfNeeded();
        const [src, ren] = await Promise.all(
          ['compare-source', 'compare-render'].map((role) =>
            card
              .locator(`[data-role="${role}"] img`)
              .evaluate((img: HTMLImageElement) => img.getBoundingClientRect().width),
          ),
        );
        expect(src).toBeGreaterThan(100);
        expect(Math.abs(src! - ren!)).toBeLessThan(1);
        // the per-axis scores and the audit sit beside the rendering
        await expect(card.locator('[data-role="axes"] tr').count()).resolves.toBe(5);
        await expect(
          card.locator('[data-role="audit"] [data-term="Connectors"]').innerText(),
        ).resolves.toMatch(/attached at both ends, \d+ loose/);
      }
      // overlay: the wipe slider moves with the keyboard and clips the rendering
      await page.getByLabel('Overlay with slider').check();
      const slider = cards.first().locator('input[type="range"]');
      await slider.focus();
      await page.keyboard.press('Home');
      await expect(slider.inputValue()).resolves.toBe('0');
      await expect(
        cards
          .first()
          .locator('[data-role="compare-render"]')
          .evaluate((el) => getComputedStyle(el).clipPath),
      ).resolves.toBe('inset(0px 0px 0px 100%)');
      await page.close();
    }
  });

  it('keeps table cell text at a contrast of at least 4.5:1, in the light and the dark theme', async () => {
    for (const colorScheme of ['light', 'dark'] as const) {
      const page = await browser.newPage({ viewport: { width: 1280, height: 900 }, colorScheme });
      for (const path of [
        '',
        `leaderboard/${board.primaryJudge}/${SAMPLE}/`,
        `elo/${SAMPLE}/`,
        `audit/${SAMPLE}/`,
      ]) {
        await page.goto(server.url + path, { waitUntil: 'load' });
        const low = await page.locator('main td, main th').evaluateAll((cells) => {
          const rgb = (c: string) => (c.match(/[\d.]+/g) ?? []).map(Number);
          const lum = ([r, g, b]: number[]) => {
            const f = (v: number) => {
              const x = v / 255;
              return x <= 0.03928 ? x / 12.92 : ((x + 0.055) / 1.055) ** 2.4;
            };
            return 0.2126 * f(r!) + 0.7152 * f(g!) + 0.0722 * f(b!);
          };
          const background = (el: Element | null): number[] => {
            for (let e = el; e; e = e.parentElement) {
              const c = rgb(getComputedStyle(e).backgroundColor);
              if (c.length === 3 || (c.length === 4 && c[3]! > 0)) return c.slice(0, 3);
            }
            return [255, 255, 255];
          };
          const out: string[] = [];
          let checked = 0;
          for (const cell of cells)
            for (const node of [cell, ...Array.from(cell.querySelectorAll('a, span, abbr'))]) {
              const own = Array.from(node.childNodes).some(
                (n) => n.nodeType === 3 && n.textContent?.trim(),
              );
              if (!own) continue;
              checked++;
              const fg = lum(rgb(getComputedStyle(node).color));
              const bg = lum(background(node));
              const ratio = (Math.max(fg, bg) + 0.05) / (Math.min(fg, bg) + 0.05);
              if (ratio < 4.5)
                out.push(`${node.textContent?.trim().slice(0, 30)}: ${ratio.toFixed(2)}`);
            }
          return { out, checked };
        });
        expect(low.checked, `text checked on /${path}`).toBeGreaterThan(10);
        expect(low.out, `${colorScheme} /${path}`).toEqual([]);
      }
      await page.close();
    }
  });
});
