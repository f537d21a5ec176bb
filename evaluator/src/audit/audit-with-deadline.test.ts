import { describe, expect, it } from 'vitest';
import { auditWithDeadline } from './audit-with-deadline.ts';

// Stand-in workers as data: URLs (the real worker is compiled TypeScript; the CLI test suite
// drives it through `refig evaluate`).
const worker = (source: string) => new URL(`data:text/javascript,${encodeURIComponent(source)}`);

describe('auditWithDeadline', () => {
  it('stops an audit that outlives its deadline and records the refusal as a gate failure', async () => {
    const hang = worker('setInterval(() => {}, 1000);'); // never answers
    const t0 = Date.now();
    const record = await auditWithDeadline(
      '/nowhere.pptx',
      { name: 'slow.pptx', objects: true },
      { url: hang, deadlineMs: 300 },
    );
    expect(Date.now() - t0).toBeLessThan(5_000);
    expect(record.gate).toMatchObject({ passed: false, reason: 'audit-timeout' });
    expect(record.gate.detail).toContain('0.3 s');
    expect(record.objects).toEqual([]);
  });

  it('returns the worker’s record when it answers in time', async () => {
    const echo = worker(`
      import { parentPort } from 'node:worker_threads';
      parentPort.on('message', (b) => parentPort.postMessage({ batch: b.batch, outcomes: [{ record: { file: b.jobs[0].name } }] }));
    `);
    const record = await auditWithDeadline(
      '/x.pptx',
      { name: 'quick.pptx' },
      { url: echo, deadlineMs: 5_000 },
    );
    expect(record).toEqual({ file: 'quick.pptx' });
  });
});
