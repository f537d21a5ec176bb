// Every page of a built site weighed in Chromium at 1400 px (site/scripts/page-weight.ts: the HTML
// and everything it loads, scrolled to the bottom), heaviest first. For the committed board:
//
//   npm run build -w site && npx tsx site/scripts/weigh-pages.ts site/dist [--top 15]
//
// Exits 1 when a page is over 1 MB (the site's limit, issue 24).
import { readdir } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { launchChromium } from './launch-chromium.ts';
import { measurePageWeight } from './page-weight.ts';
import { startStaticServer } from './static-server.ts';

const LIMIT = 1024 * 1024;
const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { top: { type: 'string', default: '15' } },
});
const dist = positionals[0] ?? 'site/dist';
const pages = (await readdir(dist, { recursive: true }))
  .filter((f) => f.endsWith('.html'))
  .map((f) => f.replace(/index\.html$/, ''))
  .sort();
const server = await startStaticServer(dist);
const browser = await launchChromium();
const weights: { path: string; bytes: number; requests: number }[] = [];
try {
  for (const path of pages) {
    const w = await measurePageWeight(browser, server.url + path, 1400);
    weights.push({ path: `/${path}`, bytes: w.bytes, requests: w.responses.length });
  }
} finally {
  await browser.close();
  await server.close();
}
weights.sort((a, b) => b.bytes - a.bytes || (a.path < b.path ? -1 : 1));
for (const w of weights.slice(0, Number(values.top)))
  console.log(
    `${(w.bytes / 1024).toFixed(0).padStart(6)} KB  ${String(w.requests).padStart(4)} requests  ${w.path}`,
  );
const over = weights.filter((w) => w.bytes > LIMIT);
console.log(
  `${weights.length} pages; ${over.length} over 1 MB${over.length ? `: ${over.map((w) => w.path).join(', ')}` : ''}`,
);
process.exitCode = over.length ? 1 : 0;
