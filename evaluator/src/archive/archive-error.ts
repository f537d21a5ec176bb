import { FigboardError } from '../errors/index.ts';

/** Stable reasons an archive is refused; callers record them (e.g. in the ORBIT skip list). */
export type ArchiveReason =
  | 'archive-too-large'
  | 'archive-inflated-too-large'
  | 'archive-entry-too-large'
  | 'archive-too-many-entries'
  | 'archive-unsafe-path'
  | 'archive-link'
  | 'archive-special-file'
  | 'archive-unsupported-entry'
  | 'archive-duplicate-entry'
  | 'archive-corrupt'
  | 'archive-truncated'
  | 'archive-unknown-format';

/** An archive refused while reading it: `code` is one of `ArchiveReason`. */
export class ArchiveError extends FigboardError {
  declare readonly code: ArchiveReason;
  constructor(
    reason: ArchiveReason,
    message: string,
    details: {
      where?: string;
      expected?: string;
      got?: string;
      hint?: string;
      cause?: unknown;
    } = {},
  ) {
    super(message, { code: reason, ...details });
  }
}
