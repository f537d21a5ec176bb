// The board's controls driven in Chromium by clicks and typing: the task × entry matrix (cells
// are the board's scores and link to the result on the task page; the header sorts), the column
// chooser of the leaderboard (kept in ?hide=), and the search boxes of Tasks and Submissions
// (kept in ?q=). Built once from generated fixture data, served under a base path.
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { launchChromium } from '../../site/scripts/launch-chromium.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Leaderboard } from '@figboard/evaluator/schemas';
import { removeSite, serveSite, type ServedSite } from '../support/served-site.ts';
import { generateFixture, type FixtureSummary } from '../../site/scripts/generate-fixture.ts';
import type { StaticServer } from '../../site/scripts/static-server.ts';

const BASE = '/figboard/';

let dataDir: string;
let site: ServedSite | undefined;
let fixture: FixtureSummary;
let board: Leaderboard;
let server: StaticServer;
let browser: Browser;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'figboard-site-controls-'));
  fixture = await generateFixture({
    outDir: dataDir,
    configurations: 5,
    tasks: 9,
    seed: 31,
    withheldEvery: 0,
    renderSize: { width: 320, height: 180 },
  });
  board = Leaderboard.parse(JSON.parse(await readFile(join(dataDir, 'leaderboard.json'), 'utf8')));
  site = await serveSite(dataDir, 'controls', { base: BASE, timeoutMs: 400_000 });
  server = site.server;
  browser = await launchChromium();
}, 480_000);

afterAll(async () => {
  await browser?.close();
  await removeSite(site, dataDir);
});

async function open(path: string): Promise<Page> {
  const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
  const res = await page.goto(server.url + path, { waitUntil: 'load' });
  expect(res?.status(), `GET ${path}`).toBe(200);
  return page;
}

/** Text of column `col` in a table's visible body rows, in order. */
function visibleRows(page: Page, table: string, col: string): Promise<string[]> {
  return page
    .locator(`[id="${table}"] tbody tr:not([hidden])`)
    .evaluateAll(
      (rows, c) =>
        rows
          .filter((r) => (r as HTMLElement).offsetParent !== null)
          .map((r) => r.querySelector(`[data-col="${c}"]`)?.textContent?.trim() ?? ''),
      col,
    );
}

const query = (page: Page, name: string) => new URL(page.url()).searchParams.get(name);

describe('task × entry matrix', () => {
  it('shows the board’s score of every entry on every task, linked to the result, and sorts on click', async () => {
    const suite = fixture.suite;
    const page = await open(`tasks/${suite}/`);
    const id = `task-matrix-1--${suite}`;
    const matrix = page.locator(`[id="${id}"]`);
    await expect(matrix.isVisible()).resolves.toBe(true);
    const tasks = board.tasks.filter((t) => t.suite === suite);
    expect(await visibleRows(page, id, 'task')).toEqual(tasks.map((t) => t.id));
    // header labels → entries; every cell is the board's final score of that entry on that task
    const headers = await matrix
      .locator('thead th[data-col^="e"]')
      .evaluateAll((ths) =>
        ths.map((th) => ({ key: (th as HTMLElement).dataset.col!, label: th.textContent!.trim() })),
      );
    const submissions = new Set(tasks.flatMap((t) => t.results.map((r) => r.submission)));
    expect(headers.length).toBe(submissions.size);
    const body = await matrix.locator('tbody tr').evaluateAll((rows) =>
      rows.map((r) => ({
        task: r.querySelector('[data-col="task"]')?.textContent?.trim() ?? '',
        cells: Array.from(r.querySelectorAll('[data-col^="e"]')).map((c) => ({
          value: (c as HTMLElement).dataset.value ?? '',
          href: c.querySelector('a')?.getAttribute('href') ?? null,
        })),
      })),
    );
    let checked = 0;
    for (const row of body) {
      const t = tasks.find((x) => x.id === row.task)!;
      expect(row.cells.length, t.id).toBe(headers.length);
      for (const c of row.cells) {
        if (c.href === null) {
          expect(c.value, `${t.id}: a cell without a link has no score`).toBe('');
          continue;
        }
        expect(c.href.startsWith(`${BASE}tasks/${suite}/${t.id}/#r-`), c.href).toBe(true);
        const anchor = decodeURIComponent(c.href.split('#r-')[1]!);
        const r = t.results.find((x) => x.submission.replace(/[^A-Za-z0-9_-]/g, '-') === anchor);
        expect(r, `${t.id} ${c.href}`).toBeDefined();
        if (r!.final === null) expect(c.value).toBe('');
        else expect(Number(c.value), `${t.id} ${anchor}`).toBeCloseTo(r!.final, 6);
        checked++;
      }
    }
    expect(checked).toBeGreaterThanOrEqual(tasks.length * 2);

    // click the first entry's header: rows sort by its score (the header says which way)
    const first = headers[0]!;
    await matrix.locator(`thead th[data-col="${first.key}"] button`).click();
    const direction = await matrix
      .locator(`thead th[data-col="${first.key}"]`)
      .getAttribute('aria-sort');
    expect(['ascending', 'descending']).toContain(direction);
    const values = await matrix
      .locator(`tbody tr [data-col="${first.key}"]`)
      .evaluateAll((cs) => cs.map((c) => (c as HTMLElement).dataset.value ?? ''));
    const numbers = values.filter((v) => v !== '').map(Number);
    const sorted = [...numbers].sort((a, b) => (direction === 'ascending' ? a - b : b - a));
    expect(numbers).toEqual(sorted);
    // empty cells go last
    expect(values.slice(numbers.length).every((v) => v === '')).toBe(true);

    // click a score: the task page opens on that result
    const link = matrix.locator(`tbody tr [data-col="${first.key}"] a`).first();
    const href = (await link.getAttribute('href'))!;
    await link.click();
    await page.waitForURL((u) => u.hash.startsWith('#r-'));
    const url = new URL(page.url());
    expect(url.pathname + url.hash).toBe(href);
    const target = page.locator(`[id="${decodeURIComponent(url.hash.slice(1))}"]`);
    await expect(target.count()).resolves.toBe(1);
    await expect(target.isVisible()).resolves.toBe(true);
    const box = await target.boundingBox();
    expect(box!.y).toBeLessThan(900);
    await page.close();
  });
});

describe('search on Tasks', () => {
  it('typing filters the task list and the matrix together, ?q= keeps it across a reload', async () => {
    const suite = fixture.suite;
    const page = await open(`tasks/${suite}/`);
    const list = `tasks-page-1--${suite}`;
    const matrix = `task-matrix-1--${suite}`;
    const all = board.tasks.filter((t) => t.suite === suite).map((t) => t.id);
    const target = all[2]!;
    const box = page.getByLabel('Search tasks');
    await box.click();
    await page.keyboard.type(target);
    await expect.poll(() => visibleRows(page, matrix, 'task')).toEqual([target]);
    await expect.poll(() => query(page, 'q')).toBe(target);
    const listRows = await page
      .locator(`[id="${list}"] tbody tr:not([hidden])`)
      .evaluateAll((rows) => rows.map((r) => r.textContent ?? ''));
    expect(listRows).toHaveLength(1);
    expect(listRows[0]).toContain(target);
    await expect(page.locator('[data-search-status]').innerText()).resolves.toBe(
      `2 of ${all.length * 2} rows match.`,
    );
    // the link keeps the view
    await page.goto(page.url(), { waitUntil: 'load' });
    await expect(box.inputValue()).resolves.toBe(target);
    expect(await visibleRows(page, matrix, 'task')).toEqual([target]);
    // clearing shows everything and drops ?q=
    await box.fill('');
    await expect.poll(() => visibleRows(page, matrix, 'task')).toEqual(all);
    expect(query(page, 'q')).toBeNull();
    // a query nothing matches hides every row and says so
    await box.click();
    await page.keyboard.type('no-such-task');
    await expect.poll(() => visibleRows(page, matrix, 'task')).toEqual([]);
    await expect(page.locator('[data-search-status]').innerText()).resolves.toBe(
      `0 of ${all.length * 2} rows match.`,
    );
    await page.close();
  });
});

describe('search on Submissions', () => {
  it('typing a model keeps only its submissions, ?q= keeps it across a reload', async () => {
    const page = await open('submissions/');
    const rowText = () =>
      page
        .locator('[id="submissions"] tbody tr:not([hidden])')
        .evaluateAll((rows) => rows.map((r) => r.textContent ?? ''));
    const total = (await rowText()).length;
    expect(total).toBe(board.submissions.length);
    const model = board.submissions.find((s) => s.model.name.includes('Opus'))!.model.name;
    const expected = board.submissions.filter((s) => s.model.name === model).length;
    expect(expected).toBeLessThan(total);
    const box = page.getByLabel('Search submissions');
    await box.click();
    await page.keyboard.type(model.toLowerCase());
    await expect.poll(async () => (await rowText()).length).toBe(expected);
    for (const t of await rowText()) expect(t).toContain(model);
    await expect.poll(() => query(page, 'q')).toBe(model.toLowerCase());
    await page.goto(page.url(), { waitUntil: 'load' });
    expect((await rowText()).length).toBe(expected);
    // backspace the whole query away with the keyboard: every row is back
    await box.focus();
    await page.keyboard.press('End');
    for (let i = 0; i < model.length; i++) await page.keyboard.press('Backspace');
    await expect.poll(async () => (await rowText()).length).toBe(total);
    expect(query(page, 'q')).toBeNull();
    await page.close();
  });
});

describe('column chooser', () => {
  it('unticking a column hides it, ?hide= keeps it across a reload, ticking brings it back', async () => {
    const page = await open('');
    const table = page.locator('table[id^="leaderboard-"]').first();
    const visibleCols = () =>
      table
        .locator('thead th[data-col]')
        .evaluateAll((ths) =>
          ths
            .filter((th) => getComputedStyle(th).display !== 'none')
            .map((th) => (th as HTMLElement).dataset.col!),
        );
    const hiddenCells = (col: string) =>
      table
        .locator(`tbody [data-col="${col}"]`)
        .evaluateAll((cs) => cs.filter((c) => getComputedStyle(c).display === 'none').length);
    const before = await visibleCols();
    expect(before).toContain('T');
    expect(before).toContain('ci');
    const chooser = page.locator('details.column-chooser');
    await chooser.locator('summary').click();
    await chooser.locator('input[value="T"]').uncheck();
    await chooser.locator('input[value="ci"]').uncheck();
    await expect.poll(visibleCols).toEqual(before.filter((c) => c !== 'T' && c !== 'ci'));
    const rows = await table.locator('tbody tr').count();
    expect(await hiddenCells('T')).toBe(rows);
    await expect.poll(() => query(page, 'hide')).toBe('ci,T');
    // reload: the same columns are hidden and the boxes say so
    await page.goto(page.url(), { waitUntil: 'load' });
    expect(await visibleCols()).toEqual(before.filter((c) => c !== 'T' && c !== 'ci'));
    await page.locator('details.column-chooser summary').click();
    await expect(page.locator('details.column-chooser input[value="T"]').isChecked()).resolves.toBe(
      false,
    );
    // tick both again with the keyboard: all columns back, ?hide= gone
    await page.locator('details.column-chooser input[value="T"]').focus();
    await page.keyboard.press('Space');
    await page.locator('details.column-chooser input[value="ci"]').focus();
    await page.keyboard.press('Space');
    await expect.poll(visibleCols).toEqual(before);
    expect(query(page, 'hide')).toBeNull();
    await page.close();
  });
});
