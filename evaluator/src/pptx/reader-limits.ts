import { z } from 'zod';

const MiB = 1024 * 1024;

/**
 * Bounds the safe reader enforces on untrusted decks. Every limit is checked before the work it
 * protects (sizes from the zip directory before inflating, inflated bytes while inflating, XML
 * nesting and element counts while parsing), so a hostile file is refused in bounded time and
 * memory. The defaults are generous for a one-slide figure deck (a typical agent output is well
 * under 5 MiB with a few dozen entries) and tight enough for a 200 MB worker.
 */
export const ReaderLimits = z.object({
  /** Size of the deck file itself (compressed). Default 100 MiB. Refusal: `too-large`. */
  maxFileBytes: z
    .number()
    .int()
    .positive()
    .default(100 * MiB),
  /** Entries in the zip directory (files and folders). Default 5,000. Refusal: `too-many-entries`. */
  maxEntries: z.number().int().positive().default(5_000),
  /** Inflated size of any one entry, declared or actual. Default 256 MiB. Refusal: `entry-too-large`. */
  maxEntryBytes: z
    .number()
    .int()
    .positive()
    .default(256 * MiB),
  /** Sum of all entries' inflated sizes. Default 512 MiB. Refusal: `too-large`. */
  maxTotalBytes: z
    .number()
    .int()
    .positive()
    .default(512 * MiB),
  /** Inflated size of an XML part the reader parses (presentation, slide, layout, …). Default 16 MiB. Refusal: `entry-too-large`. */
  maxXmlPartBytes: z
    .number()
    .int()
    .positive()
    .default(16 * MiB),
  /** Element nesting depth in a parsed XML part. Default 256. Refusal: `too-large`. */
  maxXmlDepth: z.number().int().positive().default(256),
  /** Elements in one parsed XML part. Default 250,000. Refusal: `too-large`. */
  maxXmlElements: z.number().int().positive().default(250_000),
  /** Attributes on one element (DrawingML elements carry a handful). Default 256. Refusal: `too-large`. */
  maxXmlAttributes: z.number().int().positive().default(256),
  /**
   * Inflate and CRC-check every entry. By default (false) every OOXML part is checked, and media
   * and other binaries only as far as needed to prove the archive cannot inflate past
   * `maxEntryBytes`/`maxTotalBytes` (deflate expands at most 1032:1, so small compressed entries
   * are bounded without inflating them). Either way, the renderer that runs next never meets a
   * zip bomb.
   */
  verifyAllEntries: z.boolean().default(false),
});
export type ReaderLimits = z.infer<typeof ReaderLimits>;

/** The default limits (see each field of {@link ReaderLimits}). */
export const DEFAULT_READER_LIMITS: Readonly<ReaderLimits> = Object.freeze(ReaderLimits.parse({}));
