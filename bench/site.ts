// Site benchmark: generate a 10-configuration × 1,000-task board (seeded), build the site, and
// measure in real Chromium at 1400 px the leaderboard page's total transfer (HTML + CSS + JS +
// images it loads) and the heaviest page type's. Targets: build ≤ 120 s, leaderboard page
// ≤ 300 KB, every page ≤ 1 MB.
//
//   npx tsx bench/site.ts [--configurations 10] [--tasks 1000] [--keep]
import { rm } from 'node:fs/promises';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { launchChromium } from '../site/scripts/launch-chromium.ts';
import { buildSite } from '../site/scripts/build-site.ts';
import { generateFixture } from '../site/scripts/generate-fixture.ts';
import { measurePageWeight } from '../site/scripts/page-weight.ts';
import { startStaticServer } from '../site/scripts/static-server.ts';

const { values } = parseArgs({
  options: {
    configurations: { type: 'string', default: '10' },
    tasks: { type: 'string', default: '1000' },
    keep: { type: 'boolean', default: false },
  },
});
const N = Number(values.configurations);
const M = Number(values.tasks);
const dataDir = join(tmpdir(), `figboard-bench-site-${N}x${M}`);
const outRoot = resolve(import.meta.dirname, '../site/.build/bench');
const outDir = join(outRoot, 'dist');
const BUILD_TARGET_S = 120;
const PAGE_TARGET_KB = 300;
const HEAVIEST_TARGET_KB = 1024;

// 1. data
let t = performance.now();
const fixture = await generateFixture({
  outDir: dataDir,
  configurations: N,
  tasks: M,
  seed: 2026,
  clean: true,
});
process.stdout.write(
  `generated ${fixture.files} files (${N} configurations × ${M} tasks) in ${((performance.now() - t) / 1000).toFixed(1)} s\n`,
);

// 2. build (cold: no Astro cache from an earlier run)
await rm(outRoot, { recursive: true, force: true });
const build = await buildSite({ dataDir, outDir, base: '/' });
const imageLine =
  build.log.split('\n').find((l) => l.includes('published') && l.includes('images')) ?? '';
process.stdout.write(
  `build: ${build.seconds.toFixed(1)} s wall (target ≤ ${BUILD_TARGET_S} s), ${build.cpuSeconds === null ? '?' : build.cpuSeconds.toFixed(1)} s CPU, load average ${loadavg()[0]!.toFixed(1)} on ${availableParallelism()} cores` +
    `${imageLine ? `\n  ${imageLine.replace(/^.*\] /, '')}` : ''}\n`,
);

// 2b. warm rebuild: same inputs, thumbnails come from the content-addressed cache
const warm = await buildSite({ dataDir, outDir, base: '/' });
process.stdout.write(
  `warm rebuild: ${warm.seconds.toFixed(1)} s wall, ${warm.cpuSeconds === null ? '?' : warm.cpuSeconds.toFixed(1)} s CPU\n`,
);

// 3. page weight in Chromium at 1400 px: every same-origin response the page loads
const server = await startStaticServer(outDir);
const browser = await launchChromium();
const board = await measurePageWeight(browser, server.url, 1400);
for (const r of board.responses)
  process.stdout.write(
    `  ${(r.bytes / 1024).toFixed(1).padStart(7)} KB  ${(r.gzipBytes / 1024).toFixed(1).padStart(6)} KB gz  ${r.url}\n`,
  );
process.stdout.write(
  `leaderboard page: ${board.responses.length} requests, ${(board.bytes / 1024).toFixed(1)} KB uncompressed, ${(board.gzipBytes / 1024).toFixed(1)} KB gzip (target ≤ ${PAGE_TARGET_KB} KB)\n`,
);
// one page of every type (the first of each kind: all 1,000 task pages weigh alike)
const pageTypes = [
  '',
  'compare/',
  'effects/',
  'elo/',
  'judges/',
  'sensitivity/',
  'audit/',
  'style/',
  'submissions/',
  `submissions/${fixture.submissions[0]}/`,
  'tasks/',
  `tasks/${fixture.suite}/`,
  `tasks/${fixture.suite}/${fixture.tasks[0]}/`,
  'annotate/',
  'annotate-style/',
  'about/',
];
let heaviest = { url: '', bytes: 0 };
for (const path of pageTypes) {
  const w = await measurePageWeight(browser, server.url + path, 1400);
  if (w.bytes > heaviest.bytes) heaviest = { url: `/${path}`, bytes: w.bytes };
}
process.stdout.write(
  `heaviest page type: ${heaviest.url} ${(heaviest.bytes / 1024).toFixed(1)} KB with its assets (target ≤ ${HEAVIEST_TARGET_KB} KB)\n`,
);
await browser.close();
await server.close();
const total = board.bytes;
const ok =
  build.seconds <= BUILD_TARGET_S &&
  total / 1024 <= PAGE_TARGET_KB &&
  heaviest.bytes / 1024 <= HEAVIEST_TARGET_KB;
process.stdout.write(ok ? 'OK: every target met\n' : 'NOT MET: see above\n');

if (!values.keep) {
  await rm(outRoot, { recursive: true, force: true });
  await rm(dataDir, { recursive: true, force: true });
}
t = 0;
process.exitCode = ok ? 0 : 1;
