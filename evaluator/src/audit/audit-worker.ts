import { parentPort, workerData } from 'node:worker_threads';
import { stableStringify } from '../util/stable-stringify.ts';
import { auditFile } from './audit-file.ts';
import type { AuditBatch, AuditBatchResult, AuditOutcome, AuditWorkerData } from './audit-files.ts';

// A worker thread of `auditFiles`: audits the batches of files its parent posts, in order, and
// posts back one outcome per file. The safe reader's limits hold here exactly as on the main
// thread (same code, same options); a deck that crashes the audit is reported, not thrown.
const { objects, lines, cap } = workerData as AuditWorkerData;
const port = parentPort;
if (port === null) throw new Error('audit-worker.ts runs only as a worker thread');

port.on('message', async (batch: AuditBatch) => {
  const outcomes: AuditOutcome[] = [];
  for (const job of batch.jobs) {
    try {
      const record = await auditFile(job.path, {
        name: job.name,
        objects,
        ...(cap ? { cap } : {}),
      });
      // Serialising here keeps the main thread free to write lines as they come in.
      outcomes.push(lines ? { line: stableStringify(record) } : { record });
    } catch (err) {
      outcomes.push({ error: (err as Error)?.stack ?? String(err) });
    }
  }
  const result: AuditBatchResult = { batch: batch.batch, outcomes };
  port.postMessage(result);
});
