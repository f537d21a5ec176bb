import type { ProblemRecord, ValidationReport } from '@figboard/evaluator/schemas';
import { inlineCode, inlineText } from '@figboard/evaluator/util';

/** One problem line as the template prints it (every string neutralised). */
interface ProblemView {
  icon: string;
  where: string;
  rule: string;
  message: string;
}

export interface ValidationView {
  id: string;
  valid: boolean;
  /** The validator's `incomplete` rule fired (fewer than 90% of the suite's tasks answered). */
  incomplete: boolean;
  errors: number;
  warnings: number;
  tasks: number;
  missing: number;
  verifiedFiles: number;
  problems: ProblemView[];
  /** Problems left out to respect the comment length cap. */
  hidden: number;
}

function problemView(p: ProblemRecord): ProblemView {
  const where =
    p.line === undefined
      ? p.file
      : `${p.file}:${p.line}${p.column === undefined ? '' : `:${p.column}`}`;
  let message = p.message;
  if (p.expected !== undefined || p.got !== undefined)
    message += ` (expected ${p.expected ?? '?'}, got ${p.got ?? '?'})`;
  if (p.hint) message += ` — ${p.hint}`;
  return {
    icon: p.severity === 'error' ? '❌' : '⚠️',
    where: inlineCode(where),
    rule: inlineCode(p.rule),
    message: inlineText(message, 400),
  };
}

/**
 * The validation section of the sticky comment for one submission. `limit` caps the problems
 * listed (errors first, then warnings); the rest are counted in `hidden`.
 */
export function buildValidationView(
  r: ValidationReport,
  limit = Number.POSITIVE_INFINITY,
): ValidationView {
  const all = [...r.errors, ...r.warnings];
  const shown = all.slice(0, Math.max(0, limit));
  return {
    id: inlineText(r.id),
    valid: r.valid,
    incomplete: r.warnings.some((w) => w.rule === 'incomplete'),
    errors: r.errors.length,
    warnings: r.warnings.length,
    tasks: r.inventory?.tasks.length ?? 0,
    missing: r.inventory?.missing.length ?? 0,
    verifiedFiles: r.verifiedFiles,
    problems: shown.map(problemView),
    hidden: all.length - shown.length,
  };
}
