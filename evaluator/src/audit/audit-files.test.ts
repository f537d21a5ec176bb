import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { stableStringify } from '../util/stable-stringify.ts';
import { auditFile } from './audit-file.ts';
import { type AuditFileJob, type AuditOutcome, auditFiles } from './audit-files.ts';

// The pool's bookkeeping is tested with stand-in workers written as data: URLs (the real worker
// is TypeScript, which a worker thread cannot load from sources; the compiled one is exercised
// through the CLI in test/integration/audit-threads.test.ts).

const CALIBRATION = resolve(import.meta.dirname, '../../../test/fixtures/calibration');
const decks = readdirSync(join(CALIBRATION, 'fig01-000', 'variants'))
  .sort()
  .map((v) => join(CALIBRATION, 'fig01-000', 'variants', v));
const work = mkdtempSync(join(tmpdir(), 'figboard-audit-files-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const worker = (source: string) => new URL(`data:text/javascript,${encodeURIComponent(source)}`);
const collect = async (gen: AsyncGenerator<AuditOutcome>) => {
  const out: AuditOutcome[] = [];
  for await (const o of gen) out.push(o);
  return out;
};
const jobs = (n: number): AuditFileJob[] =>
  Array.from({ length: n }, (_, i) => ({
    path: join(work, `absent-${i}.pptx`),
    name: `deck-${i}`,
  }));
/** Which file an outcome is about: a stand-in worker answers with the bare name, the calling
 * thread (which audits batches too) with the real record of the absent file. */
const fileOf = (o: AuditOutcome) =>
  o.line === undefined ? null : o.line.startsWith('{') ? JSON.parse(o.line).file : o.line;

describe('auditFiles', () => {
  it('on the calling thread: one outcome per file, in order, equal to auditFile', async () => {
    const list = [...decks, join(work, 'missing.pptx'), work].map((path) => ({
      path,
      name: path.slice(CALIBRATION.length),
    }));
    const lines = await collect(auditFiles(list, { objects: false, lines: true, threads: 1 }));
    expect(lines).toHaveLength(list.length);
    for (const [i, job] of list.entries())
      expect(lines[i]).toEqual({ line: stableStringify(await auditFile(job.path, job)) });
    const records = await collect(auditFiles(list, { objects: true, lines: false, threads: 1 }));
    expect(records.map((o) => o.record?.gate.reason ?? null).slice(-2)).toEqual([
      'missing',
      'missing',
    ]);
    const faithful = records[list.findIndex((j) => j.name.endsWith('/faithful.pptx'))]!;
    expect(faithful.record!.objects!.length).toBeGreaterThan(0);
  });

  it('over worker threads: outcomes come back in input order whatever order the workers finish in', async () => {
    // Each stand-in answers after a delay that makes later batches finish first.
    const echo = worker(`
      import { parentPort, workerData } from 'node:worker_threads';
      parentPort.on('message', ({ batch, jobs }) => {
        setTimeout(() => parentPort.postMessage({
          batch,
          outcomes: jobs.map((j) => ({ line: j.name + (workerData.lines ? '' : '?') })),
        }), (40 - batch) * 2);
      });`);
    const out = await collect(
      auditFiles(jobs(150), { objects: false, lines: true, threads: 4, workerUrl: echo }),
    );
    expect(out.map(fileOf)).toEqual(jobs(150).map((j) => j.name));
    // Both the three workers and the calling thread took batches.
    expect(out.filter((o) => o.line?.startsWith('deck-')).length).toBeGreaterThan(0);
    expect(out.filter((o) => o.line?.startsWith('{')).length).toBeGreaterThan(0);
  });

  it('a worker that dies marks the files it held as errors, is replaced, and the rest still complete', async () => {
    // Each stand-in thread crashes on its second batch and answers the others.
    const flaky = worker(`
      import { parentPort } from 'node:worker_threads';
      let seen = 0;
      parentPort.on('message', ({ batch, jobs }) => {
        if (++seen === 2) process.exit(3);
        parentPort.postMessage({ batch, outcomes: jobs.map((j) => ({ line: j.name })) });
      });`);
    const out = await collect(
      auditFiles(jobs(200), { objects: false, lines: true, threads: 3, workerUrl: flaky }),
    );
    expect(out).toHaveLength(200);
    const failed = out.filter((o) => o.error !== undefined);
    expect(failed.length).toBeGreaterThan(0);
    expect(failed[0]!.error).toMatch(/the audit worker thread stopped \(exit code 3\)/);
    expect(out.filter((o) => o.line?.startsWith('deck-')).length).toBeGreaterThan(0);
    for (const [i, o] of out.entries())
      if (o.line !== undefined) expect(fileOf(o)).toBe(`deck-${i}`);
  });

  it('a worker that cannot start fails every file with the reason, without hanging', async () => {
    const broken = worker(`throw new Error('cannot load the audit');`);
    const out = await collect(
      auditFiles(jobs(200), { objects: false, lines: true, threads: 3, workerUrl: broken }),
    );
    expect(out).toHaveLength(200);
    const failed = out.filter((o) => o.error !== undefined);
    expect(failed.length).toBeGreaterThan(0);
    expect(failed.every((o) => /cannot load the audit/.test(o.error!))).toBe(true);
    // What the workers could not do, the calling thread did.
    expect(out.filter((o) => o.error === undefined).every((o) => fileOf(o) !== null)).toBe(true);
  });
});
