import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FigboardError } from '../errors/figboard-error.ts';
import { lockResultsDir, RESULTS_LOCK } from './results-lock.ts';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'figboard-lock-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function refusal(p: Promise<unknown>): Promise<FigboardError> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(FigboardError);
  return err as FigboardError;
}

describe('lockResultsDir', () => {
  it('lets one writer in at a time and frees the folder on release', async () => {
    const release = await lockResultsDir(dir);
    const owner = JSON.parse(await readFile(join(dir, RESULTS_LOCK), 'utf8'));
    expect(owner).toEqual({ pid: process.pid, host: hostname() });
    const err = await refusal(lockResultsDir(dir));
    expect(err.code).toBe('results-locked');
    expect(err.where).toBe(join(dir, RESULTS_LOCK));
    await release();
    const again = await lockResultsDir(dir);
    await again();
  });

  it('refuses while another live process holds the lock', async () => {
    // The test runner's parent process runs as long as this test does.
    const pid = process.ppid;
    await writeFile(join(dir, RESULTS_LOCK), JSON.stringify({ pid, host: hostname() }));
    const err = await refusal(lockResultsDir(dir));
    expect(err.message).toContain(`pid ${pid}`);
  });

  it('takes over a lock whose process is gone, and an unreadable one', async () => {
    const pid = 2 ** 31 - 1; // above any kernel's pid_max: no such process
    await writeFile(join(dir, RESULTS_LOCK), JSON.stringify({ pid, host: hostname() }));
    const release = await lockResultsDir(dir);
    await release();
    await writeFile(join(dir, RESULTS_LOCK), 'not json');
    const release2 = await lockResultsDir(dir);
    await release2();
  });

  it('leaves a lock from another host alone and says how to clear it', async () => {
    await writeFile(join(dir, RESULTS_LOCK), JSON.stringify({ pid: 1, host: 'elsewhere.invalid' }));
    const err = await refusal(lockResultsDir(dir));
    expect(err.message).toContain('elsewhere.invalid');
    expect(err.hint).toContain(`delete ${join(dir, RESULTS_LOCK)}`);
  });
});
