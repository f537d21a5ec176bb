import { z } from 'zod';

/** What fixes the ORBIT sampling order and selection; a resumed build must use the same values. */
export const OrbitIdentity = z
  .object({
    seed: z.number().int(),
    /** First monthly window, YYYY-MM (ReFigBench starts at 2017-06). */
    since: z.string().regex(/^\d{4}-\d{2}$/),
    /** Last monthly window, YYYY-MM (the collection date). */
    until: z.string().regex(/^\d{4}-\d{2}$/),
    categories: z.array(z.string()).min(1),
    pageSize: z.number().int().min(1).max(2000),
    maxPagesPerWindow: z.number().int().min(1),
    dpi: z.number().int().min(10).max(1200),
    maxSidePx: z.number().int().min(100),
    suiteName: z.string(),
    suiteVersion: z.string(),
  })
  .strict();
export type OrbitIdentity = z.infer<typeof OrbitIdentity>;

/** `.orbit/skip.jsonl`: a paper scanned without a usable figure (never scanned again). */
export const SkipRecord = z
  .object({
    arxivId: z.string(),
    version: z.string().nullable(),
    window: z.string(),
    /** Stable reason code, e.g. `no-overview-caption`, `archive-unsafe-path`, `pdf-only`. */
    reason: z.string(),
    detail: z.string(),
  })
  .strict();
export type SkipRecord = z.infer<typeof SkipRecord>;

/** `.orbit/accepted.jsonl`: a paper that became a task (never accepted again). */
export const AcceptedRecord = z
  .object({
    arxivId: z.string(),
    version: z.string(),
    window: z.string(),
    task: z.string(),
  })
  .strict();
export type AcceptedRecord = z.infer<typeof AcceptedRecord>;
