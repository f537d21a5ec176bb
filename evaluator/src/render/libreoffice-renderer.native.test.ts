import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RenderResult } from '../schemas/audit-record.schema.ts';
import { buildBwrapArgs, probeBubblewrap } from './bubblewrap.ts';
import { createLibreOfficeRenderer } from './libreoffice-renderer.ts';
import { runProcessGroup } from '../untrusted/run-process-group.ts';
import { buildSofficeEnv, SOFFICE_ENV_KEYS } from './soffice-env.ts';
import {
  calibrationDeck,
  corruptButZipDeck,
  deckWithExternalImage,
  slideSize,
  slowDeck,
} from './test-support/build-test-decks.ts';
import { countSpawns, isRunning, pgrep, watchProcesses } from './test-support/watch-processes.ts';

// Real LibreOffice, poppler and bubblewrap (installed by scripts/install-system.sh). Each soffice
// start costs 1–3 s, so the tests share decks and keep the number of calls small.

const work = mkdtempSync(join(tmpdir(), 'figboard-render-test-'));
// Decided before the tests are collected so the bwrap-only tests can be skipped (with a reason in
// the report) on machines where bubblewrap cannot create namespaces, e.g. unprivileged Docker.
const bwrapWorks = (await probeBubblewrap('bwrap', 'auto', work)).mode === 'bwrap';
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** A fresh folder inside the test's work dir. */
function dir(name: string): string {
  return mkdtempSync(join(work, `${name}-`));
}

describe('LibreOffice renderer (real soffice)', () => {
  it('renders calibration decks to one-page PNGs of the slide aspect ratio, deterministically, leaving no temp files', async () => {
    const tmpRoot = dir('tmp');
    const outDir = dir('out');
    const decks = [
      ['faithful-000', calibrationDeck('fig01-000', 'faithful')],
      ['faithful-001', calibrationDeck('fig01-001', 'faithful')],
      ['pptxgenjs-002', calibrationDeck('fig01-002', 'pptxgenjs')],
      ['raster-003', calibrationDeck('fig01-003', 'raster')],
    ] as const;
    const renderer = createLibreOfficeRenderer({ tmpRoot });
    const ticks: string[] = [];
    const streamed: string[] = [];
    const results = await renderer.render(
      decks.map(([id, path]) => ({ id, path })),
      {
        outDir,
        dpi: 60,
        workers: 2,
        timeoutMs: 60_000,
        progress: {
          start: () => undefined,
          tick: (d) => ticks.push(d ?? ''),
          stop: () => undefined,
        },
        onResult: (id) => streamed.push(id),
      },
    );
    expect([...results.keys()]).toEqual(decks.map(([id]) => id));
    expect(ticks.sort()).toEqual(decks.map(([id]) => id).sort());
    expect(streamed.sort()).toEqual(ticks);
    for (const [id, path] of decks) {
      const r = RenderResult.parse(results.get(id));
      expect(r, id).toMatchObject({
        passed: true,
        reason: null,
        detail: null,
        pages: 1,
        png: `${id}.png`,
      });
      const { cx, cy } = await slideSize(path);
      // pdftoppm rounds each side to whole pixels: width = ceil-ish(cx inches × dpi), ±1 px.
      expect(Math.abs((r.width ?? 0) - (cx / 914_400) * 60), id).toBeLessThanOrEqual(1);
      expect(Math.abs((r.height ?? 0) - (cy / 914_400) * 60), id).toBeLessThanOrEqual(1);
      expect(
        readFileSync(join(outDir, `${id}.png`))
          .subarray(1, 4)
          .toString(),
      ).toBe('PNG');
    }
    expect(readdirSync(outDir).sort()).toEqual(decks.map(([id]) => `${id}.png`).sort());
    expect(readdirSync(tmpRoot)).toEqual([]);

    // Same deck, same bytes: a second run (new profile, new temp folder) gives an identical PNG.
    const again = dir('again');
    await renderer.render([{ id: 'faithful-000', path: decks[0][1] }], {
      outDir: again,
      dpi: 60,
      workers: 1,
      timeoutMs: 60_000,
    });
    expect(
      readFileSync(join(again, 'faithful-000.png')).equals(
        readFileSync(join(outDir, 'faithful-000.png')),
      ),
    ).toBe(true);
  });

  it('isolates a corrupt-but-zip deck in a batch (missing output) and still renders the others; gates a two-slide deck on page count', async () => {
    const tmpRoot = dir('tmp');
    const outDir = dir('out');
    const corrupt = join(dir('in'), 'corrupt.pptx');
    writeFileSync(corrupt, await corruptButZipDeck());
    // A stale PNG from an earlier run must not survive next to a failed result.
    writeFileSync(join(outDir, 'corrupt.png'), 'stale');
    const calls = countSpawns((_, args) => args.includes('--convert-to'));
    const results = await createLibreOfficeRenderer({ tmpRoot, sandbox: 'none' }).render(
      [
        { id: 'good-a', path: calibrationDeck('fig01-004', 'faithful') },
        { id: 'corrupt', path: corrupt },
        { id: 'two-slides', path: calibrationDeck('fig01-004', 'twoslides') },
        { id: 'good-b', path: calibrationDeck('fig01-005', 'textdrop') },
      ],
      { outDir, dpi: 40, workers: 1, timeoutMs: 60_000 },
    );
    calls.restore();
    expect(results.get('good-a')).toMatchObject({ passed: true, pages: 1 });
    expect(results.get('good-b')).toMatchObject({ passed: true, pages: 1 });
    expect(results.get('corrupt')).toMatchObject({
      passed: false,
      reason: 'render-failed',
      png: null,
      pages: null,
    });
    expect(results.get('corrupt')?.detail).toMatch(
      /^LibreOffice wrote no PDF; LibreOffice said: .*could not be loaded/,
    );
    expect(results.get('two-slides')).toMatchObject({
      passed: false,
      reason: 'render-page-count',
      pages: 2,
      png: 'two-slides.png',
    });
    expect(readdirSync(outDir).sort()).toEqual(['good-a.png', 'good-b.png', 'two-slides.png']);
    // One batch call for all four, the corrupt deck alone to confirm, then the built-in control
    // deck (it renders, so the failure is the deck's, not the machine's): three soffice calls,
    // counted at spawn (a process poll can miss a short call on a busy machine). The exact call
    // sequence is pinned with a stand-in soffice in libreoffice-renderer.isolation.test.ts.
    expect(calls.count()).toBe(3);
    expect(readdirSync(tmpRoot)).toEqual([]);
  });

  // Without bubblewrap only the process-group kill stands between a hung deck and a stray
  // soffice.bin; with it, the PID namespace and --die-with-parent back it up. Both are checked.
  it.each(bwrapWorks ? (['none', 'bwrap'] as const) : (['none'] as const))(
    'kills the whole process group on timeout (sandbox %s): render-timeout, no soffice.bin left behind',
    async (sandbox) => {
      const tmpRoot = dir('tmp');
      const slow = join(dir('in'), 'slow.pptx');
      // ~8,000 shapes: LibreOffice needs well over 10 s to load this; the limit below is 3 s.
      writeFileSync(slow, await slowDeck(8000));
      const watch = watchProcesses(tmpRoot);
      const started = Date.now();
      const results = await createLibreOfficeRenderer({ tmpRoot, startupMs: 2000, sandbox }).render(
        [{ id: 'slow', path: slow }],
        {
          outDir: dir('out'),
          dpi: 40,
          workers: 1,
          timeoutMs: 1000,
        },
      );
      const elapsed = Date.now() - started;
      const seen = await watch.stop();
      expect(results.get('slow')).toMatchObject({
        passed: false,
        reason: 'render-timeout',
        png: null,
      });
      expect(results.get('slow')?.detail).toMatch(
        /^LibreOffice did not finish within 3 s and was killed/,
      );
      // Killed at 3 s; the deck alone would take well over 10 s (generous bound for a loaded machine).
      expect(elapsed).toBeLessThan(15_000);
      // The watch saw soffice.bin running, so "nothing left" below is not vacuous.
      expect(seen.map((p) => p.comm)).toContain('soffice.bin');
      expect(await pgrep(tmpRoot)).toEqual([]);
      for (const p of seen)
        expect(isRunning(p.pid), `${p.comm} ${p.pid} still running`).toBe(false);
      expect(readdirSync(tmpRoot)).toEqual([]);
    },
  );

  it('gives soffice an environment without anything from the parent process', async () => {
    process.env.FIGBOARD_CANARY_SECRET = 'sk-figboard-canary-4711';
    try {
      for (const sandbox of bwrapWorks ? (['none', 'bwrap'] as const) : (['none'] as const)) {
        const tmpRoot = dir(`env-${sandbox}`);
        // soffice.bin lives for a second or more; polling every 50 ms reads its /proc/<pid>/environ.
        const watch = watchProcesses(tmpRoot, 50);
        const results = await createLibreOfficeRenderer({ tmpRoot, sandbox }).render(
          [{ id: 'medium', path: calibrationDeck('fig01-005', 'faithful') }],
          {
            outDir: dir('out'),
            dpi: 30,
            workers: 1,
            timeoutMs: 120_000,
          },
        );
        const seen = await watch.stop();
        expect(results.get('medium')?.passed, sandbox).toBe(true);
        const bin = seen.filter((p) => p.comm === 'soffice.bin');
        expect(bin.length, sandbox).toBeGreaterThan(0);
        // LibreOffice's own launcher adds PWD/OLDPWD and SAL_ENABLE_FILE_LOCKING; nothing else may appear.
        const allowed = new Set<string>([
          ...SOFFICE_ENV_KEYS,
          'PWD',
          'OLDPWD',
          'SAL_ENABLE_FILE_LOCKING',
        ]);
        for (const p of seen) {
          expect(JSON.stringify(p.env), `${sandbox} ${p.comm}`).not.toContain('sk-figboard-canary');
          expect(
            Object.keys(p.env).filter((k) => !allowed.has(k)),
            `${sandbox} ${p.comm}`,
          ).toEqual([]);
        }
        for (const p of bin)
          expect(p.env.HOME?.startsWith(tmpRoot), `${sandbox} soffice.bin HOME`).toBe(true);
      }
    } finally {
      delete process.env.FIGBOARD_CANARY_SECRET;
    }
  });
});

describe('external links never reach the network', () => {
  let server: Server;
  let requests: string[];
  let url: string;
  let deck: string;

  beforeAll(async () => {
    requests = [];
    server = createServer((req, res) => {
      requests.push(`${req.method} ${req.url}`);
      res.writeHead(404).end();
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/pixel.png`;
    deck = join(dir('ext'), 'linked.pptx');
    writeFileSync(deck, await deckWithExternalImage(url));
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  /** soffice on the raw deck, outside the renderer: optionally inside the bwrap sandbox. */
  async function rawSoffice(withBwrap: boolean): Promise<void> {
    const base = dir('raw');
    const env = buildSofficeEnv({ home: base, tmp: base });
    const args = [
      `-env:UserInstallation=file://${base}/profile`,
      '--headless',
      '--norestore',
      '--convert-to',
      'pdf',
      '--outdir',
      base,
      deck,
    ];
    const outcome = withBwrap
      ? await runProcessGroup(
          'bwrap',
          [...buildBwrapArgs({ writable: [base], readable: [deck] }), '--', 'soffice', ...args],
          { env, timeoutMs: 60_000 },
        )
      : await runProcessGroup('soffice', args, { env, timeoutMs: 60_000 });
    expect(outcome.code).toBe(0);
    expect(readdirSync(base)).toContain('linked.pdf');
  }

  it('control: LibreOffice DOES fetch the linked picture of the raw deck when nothing stops it', async () => {
    requests.length = 0;
    await rawSoffice(false);
    expect(requests.some((r) => r.endsWith('/pixel.png'))).toBe(true);
  });

  it('the renderer without a sandbox: the neutralised link makes no request, and the deck still renders', async () => {
    requests.length = 0;
    const outDir = dir('out');
    const results = await createLibreOfficeRenderer({
      tmpRoot: dir('tmp'),
      sandbox: 'none',
    }).render([{ id: 'linked', path: deck }], {
      outDir,
      dpi: 40,
      workers: 1,
      timeoutMs: 60_000,
    });
    expect(results.get('linked')).toMatchObject({ passed: true, pages: 1 });
    expect(requests).toEqual([]);
  });

  it.skipIf(!bwrapWorks)('bubblewrap alone (raw deck, links intact) cuts the network', async () => {
    requests.length = 0;
    await rawSoffice(true);
    expect(requests).toEqual([]);
  });

  it.skipIf(!bwrapWorks)('the renderer with bubblewrap: no request', async () => {
    requests.length = 0;
    const renderer = createLibreOfficeRenderer({ tmpRoot: dir('tmp'), sandbox: 'bwrap' });
    expect(await renderer.sandbox()).toEqual({ mode: 'bwrap', reason: null });
    const results = await renderer.render([{ id: 'linked', path: deck }], {
      outDir: dir('out'),
      dpi: 40,
      workers: 1,
      timeoutMs: 60_000,
    });
    expect(results.get('linked')).toMatchObject({ passed: true, pages: 1 });
    expect(requests).toEqual([]);
  });
});
