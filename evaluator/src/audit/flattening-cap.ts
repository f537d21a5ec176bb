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
  /**
   * FigBoard's rule beside the paper's (recorded separately as `underlayCap`): the cap when the
   * audit flags `raster-underlay` — native text laid over a pasted figure, which escapes c(P) by
   * adding native objects. Default 50, like the paper's cap; 100 turns the rule off.
   */
  underlayCappedScore: z.number().min(0).max(100).default(50),
});
export type CapConfig = z.infer<typeof CapConfig>;

/** The default cap configuration (0.85 coverage, ≤ 5 native objects, cap 50; underlay cap 50). */
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

/** The cap a final score takes: the paper's c(P) and FigBoard's underlay cap, whichever is lower. */
export function effectiveCap(audit: { cap: number; underlayCap?: number | undefined }): number {
  return Math.min(audit.cap, audit.underlayCap ?? 100);
}
