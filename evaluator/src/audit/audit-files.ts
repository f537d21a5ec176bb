import { Worker } from 'node:worker_threads';
import type { AuditRecord } from '../schemas/audit-record.schema.ts';
import { stableStringify } from '../util/stable-stringify.ts';
import { auditFile } from './audit-file.ts';
import type { AuditOptions } from './audit-pptx.ts';

/** One file to audit: where to read it and how its record names it. */
export interface AuditFileJob {
  path: string;
  name: string;
}

/**
 * What became of one file: its record (or, with `lines`, the record as its canonical JSON
 * line), or the stack of an error the audit itself threw — a bug, since a bad deck is a record.
 */
export type AuditOutcome =
  | { record: AuditRecord; line?: undefined; error?: undefined }
  | { line: string; record?: undefined; error?: undefined }
  | { error: string; record?: undefined; line?: undefined };

/** Options of {@link auditFiles}. */
export interface AuditFilesOptions {
  /** Include the object tree (`objects`) in each record. */
  objects: boolean;
  /** Return each record as its `stableStringify` line instead of the object. */
  lines: boolean;
  /** Worker threads to spread the files over; 1 audits on the calling thread. */
  threads: number;
  /** The worker entry (`audit-worker.ts`, compiled); without it the files are audited on the calling thread. */
  workerUrl?: URL;
}

/** @internal Sent to a worker at start. */
export interface AuditWorkerData {
  objects: boolean;
  lines: boolean;
  /** The flattening cap settings (figboard.yml `scoring.cap`); default when absent. */
  cap?: AuditOptions['cap'];
}
/** @internal A batch of files posted to a worker. */
export interface AuditBatch {
  batch: number;
  jobs: AuditFileJob[];
}
/** @internal A worker's answer: one outcome per file of the batch, in order. */
export interface AuditBatchResult {
  batch: number;
  outcomes: AuditOutcome[];
}

/** Files per message to a worker: large enough that messaging costs little, small enough to balance. */
const BATCH_SIZE = 8;
/** Batches each worker holds at once, so it never waits for the next one. */
const IN_FLIGHT = 2;

/**
 * Audits files and yields one outcome per file **in input order**, whatever order they finish
 * in, so the output is the same bytes with 1 or 64 threads. With `threads > 1` (and a worker
 * entry) the files are spread in batches over `threads - 1` worker threads and the calling
 * thread, which audits a batch itself whenever the next outcome is not ready yet (one worker
 * fewer to start and warm up). A worker that dies marks the files it held as errors and is
 * replaced, so one crash never loses the rest of the batch.
 */
export async function* auditFiles(
  jobs: readonly AuditFileJob[],
  options: AuditFilesOptions,
): AsyncGenerator<AuditOutcome> {
  const threads = Math.min(options.threads, Math.ceil(jobs.length / BATCH_SIZE));
  if (threads <= 1 || !options.workerUrl) {
    for (const job of jobs) yield auditOnThisThread(job, options);
    return;
  }
  const pool = new AuditPool(jobs, options, options.workerUrl, threads);
  try {
    for (let i = 0; i < jobs.length; i++) yield await pool.outcome(i);
  } finally {
    await pool.close();
  }
}

async function auditOnThisThread(job: AuditFileJob, options: AuditFilesOptions) {
  try {
    const record = await auditFile(job.path, { name: job.name, objects: options.objects });
    return options.lines ? { line: stableStringify(record) } : { record };
  } catch (err) {
    return { error: (err as Error)?.stack ?? String(err) };
  }
}

class AuditPool {
  private readonly results: Array<AuditOutcome | undefined>;
  private readonly waiting = new Map<number, (o: AuditOutcome) => void>();
  private readonly workers = new Set<Worker>();
  private next = 0;
  private batchId = 0;
  private closed = false;

  constructor(
    private readonly jobs: readonly AuditFileJob[],
    private readonly options: AuditFilesOptions,
    private readonly workerUrl: URL,
    threads: number,
  ) {
    this.results = new Array(jobs.length);
    // The calling thread is one of the `threads`.
    for (let t = 1; t < threads; t++) this.startWorker();
  }

  /** The outcome of file `i`, once known; until then this thread audits batches nobody holds yet. */
  async outcome(i: number): Promise<AuditOutcome> {
    for (;;) {
      const known = this.results[i];
      if (known) {
        this.results[i] = undefined; // handed out: let it be collected
        return known;
      }
      if (this.next >= this.jobs.length) break;
      const first = this.next;
      const batch = this.jobs.slice(first, first + BATCH_SIZE);
      this.next += batch.length;
      for (const [k, job] of batch.entries())
        this.settle(first + k, await auditOnThisThread(job, this.options));
    }
    return new Promise((resolve) => this.waiting.set(i, resolve));
  }

  async close(): Promise<void> {
    this.closed = true;
    await Promise.all([...this.workers].map((w) => w.terminate()));
  }

  private settle(i: number, outcome: AuditOutcome): void {
    const resolve = this.waiting.get(i);
    if (resolve) {
      this.waiting.delete(i);
      resolve(outcome);
    } else this.results[i] = outcome;
  }

  private startWorker(): void {
    if (this.closed || this.next >= this.jobs.length) return;
    const data: AuditWorkerData = { objects: this.options.objects, lines: this.options.lines };
    const worker = new Worker(this.workerUrl, { workerData: data });
    const held = new Map<number, number>(); // batch id → index of its first file
    const sizes = new Map<number, number>();
    const post = () => {
      while (held.size < IN_FLIGHT && this.next < this.jobs.length) {
        const first = this.next;
        const jobs = this.jobs.slice(first, first + BATCH_SIZE);
        this.next += jobs.length;
        const batch = this.batchId++;
        held.set(batch, first);
        sizes.set(batch, jobs.length);
        const message: AuditBatch = { batch, jobs };
        worker.postMessage(message);
      }
    };
    worker.on('message', (m: AuditBatchResult) => {
      const first = held.get(m.batch);
      if (first === undefined) return;
      held.delete(m.batch);
      sizes.delete(m.batch);
      for (const [k, o] of m.outcomes.entries()) this.settle(first + k, o);
      post();
    });
    let failure = '';
    worker.on('error', (err) => {
      failure = err?.stack ?? String(err);
    });
    worker.on('exit', (code) => {
      this.workers.delete(worker);
      if (this.closed) return;
      for (const [batch, first] of held) {
        const n = sizes.get(batch) ?? 0;
        for (let k = 0; k < n; k++)
          this.settle(first + k, {
            error: `the audit worker thread stopped (exit code ${code}) while auditing this file${failure ? `: ${failure}` : ''}`,
          });
      }
      held.clear();
      this.startWorker();
    });
    this.workers.add(worker);
    post();
  }
}
