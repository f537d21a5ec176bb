import { ValidationReport } from '../schemas/validation-report.schema.ts';
import type { SubmissionReport } from './validate-submission.ts';

/** The machine form of a validation (`refig validate --json`), checked against its schema. */
export function toValidationReport(r: SubmissionReport): ValidationReport {
  return ValidationReport.parse({
    submission: r.submission,
    id: r.id,
    track: r.track,
    valid: r.errors.length === 0,
    suite: r.value?.suite.name ?? null,
    errors: r.errors,
    warnings: r.warnings,
    inventory: r.inventory,
    verifiedFiles: r.verifiedFiles,
    archive: r.value?.archive ?? null,
  });
}
