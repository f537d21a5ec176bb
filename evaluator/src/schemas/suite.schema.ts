import { z } from 'zod';
import { Id, Sha256 } from './common.schema.ts';

/** Image statistics of a suite (ReFigBench Table 1). */
export const ImageStats = z
  .object({
    formats: z.record(z.string(), z.number().int()),
    distinctResolutions: z.number().int(),
    medianWidth: z.number(),
    medianHeight: z.number(),
    widthRange: z.tuple([z.number(), z.number()]),
    heightRange: z.tuple([z.number(), z.number()]),
    megapixelsMedian: z.number(),
    megapixelsP95: z.number(),
    orientation: z.object({ landscape: z.number().int(), portrait: z.number().int(), square: z.number().int() }).strict(),
  })
  .strict();
export type ImageStats = z.infer<typeof ImageStats>;

/** `suites/<suite>/suite.json`. */
export const SuiteManifest = z
  .object({
    name: Id,
    version: z.string().min(1),
    track: z.enum(['refig', 'style']),
    description: z.string(),
    taskCount: z.number().int().nonnegative(),
    /** Task ids in canonical (sorted) order. */
    tasks: z.array(Id),
    /** How images may be shared (ReFigBench Appendix D release plan). */
    licensePolicy: z.string(),
    imageStats: ImageStats.nullable(),
    /** A suite too large for git: fetched from `url`, verified by `sha256`, cached. */
    remote: z.object({ url: z.string().url(), sha256: Sha256 }).strict().nullable().default(null),
    /** True for the small bundled sample suites. */
    sample: z.boolean().default(false),
  })
  .strict();
export type SuiteManifest = z.infer<typeof SuiteManifest>;
