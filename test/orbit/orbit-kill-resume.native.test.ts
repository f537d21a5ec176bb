import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifySuite } from '@figboard/evaluator/suite';
import { type FakeArxiv, startFakeArxiv } from './helpers/fake-arxiv.ts';
import { orbitPapers } from './helpers/orbit-papers.ts';
import { snapshot } from './helpers/snapshot.ts';

const ROOT = join(import.meta.dirname, '..', '..');
let arxiv: FakeArxiv;
let work: string;
beforeAll(async () => {
  arxiv = await startFakeArxiv(await orbitPapers());
  work = await mkdtemp(join(tmpdir(), 'figboard-orbit-kill-'));
});
afterAll(async () => {
  await arxiv.close();
  await rm(work, { recursive: true, force: true });
});

/** Starts `refig orbit` as a real child process (the CLI a user runs). */
function orbit(outDir: string) {
  const child = spawn(
    process.execPath,
    [
      join(ROOT, 'evaluator', 'bin', 'refig.js'),
      'orbit',
      '--out',
      outDir,
      '--limit',
      '10',
      '--seed',
      '7',
      '--since',
      '2021-03',
      '--until',
      '2021-04',
      '--page-size',
      '4',
      '--max-pages',
      '5',
      '--dpi',
      '100',
      '--max-side',
      '2000',
      '--name',
      'orbit-test',
      '--api-base',
      `${arxiv.base}/api/query`,
      '--oai-base',
      `${arxiv.base}/oai2`,
      '--source-base',
      `${arxiv.base}/e-print`,
      '--delay-ms',
      '0',
      '--retries',
      '2',
      '--backoff-ms',
      '10',
    ],
    { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'], env: { PATH: process.env.PATH, HOME: work } },
  );
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  const exited = new Promise<{
    code: number | null;
    signal: NodeJS.Signals | null;
    stdout: string;
    stderr: string;
  }>((resolve) => child.on('close', (code, signal) => resolve({ code, signal, stdout, stderr })));
  return { child, exited };
}

async function acceptedLines(dir: string): Promise<number> {
  try {
    return (await readFile(join(dir, '.orbit', 'accepted.jsonl'), 'utf8'))
      .split('\n')
      .filter(Boolean).length;
  } catch {
    return 0;
  }
}

describe('refig orbit: kill and resume', () => {
  it('a build killed with SIGKILL midway and restarted ends byte-identical to an uninterrupted build', async () => {
    // Reference: one uninterrupted run.
    const reference = join(work, 'reference');
    const a = await orbit(reference).exited;
    expect(a.stderr).toContain('orbit: 3/10 done'); // the progress line (stderr is not a terminal)
    expect(a.code).toBe(0);
    expect(a.stdout.replace(work, 'WORK')).toMatchInlineSnapshot(`
      "orbit: 3 task(s) in WORK/reference; scanned 9 paper(s) in this run
      skipped: archive-link 1, archive-truncated 1, archive-unsafe-path 1, no-overview-caption 1, not-in-field 1, pdf-only 1
      requests: 14 (0 retried); candidate pool exhausted before the limit
      "
    `);

    // Killed run: SIGKILL the moment it asks for a source package after its first acceptance.
    const resumed = join(work, 'resumed');
    const run = orbit(resumed);
    let killedAt: string | null = null;
    arxiv.hold = async (path) => {
      if (
        killedAt === null &&
        path.startsWith('/e-print/') &&
        (await acceptedLines(resumed)) >= 1
      ) {
        killedAt = path;
        run.child.kill('SIGKILL');
        await run.exited;
      }
    };
    const b = await run.exited;
    arxiv.hold = null;
    expect(b.signal).toBe('SIGKILL');
    expect(killedAt).not.toBeNull();
    expect(await acceptedLines(resumed)).toBeLessThan(3);

    // Restart with the same command: it resumes and finishes.
    const c = await orbit(resumed).exited;
    expect(c.code).toBe(0);
    expect(c.stdout).toContain('from earlier runs');

    expect(await snapshot(resumed)).toEqual(await snapshot(reference));
    expect((await verifySuite(resumed)).problems).toEqual([]);
  });
});
