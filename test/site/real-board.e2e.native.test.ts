// The site built from a board computed by the real `refig leaderboard` command (not by the
// fixture generator): generated submissions with judgment records for three judges → the
// statistics pipeline → leaderboard.json → Astro build → Chromium.
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import type { Browser } from 'playwright-core';
import { launchChromium } from '../../site/scripts/launch-chromium.ts';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { Leaderboard } from '@figboard/evaluator/schemas';
import { removeSite, serveSite, type ServedSite } from '../support/served-site.ts';
import {
  generateFixture,
  HOSTILE_TEAM,
  type FixtureSummary,
} from '../../site/scripts/generate-fixture.ts';
import type { StaticServer } from '../../site/scripts/static-server.ts';

const ROOT = resolve(import.meta.dirname, '../..');
let dataDir: string;
let site: ServedSite | undefined;
let fixture: FixtureSummary;
let board: Leaderboard;
let server: StaticServer;
let browser: Browser;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'figboard-site-real-'));
  fixture = await generateFixture({
    outDir: dataDir,
    configurations: 4,
    tasks: 5,
    seed: 5,
    withheldEvery: 0,
    renderSize: { width: 320, height: 180 },
    // style entries with records but no human style pair: the board's "no annotations" state
    styleAnnotations: false,
  });
  // replace the generator's board with the one the statistics pipeline computes from the records
  // (no figboard.yml above the temporary folder: the metric judge alone)
  await rm(join(dataDir, 'leaderboard.json'));
  await promisify(execFile)(
    process.execPath,
    [
      join(ROOT, 'evaluator/bin/refig.js'),
      'leaderboard',
      '--submissions',
      'submissions',
      '--suites',
      'suites',
      '--annotations',
      'annotations',
      '--out',
      'leaderboard.json',
    ],
    { cwd: dataDir },
  );
  board = Leaderboard.parse(JSON.parse(await readFile(join(dataDir, 'leaderboard.json'), 'utf8')));
  site = await serveSite(dataDir, 'real');
  server = site.server;
  browser = await launchChromium();
}, 420_000);

afterAll(async () => {
  await browser?.close();
  await removeSite(site, dataDir);
});

it('shows every configuration of the computed board with its mean, and the hostile team as text', async () => {
  const page = await browser.newPage();
  const dialogs: string[] = [];
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  await page.goto(server.url);
  const rows = board.configurations.filter((c) => c.judge === board.primaryJudge);
  expect(rows.length).toBe(fixture.configurations.length);
  for (const r of rows) {
    await expect(page.locator(`tr[id="row-${r.id}"] [data-col="mean"]`).innerText()).resolves.toBe(
      r.mean!.toFixed(1),
    );
  }
  await expect(
    page
      .locator(`[id="leaderboard-${board.primaryJudge}--${fixture.suite}"] .cell-sub`, {
        hasText: HOSTILE_TEAM,
      })
      .count(),
  ).resolves.toBe(1);
  await expect(page.locator('img[src="x"]').count()).resolves.toBe(0);
  // every judge that has records gets a leaderboard
  for (const j of new Set(board.configurations.map((c) => c.judge))) {
    if (j === board.primaryJudge) continue;
    const res = await page.goto(`${server.url}leaderboard/${j}/`);
    expect(res?.status()).toBe(200);
  }
  expect(dialogs).toEqual([]);
  await page.close();
});

it('shows the sections the statistics add for ReFigBench Tables 4 and 14 and Appendix K', async () => {
  const page = await browser.newPage();
  const primary = board.primaryJudge;
  // Table 14 by field, computed by refig leaderboard
  const fields = board.byField!.filter((r) => r.judge === primary);
  expect(fields.length).toBeGreaterThan(0);
  await page.goto(server.url);
  await expect(
    page.locator(`[id="field-summary-${primary}--${fixture.suite}"] tbody tr`).count(),
  ).resolves.toBe(fields.length);
  // Table 4 economics beside the workflow effects
  const effect = board.pairedEffects.find((e) => e.judge === primary);
  if (effect) {
    await page.goto(`${server.url}effects/`);
    const turns = page
      .locator(`[id="workflow-effects-${primary}--${fixture.suite}"] tbody tr`)
      .first()
      .locator('[data-col="turns"]');
    await expect(turns.getAttribute('data-value')).resolves.toBe(
      effect.economics!.medianTurns.delta === null
        ? ''
        : String(effect.economics!.medianTurns.delta),
    );
  }
  // agreement intervals and matchups from the fixture's human annotations
  await page.goto(`${server.url}judges/`);
  expect(board.agreement.byMatchup!.length).toBeGreaterThan(0);
  await expect(page.locator('[id="judge-agreement-matchup"] tbody tr').count()).resolves.toBe(
    board.agreement.byMatchup!.length,
  );
  await page.close();
});

it('builds a task page with the source and every rendering loaded', async () => {
  const page = await browser.newPage();
  const task = board.tasks[0]!;
  await page.goto(`${server.url}tasks/${task.suite}/${task.id}/`, { waitUntil: 'load' });
  // the source on top, and beside every rendering the source again at the rendering's width
  const imgs = page.locator('main img');
  const count = await imgs.count();
  expect(count).toBe(1 + 2 * task.results.filter((r) => r.gate.passed).length);
  for (let i = 0; i < count; i++) {
    await imgs.nth(i).scrollIntoViewIfNeeded();
    await page.waitForFunction(
      (el) => (el as HTMLImageElement).complete,
      await imgs.nth(i).elementHandle(),
    );
    await expect(
      imgs.nth(i).evaluate((el: HTMLImageElement) => el.naturalWidth),
    ).resolves.toBeGreaterThan(0);
  }
  await page.close();
});

it('shows rank intervals and tie groups, per-run stability, later-run sensitivity checks and scorer versions from the computed board', async () => {
  const page = await browser.newPage();
  const primary = board.primaryJudge;
  await page.goto(server.url);
  for (const r of board.configurations.filter((c) => c.judge === primary)) {
    expect(r.rankInterval).toBeDefined();
    const row = page.locator(`tr[id="row-${r.id}"]`);
    await expect(row.locator('[data-col="rank"] .cell-sub').innerText()).resolves.toBe(
      `${r.rankInterval![0]}–${r.rankInterval![1]}`,
    );
    await expect(row.locator('[data-col="tieGroup"]').getAttribute('data-value')).resolves.toBe(
      String(r.tieGroup),
    );
  }
  // Appendix L: every paired effect of every run, for each judge with several runs
  expect(board.runStability!.length).toBeGreaterThan(0);
  await page.goto(`${server.url}judges/`);
  for (const stability of board.runStability!) {
    expect(stability.runs.length).toBeGreaterThan(1);
    await expect(
      page.locator(`[id="run-effects-${stability.judge}"] tbody tr`).count(),
    ).resolves.toBe(stability.effects.length);
  }
  await expect(page.locator('main').innerText()).resolves.toContain('Stability across runs');
  // Appendix M: later runs under the 15-point and uniform variants
  await page.goto(`${server.url}sensitivity/`);
  for (const run of board.sensitivity.runChecks!.runs)
    await expect(page.locator(`[id="sensitivity-run-${run.run}"] tbody tr`).count()).resolves.toBe(
      run.variants.length,
    );
  // The rubric the page states is the board's
  const rubric = board.rubric!;
  await expect(page.locator('.lead').first().innerText()).resolves.toContain(
    `${rubric.T}/${rubric.S}/${rubric.L}/${rubric.E}/${rubric.V}`,
  );
  await page.goto(`${server.url}about/`);
  await expect(page.locator('.scorer-versions').innerText()).resolves.toContain(
    Object.entries(board.scorers!)
      .map(([id, v]) => `${id} ${v}`)
      .join(' · '),
  );
  await page.close();
});

it('says "no style annotations yet" on the style board when no human style pair exists, with no numbers', async () => {
  const style = fixture.style!;
  const section = board.styleComparisons!.find((s) => s.suite === style.suite)!;
  expect(section.human).toMatchObject({ status: 'no-annotations', annotations: 0, elo: [] });
  expect(section.human.sVsWinRate.rho).toBeNull();
  expect(section.human.interAnnotator.agree).toBeNull();
  // the paired effects need no human: there, from the style records
  expect(section.effects.status).toBe('ok');
  const page = await browser.newPage();
  await page.goto(`${server.url}style/${style.suite}/`);
  const human = page.locator('#style-comparisons [data-part="style-human"]');
  await expect(human.getAttribute('data-state')).resolves.toBe('no-annotations');
  await expect(human.innerText()).resolves.toContain('No style annotations yet');
  await expect(page.locator('#style-comparisons [data-stat]').count()).resolves.toBe(0);
  await expect(page.locator(`[id="style-elo--${style.suite}"]`).count()).resolves.toBe(0);
  await expect(page.locator(`[id="style-effects--${style.suite}"] tbody tr`).count()).resolves.toBe(
    section.effects.rows.length,
  );
  await page.close();
});
