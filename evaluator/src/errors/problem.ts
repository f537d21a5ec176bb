/** One problem found by a validator. Validators collect every problem instead of throwing the
 * first, so a submitter sees the whole list at once. */
export interface Problem {
  severity: 'error' | 'warning';
  /** Stable rule id, e.g. `manifest-hash-mismatch`. */
  rule: string;
  /** File the problem is in, relative to the thing being validated. */
  file: string;
  /** 1-based line in `file`, when the problem points into a text file (YAML, JSONL). */
  line?: number;
  /** 1-based column in `file`, with `line`. */
  column?: number;
  message: string;
  expected?: string;
  got?: string;
  hint?: string;
}

/** What every validator returns: the parsed value when there were no errors, plus all problems. */
export interface ValidationResult<T> {
  value?: T;
  errors: Problem[];
  warnings: Problem[];
}

/** Formats a problem as one human-readable line naming file and rule. */
export function formatProblem(p: Problem): string {
  const where =
    p.line === undefined
      ? p.file
      : `${p.file}:${p.line}${p.column === undefined ? '' : `:${p.column}`}`;
  let line = `${p.severity === 'error' ? 'error' : 'warning'} ${where} [${p.rule}] ${p.message}`;
  if (p.expected !== undefined || p.got !== undefined)
    line += ` (expected ${p.expected ?? '?'}, got ${p.got ?? '?'})`;
  if (p.hint) line += ` — ${p.hint}`;
  return line;
}
