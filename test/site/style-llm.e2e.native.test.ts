// The public site over a style entry judged by an LLM vision judge (issue 16 item 4): the faithful
// sample entry on style-sample is evaluated with `refig evaluate` (real sandbox) and a judge behind
// the local OpenAI-compatible test server (real `openai` client), the board is built with
// `refig leaderboard`, then the Astro site, served on 127.0.0.1 and read with Debian's Chromium:
// the style table shows S_code / S_vision with their intervals and S_vision with the judge, and
// the submission page draws the judge's boxes on both images and quotes the cited lines.
import { cp, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { launchChromium } from '../../site/scripts/launch-chromium.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Leaderboard } from '@figboard/evaluator/schemas';
import { removeSite, serveSite, type ServedSite } from '../support/served-site.ts';
import type { StaticServer } from '../../site/scripts/static-server.ts';
import { startOpenAiTestServer, type OpenAiTestServer } from '../support/openai-test-server.ts';
import { runRefig } from '../support/run-refig.ts';

const ROOT = resolve(import.meta.dirname, '../..');
const ENTRY = 'sample-style-faithful';
let dataDir: string;
let site: ServedSite | undefined;
let board: Leaderboard;
let judge: OpenAiTestServer;
let server: StaticServer;
let browser: Browser;

beforeAll(async () => {
  judge = await startOpenAiTestServer({
    fallback: () => ({
      kind: 'reply',
      content: JSON.stringify({
        defects: [
          {
            severity: 'major',
            candidate_box: [60, 40, 200, 100],
            reference_box: [50, 30, 220, 110],
            code_lines: [2, 500],
            description: 'legend lost its <b>frame</b>',
          },
        ],
      }),
    }),
  });
  dataDir = await mkdtemp(join(tmpdir(), 'figboard-site-style-llm-'));
  for (const path of [
    'suites/style-sample',
    'annotations',
    'submissions/OWNERSHIP.json',
    `submissions/${ENTRY}`,
    'submissions/sample-style-default',
  ])
    await cp(join(ROOT, path), join(dataDir, path), { recursive: true });
  await writeFile(
    join(dataDir, 'figboard.yml'),
    [
      'judges:',
      '  - id: metric',
      '    primary: true',
      '  - id: vlm-a',
      '    family: fam-a',
      '    model: vlm-a-2026-01-01',
      `    baseURL: ${judge.baseURL}`,
      '    apiKeyEnv: FIGBOARD_TEST_KEY_A',
      '    runs: 2',
      '    maxAttempts: 2',
      '',
    ].join('\n'),
  );
  const evaluated = await runRefig(
    ['evaluate', `submissions/${ENTRY}`, '--workers', '2'],
    dataDir,
    { FIGBOARD_TEST_KEY_A: 'k' },
  );
  expect(evaluated.code, evaluated.err).toBe(0);
  const lb = await runRefig(['leaderboard', '--out', 'leaderboard.json'], dataDir, {
    FIGBOARD_TEST_KEY_A: 'k',
  });
  expect(lb.code, lb.err).toBe(0);
  board = Leaderboard.parse(JSON.parse(await readFile(join(dataDir, 'leaderboard.json'), 'utf8')));
  site = await serveSite(dataDir, 'style-llm');
  server = site.server;
  browser = await launchChromium();
}, 900_000);

afterAll(async () => {
  await browser?.close();
  await judge?.close();
  await removeSite(site, dataDir);
});

async function open(path: string): Promise<Page> {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  const res = await page.goto(server.url + path, { waitUntil: 'load' });
  expect(res?.status(), `GET /${path}`).toBe(200);
  return page;
}

describe('style board with an LLM vision judge', () => {
  it('the board row carries S_vision with the judge and its interval', () => {
    const row = board.style.find((r) => r.submission === ENTRY && r.split === 'all')!;
    // faithful: deterministic S_vision 100 on every task; the judge adds one major defect (−10)
    expect(row.llm).toEqual([
      expect.objectContaining({
        judge: 'vlm-a',
        runs: 2,
        n: 3,
        failed: 0,
        vision: 90,
        visionCi: [90, 90],
        S: 93.5,
      }),
    ]);
    const other = board.style.find((r) => r.submission === 'sample-style-default')!;
    expect(other.llm).toEqual([]);
  });

  it('shows S_code and S_vision with intervals and a column per judge in the style table', async () => {
    const page = await open('style/');
    const headers = await page.locator('main table').first().locator('thead th').allInnerTexts();
    for (const h of ['S_code 95% CI', 'S_vision 95% CI', 'S_vision (vlm-a)', 'S (vlm-a)'])
      expect(
        headers.some((x) => x.includes(h)),
        `${h} in ${headers.join(' | ')}`,
      ).toBe(true);
    const row = page.locator('main table tbody tr', { hasText: ENTRY }).first();
    const cells = await row.locator('td, th').allInnerTexts();
    expect(cells.length).toBeGreaterThan(10);
    expect(cells.join(' | ')).toContain('90.0');
    expect(cells.join(' | ')).toMatch(/\[90\.0, 90\.0\]/);
    // the other entry has no judge records: a dash, not a 0
    const plain = page.locator('main table tbody tr', { hasText: 'sample-style-default' }).first();
    expect((await plain.locator('td').allInnerTexts()).join(' | ')).toContain('—');
    if (process.env.FIGBOARD_SCREENSHOTS)
      await page.screenshot({
        path: join(process.env.FIGBOARD_SCREENSHOTS, 'style-board.png'),
        fullPage: true,
      });
    await page.close();
  });

  it('draws the judge’s boxes on both images and quotes the cited figure.py lines', async () => {
    const page = await open(`submissions/${ENTRY}/`);
    const card = page.locator('article.style-task[data-task="style01-0"]');
    const verdict = card.locator('section.llm-judge[data-judge="vlm-a"]');
    await expect(verdict.locator('h4').innerText()).resolves.toMatch(
      /LLM vision judge vlm-a \(fam-a, run 1\)\s+S_vision 90\.0 · S 93\.5/,
    );
    for (const role of ['llm-reference', 'llm-output']) {
      const side = verdict.locator(`figure[data-role="${role}"]`);
      expect(
        await side.locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth),
      ).toBeGreaterThan(0);
      expect(await side.locator('svg g[data-defect="L1"] rect').count()).toBe(1);
    }
    const ref = verdict.locator('figure[data-role="llm-reference"] svg g rect');
    expect(await ref.getAttribute('x')).toBe('50');
    expect(await ref.getAttribute('width')).toBe('220');
    const out = verdict.locator('figure[data-role="llm-output"] svg g rect');
    expect(await out.getAttribute('x')).toBe('60');
    const figure = (
      await readFile(
        join(dataDir, 'submissions', ENTRY, 'artifacts', 'style01-0', 'figure.py'),
        'utf8',
      )
    ).split('\n');
    const item = verdict.locator('ol.llm-defects li[data-defect="L1"]');
    // the description is data: shown as text, never as markup
    await expect(item.innerText()).resolves.toContain('legend lost its <b>frame</b>');
    expect(await item.locator('b').count()).toBe(0);
    await expect(item.locator('pre.cited-lines').innerText()).resolves.toBe(`   2 | ${figure[1]}`);
    await expect(item.innerText()).resolves.toContain('not in figure.py (dropped): 500');
    if (process.env.FIGBOARD_SCREENSHOTS)
      await card.screenshot({ path: join(process.env.FIGBOARD_SCREENSHOTS, 'style-task.png') });
    await page.close();
  });
});
