// The site's exploring pages (issue 24 items 5 and 6) over the committed sample entries of both
// tracks, built once: `refig leaderboard` → Astro build → Debian's Chromium. The compare page with
// four picks from the URL and on a style suite, the agent-log viewer on a hostile Claude Code log
// (markup in every text field, more turns and bytes than the viewer keeps) and on a real Codex
// log, the maintainers' verified mark on the board and the submission page, and the glossary of
// the judge's terms beside a task's findings.
import { cp, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import axe from 'axe-core';
import type { Browser, Dialog, Page } from 'playwright-core';
import { launchChromium } from '../../site/scripts/launch-chromium.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Leaderboard, OwnershipRecord } from '@figboard/evaluator/schemas';
import { removeSite, serveSite, type ServedSite } from '../support/served-site.ts';
import type { StaticServer } from '../../site/scripts/static-server.ts';
import { runRefig } from '../support/run-refig.ts';
import {
  HOSTILE_IMG,
  HOSTILE_PAIRS,
  HOSTILE_PRE,
  HOSTILE_SCRIPT,
  hostileClaudeLog,
} from './hostile-agent-log.ts';

const ROOT = resolve(import.meta.dirname, '../..');
const REFIG = 'refig-sample';
const STYLE = 'style-sample';
const VERIFIED = 'sample-cc-direct';
const VERIFIED_STYLE = 'sample-style-faithful';
const HOSTILE = { submission: 'sample-cc-direct', task: 'fig01-001' };
const CODEX = { submission: 'sample-codex-direct', task: 'fig01-000' };
let dataDir: string;
let site: ServedSite | undefined;
let board: Leaderboard;
let server: StaticServer;
let browser: Browser;
const dialogs: string[] = [];

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'figboard-site-explore-'));
  for (const path of [
    `suites/${REFIG}`,
    `suites/${STYLE}`,
    'annotations',
    'figboard.yml',
    'submissions/OWNERSHIP.json',
    'submissions/sample-cc-direct',
    'submissions/sample-cc-specialized',
    'submissions/sample-codex-direct',
    'submissions/sample-raster-baseline',
    'submissions/sample-style-default',
    'submissions/sample-style-faithful',
  ])
    await cp(join(ROOT, path), join(dataDir, path), { recursive: true });
  // the maintainers reproduced one entry (for its latest merge)
  const ownershipPath = join(dataDir, 'submissions', 'OWNERSHIP.json');
  const ownership = OwnershipRecord.parse(JSON.parse(await readFile(ownershipPath, 'utf8')));
  for (const id of [VERIFIED, VERIFIED_STYLE]) {
    const mine = ownership.submissions[id]!;
    mine.verified = { date: '2026-12-03', by: 'octo-maint', merge: mine.merge };
  }
  await writeFile(ownershipPath, `${JSON.stringify(ownership, null, 2)}\n`);
  await writeFile(
    join(dataDir, 'submissions', HOSTILE.submission, 'artifacts', HOSTILE.task, 'output.jsonl'),
    hostileClaudeLog(),
  );
  const lb = await runRefig(['leaderboard', '--out', 'leaderboard.json'], dataDir);
  expect(lb.code, lb.err).toBe(0);
  board = Leaderboard.parse(JSON.parse(await readFile(join(dataDir, 'leaderboard.json'), 'utf8')));
  site = await serveSite(dataDir, 'explore');
  server = site.server;
  browser = await launchChromium();
}, 600_000);

afterAll(async () => {
  await browser?.close();
  await removeSite(site, dataDir);
});

async function open(path: string, width = 1280): Promise<Page> {
  const page = await browser.newPage({ viewport: { width, height: 900 } });
  // any dialog means text from a log or a manifest ran as markup
  page.on('dialog', (d: Dialog) => {
    dialogs.push(`${path}: ${d.message()}`);
    void d.dismiss();
  });
  const res = await page.goto(server.url + path, { waitUntil: 'load' });
  expect(res?.status(), `GET /${path}`).toBe(200);
  return page;
}

const refigRows = () =>
  board.configurations
    .filter((c) => c.judge === board.primaryJudge && c.suite === REFIG)
    .sort((a, b) => (a.rank ?? 99) - (b.rank ?? 99) || (b.mean ?? 0) - (a.mean ?? 0));

describe('compare', () => {
  it('puts four entries side by side from ?e=a,b,c,d, with a paired difference for each', async () => {
    const four = refigRows().map((c) => c.id);
    expect(four).toHaveLength(4); // three sample entries and the raster baseline
    const page = await open(`compare/${REFIG}/?e=${four.map(encodeURIComponent).join(',')}`);
    const pairs = page.locator('[data-pairs] li');
    await expect.poll(() => pairs.count()).toBe(3);
    for (const [i, id] of four.entries())
      await expect(page.locator(`#cmp-${i + 1}`).inputValue()).resolves.toBe(id);
    // a column per pick in both tables (after the row-header column)
    await expect(page.locator('[data-means-table] thead th[data-entry]').count()).resolves.toBe(4);
    await expect(page.locator('[data-task-table] thead th[data-entry]').count()).resolves.toBe(4);
    const tasks = board.tasks.filter((t) => t.suite === REFIG).length;
    await expect(page.locator('[data-task-table] tbody tr').count()).resolves.toBe(tasks);
    await expect(
      page.locator('[data-task-table] tbody tr').first().locator('td').count(),
    ).resolves.toBe(4);
    // Final and the five axes; each pair's mean difference is the difference of the board's means
    await expect(page.locator('[data-means-table] tbody tr').count()).resolves.toBe(6);
    const rows = refigRows();
    for (const [j, li] of (await pairs.all()).entries()) {
      const d = rows[j + 1]!.mean! - rows[0]!.mean!;
      const text = await li.innerText();
      expect(text).toContain(`${d > 0 ? '+' : '−'}${Math.abs(d).toFixed(2)} points`);
      // the interval is named with its task count and, on few tasks, never called settled
      expect(text).toContain(`over ${tasks} tasks`);
      expect(text).not.toMatch(/real difference/i);
      if (/lies (above|below) 0/.test(text)) expect(text).toContain('a hint');
    }
    await page.close();
  });

  it('opens on the top ranked entries, not the baseline', async () => {
    const page = await open(`compare/${REFIG}/`);
    await expect.poll(() => page.locator('[data-pairs] li').count()).toBe(2);
    const ranked = refigRows().filter((c) => c.role === 'entry');
    await expect
      .poll(() => new URL(page.url()).searchParams.get('e'))
      .toBe(ranked.map((c) => c.id).join(','));
    await expect(page.locator('[data-compare-empty]').count()).resolves.toBe(0);
    await page.close();
  });

  it('compares style submissions on S, S_code and S_vision per task', async () => {
    const subs = board.submissions.filter((s) => s.suite.name === STYLE);
    expect(subs.length).toBe(2);
    const page = await open(`compare/${STYLE}/`);
    await expect.poll(() => page.locator('[data-pairs] li').count()).toBe(1);
    const measures = await page
      .locator('[data-means-table] tbody th')
      .evaluateAll((ths) => ths.map((t) => t.textContent));
    expect(measures).toEqual(['S', 'S_code', 'S_vision']);
    await expect(page.locator('[data-means-table] thead th[data-entry]').count()).resolves.toBe(2);
    // the reference's mean S is the board's
    const ref = await page.locator('#cmp-1').inputValue();
    const row = board.style.find((r) => r.submission === ref && r.split === 'all')!;
    await expect(
      page.locator('[data-means-table] tbody tr').first().locator('td').first().innerText(),
    ).resolves.toBe(row.S.toFixed(2));
    const styleTasks = board.suites.find((s) => s.name === STYLE)!.taskCount;
    await expect(page.locator('[data-task-table] tbody tr').count()).resolves.toBe(styleTasks);
    await page.close();
  });
});

describe('agent-log viewer', () => {
  it('renders a hostile log as text, bounded, and says what it cut', async () => {
    const page = await open(`logs/${HOSTILE.submission}/${HOSTILE.task}/`);
    const transcript = page.locator('[data-transcript]');
    // nothing from the log became an element
    await expect(transcript.locator('script, img, b').count()).resolves.toBe(0);
    const text = await transcript.innerText();
    expect(text).toContain(HOSTILE_SCRIPT);
    expect(text).toContain(HOSTILE_IMG);
    expect(text).toContain(HOSTILE_PRE);
    // turns by kind: session, user, assistant, tool calls and results, one an error
    const kinds = await transcript
      .locator(':scope > li')
      .evaluateAll((lis) => lis.map((li) => (li as HTMLElement).dataset.kind));
    expect(kinds.length).toBe(200);
    for (const k of ['session', 'user', 'assistant', 'tool-call', 'tool-result'])
      expect(kinds, k).toContain(k);
    await expect(transcript.locator('li[data-error]').count()).resolves.toBeGreaterThan(0);
    // the long result is collapsed and cut; the notice names every bound that applied
    const long = transcript.locator('details').first();
    await expect(long.locator('pre').isVisible()).resolves.toBe(false);
    await long.locator('summary').click();
    await expect(long.locator('pre').isVisible()).resolves.toBe(true);
    await expect(transcript.innerText()).resolves.toContain('more characters cut');
    const notice = await page.locator('[data-truncated]').innerText();
    expect(notice).toContain('first 200 turns');
    expect(notice).toContain(`${HOSTILE_PAIRS * 2 + 3 - 200} more are left out`);
    expect(notice).toMatch(/Only the first 256 KiB of \d+ KiB were read/);
    expect(dialogs).toEqual([]);
    await page.close();
  });

  it('reads a real Codex log and is linked from the submission and task pages', async () => {
    const page = await open(`logs/${CODEX.submission}/${CODEX.task}/`);
    const kinds = await page
      .locator('[data-transcript] > li')
      .evaluateAll((lis) => lis.map((li) => (li as HTMLElement).dataset.kind));
    expect(kinds[0]).toBe('session');
    expect(kinds).toContain('tool-call');
    expect(kinds).toContain('tool-result');
    expect(kinds).toContain('assistant');
    await expect(page.locator('[data-truncated]').count()).resolves.toBe(0);
    await page.close();

    const sub = await open(`submissions/${CODEX.submission}/`);
    const link = sub.locator(`[data-agent-logs] a`, { hasText: CODEX.task });
    await link.click();
    await sub.waitForURL(`**/logs/${CODEX.submission}/${CODEX.task}/`);
    await sub.close();

    const task = await open(`tasks/${REFIG}/${CODEX.task}/`);
    await task.locator(`article[data-submission="${CODEX.submission}"] [data-agent-log]`).click();
    await task.waitForURL(`**/logs/${CODEX.submission}/${CODEX.task}/`);
    await task.close();
  });
});

describe('verified mark', () => {
  it('is in leaderboard.json, on the board row and on the submission page, and nowhere else', async () => {
    const marked = board.submissions.filter((s) => s.verified);
    expect(marked.map((s) => s.id)).toEqual([VERIFIED, VERIFIED_STYLE]);
    expect(marked[0]!.verified).toEqual({ date: '2026-12-03', by: 'octo-maint' });
    const config = marked[0]!.configuration;
    const styleConfig = marked[1]!.configuration;

    const home = await open('');
    const badges = await home
      .locator(`main tbody tr[data-configuration]`)
      .evaluateAll((trs) =>
        trs.map((tr) => [
          (tr as HTMLElement).dataset.configuration,
          Array.from(tr.querySelectorAll('.badge')).some((b) =>
            /verified/.test(b.textContent ?? ''),
          ),
        ]),
      );
    expect(badges.length).toBeGreaterThan(1);
    for (const [id, has] of badges) expect(has, String(id)).toBe(id === config);
    await home.close();

    const page = await open(`submissions/${VERIFIED}/`);
    await expect(page.locator('h1 [data-verified]').innerText()).resolves.toBe('verified');
    const note = await page.locator('[data-verified-note]').innerText();
    expect(note).toContain('octo-maint');
    expect(note).toContain('2026-12-03');
    await page.close();
    const other = await open('submissions/sample-cc-specialized/');
    await expect(other.locator('[data-verified]').count()).resolves.toBe(0);
    await other.close();

    // the style board's rows too: only the marked submission's
    const style = await open(`style/${STYLE}/`);
    const styleRows = await style
      .locator('main tbody tr')
      .evaluateAll((trs) =>
        trs.map((tr) => [
          tr.querySelector('[data-col="configuration"]')?.getAttribute('data-value') ?? '',
          Array.from(tr.querySelectorAll('.badge')).some((b) =>
            /verified/.test(b.textContent ?? ''),
          ),
        ]),
      );
    const withConfig = styleRows.filter(([id]) => id !== '');
    expect(withConfig.length).toBeGreaterThan(1);
    for (const [id, has] of withConfig) expect(has, String(id)).toBe(id === styleConfig);
    await style.close();
  });
});

describe('accessibility of the new pages', () => {
  it('axe-core finds no violation on compare (both tracks), a log, a task and a submission page', async () => {
    const found: string[] = [];
    for (const path of [
      `compare/${REFIG}/`,
      `compare/${STYLE}/`,
      `logs/${HOSTILE.submission}/${HOSTILE.task}/`,
      `logs/${CODEX.submission}/${CODEX.task}/`,
      `tasks/${REFIG}/fig01-003/`,
      `submissions/${VERIFIED}/`,
    ]) {
      const page = await open(path, 1400);
      if (path.startsWith('compare/')) await page.locator('[data-pairs] li').first().waitFor();
      await page.addScriptTag({ content: axe.source });
      const violations = await page.evaluate(async () => {
        const run = (window as unknown as { axe: { run: (o: unknown) => Promise<unknown> } }).axe
          .run;
        const r = (await run({
          runOnly: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'],
        })) as { violations: { id: string; nodes: { target: string[] }[] }[] };
        return r.violations.map(
          (v) => `${v.id} (${v.nodes.length}): ${v.nodes[0]?.target?.join(' ')}`,
        );
      });
      found.push(...violations.map((v) => `/${path}: ${v}`));
      await page.close();
    }
    expect(found).toEqual([]);
  });
});

describe('judge glossary', () => {
  it('defines every judge term used beside the findings, visibly', async () => {
    const page = await open(`tasks/${REFIG}/fig01-003/`);
    const glossary = page.locator('[data-glossary]');
    await expect(glossary.isVisible()).resolves.toBe(true);
    const terms = await glossary
      .locator('dt')
      .evaluateAll((dts) => dts.map((d) => (d as HTMLElement).dataset.term));
    for (const t of ['Q', 'T', 'S', 'L', 'E', 'V', 'SSIM', 'F1', 'module', 'relation'])
      expect(terms, t).toContain(t);
    // each term has its definition, and the axis maxima are the board's rubric
    await expect(glossary.locator('dd').count()).resolves.toBe(terms.length);
    await expect(glossary.locator('dt[data-term="S"] + dd').innerText()).resolves.toContain(
      `at most ${board.rubric!.S} points`,
    );
    // the findings use these words: every term listed appears in the page's judge text
    const evidence = (await page.locator('[data-role="evidence"]').allInnerTexts()).join('\n');
    for (const t of ['SSIM', 'F1', 'modules', 'relations']) expect(evidence).toContain(t);
    // a term the findings never use is not listed
    expect(evidence).not.toContain('F2');
    expect(terms).not.toContain('F2');
    // on a phone the list stays inside the screen
    const phone = await open(`tasks/${REFIG}/fig01-003/`, 390);
    await expect(
      phone.evaluate(() => document.documentElement.scrollWidth),
    ).resolves.toBeLessThanOrEqual(390);
    await phone.close();
    await page.close();
  });
});
