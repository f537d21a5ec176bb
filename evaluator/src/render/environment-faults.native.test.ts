import { spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { EnvironmentError } from '../errors/environment-error.ts';
import { removeStaleTempFiles } from '../records/jsonl-file.ts';
import { createLibreOfficeRenderer } from './libreoffice-renderer.ts';
import { calibrationDeck } from './test-support/build-test-decks.ts';

/*
 * Faults are not scores (issue 12, finding 4): a LibreOffice that cannot render anything (here
 * one killed by SIGKILL on start, as the OOM killer would) must stop the run as an environment
 * error, never turn a good deck into a gate failure; temp files of killed runs are removed.
 */

const work = mkdtempSync(join(tmpdir(), 'figboard-env-faults-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('environment faults in the renderer', () => {
  it('a LibreOffice killed on every start is the machine’s fault: render rejects, no result is reported', async () => {
    // A real soffice stand-in that dies like a process the OOM killer took.
    const soffice = join(work, 'soffice-killed');
    writeFileSync(soffice, '#!/bin/sh\nkill -9 $$\n');
    chmodSync(soffice, 0o755);
    const reported: string[] = [];
    const renderer = createLibreOfficeRenderer({
      sofficePath: soffice,
      sandbox: 'none',
      tmpRoot: mkdtempSync(join(work, 'tmp-')),
    });
    const outDir = mkdtempSync(join(work, 'out-'));
    const run = renderer.render([{ id: 'good', path: calibrationDeck('fig01-000', 'faithful') }], {
      outDir,
      dpi: 40,
      workers: 1,
      timeoutMs: 30_000,
      onResult: (id, r) => reported.push(`${id} ${r.reason}`),
    });
    const err = await run.then(
      () => null,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(EnvironmentError);
    expect((err as EnvironmentError).code).toBe('environment-renderer-broken');
    expect((err as EnvironmentError).message).toMatch(
      /cannot render even the built-in control deck/,
    );
    expect(reported).toEqual([]);
    expect(readdirSync(outDir)).toEqual([]);
  });
});

describe('temp files of killed runs', () => {
  it('are removed when their writer is gone; a live writer’s are kept', async () => {
    const dir = mkdtempSync(join(work, 'results-'));
    // A pid that existed and is gone (a finished child), and one that is alive (our parent).
    const dead = spawnSync('sh', ['-c', 'echo $$'], { encoding: 'utf8' }).stdout.trim();
    const alive = String(process.ppid);
    const files = [
      `judgments/metric/run-1.jsonl.tmp-${dead}`,
      `artifacts.jsonl.tmp-${dead}`,
      `summary.json.tmp-${alive}`,
      'artifacts.jsonl',
    ];
    for (const f of files) {
      const p = join(dir, f);
      spawnSync('mkdir', ['-p', join(p, '..')]);
      writeFileSync(p, ''); // a SIGKILL leaves them empty
    }
    expect(await removeStaleTempFiles(dir)).toEqual([
      `artifacts.jsonl.tmp-${dead}`,
      `judgments/metric/run-1.jsonl.tmp-${dead}`,
    ]);
    expect(readdirSync(dir).sort()).toEqual([
      'artifacts.jsonl',
      'judgments',
      `summary.json.tmp-${alive}`,
    ]);
  });
});
