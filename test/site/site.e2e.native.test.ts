// End-to-end tests of the public site: build it once from generated fixture data (with a hostile
// team name, a corrupt rendering, a broken record line and a missing task.json), serve the
// output on 127.0.0.1 under a GitHub-Pages-style base path, and drive Debian's Chromium.
import { appendFile, cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Dialog, Page } from 'playwright-core';
import { launchChromium } from '../../site/scripts/launch-chromium.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildLeaderboard, loadLeaderboardInputs } from '@figboard/evaluator/leaderboard';
import { Annotation, Leaderboard } from '@figboard/evaluator/schemas';
import { removeSite, serveSite, type ServedSite } from '../support/served-site.ts';
import {
  generateFixture,
  HOSTILE_TEAM,
  type FixtureSummary,
} from '../../site/scripts/generate-fixture.ts';
import type { StaticServer } from '../../site/scripts/static-server.ts';

const BASE = '/figboard/';

let dataDir: string;
let site: ServedSite | undefined;
let fixture: FixtureSummary;
let board: Leaderboard;
let buildLog: string;
let corrupted: string;
let server: StaticServer;
let browser: Browser;
let context: BrowserContext;
const dialogs: string[] = [];

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'figboard-site-e2e-'));
  fixture = await generateFixture({
    outDir: dataDir,
    configurations: 6,
    tasks: 8,
    seed: 7,
    withheldEvery: 4,
  });
  board = Leaderboard.parse(JSON.parse(await readFile(join(dataDir, 'leaderboard.json'), 'utf8')));
  // Bad inputs that must be reported without stopping the build:
  corrupted = board.tasks
    .find((t) => t.id === 'fig-0003')!
    .results.find((r) => r.gate.passed)!.submission;
  await writeFile(
    join(dataDir, 'submissions', corrupted, 'results', 'renders', 'fig-0003.png'),
    'this is not a png',
  );
  await appendFile(
    join(dataDir, 'submissions', fixture.submissions[1]!, 'results', 'artifacts.jsonl'),
    '{"task": broken\n',
  );
  await rm(join(dataDir, 'suites', fixture.suite, 'fig-0005', 'task.json'));

  site = await serveSite(dataDir, 'e2e', { base: BASE });
  server = site.server;
  buildLog = site.log;
  browser = await launchChromium();
  context = await browser.newContext({
    viewport: { width: 1280, height: 900 },
    acceptDownloads: true,
  });
  // Any alert() anywhere means user text was executed as markup.
  context.on('page', (p) => p.on('dialog', (d: Dialog) => void recordDialog(d)));
}, 420_000);

async function recordDialog(d: Dialog): Promise<void> {
  dialogs.push(`${d.type()}: ${d.message()}`);
  await d.dismiss();
}

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await removeSite(site, dataDir);
});

async function open(path: string): Promise<Page> {
  const page = await context.newPage();
  const res = await page.goto(server.url + path, { waitUntil: 'load' });
  expect(res?.status(), `GET ${path}`).toBe(200);
  return page;
}

/** Column values of the visible table, in row order. */
async function columnValues(page: Page, tableId: string, col: string): Promise<string[]> {
  return page
    .locator(`[id="${tableId}"] tbody tr [data-col="${col}"]`)
    .evaluateAll((cells) => cells.map((c) => (c as HTMLElement).dataset.value ?? ''));
}

const primaryRows = () => board.configurations.filter((c) => c.judge === board.primaryJudge);

describe('site build', () => {
  it('reports bad inputs by file and rule and still builds everything else', () => {
    expect(buildLog).toContain('image-unreadable');
    expect(buildLog).toContain('fig-0003.png');
    expect(buildLog).toContain('jsonl-parse');
    expect(buildLog).toContain('task-json-missing');
    expect(buildLog).toMatch(/\d+ page\(s\) built/);
  });

  it('republishes leaderboard.json byte for byte and a CSV per table', async () => {
    const served = Buffer.from(await (await fetch(`${server.url}leaderboard.json`)).arrayBuffer());
    expect(served.equals(await readFile(join(dataDir, 'leaderboard.json')))).toBe(true);
    const csv = await (
      await fetch(`${server.url}csv/leaderboard-${board.primaryJudge}.csv`)
    ).text();
    const [header, ...lines] = csv.trimEnd().split('\n');
    expect(header!.split(',').slice(0, 4)).toEqual(['suite', 'rank', 'configuration', 'mean']);
    expect(lines).toHaveLength(primaryRows().length);
    const top = primaryRows().find((r) => r.rank === 1)!;
    expect(lines[0]).toContain(top.id);
    expect(lines[0]).toContain(`,${top.mean},`);
  });

  it('serves a 404 page for unknown paths', async () => {
    const res = await fetch(`${server.url}no/such/page/`);
    expect(res.status).toBe(404);
    expect(await res.text()).toContain('Page not found');
  });
});

describe('leaderboard page', () => {
  it('shows every configuration with its mean, ranked, with sample badges', async () => {
    const page = await open('');
    const rows = primaryRows();
    expect(rows.filter((r) => r.rank === null).length).toBe(1);
    await expect(
      page.locator(`[id="leaderboard-${board.primaryJudge}--${fixture.suite}"] tbody tr`).count(),
    ).resolves.toBe(rows.length);
    for (const r of rows) {
      const row = page.locator(`tr[id="row-${r.id}"]`);
      await expect(row.locator('[data-col="mean"]').innerText()).resolves.toBe(r.mean!.toFixed(1));
      // the rank, "=" when statistically tied, then its 95% bootstrap interval; a best-of-n
      // entry is shown but not ranked
      await expect(row.locator('[data-col="rank"]').innerText()).resolves.toBe(
        r.rank === null
          ? '—'
          : `${r.tiedWith?.length ? '=' : ''}${r.rank}${r.rankInterval ? `\n${r.rankInterval[0]}–${r.rankInterval[1]}` : ''}`,
      );
      await expect(row.locator('.badge', { hasText: 'sample' }).count()).resolves.toBe(
        r.sample ? 1 : 0,
      );
    }
    // accessible table: caption, column and row headers
    await expect(page.locator('table caption').first().innerText()).resolves.toContain(
      `judge ${board.primaryJudge}`,
    );
    await expect(
      page
        .locator(`[id="leaderboard-${board.primaryJudge}--${fixture.suite}"] thead th[scope="col"]`)
        .count(),
    ).resolves.toBeGreaterThan(10);
    await expect(
      page
        .locator(`[id="leaderboard-${board.primaryJudge}--${fixture.suite}"] tbody th[scope="row"]`)
        .count(),
    ).resolves.toBe(rows.length);
    await page.close();
  });

  it('sorts when a column header is clicked, and by keyboard, with aria-sort', async () => {
    const page = await open('');
    const id = `leaderboard-${board.primaryJudge}--${fixture.suite}`;
    const meanHeader = page.locator(`[id="${id}"] thead th[data-col="mean"]`);
    await meanHeader.locator('button').click();
    await expect(meanHeader.getAttribute('aria-sort')).resolves.toBe('descending');
    const desc = (await columnValues(page, id, 'mean')).map(Number);
    expect(desc).toEqual([...desc].sort((a, b) => b - a));
    await meanHeader.locator('button').click();
    await expect(meanHeader.getAttribute('aria-sort')).resolves.toBe('ascending');
    const asc = (await columnValues(page, id, 'mean')).map(Number);
    expect(asc).toEqual([...desc].reverse());
    // keyboard: focus the Elo sort button and press Enter
    await page.locator(`[id="${id}"] thead th[data-col="elo"] button`).focus();
    await page.keyboard.press('Enter');
    const elo = (await columnValues(page, id, 'elo')).map(Number);
    expect(elo).toEqual([...elo].sort((a, b) => b - a));
    await expect(
      page.locator(`[id="${id}"] thead th[data-col="elo"]`).getAttribute('aria-sort'),
    ).resolves.toBe('descending');
    await expect(meanHeader.getAttribute('aria-sort')).resolves.toBeNull();
    await page.close();
  });

  it('filters by field and switches judges (including the metric judge)', async () => {
    const page = await open('');
    const id = `leaderboard-${board.primaryJudge}--${fixture.suite}`;
    await page.selectOption(`[id="field-${id}"]`, 'cs-cv');
    const rows = primaryRows().filter((r) => r.byField['cs.CV']);
    const expected = rows.map((r) => r.byField['cs.CV']!.mean).sort((a, b) => b - a);
    expect((await columnValues(page, id, 'mean')).map(Number)).toEqual(expected);
    await expect(
      page.locator(`[id="${id}"] tbody tr [data-col="rank"]`).first().innerText(),
    ).resolves.toMatch(/^=?1\n/);
    await page.getByRole('link', { name: /^metric/ }).click();
    await page.waitForURL(new RegExp(`leaderboard/metric/${fixture.suite}/$`));
    const metricRow = board.configurations.find((c) => c.judge === 'metric' && c.rank === 1)!;
    await expect(
      page.locator(`tr[id="row-${metricRow.id}"] [data-col="mean"]`).innerText(),
    ).resolves.toBe(metricRow.mean!.toFixed(1));
    await page.close();
  });

  it('fits a phone screen: the page does not overflow, the leaderboard rows are cards', async () => {
    const page = await browser.newPage({
      viewport: { width: 375, height: 800 },
      colorScheme: 'dark',
    });
    page.on('dialog', (d) => void recordDialog(d));
    await page.goto(server.url);
    const { pageWidth, scrollWidth, clientWidth, bg } = await page.evaluate(() => {
      const box = document.querySelector('.table-scroll')!;
      return {
        pageWidth: document.documentElement.scrollWidth,
        scrollWidth: box.scrollWidth,
        clientWidth: box.clientWidth,
        bg: getComputedStyle(document.body).backgroundColor,
      };
    });
    expect(pageWidth).toBeLessThanOrEqual(376);
    // on a phone the leaderboard's rows are cards: nothing to scroll sideways
    expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
    // prefers-color-scheme: dark gives the dark palette
    expect(bg).toBe('rgb(17, 20, 24)');
    await page.close();
  });
});

describe('ReFigBench tables added to the board (Tables 4 and 14, agreement intervals and matchups)', () => {
  const csvOf = async (id: string) => {
    const res = await fetch(`${server.url}csv/${id}.csv`);
    expect(res.status, `csv/${id}.csv`).toBe(200);
    const [header, ...lines] = (await res.text()).trimEnd().split('\n');
    return { header: header!.split(','), lines };
  };

  it('shows scores by source domain (Table 14) on the leaderboard, accessible and downloadable', async () => {
    const page = await open('');
    const id = `field-summary-${board.primaryJudge}--${fixture.suite}`;
    const rows = board.byField!.filter((r) => r.judge === board.primaryJudge);
    expect(rows.length).toBeGreaterThan(0);
    await expect(page.locator(`[id="${id}"] caption`).innerText()).resolves.toContain(
      'by source domain',
    );
    await expect(page.locator(`[id="${id}"] tbody th[scope="row"]`).count()).resolves.toBe(
      rows.length,
    );
    for (const r of rows) {
      const tr = page.locator(`[id="${id}"] tbody tr`, {
        has: page.locator(`th[data-col="field"][data-value="${r.field}"]`),
      });
      await expect(tr.locator('[data-col="pooledMean"]').innerText()).resolves.toBe(
        r.pooledMean.toFixed(2),
      );
      await expect(tr.locator('[data-col="leaderMean"]').innerText()).resolves.toContain(
        r.best!.mean.toFixed(2),
      );
    }
    const { header, lines } = await csvOf(id);
    expect(header).toEqual([
      'suite',
      'field',
      'tasks',
      'configurations',
      'scored',
      'pooledMean',
      'leaderMean',
      'leader',
      'fieldBest',
      'fieldBestMean',
    ]);
    expect(lines).toHaveLength(rows.length);
    expect(lines[0]).toContain(`,${rows[0]!.pooledMean},`);
    await page.close();
  });

  it('puts the economics beside each paired effect (Table 4), in the page and the CSV', async () => {
    const page = await open('effects/');
    const e = board.pairedEffects.find((x) => x.judge === board.primaryJudge)!;
    const id = `workflow-effects-${board.primaryJudge}--${fixture.suite}`;
    const first = page.locator(`[id="${id}"] tbody tr`).first();
    const t = e.economics!.medianTurns;
    await expect(first.locator('[data-col="turns"]').innerText()).resolves.toContain(
      `${t.from} → ${t.to}`,
    );
    await expect(first.locator('[data-col="cost"]').innerText()).resolves.toContain('→ $');
    const { header, lines } = await csvOf(id);
    for (const h of [
      'median_turns_from',
      'median_turns_to',
      'delta_median_turns',
      'cost_per_artifact_from',
      'cost_per_artifact_to',
      'delta_cost_per_artifact',
      'cost_estimated',
    ])
      expect(header).toContain(h);
    const cols = lines[0]!.split(',');
    expect(Number(cols[header.indexOf('delta_median_turns')])).toBe(t.delta);
    expect(Number(cols[header.indexOf('delta_cost_per_artifact')])).toBe(
      e.economics!.costPerArtifact.delta,
    );
    await page.close();
  });

  it('shows intervals on judge–human agreement and the agreement by matchup', async () => {
    const page = await open('judges/');
    const all = board.agreement.byMargin.find(
      (r) => r.judge === board.primaryJudge && r.mode === 'single-run' && r.bucket === '[10,inf)',
    )!;
    const row = page
      .locator('[id="judge-agreement"] tbody tr')
      .nth(board.agreement.byMargin.indexOf(all));
    await expect(row.locator('[data-col="ci"]').innerText()).resolves.toBe(
      `[${(all.ci![0] * 100).toFixed(1)}%, ${(all.ci![1] * 100).toFixed(1)}%]`,
    );
    const matchups = board.agreement.byMatchup!;
    await expect(page.locator('[id="judge-agreement-matchup"] tbody tr').count()).resolves.toBe(
      matchups.length,
    );
    await expect(
      page.locator('[id="judge-agreement-matchup"] tbody tr').first().innerText(),
    ).resolves.toContain('same model and harness');
    const agreementCsv = await csvOf('judge-agreement');
    expect(agreementCsv.header).toEqual([
      'suite',
      'judge',
      'mode',
      'bucket',
      'n',
      'agree',
      'ciLow',
      'ciHigh',
    ]);
    const matchupCsv = await csvOf('judge-agreement-matchup');
    expect(matchupCsv.header).toEqual([
      'suite',
      'judge',
      'mode',
      'matchup',
      'n',
      'agree',
      'ciLow',
      'ciHigh',
    ]);
    expect(matchupCsv.lines).toHaveLength(matchups.length);
    expect(matchupCsv.lines[0]).toBe(
      `${fixture.suite},${matchups[0]!.judge},${matchups[0]!.mode},workflow,${matchups[0]!.n},${matchups[0]!.agree},${matchups[0]!.ci![0]},${matchups[0]!.ci![1]}`,
    );
    await page.close();
  });
});

describe('task page', () => {
  it('shows the source figure and every configuration’s rendering, loaded, with provenance and license', async () => {
    const page = await open(`tasks/${fixture.suite}/fig-0001/`);
    const task = board.tasks.find((t) => t.id === 'fig-0001')!;
    const source = page.locator('[data-role="source"] img');
    await expect(
      source.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth),
    ).resolves.toBeGreaterThan(0);
    const withRender = task.results.filter((r) => r.gate.passed);
    const cards = page.locator('article.card');
    await expect(cards.count()).resolves.toBe(task.results.length);
    for (const r of withRender) {
      const img = page.locator(
        `article[data-submission="${r.submission}"] [data-role="compare-render"] img`,
      );
      await img.scrollIntoViewIfNeeded();
      await page.waitForFunction(
        (el) => (el as HTMLImageElement).complete,
        await img.elementHandle(),
      );
      await expect(
        img.evaluate((el: HTMLImageElement) => el.naturalWidth),
      ).resolves.toBeGreaterThan(0);
      await expect(
        page
          .locator(`article[data-submission="${r.submission}"] [data-final]`)
          .getAttribute('data-final'),
      ).resolves.toBe(String(r.final));
    }
    // full-size link opens the original PNG
    const full = await page.locator('[data-role="source"] a.thumb').getAttribute('href');
    const res = await fetch(new URL(full!, server.url));
    expect(res.headers.get('content-type')).toBe('image/png');
    const text = await page.locator('.provenance').innerText();
    expect(text).toMatch(/arXiv 2405\.\d{5}v2/);
    expect(text).toContain('CC BY 4.0');
    await page.close();
  });

  it('withholds a source image whose license forbids redistribution, and survives a missing task.json', async () => {
    const page = await open(`tasks/${fixture.suite}/fig-0004/`);
    await expect(page.locator('[data-role="source"] img').count()).resolves.toBe(0);
    await expect(page.locator('[data-role="source"]').innerText()).resolves.toContain(
      'does not permit redistribution',
    );
    await expect(
      fetch(`${server.url}media/${fixture.suite}/fig-0004/source.png`).then((r) => r.status),
    ).resolves.toBe(404);
    const noMeta = await open(`tasks/${fixture.suite}/fig-0005/`);
    await expect(noMeta.locator('.provenance').innerText()).resolves.toContain('unknown');
    await page.close();
    await noMeta.close();
  });

  it('shows a placeholder for an unreadable rendering', async () => {
    const page = await open(`tasks/${fixture.suite}/fig-0003/`);
    const img = page.locator(
      `article[data-submission="${corrupted}"] [data-role="compare-render"] img`,
    );
    await img.scrollIntoViewIfNeeded();
    await page.waitForFunction(
      (el) => (el as HTMLImageElement).complete,
      await img.elementHandle(),
    );
    // the neutral 160×90 placeholder, not a broken image
    await expect(img.evaluate((el: HTMLImageElement) => el.naturalWidth)).resolves.toBe(160);
    await page.close();
  });
});

describe('annotate page', () => {
  it('produces JSONL lines that validate against the Annotation schema, blinded and with a required tie kind', async () => {
    const page = await open('annotate/');
    await page.locator('#judgment:not([hidden])').waitFor();
    // blinded: no submission id or team name anywhere in the visible text
    const visible = await page.locator('body').innerText();
    for (const s of board.submissions) {
      expect(visible).not.toContain(s.id);
      expect(visible).not.toContain(s.team);
    }
    for (const sel of ['#source-img', '[data-side="left"] img', '[data-side="right"] img']) {
      await page.waitForFunction(
        (s) => (document.querySelector(s) as HTMLImageElement).complete,
        sel,
      );
      await expect(
        page.locator(sel).evaluate((el: HTMLImageElement) => el.naturalWidth),
      ).resolves.toBeGreaterThan(0);
    }
    await page.fill('#annotator', 'e2e-annotator');
    await page.check('input[name="choice"][value="tie"]');
    await page.click('#judgment button[type="submit"]');
    await expect(page.locator('#form-error').innerText()).resolves.toContain('For a tie');
    await expect(page.locator('#jsonl').inputValue()).resolves.toBe('');
    await page.check('input[name="tieKind"][value="shared-failure"]');
    await page.fill('#reason', 'Both drop the arrows.');
    const taskLabel = await page.locator('#task-label').innerText();
    await page.click('#judgment button[type="submit"]');
    await expect.poll(() => page.locator('#count').innerText()).toBe('1');

    // second judgment: "left is better" must map to A or B according to the shown order
    await page.locator('#judgment:not([hidden])').waitFor();
    await page.check('input[name="choice"][value="left"]');
    await page.click('#judgment button[type="submit"]');
    await expect.poll(() => page.locator('#count').innerText()).toBe('2');

    const lines = (await page.locator('#jsonl').inputValue()).trimEnd().split('\n');
    expect(lines).toHaveLength(2);
    const records = lines.map((l) => Annotation.parse(JSON.parse(l)));
    const ids = new Set(board.submissions.map((s) => s.id));
    for (const r of records) {
      expect(ids.has(r.a) && ids.has(r.b)).toBe(true);
      expect(r.a < r.b).toBe(true);
      expect(board.tasks.some((t) => t.id === r.task)).toBe(true);
      expect(fixture.withheldTasks).not.toContain(r.task);
    }
    expect(records[0]).toMatchObject({
      choice: 'tie',
      tieKind: 'shared-failure',
      reason: 'Both drop the arrows.',
      annotator: 'e2e-annotator',
    });
    expect(taskLabel).toContain(records[0]!.task);
    expect(records[1]!.choice).toBe(records[1]!.shownOrder === 'AB' ? 'A' : 'B');
    expect(records[1]!.tieKind).toBeNull();

    // the download is the same JSONL
    const [download] = await Promise.all([page.waitForEvent('download'), page.click('#download')]);
    expect(download.suggestedFilename()).toMatch(
      /^annotations-e2e-annotator-\d{4}-\d{2}-\d{2}\.jsonl$/,
    );
    const file = await readFile((await download.path())!, 'utf8');
    expect(file).toBe(`${lines.join('\n')}\n`);
    await page.close();
  });
});

describe('style annotation page', () => {
  it('produces track: style lines that validate and that the board accepts, blinded, with a required tie kind', async () => {
    const style = fixture.style!;
    const page = await open(`annotate-style/?suite=${style.suite}`);
    await page.locator('#judgment:not([hidden])').waitFor();
    // blinded: no submission id, team or score anywhere in the visible text
    const visible = await page.locator('body').innerText();
    for (const s of board.submissions) {
      expect(visible).not.toContain(s.id);
      expect(visible).not.toContain(s.team);
    }
    // the reference beside two candidates' outputs, all loaded
    for (const sel of ['#reference-img', '[data-side="left"] img', '[data-side="right"] img']) {
      await page.waitForFunction(
        (s) => (document.querySelector(s) as HTMLImageElement).complete,
        sel,
      );
      await expect(
        page.locator(sel).evaluate((el: HTMLImageElement) => el.naturalWidth),
      ).resolves.toBeGreaterThan(0);
    }
    const srcs = await page
      .locator('#comparison img')
      .evaluateAll((imgs) => imgs.map((i) => (i as HTMLImageElement).src));
    expect(new Set(srcs).size).toBe(3);
    await page.fill('#annotator', 'e2e-style');
    await page.check('input[name="choice"][value="tie"]');
    await page.click('#judgment button[type="submit"]');
    await expect(page.locator('#form-error').innerText()).resolves.toContain('For a tie');
    await expect(page.locator('#jsonl').inputValue()).resolves.toBe('');
    await page.check('input[name="tieKind"][value="shared-success"]');
    await page.fill('#reason', 'Both keep the palette and the stacked bars.');
    const taskLabel = await page.locator('#task-label').innerText();
    await page.click('#judgment button[type="submit"]');
    await expect.poll(() => page.locator('#count').innerText()).toBe('1');
    await page.locator('#judgment:not([hidden])').waitFor();
    await page.check('input[name="choice"][value="right"]');
    await page.click('#judgment button[type="submit"]');
    await expect.poll(() => page.locator('#count').innerText()).toBe('2');

    const text = await page.locator('#jsonl').inputValue();
    const lines = text.trimEnd().split('\n');
    expect(lines).toHaveLength(2);
    const records = lines.map((l) => Annotation.parse(JSON.parse(l)));
    for (const r of records) {
      expect(r.track).toBe('style');
      expect(style.submissions).toContain(r.a);
      expect(style.submissions).toContain(r.b);
      expect(r.a < r.b).toBe(true);
      expect(style.tasks).toContain(r.task);
    }
    expect(records[0]).toMatchObject({
      choice: 'tie',
      tieKind: 'shared-success',
      reason: 'Both keep the palette and the stacked bars.',
      annotator: 'e2e-style',
    });
    expect(taskLabel).toBe(`${style.suite}/${records[0]!.task}`);
    // "right" is B when A was shown on the left
    expect(records[1]!.choice).toBe(records[1]!.shownOrder === 'AB' ? 'B' : 'A');

    // the board reads what the page wrote: two more style pairs, no problem reported for them
    const dir = await mkdtemp(join(tmpdir(), 'figboard-style-ann-'));
    try {
      await cp(join(dataDir, 'annotations'), join(dir, 'annotations'), { recursive: true });
      await writeFile(join(dir, 'annotations', 'e2e-style.jsonl'), text);
      const inputs = await loadLeaderboardInputs({
        submissionsDir: join(dataDir, 'submissions'),
        suitesDir: join(dataDir, 'suites'),
        annotationsDir: join(dir, 'annotations'),
      });
      const built = buildLeaderboard(inputs, {
        primaryJudge: board.primaryJudge,
        generatorVersion: 'e2e',
      });
      expect(built.problems.filter((p) => p.file.includes('e2e-style'))).toEqual([]);
      const before = board.styleComparisons!.find((s) => s.suite === style.suite)!.human;
      const after = built.leaderboard.styleComparisons!.find((s) => s.suite === style.suite)!.human;
      expect(after.annotations).toBe(before.annotations + 2);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }

    const [download] = await Promise.all([page.waitForEvent('download'), page.click('#download')]);
    expect(download.suggestedFilename()).toMatch(
      /^style-annotations-e2e-style-\d{4}-\d{2}-\d{2}\.jsonl$/,
    );
    expect(await readFile((await download.path())!, 'utf8')).toBe(text);
    await page.close();
  });
});

describe('style comparisons on the style board', () => {
  it('shows paired effects of S, the style Elo and the agreement statistics of the board, with CSVs', async () => {
    const style = fixture.style!;
    const section = board.styleComparisons!.find((s) => s.suite === style.suite)!;
    expect(section.human.status).toBe('ok');
    const page = await open(`style/${style.suite}/`);
    const root = page.locator('#style-comparisons');
    await expect(root.getAttribute('data-suite')).resolves.toBe(style.suite);
    // every pair of the four style configurations, Δ as the board has it
    const effects = `style-effects--${style.suite}`;
    expect(section.effects.rows).toHaveLength(6);
    await expect(columnValues(page, effects, 'delta')).resolves.toEqual(
      [...section.effects.rows].sort((a, b) => b.delta - a.delta).map((e) => String(e.delta)),
    );
    await expect(root.locator('[data-part="style-effects"] svg').count()).resolves.toBe(1);
    // style Elo, best first, every configuration of the suite
    const elo = `style-elo--${style.suite}`;
    await expect(columnValues(page, elo, 'configuration')).resolves.toEqual(
      section.human.elo.map((r) => r.configuration),
    );
    await expect(columnValues(page, elo, 'winRate')).resolves.toEqual(
      section.human.elo.map((r) => String(r.winRate)),
    );
    // B.5's statistics in words, from the board's numbers
    const rho = section.human.sVsWinRate.rho!;
    await expect(root.locator('[data-stat="spearman"]').innerText()).resolves.toContain(
      `ρ = ${rho.toFixed(3)}`,
    );
    const ia = section.human.interAnnotator;
    expect(ia.overlaps).toBeGreaterThan(0);
    await expect(root.locator('[data-stat="inter-annotator"]').innerText()).resolves.toContain(
      `${(ia.agree! * 100).toFixed(1)}% of ${ia.overlaps} doubly labelled pairs agree`,
    );
    // the link to the style annotation page keeps the suite
    await expect(
      root.locator('a[href*="annotate-style/"]').getAttribute('href'),
    ).resolves.toContain(`suite=${style.suite}`);
    for (const id of [effects, elo]) {
      const res = await fetch(`${server.url}csv/${id}.csv`);
      expect(res.status, id).toBe(200);
      const [header, ...rows] = (await res.text()).trimEnd().split('\n');
      expect(header).toContain('suite');
      expect(rows).toHaveLength(id === effects ? 6 : section.human.elo.length);
    }
    // a phone: the section stays inside the screen (tables scroll in their own box)
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(
      page.evaluate(() => document.documentElement.scrollWidth),
    ).resolves.toBeLessThanOrEqual(390);
    await page.close();
  });
});

describe('user-provided strings', () => {
  it('would notice a dialog (control for the check below)', async () => {
    const page = await open('about/');
    await page.evaluate(() => alert('control'));
    expect(dialogs).toEqual(['alert: control']);
    dialogs.length = 0;
    await page.close();
  });

  it('renders a hostile team name and description as text; no dialog ever fires', async () => {
    const page = await open(`submissions/${fixture.hostileSubmission}/`);
    await expect(page.locator('dd.team').innerText()).resolves.toBe(HOSTILE_TEAM);
    await expect(page.locator('img[src="x"]').count()).resolves.toBe(0);
    const board2 = await open('');
    await expect(
      board2.locator('.cell-sub', { hasText: HOSTILE_TEAM }).count(),
    ).resolves.toBeGreaterThan(0);
    await expect(board2.locator('img[src="x"]').count()).resolves.toBe(0);
    // a description with a script tag, and a javascript: report link
    const withScript = await open(
      `submissions/${fixture.submissions.find((s) => board.submissions.find((b) => b.id === s)?.workflow.description.includes('<script>'))}/`,
    );
    await expect(withScript.locator('dd.description').innerText()).resolves.toContain(
      '<script>alert(2)</script>',
    );
    // (a javascript: report link never reaches a board: the manifest schema accepts https links
    // only, so the board buildLeaderboard publishes from real records cannot hold one)
    expect(board.submissions.some((s) => /^javascript:/i.test(s.links.report ?? ''))).toBe(false);
    await new Promise((r) => setTimeout(r, 300));
    expect(dialogs).toEqual([]);
    for (const p of [page, board2, withScript]) await p.close();
  });
});
