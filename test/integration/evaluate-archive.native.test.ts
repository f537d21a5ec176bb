import {
  cpSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runRefig } from '../support/run-refig.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { packTarGz } from '@figboard/evaluator/archive';
import { sha256 } from '@figboard/evaluator/util';

// SPEC §3: large artifact sets may come as one archive URL + SHA-256 instead of inline files.
// `refig evaluate` fetches it from a local server, verifies and unpacks it through the
// validator's bounded extractor, and scores it exactly like the same artifacts inline.
const repo = join(import.meta.dirname, '..', '..');
const sample = join(repo, 'submissions', 'sample-cc-specialized');
const root = mkdtempSync(join(tmpdir(), 'figboard-archive-eval-'));
let server: Server;
let requests = 0;

// The archive host is a loopback test server, which refig refuses unless told it is a test.
const refig = (args: string[]) => runRefig(args, root, { FIGBOARD_ALLOW_LOOPBACK_ARCHIVES: '1' });

function files(dir: string, prefix: string): { path: string; data: Uint8Array }[] {
  return readdirSync(dir, { withFileTypes: true })
    .sort((a, b) => (a.name < b.name ? -1 : 1))
    .flatMap((e) =>
      e.isDirectory()
        ? files(join(dir, e.name), `${prefix}${e.name}/`)
        : [{ path: `${prefix}${e.name}`, data: readFileSync(join(dir, e.name)) }],
    );
}

beforeAll(async () => {
  const tarGz = packTarGz(files(join(sample, 'artifacts'), 'artifacts/'));
  server = createServer((req, res) => {
    requests += 1;
    if (req.url === '/entry.tar.gz')
      res.writeHead(200, { 'content-type': 'application/gzip' }).end(tarGz);
    else res.writeHead(404).end();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as { port: number }).port;
  cpSync(join(repo, 'suites', 'refig-sample'), join(root, 'suites', 'refig-sample'), {
    recursive: true,
  });
  const dir = join(root, 'submissions', 'archived-entry');
  mkdirSync(dir, { recursive: true });
  const yml = readFileSync(join(sample, 'submission.yml'), 'utf8')
    .replace('id: sample-cc-specialized', 'id: archived-entry')
    .concat(
      `archive:\n  url: http://127.0.0.1:${port}/entry.tar.gz\n  sha256: "${sha256(tarGz)}"\n`,
    );
  writeFileSync(join(dir, 'submission.yml'), yml);
});

afterAll(async () => {
  await new Promise((r) => server.close(r));
  rmSync(root, { recursive: true, force: true });
});

describe('refig evaluate on a submission delivered as an archive', () => {
  it('fetches, verifies and unpacks the archive, then scores it like the inline artifacts', async () => {
    const r = await refig([
      'evaluate',
      'submissions/archived-entry',
      '--judges',
      'metric',
      '--config',
      join(repo, 'figboard.yml'),
      '--cache-dir',
      join(root, 'cache'),
    ]);
    expect(r.err).not.toContain('refig:');
    expect(r.code).toBe(0);
    expect(requests).toBe(1);
    const finals = (path: string) =>
      readFileSync(path, 'utf8')
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l) as { task: string; final: number; status: string })
        .map((x) => [x.task, x.status, x.final]);
    const got = finals(
      join(root, 'submissions/archived-entry/results/judgments/metric/run-1.jsonl'),
    );
    expect(got).toHaveLength(6);
    expect(got).toEqual(finals(join(sample, 'results/judgments/metric/run-1.jsonl')));
  });

  it('refuses an archive whose bytes do not match archive.sha256, naming the rule', async () => {
    const dir = join(root, 'submissions', 'archived-entry');
    const yml = readFileSync(join(dir, 'submission.yml'), 'utf8').replace(
      /sha256: "[0-9a-f]{64}"/,
      `sha256: "${'0'.repeat(64)}"`,
    );
    writeFileSync(join(dir, 'submission.yml'), yml);
    const r = await refig([
      'evaluate',
      'submissions/archived-entry',
      '--judges',
      'metric',
      '--config',
      join(repo, 'figboard.yml'),
      '--cache-dir',
      join(root, 'cache2'),
    ]);
    expect(r.code).toBe(1);
    expect(r.err).toContain('[archive-invalid]');
    expect(r.err).toContain('archive-hash-mismatch');
  });
});
