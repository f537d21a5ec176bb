import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildHostileCorpus, type HostileCase } from './build-hostile-corpus.ts';

// The hostile corpus of issue 2, built by this test in a temp folder: each file is audited in a
// fresh child process that reports its time and peak memory, then the real CLI audits them all
// (and renders the one deck that passes) while a loopback listener checks nothing is fetched.
const run = promisify(execFile);
const REPO = resolve(import.meta.dirname, '../..');
const TSX = import.meta.resolve('tsx');
const MAX_MS = 5000;
const MAX_RSS = 200 * 1024 * 1024;

let root: string;
let decks: string;
let cases: HostileCase[];
let server: Server;
const requests: string[] = [];

/** Every path under `dir`, relative, sorted: the "nothing written elsewhere" witness. */
function listing(dir: string): string[] {
  const out: string[] = [];
  const walk = (d: string) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const p = join(d, e.name);
      out.push(relative(dir, p));
      if (e.isDirectory()) walk(p);
    }
  };
  walk(dir);
  return out.sort();
}

beforeAll(async () => {
  server = createServer((req, res) => {
    requests.push(`${req.method} ${req.url}`);
    res.end('fetched');
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const loopback = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  root = mkdtempSync(join(tmpdir(), 'figboard-hostile-'));
  decks = join(root, 'decks');
  mkdirSync(decks);
  cases = await buildHostileCorpus(decks, loopback);
});

afterAll(async () => {
  await new Promise((ok) => server.close(ok));
  rmSync(root, { recursive: true, force: true });
});

describe('hostile corpus', () => {
  it('contains every attack the issue lists', () => {
    expect(cases.map((c) => `${c.file}: ${c.reason ?? c.flag}`)).toMatchInlineSnapshot(`
      [
        "bomb-declared.pptx: entry-too-large",
        "bomb-lying.pptx: entry-too-large",
        "bomb-media.pptx: entry-too-large",
        "billion-laughs.pptx: xml-doctype",
        "xxe.pptx: xml-doctype",
        "zip-slip.pptx: unsafe-entry",
        "truncated.pptx: corrupt-zip",
        "not-a-zip.pptx: not-a-zip",
        "empty.pptx: not-a-zip",
        "plain-zip.pptx: no-presentation",
        "no-slides.pptx: no-slide",
        "many-entries.pptx: too-many-entries",
        "malformed.pptx: xml-malformed",
        "external-link.pptx: external-relationship",
      ]
    `);
  });

  it('refuses each file with its reason in ≤ 5 s and ≤ 200 MB peak RSS, in a child process of its own', async () => {
    const measured: string[] = [];
    for (const c of cases) {
      const wallStart = performance.now();
      const { stdout } = await run(
        process.execPath,
        ['--import', TSX, join(REPO, 'test/hostile/audit-one.ts'), join(decks, c.file)],
        { cwd: root, timeout: 60_000 },
      );
      const r = JSON.parse(stdout) as {
        gate: { passed: boolean; reason: string | null; detail: string | null };
        flags: Array<{ code: string }>;
        elapsedMs: number;
        maxRssBytes: number;
      };
      if (c.reason === null) {
        expect(r.gate, c.file).toEqual({ passed: true, reason: null, detail: null });
        expect(
          r.flags.map((f) => f.code),
          c.file,
        ).toContain(c.flag);
      } else {
        expect(r.gate.passed, c.file).toBe(false);
        expect(r.gate.reason, `${c.file}: ${r.gate.detail}`).toBe(c.reason);
        expect(r.gate.detail, c.file).toContain(c.file);
      }
      expect(r.elapsedMs, c.file).toBeLessThan(MAX_MS);
      expect(r.maxRssBytes, c.file).toBeLessThan(MAX_RSS);
      measured.push(
        `${c.file} ${Math.round(r.elapsedMs)} ms ${Math.round(r.maxRssBytes / 1024 / 1024)} MB (child wall ${Math.round(performance.now() - wallStart)} ms incl. start-up)`,
      );
    }
    console.log(
      `hostile corpus, per file (audit time, peak RSS of the child process):\n  ${measured.join('\n  ')}`,
    );
    expect(requests).toEqual([]);
  });

  it('audits them all through the real CLI, renders the one that passes, fetches nothing and writes only into --out', async () => {
    const work = join(root, 'work');
    mkdirSync(work);
    const before = listing(root);
    const files = cases.map((c) => join('..', 'decks', c.file));
    const { stdout } = await run(
      process.execPath,
      [
        join(REPO, 'evaluator/bin/refig.js'),
        'audit',
        ...files,
        '--render',
        '--out',
        'out',
        '--dpi',
        '30',
      ],
      { cwd: work, timeout: 300_000 },
    ).catch((err: Error & { stderr?: string }) => {
      throw new Error(`refig audit failed: ${err.message}\n${err.stderr ?? ''}`);
    });
    const lines = stdout
      .trimEnd()
      .split('\n')
      .map(
        (l) =>
          JSON.parse(l) as {
            file: string;
            gate: { reason: string | null };
            flags: Array<{ code: string; detail: string }>;
            render?: { passed: boolean };
          },
      );
    expect(lines.map((l) => `${l.file.replace('../decks/', '')}: ${l.gate.reason}`)).toEqual(
      cases.map((c) => `${c.file}: ${c.reason}`),
    );
    const linked = lines.find((l) => l.file.endsWith('external-link.pptx'))!;
    expect(linked.render?.passed).toBe(true);
    expect(linked.flags.find((f) => f.code === 'external-relationship')?.detail).toMatch(
      /^image relationship to external target "http:\/\/127\.0\.0\.1:\d+\/linked\.png"$/,
    );
    // Neither the audit nor LibreOffice fetched the linked image or the external entity.
    expect(requests).toEqual([]);
    // The only new paths are the output folder and the one PNG in it; the zip-slip entry went nowhere.
    expect(listing(root)).toEqual([...before, 'work/out', 'work/out/external-link.png'].sort());
    expect(readdirSync(dirname(root)).filter((n) => n.includes('figboard-zip-slip'))).toEqual([]);
  });
});
