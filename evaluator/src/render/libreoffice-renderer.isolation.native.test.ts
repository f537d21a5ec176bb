import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { EnvironmentError } from '../errors/environment-error.ts';
import { createLibreOfficeRenderer } from './libreoffice-renderer.ts';
import type { RenderJob } from './renderer.ts';
import { markedDeck } from './test-support/build-test-decks.ts';
import { isRunning } from './test-support/watch-processes.ts';

// The batching and failure-isolation logic, driven through a stand-in `soffice` script so that a
// crash, a hang and a deck that fails to load happen at exactly the deck we choose. The stand-in
// speaks soffice's command line and stdout protocol and writes a real PDF; pdfinfo and pdftoppm
// are the real ones. (Real LibreOffice is exercised in libreoffice-renderer.test.ts.)

const work = mkdtempSync(join(tmpdir(), 'figboard-isolation-test-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** A minimal valid one-page PDF (720 × 405 pt, blank) with a correct xref table. */
function onePagePdf(): Buffer {
  const objects = [
    '<</Type/Catalog/Pages 2 0 R>>',
    '<</Type/Pages/Kids[3 0 R]/Count 1>>',
    '<</Type/Page/Parent 2 0 R/MediaBox[0 0 720 405]>>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const off of offsets) body += `${String(off).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<</Size ${objects.length + 1}/Root 1 0 R>>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

interface Fake {
  soffice: string;
  calls: () => string[][];
  sleeperPids: () => number[];
}

/** Writes the stand-in soffice. Its environment is built from scratch by the renderer, so every path it needs is baked in. */
function fakeSoffice(): Fake {
  const dir = mkdtempSync(join(work, 'fake-'));
  const pdf = join(dir, 'page.pdf');
  const log = join(dir, 'calls.log');
  const pids = join(dir, 'pids.log');
  writeFileSync(pdf, onePagePdf());
  writeFileSync(log, '');
  writeFileSync(pids, '');
  const script = `#!/bin/sh
outdir=""
files=""
while [ $# -gt 0 ]; do
  case "$1" in
    --outdir) outdir="$2"; shift 2 ;;
    --convert-to) shift 2 ;;
    -*) shift ;;
    *) files="$files $1"; shift ;;
  esac
done
echo "$files" >> ${log}
echo "Warning: failed to launch javaldx - java may not function correctly" >&2
for f in $files; do
  name=$(basename "$f" .pptx)
  if grep -q FAKE-NOLOAD "$f"; then echo "Error: source file could not be loaded" >&2; continue; fi
  echo "convert $f -> $outdir/$name.pdf using filter : impress_pdf_Export"
  if grep -q FAKE-CRASH "$f"; then kill -SEGV $$; fi
  if grep -q FAKE-HANG "$f"; then sleep 1000 & echo $! >> ${pids}; wait; fi
  cp ${pdf} "$outdir/$name.pdf"
done
`;
  const soffice = join(dir, 'soffice');
  writeFileSync(soffice, script);
  chmodSync(soffice, 0o755);
  return {
    soffice,
    // Each call as the list of job slugs it converted (private names are d<index>-<slug>).
    calls: () =>
      readFileSync(log, 'utf8')
        .split('\n')
        .filter((l) => l.trim())
        .map((l) =>
          l
            .trim()
            .split(/\s+/)
            .map(
              (f) =>
                /\/d\d+-([a-z0-9-]+)\.pptx$/.exec(f)?.[1] ??
                /\/(control)-\d+\.pptx$/.exec(f)?.[1] ??
                f,
            ),
        ),
    sleeperPids: () => readFileSync(pids, 'utf8').split('\n').filter(Boolean).map(Number),
  };
}

async function jobs(spec: Record<string, string>): Promise<RenderJob[]> {
  const dir = mkdtempSync(join(work, 'decks-'));
  const out: RenderJob[] = [];
  for (const [id, marker] of Object.entries(spec)) {
    const path = join(dir, `${id}.pptx`);
    writeFileSync(path, await markedDeck(marker));
    out.push({ id, path });
  }
  return out;
}

const run = (
  fake: Fake,
  js: RenderJob[],
  extra: { timeoutMs?: number; workers?: number; maxBatchSize?: number } = {},
) =>
  createLibreOfficeRenderer({
    sofficePath: fake.soffice,
    sandbox: 'none',
    tmpRoot: mkdtempSync(join(work, 'tmp-')),
    startupMs: 2000,
    maxBatchSize: extra.maxBatchSize,
  }).render(js, {
    outDir: mkdtempSync(join(work, 'out-')),
    dpi: 20,
    workers: extra.workers ?? 1,
    timeoutMs: extra.timeoutMs ?? 10_000,
  });

describe('batch failure isolation', () => {
  it('a crash mid-batch: finished decks keep their PDFs, the culprit is retried alone, the rest go on as a new batch', async () => {
    const fake = fakeSoffice();
    const results = await run(fake, await jobs({ a: 'ok', crash: 'FAKE-CRASH', b: 'ok', c: 'ok' }));
    // …and the built-in control deck, which renders: so the crash is the deck's, not the machine's.
    expect(fake.calls()).toEqual([['a', 'crash', 'b', 'c'], ['crash'], ['b', 'c'], ['control']]);
    for (const id of ['a', 'b', 'c'])
      expect(results.get(id), id).toMatchObject({
        passed: true,
        pages: 1,
        png: `${id}.png`,
        width: 200,
        height: 113,
      });
    expect(results.get('crash')).toMatchObject({
      passed: false,
      reason: 'render-failed',
      png: null,
    });
    expect(results.get('crash')?.detail).toBe('LibreOffice exited with SIGSEGV');
  });

  it('a hang mid-batch: killed with its process group, reported as render-timeout, the others render', async () => {
    const fake = fakeSoffice();
    const started = Date.now();
    const results = await run(fake, await jobs({ a: 'ok', hang: 'FAKE-HANG', b: 'ok' }), {
      timeoutMs: 1500,
    });
    expect(Date.now() - started).toBeLessThan(20_000);
    expect(fake.calls()).toEqual([['a', 'hang', 'b'], ['hang'], ['b'], ['control']]);
    expect(results.get('a')).toMatchObject({ passed: true });
    expect(results.get('b')).toMatchObject({ passed: true });
    expect(results.get('hang')).toMatchObject({
      passed: false,
      reason: 'render-timeout',
      png: null,
    });
    expect(results.get('hang')?.detail).toBe(
      'LibreOffice did not finish within 3.5 s and was killed',
    );
    // The `sleep` children were grandchildren in the group: the group kill took them too.
    expect(fake.sleeperPids()).toHaveLength(2);
    for (const pid of fake.sleeperPids()) expect(isRunning(pid), `sleep ${pid}`).toBe(false);
  });

  it('missing output with exit 0: the deck is retried alone once, then reported with what soffice said', async () => {
    const fake = fakeSoffice();
    const results = await run(fake, await jobs({ a: 'ok', noload: 'FAKE-NOLOAD', b: 'ok' }));
    expect(fake.calls()).toEqual([['a', 'noload', 'b'], ['noload'], ['control']]);
    expect(results.get('noload')).toEqual({
      passed: false,
      reason: 'render-failed',
      detail: 'LibreOffice wrote no PDF; LibreOffice said: Error: source file could not be loaded',
      pages: null,
      png: null,
      width: null,
      height: null,
    });
    expect(results.get('a')?.passed && results.get('b')?.passed).toBe(true);
  });

  it('spreads decks over workers and caps decks per call', async () => {
    const fake = fakeSoffice();
    await run(fake, await jobs({ a: 'ok', b: 'ok', c: 'ok', d: 'ok', e: 'ok' }), { workers: 2 });
    expect(
      fake
        .calls()
        .map((c) => c.join(' '))
        .sort(),
    ).toEqual(['a b c', 'd e']);
    const capped = fakeSoffice();
    await run(capped, await jobs({ a: 'ok', b: 'ok', c: 'ok', d: 'ok', e: 'ok' }), {
      maxBatchSize: 2,
    });
    expect(capped.calls()).toEqual([['a', 'b'], ['c', 'd'], ['e']]);
  });

  it('a missing soffice is the machine’s fault: render rejects, no deck is failed (issue 12)', async () => {
    const reported: string[] = [];
    const err = await createLibreOfficeRenderer({
      sofficePath: join(work, 'no-such-soffice'),
      sandbox: 'none',
      tmpRoot: mkdtempSync(join(work, 'tmp-')),
    })
      .render(await jobs({ a: 'ok', b: 'ok' }), {
        outDir: mkdtempSync(join(work, 'out-')),
        dpi: 20,
        workers: 1,
        timeoutMs: 5000,
        onResult: (id) => reported.push(id),
      })
      .then(
        () => null,
        (e: unknown) => e,
      );
    expect(err).toBeInstanceOf(EnvironmentError);
    expect(err).toMatchObject({ code: 'environment-renderer-broken' });
    expect((err as EnvironmentError).got).toMatch(/could not start LibreOffice .*ENOENT/);
    expect(reported).toEqual([]);
  });
});
