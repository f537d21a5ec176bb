/**
 * Bounds applied while reading an untrusted archive. Every one is checked while streaming, so
 * a bomb is refused after at most the limit's worth of work, never after inflating everything.
 */
export interface ArchiveLimits {
  /** Size of the archive file itself (compressed). */
  maxCompressedBytes: number;
  /** Total bytes after gunzip (the tar stream, headers included). */
  maxInflatedBytes: number;
  /** Size of any single file entry. */
  maxEntryBytes: number;
  /** Number of entries (files, folders and metadata headers). */
  maxEntries: number;
  /** Length of an entry path in bytes. */
  maxPathLength: number;
  /** Number of path segments. */
  maxDepth: number;
}

/** Defaults sized for arXiv source packages (their upload cap is 50 MB) and suite archives. */
export const DEFAULT_ARCHIVE_LIMITS: ArchiveLimits = {
  maxCompressedBytes: 200 * 1024 * 1024,
  maxInflatedBytes: 1024 * 1024 * 1024,
  maxEntryBytes: 256 * 1024 * 1024,
  maxEntries: 10_000,
  maxPathLength: 1024,
  maxDepth: 32,
};
