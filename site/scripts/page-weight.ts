// The weight of one page as Chromium loads it: the HTML plus every same-origin response it asks
// for (CSS, JS, images the browser picks from srcset at that width, data it fetches), after
// scrolling to the bottom so lazy images below the fold count too. Bytes are the response bodies
// as served (uncompressed; the static server does not compress), gzip sizes beside them. Used by
// the page-weight tests and bench/site.ts.
import { gzipSync } from 'node:zlib';
import type { Browser } from 'playwright-core';

interface PageWeight {
  url: string;
  /** Sum of the same-origin response bodies. */
  bytes: number;
  gzipBytes: number;
  responses: { url: string; status: number; bytes: number; gzipBytes: number; type: string }[];
}

export async function measurePageWeight(
  browser: Browser,
  url: string,
  width: number,
): Promise<PageWeight> {
  const origin = new URL(url).origin;
  // device pixel ratio 1: a plain desktop (at 2 the browser may rightly pick the full original)
  const page = await browser.newPage({ viewport: { width, height: 900 }, deviceScaleFactor: 1 });
  const pending: Promise<void>[] = [];
  const responses: PageWeight['responses'] = [];
  page.on('response', (r) => {
    if (new URL(r.url()).origin !== origin) return;
    pending.push(
      r.body().then(
        (body) => {
          responses.push({
            url: r.url().slice(origin.length),
            status: r.status(),
            bytes: body.length,
            gzipBytes: gzipSync(body).length,
            type: r.headers()['content-type'] ?? '',
          });
        },
        () => undefined, // a redirect has no body
      ),
    );
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  await page.evaluate(async () => {
    // step down the page so every lazy image comes into view once
    for (let y = 0; y < document.documentElement.scrollHeight; y += 800) {
      window.scrollTo(0, y);
      await new Promise((ok) => requestAnimationFrame(() => ok(null)));
    }
    window.scrollTo(0, document.documentElement.scrollHeight);
  });
  // images that came into view are loading now: wait for each to finish (a lazy image that is
  // not displayed — a list's later page, a closed panel — is never fetched: not waited for)
  await page.evaluate(() =>
    Promise.all(
      Array.from(document.images)
        .filter((i) => !i.complete && i.getClientRects().length > 0)
        .map(
          (i) =>
            new Promise((ok) => {
              i.addEventListener('load', ok, { once: true });
              i.addEventListener('error', ok, { once: true });
            }),
        ),
    ),
  );
  await page.waitForLoadState('networkidle');
  await Promise.all(pending);
  await page.close();
  return {
    url,
    bytes: responses.reduce((a, r) => a + r.bytes, 0),
    gzipBytes: responses.reduce((a, r) => a + r.gzipBytes, 0),
    responses: responses.sort((a, b) => b.bytes - a.bytes),
  };
}
