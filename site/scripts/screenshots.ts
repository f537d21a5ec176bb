// `npx tsx site/scripts/screenshots.ts --out DIR [--widths 1400,390] [PATH…]`: serves the built
// site (FIGBOARD_SITE_OUT or site/dist) and saves a full-page PNG of each page at each width with
// Debian's Chromium, printing each page's document width so overflow on a phone shows at once.
// Default pages: the home board, a submission, a task, Elo, effects, compare, style.
import { mkdir, readdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { launchChromium } from './launch-chromium.ts';
import { readSiteConfig } from '../src/config/site-config.ts';
import { startStaticServer } from './static-server.ts';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    out: { type: 'string', default: 'site/.screenshots' },
    widths: { type: 'string', default: '1400,390' },
    height: { type: 'string', default: '844' },
  },
});
const config = readSiteConfig();
const outDir = resolve(values.out);
await mkdir(outDir, { recursive: true });

/** The first entry of a folder of the build (a submission, a task), or null. */
async function first(dir: string): Promise<string | null> {
  try {
    const names = (await readdir(join(config.outDir, dir), { withFileTypes: true }))
      .filter((d) => d.isDirectory() && d.name !== 'page')
      .map((d) => d.name)
      .sort();
    return names[0] ?? null;
  } catch {
    return null;
  }
}

async function defaultPages(): Promise<string[]> {
  const pages = ['', 'elo/', 'effects/', 'compare/', 'style/', 'audit/', 'tasks/'];
  const sub = await first('submissions');
  if (sub) pages.push(`submissions/${sub}/`);
  const suite = await first('tasks');
  const task = suite ? await first(`tasks/${suite}`) : null;
  if (suite && task) pages.push(`tasks/${suite}/${task}/`);
  return pages;
}

const pages = positionals.length > 0 ? positionals : await defaultPages();
const widths = values.widths.split(',').map(Number);
const server = await startStaticServer(config.outDir, { base: config.base });
const browser = await launchChromium();
try {
  for (const width of widths) {
    const page = await browser.newPage({
      viewport: { width, height: Number(values.height) },
    });
    for (const path of pages) {
      const res = await page.goto(server.url + path, { waitUntil: 'load' });
      // lazy images: scroll through the page so every one is loaded before the shot
      await page.evaluate(async () => {
        for (let y = 0; y < document.body.scrollHeight; y += 600) {
          window.scrollTo(0, y);
          await new Promise((r) => setTimeout(r, 30));
        }
        window.scrollTo(0, 0);
      });
      const docWidth = await page.evaluate(() => document.documentElement.scrollWidth);
      const name = `${(path.replace(/\/$/, '') || 'home').replace(/[^a-z0-9._-]+/gi, '_')}-${width}.png`;
      await page.screenshot({ path: join(outDir, name), fullPage: true });
      process.stdout.write(
        `${String(res?.status()).padEnd(4)} ${`/${path}`.padEnd(48)} ${width} px: document ${docWidth} px${docWidth > width ? '  OVERFLOW' : ''} → ${name}\n`,
      );
    }
    await page.close();
  }
} finally {
  await browser.close();
  await server.close();
}
