import type { Problem } from '../errors/problem.ts';
import { ValidationReport } from '../schemas/validation-report.schema.ts';
import { capText } from '../util/cap-text.ts';
import type { SubmissionReport } from './validate-submission.ts';

/** Characters kept of each text a problem echoes (it goes into a PR comment and annotations). */
const ECHO_MAX = 1000;

/** A problem whose texts are capped: what a submission writes never floods a report. */
function capProblem(p: Problem): Problem {
  const cap = (s: string | undefined) => (s === undefined ? undefined : capText(s, ECHO_MAX));
  return {
    ...p,
    file: capText(p.file, ECHO_MAX),
    message: capText(p.message, ECHO_MAX),
    ...(p.expected !== undefined ? { expected: cap(p.expected) } : {}),
    ...(p.got !== undefined ? { got: cap(p.got) } : {}),
    ...(p.hint !== undefined ? { hint: cap(p.hint) } : {}),
  };
}

/** The machine form of a validation (`refig validate --json`), checked against its schema. */
export function toValidationReport(r: SubmissionReport): ValidationReport {
  return ValidationReport.parse({
    submission: r.submission,
    id: r.id,
    track: r.track,
    valid: r.errors.length === 0,
    suite: r.value?.suite.name ?? null,
    errors: r.errors.map(capProblem),
    warnings: r.warnings.map(capProblem),
    inventory: r.inventory,
    verifiedFiles: r.verifiedFiles,
    archive: r.value?.archive ?? null,
  });
}
