import { z } from 'zod';
import type { Counts } from '../schemas/audit-record.schema.ts';

/**
 * The flattening cap c(P) of ReFigBench: a slide whose largest picture covers at least
 * `coverageThreshold` of the canvas while at most `maxNativeObjects` native objects are present
 * is a raster paste and is capped at `cappedScore`.
 */
export const CapConfig = z.object({
  /** Largest-picture coverage at or above which a slide may be a raster paste. Default 0.85 (ReFigBench §3). */
  coverageThreshold: z.number().min(0).max(1).default(0.85),
  /**
   * "Few native objects": at most this many native objects (shapes, text boxes, line shapes,
   * freeforms, connectors, tables, charts — pictures and groups are not native content). Default 5.
   */
  maxNativeObjects: z.number().int().min(0).default(5),
  /** The cap applied. Default 50. */
  cappedScore: z.number().min(0).max(100).default(50),
});
export type CapConfig = z.infer<typeof CapConfig>;

/** The default cap configuration (0.85 coverage, ≤ 5 native objects, cap 50). */
export const DEFAULT_CAP_CONFIG: Readonly<CapConfig> = Object.freeze(CapConfig.parse({}));

/** Native objects as the cap counts them. */
export function nativeObjectCount(c: Counts): number {
  return c.shapes + c.textBoxes + c.lineShapes + c.freeforms + c.connectors + c.tables + c.charts;
}

/** c(P): `cappedScore` for a likely raster paste, else 100. */
export function flatteningCap(
  largestPictureCoverage: number,
  counts: Counts,
  config: CapConfig = DEFAULT_CAP_CONFIG,
): number {
  return largestPictureCoverage >= config.coverageThreshold &&
    nativeObjectCount(counts) <= config.maxNativeObjects
    ? config.cappedScore
    : 100;
}
