import { z } from 'zod';
import { Id, Sha256 } from './common.schema.ts';

/** Image statistics of a suite (ReFigBench Table 1). Percentiles use linear interpolation. */
export const ImageStats = z
  .object({
    /** Count per decoded format, e.g. `{ "png": 40, "jpeg": 6 }`. */
    formats: z.record(z.string(), z.number().int()),
    distinctResolutions: z.number().int(),
    medianWidth: z.number(),
    medianHeight: z.number(),
    widthRange: z.tuple([z.number(), z.number()]),
    heightRange: z.tuple([z.number(), z.number()]),
    megapixelsMedian: z.number(),
    megapixelsP95: z.number(),
    orientation: z
      .object({ landscape: z.number().int(), portrait: z.number().int(), square: z.number().int() })
      .strict(),
    /** Number of images the statistics cover. */
    images: z.number().int().optional(),
    megapixelsMax: z.number().optional(),
    bytesTotal: z.number().int().optional(),
  })
  .strict();
export type ImageStats = z.infer<typeof ImageStats>;

/** One row of the per-field breakdown (ReFigBench Tables 9 and 10); `field` is `unknown` for null. */
export const FieldStatsRow = z
  .object({
    field: z.string(),
    images: z.number().int(),
    /** Share of the suite's tasks, 0..1. */
    share: z.number(),
    bytesTotal: z.number().int(),
    bytesMean: z.number(),
    bytesP25: z.number(),
    bytesP50: z.number(),
    bytesP75: z.number(),
  })
  .strict();
export type FieldStatsRow = z.infer<typeof FieldStatsRow>;

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
    /** When true, every task's license must be redistributable (suites committed to git). */
    redistributableOnly: z.boolean().default(false),
    imageStats: ImageStats.nullable(),
    /** Per-field rows (Tables 9/10), fields in sorted order, `unknown` last, then `all`. */
    fieldStats: z.array(FieldStatsRow).nullable().default(null),
    /** A suite too large for git: fetched from `url`, verified by `sha256`, cached. */
    remote: z.object({ url: z.string().url(), sha256: Sha256 }).strict().nullable().default(null),
    /** True for the small bundled sample suites. */
    sample: z.boolean().default(false),
  })
  .strict();
export type SuiteManifest = z.infer<typeof SuiteManifest>;
