import { z } from 'zod';
import { Id, Sha256 } from './common.schema.ts';

/**
 * `submissions/<id>/submission.yml`: who submitted what, and the configuration identity
 * (model, harness, workflow) the leaderboard groups by.
 */
export const SubmissionManifest = z
  .object({
    /** Equals the folder name under `submissions/`. */
    id: Id,
    /** Which benchmark track: `refig` (figure → PPTX) or `style` (style transfer). */
    track: z.enum(['refig', 'style']),
    /** Suite the artifacts answer, with its version. */
    suite: z.object({ name: Id, version: z.string().min(1) }).strict(),
    /** Team or person name shown on the board (plain text; never rendered as HTML). */
    team: z.string().min(1).max(200),
    /** E-mail address or GitHub handle for questions about the entry. */
    contact: z.string().min(1).max(200),
    model: z
      .object({
        name: z.string().min(1).max(200),
        provider: z.string().min(1).max(200),
        /** Dated snapshot / exact version string of the model. */
        snapshot: z.string().min(1).max(200),
        reasoningEffort: z.string().max(50).optional(),
      })
      .strict(),
    harness: z.object({ name: z.string().min(1).max(200), version: z.string().min(1).max(100) }).strict(),
    workflow: z
      .object({
        name: z.string().min(1).max(200),
        /** `direct` = one prompt; `specialized` = a figure-specific workflow; `other`. */
        kind: z.enum(['direct', 'specialized', 'other']),
        description: z.string().max(2000).default(''),
      })
      .strict(),
    /** Attempts per task; 1 = single attempt (the only kind ranked on the main board). */
    attempts: z.number().int().min(1).max(100),
    /** Date the results were produced, YYYY-MM-DD. */
    date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'YYYY-MM-DD'),
    /** License of the submitted artifacts (SPDX id). */
    license: z.string().min(1).max(100),
    links: z
      .object({ report: z.string().url().optional(), code: z.string().url().optional() })
      .strict()
      .default({}),
    /** True for the bundled sample entries; the site badges them. */
    sample: z.boolean().default(false),
    /** Instead of inline artifacts: one archive fetched and verified by SHA-256. */
    archive: z.object({ url: z.string().url(), sha256: Sha256 }).strict().optional(),
  })
  .strict();
export type SubmissionManifest = z.infer<typeof SubmissionManifest>;

/** Configuration identity: the leaderboard's unit. */
export function configurationId(m: Pick<SubmissionManifest, 'model' | 'harness' | 'workflow'>): string {
  const slug = (s: string) => s.toLowerCase().replace(/[^a-z0-9.]+/g, '-').replace(/^-+|-+$/g, '');
  return `${slug(m.model.name)}__${slug(m.harness.name)}__${slug(m.workflow.name)}`;
}
