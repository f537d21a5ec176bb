/** Details every FigBoard error carries, so a CLI line, a PR comment or a job annotation can say
 * what went wrong, where, what was expected and what was found, and what to do about it. */
export interface ErrorDetails {
  /** Stable machine-readable reason code, e.g. `zip-bomb` or `manifest-hash-mismatch`. */
  code: string;
  /** The file (or file + JSON pointer / line) the problem is in. */
  where?: string;
  /** What the rule expects. */
  expected?: string;
  /** What was found instead. */
  got?: string;
  /** A short suggestion for fixing it. */
  hint?: string;
  cause?: unknown;
}

/** Base class of every error the evaluator raises on purpose. */
export class FigboardError extends Error {
  readonly code: string;
  readonly where?: string;
  readonly expected?: string;
  readonly got?: string;
  readonly hint?: string;

  constructor(message: string, details: ErrorDetails) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
    this.name = new.target.name;
    this.code = details.code;
    this.where = details.where;
    this.expected = details.expected;
    this.got = details.got;
    this.hint = details.hint;
  }

  /** One line for humans: "where: message (expected X, got Y). hint". */
  describe(): string {
    const parts = [this.where ? `${this.where}: ${this.message}` : this.message];
    if (this.expected !== undefined || this.got !== undefined) {
      parts.push(`(expected ${this.expected ?? '?'}, got ${this.got ?? '?'})`);
    }
    if (this.hint) parts.push(`Hint: ${this.hint}`);
    return `[${this.code}] ${parts.join(' ')}`;
  }

  toJSON(): Record<string, string> {
    const out: Record<string, string> = { code: this.code, message: this.message };
    if (this.where !== undefined) out.where = this.where;
    if (this.expected !== undefined) out.expected = this.expected;
    if (this.got !== undefined) out.got = this.got;
    if (this.hint !== undefined) out.hint = this.hint;
    return out;
  }
}

/** The user called a command wrongly (bad flag, missing file). The CLI exits 2 for these. */
export class UsageError extends FigboardError {
  constructor(message: string, details: Partial<ErrorDetails> = {}) {
    super(message, { code: 'usage', ...details });
  }
}

/** A bug or broken invariant inside FigBoard itself, never the user's fault. */
export class InternalError extends FigboardError {
  constructor(message: string, details: Partial<ErrorDetails> = {}) {
    super(message, { code: 'internal', ...details });
  }
}
