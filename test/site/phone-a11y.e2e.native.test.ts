// The site on a phone and for assistive technology: built once from generated fixture data (one
// configuration turned into a baseline, one style output.png that is not what was scored), served
// under a base path and driven with Debian's Chromium. Every page type at 390 px: no horizontal
// overflow except inside a scroll region that says it scrolls, chart text ≥ 12 px; axe-core (npm,
// pinned) finds no violation at 1400 px; reference lines are badged, unranked and can be hidden.
import { existsSync } from 'node:fs';
import { appendFile, mkdtemp, readdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import axe from 'axe-core';
import type { Browser, Page } from 'playwright-core';
import { launchChromium } from '../../site/scripts/launch-chromium.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { removeSite, serveSite, type ServedSite } from '../support/served-site.ts';
import { generateFixture, type FixtureSummary } from '../../site/scripts/generate-fixture.ts';
import type { StaticServer } from '../../site/scripts/static-server.ts';

const BASE = '/figboard/';
// the engine's own script, injected into each page (axe-core exposes it as `source`)
const AXE: string = axe.source;

let dataDir: string;
let site: ServedSite | undefined;
let fixture: FixtureSummary;
let baselineConfig: string;
/** `leaderboard/<judge>/` folders of the build that have an index page (non-primary judges). */
let judgePages: string[];
let tamperedStyle: { submission: string; task: string };
let server: StaticServer;
let browser: Browser;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'figboard-site-phone-'));
  fixture = await generateFixture({
    outDir: dataDir,
    configurations: 4,
    tasks: 5,
    seed: 11,
    withheldEvery: 0,
    renderSize: { width: 320, height: 180 },
  });
  // the last-ranked configuration becomes a baseline, as `refig leaderboard` writes one
  const boardFile = join(dataDir, 'leaderboard.json');
  const board = JSON.parse(await readFile(boardFile, 'utf8'));
  const rows = board.configurations.filter((c: any) => c.judge === board.primaryJudge);
  baselineConfig = rows.sort((a: any, b: any) => b.rank - a.rank)[0].id;
  for (const c of board.configurations) {
    c.role = c.id === baselineConfig ? 'baseline' : 'entry';
    if (c.id !== baselineConfig) continue;
    c.rank = null;
    delete c.tieGroup;
    delete c.rankInterval;
    delete c.tiedWith;
  }
  for (const c of board.configurations)
    if (c.tiedWith) c.tiedWith = c.tiedWith.filter((t: string) => t !== baselineConfig);
  for (const s of board.submissions)
    s.role = s.configuration === baselineConfig ? 'baseline' : 'entry';
  await writeFile(boardFile, JSON.stringify(board));
  // a style output.png that is not the sandbox's rendering (same size, other bytes)
  tamperedStyle = { submission: fixture.style!.submissions[0]!, task: fixture.style!.tasks[0]! };
  await appendFile(
    join(
      dataDir,
      'submissions',
      tamperedStyle.submission,
      'artifacts',
      tamperedStyle.task,
      'output.png',
    ),
    Buffer.from('trailing bytes'),
  );
  site = await serveSite(dataDir, 'phone', { base: BASE, timeoutMs: 400_000 });
  server = site.server;
  const { dist } = site;
  const judges = await readdir(join(dist, 'leaderboard'));
  judgePages = judges.filter((j) => existsSync(join(dist, 'leaderboard', j, 'index.html')));
  expect(judgePages.length).toBeGreaterThan(0);
  browser = await launchChromium();
}, 480_000);

afterAll(async () => {
  await browser?.close();
  await removeSite(site, dataDir);
});

/**
 * One page of every type the site has: each section's index and its per-suite page, the
 * leaderboard per judge, task index pages and a task page, refig and style submission pages.
 * (Style tasks have no task page of their own: their evidence is on the submission page.)
 */
function pageTypes(): string[] {
  const suite = fixture.suite;
  const style = fixture.style!.suite;
  return [
    '',
    `leaderboard/${judgePages[0]}/`,
    `leaderboard/${judgePages[0]}/${suite}/`,
    'compare/',
    `compare/${suite}/`,
    'effects/',
    `effects/${suite}/`,
    'elo/',
    `elo/${suite}/`,
    'judges/',
    'sensitivity/',
    'audit/',
    `audit/${suite}/`,
    'style/',
    `style/${style}/`,
    'submissions/',
    `submissions/${fixture.submissions[0]}/`,
    `submissions/${tamperedStyle.submission}/`,
    'tasks/',
    `tasks/${suite}/`,
    `tasks/${suite}/${fixture.tasks[0]}/`,
    'annotate/',
    'annotate-style/',
    'about/',
    '404.html',
  ];
}

async function open(path: string, width: number): Promise<Page> {
  const page = await browser.newPage({ viewport: { width, height: 844 } });
  // networkidle: pages that fill tables from fetched data (compare) are done filling; two frames:
  // the scroll regions' ResizeObserver has run once the content settled (it marks the hints)
  const res = await page.goto(server.url + path, { waitUntil: 'networkidle' });
  expect(res?.status(), `GET ${path}`).toBe(200);
  await page.evaluate(
    () => new Promise((ok) => requestAnimationFrame(() => requestAnimationFrame(() => ok(null)))),
  );
  return page;
}

describe('on a 390 px phone', () => {
  it('no page overflows sideways except inside a scroll region that says so; chart text ≥ 12 px', async () => {
    const problems: string[] = [];
    for (const path of pageTypes()) {
      const page = await open(path, 390);
      const found = await page.evaluate(() => {
        const out: string[] = [];
        const doc = document.documentElement;
        if (doc.scrollWidth > window.innerWidth) out.push(`document is ${doc.scrollWidth} px wide`);
        // every wide table or chart scrolls in its own region and shows the hint, unless it is cards
        for (const region of Array.from(
          document.querySelectorAll('.table-scroll, .plot-scroll'),
        ) as HTMLElement[]) {
          if (region.scrollWidth <= region.clientWidth + 1) continue;
          const hint = region.parentElement?.querySelector(
            ':scope > .scroll-hint',
          ) as HTMLElement | null;
          if (!hint || hint.offsetParent === null || getComputedStyle(hint).display === 'none')
            out.push(
              `a ${region.classList.contains('plot-scroll') ? 'chart' : 'table'} (${region.querySelector('table')?.id || region.getAttribute('aria-labelledby') || region.getAttribute('aria-label')}) scrolls without a visible hint`,
            );
        }
        for (const t of Array.from(
          document.querySelectorAll('.plot svg text'),
        ) as SVGTextElement[]) {
          if (!t.textContent?.trim() || t.getClientRects().length === 0) continue;
          const m = t.getScreenCTM();
          const scale = m ? Math.hypot(m.a, m.b) : 1;
          const px = Number.parseFloat(getComputedStyle(t).fontSize) * scale;
          if (px < 11.95) {
            out.push(`chart text "${t.textContent.slice(0, 20)}" is ${px.toFixed(1)} px`);
            break;
          }
        }
        return out;
      });
      problems.push(...found.map((f) => `/${path}: ${f}`));
      await page.close();
    }
    expect(problems).toEqual([]);
  }, 300_000);

  it('shows leaderboard rows as cards that keep the score, CI and rank', async () => {
    const page = await open('', 390);
    const card = page.locator('table[id^="leaderboard-"] tbody tr').first();
    const box = await card.boundingBox();
    expect(box!.width).toBeLessThanOrEqual(390);
    for (const col of ['rank', 'mean', 'ci'])
      expect(await card.locator(`[data-col="${col}"]`).isVisible()).toBe(true);
    await page.close();
  });
});

describe('reference lines', () => {
  it('a baseline is badged and unranked, and the toggle hides it with the state in the URL', async () => {
    const page = await open('', 1400);
    const row = page.locator(`tr[data-configuration="${baselineConfig}"]`);
    await expect(row.locator('[data-col="rank"]').innerText()).resolves.toBe('—');
    await expect(row.locator('.badge').first().innerText()).resolves.toContain('baseline');
    expect(await row.locator('svg.ci-bar line.line-mark').count()).toBe(0);
    const entry = page.locator('tr[data-line="no"]').first();
    expect(await entry.locator('svg.ci-bar line.line-mark').count()).toBe(1);
    await page.locator('input[data-line-toggle]').check();
    expect(await row.isVisible()).toBe(false);
    expect(new URL(page.url()).searchParams.get('lines')).toBe('hide');
    await page.goto(page.url(), { waitUntil: 'load' });
    expect(await page.locator('input[data-line-toggle]').isChecked()).toBe(true);
    expect(await row.isVisible()).toBe(false);
    await page.close();
  });
});

describe('style evidence', () => {
  it('never draws defect boxes on an output.png that is not what was scored', async () => {
    const page = await open(`submissions/${tamperedStyle.submission}/`, 1400);
    const card = page.locator(`article.style-task[data-task="${tamperedStyle.task}"]`);
    const out = card.locator('figure[data-role="style-output"]');
    await expect(out.locator('figcaption').innerText()).resolves.toContain('NOT what was scored');
    expect(await out.locator('svg.defect-boxes').count()).toBe(0);
    await page.close();
  });
});

describe('accessibility', () => {
  it('axe-core finds no violation on any page type', async () => {
    const found: string[] = [];
    for (const path of pageTypes()) {
      const page = await open(path, 1400);
      await page.addScriptTag({ content: AXE });
      const violations = await page.evaluate(async () => {
        const axe = (window as unknown as { axe: { run: (o: unknown) => Promise<any> } }).axe;
        const r = await axe.run({
          runOnly: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'],
        });
        return (r.violations as any[]).map(
          (v) => `${v.id} (${v.nodes.length}): ${v.nodes[0]?.target?.join(' ')}`,
        );
      });
      found.push(...violations.map((v: string) => `/${path}: ${v}`));
      await page.close();
    }
    expect(found).toEqual([]);
  }, 900_000);
});
