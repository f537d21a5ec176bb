// The leaderboard page at ReFigBench scale: a seeded 10-configuration × 1,000-task board (made by
// bench/generate-leaderboard-data.ts and `refig leaderboard`'s own builder), built into the site
// and loaded in Chromium at 1400 px. The page with everything it loads stays ≤ 300 KB.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Browser } from 'playwright-core';
import { launchChromium } from '../support/chromium.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildLeaderboard,
  loadLeaderboardInputs,
  writeLeaderboard,
} from '@figboard/evaluator/leaderboard';
import { generateLeaderboardData } from '../../bench/generate-leaderboard-data.ts';
import { buildSite } from '../../site/scripts/build-site.ts';
import { startStaticServer, type StaticServer } from '../../site/scripts/static-server.ts';
import { measurePageWeight } from '../../site/scripts/page-weight.ts';

const SITE_DIR = resolve(import.meta.dirname, '../../site');
const LEADERBOARD_LIMIT_BYTES = 300 * 1024;

let dataDir: string;
let outRoot: string;
let server: StaticServer;
let browser: Browser;

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
  outRoot = join(SITE_DIR, '.build', `weight-${process.pid}`);
  await buildSite({ dataDir, outDir: join(outRoot, 'dist'), base: '/', timeoutMs: 600_000 });
  server = await startStaticServer(join(outRoot, 'dist'));
  browser = await launchChromium();
}, 900_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
  if (outRoot) await rm(outRoot, { recursive: true, force: true });
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

describe('leaderboard page weight at 10 configurations × 1,000 tasks', () => {
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
