import { formatProblem } from '../errors/problem.ts';
import type { SubmissionReport } from './validate-submission.ts';

/**
 * The human-readable report `refig validate` prints: a header line, every error, every warning
 * (one line each, naming file and rule), and a verdict line. Deterministic: no timings, no paths
 * other than the ones the user passed.
 */
export function formatSubmissionReport(r: SubmissionReport): string {
  const lines: string[] = [];
  const what = r.track ? `${r.track} submission "${r.id}"` : `submission "${r.id}"`;
  lines.push(`${r.submission}: ${what}`);
  if (r.inventory) {
    const parts = [
      `${r.inventory.tasks.length} task folder${r.inventory.tasks.length === 1 ? '' : 's'}`,
    ];
    if (r.inventory.missing.length)
      parts.push(
        `${r.inventory.missing.length} suite task${r.inventory.missing.length === 1 ? '' : 's'} missing`,
      );
    parts.push(`${r.verifiedFiles} file${r.verifiedFiles === 1 ? '' : 's'} match SHA256SUMS`);
    if (r.value?.archive) parts.push(`archive verified (${r.value.archive.bytes} bytes)`);
    lines.push(`  ${parts.join(', ')}`);
  }
  for (const p of [...r.errors, ...r.warnings]) lines.push(formatProblem(p));
  const e = r.errors.length;
  const w = r.warnings.length;
  const counts = `${e} error${e === 1 ? '' : 's'}, ${w} warning${w === 1 ? '' : 's'}`;
  lines.push(
    e === 0
      ? `OK: ${r.submission} is valid (${counts})`
      : `FAILED: ${r.submission} is not valid (${counts})`,
  );
  return `${lines.join('\n')}\n`;
}
