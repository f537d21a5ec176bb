import { Worker } from 'node:worker_threads';
import type { AuditRecord } from '../schemas/audit-record.schema.ts';
import { emptyAudit, type AuditOptions } from './audit-pptx.ts';
import { auditFile } from './audit-file.ts';
import type { AuditBatch, AuditBatchResult, AuditWorkerData } from './audit-files.ts';

/** How long one deck's audit may take before it is refused (`audit-timeout`). */
export const AUDIT_DEADLINE_MS = 20_000;

/**
 * Audits one deck in a worker thread that is terminated when the audit outlives `deadlineMs`:
 * whatever a hostile deck makes the reader do, one evaluate job spends at most the deadline on
 * it and records a gate failure (`audit-timeout`) instead of starving the others. Without a
 * worker entry (the uncompiled sources, some tests) the audit runs on the calling thread.
 */
export async function auditWithDeadline(
  path: string,
  options: AuditOptions & { name: string },
  worker: { url: URL | undefined; deadlineMs?: number },
): Promise<AuditRecord> {
  if (!worker.url) return auditFile(path, options);
  const deadlineMs = worker.deadlineMs ?? AUDIT_DEADLINE_MS;
  const data: AuditWorkerData = {
    objects: options.objects ?? false,
    lines: false,
    ...(options.cap ? { cap: options.cap } : {}),
  };
  const thread = new Worker(worker.url, { workerData: data });
  try {
    return await new Promise<AuditRecord>((resolve, reject) => {
      const timer = setTimeout(() => {
        const record = emptyAudit(
          options.name,
          { sha256: null, bytes: null },
          {
            passed: false,
            reason: 'audit-timeout',
            detail: `the structural audit did not finish within ${deadlineMs / 1000} s and was stopped (the deck is refused, other tasks are unaffected)`,
          },
        );
        if (options.objects) record.objects = [];
        resolve(record);
      }, deadlineMs);
      thread.once('message', (result: AuditBatchResult) => {
        clearTimeout(timer);
        const outcome = result.outcomes[0];
        if (outcome?.record) resolve(outcome.record);
        else
          reject(
            new Error(`audit worker failed on ${options.name}: ${outcome?.error ?? 'no outcome'}`),
          );
      });
      thread.once('error', (err) => {
        clearTimeout(timer);
        reject(err);
      });
      const batch: AuditBatch = { batch: 0, jobs: [{ path, name: options.name }] };
      thread.postMessage(batch);
    });
  } finally {
    await thread.terminate();
  }
}
