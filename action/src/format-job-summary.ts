import type { ValidationReport } from '@figboard/evaluator/schemas';
import type { RefigSummary } from '@figboard/evaluator/schemas';
import { formatNumber, inlineCode, inlineText } from '@figboard/evaluator/util';

/** What one submission came to in this job. */
export interface SubmissionOutcome {
  id: string;
  validation: ValidationReport | null;
  /** Present when the submission was evaluated (refig track). */
  summary: RefigSummary | null;
  /** Tasks this job scored (the shard), when evaluated. */
  shardTasks: number | null;
}

const MAX_PROBLEMS = 30;

/**
 * The job summary (`$GITHUB_STEP_SUMMARY`): a scorecard row per submission and judge, gate
 * failures, then the validation problems. Text from the pull request is neutralised exactly as
 * in the bot's comment (job summaries render markdown and HTML too).
 */
export function formatJobSummary(outcomes: readonly SubmissionOutcome[], heading: string): string {
  const lines: string[] = [`## ${heading}`, ''];
  if (outcomes.length === 0) {
    lines.push('No submission folders to check.', '');
    return lines.join('\n');
  }
  lines.push(
    '| submission | valid | tasks | missing | gate failed | capped | judge | run means | mean |',
    '|---|---|---:|---:|---:|---:|---|---|---:|',
  );
  for (const o of outcomes) {
    const valid = o.validation
      ? o.validation.valid
        ? '✅'
        : `❌ ${o.validation.errors.length} errors`
      : '—';
    const s = o.summary;
    if (!s || s.judges.length === 0) {
      lines.push(
        `| ${inlineCode(o.id)} | ${valid} | ${s?.tasks.total ?? '—'} | ${s?.tasks.missing.length ?? '—'} | ${s?.tasks.gateFailed.length ?? '—'} | ${s?.tasks.capped ?? '—'} | — | — | — |`,
      );
      continue;
    }
    for (const j of s.judges) {
      const runs = j.runs.map((r) => formatNumber(r.mean)).join(' / ') || '—';
      const judge = `${inlineCode(j.id)}${j.primary ? ' (primary)' : ''}${j.status === 'ran' ? '' : ` ${j.status}`}`;
      lines.push(
        `| ${inlineCode(o.id)} | ${valid} | ${s.tasks.total} | ${s.tasks.missing.length} | ${s.tasks.gateFailed.length} | ${s.tasks.capped} | ${judge} | ${runs} | ${formatNumber(j.mean)} |`,
      );
    }
  }
  lines.push('');
  for (const o of outcomes) {
    const gate = o.summary?.tasks.gateFailed ?? [];
    if (gate.length > 0) {
      lines.push(`**${inlineText(o.id)}: gate failures** (score 0)`, '');
      for (const g of gate.slice(0, MAX_PROBLEMS))
        lines.push(
          `- ${inlineCode(g.task)}: ${inlineCode(g.reason ?? 'unknown')} ${inlineText(g.detail ?? '', 160)}`.trimEnd(),
        );
      if (gate.length > MAX_PROBLEMS) lines.push(`- … and ${gate.length - MAX_PROBLEMS} more`);
      lines.push('');
    }
    const problems = o.validation ? [...o.validation.errors, ...o.validation.warnings] : [];
    if (problems.length > 0) {
      lines.push(`**${inlineText(o.id)}: validation**`, '');
      for (const p of problems.slice(0, MAX_PROBLEMS)) {
        const where = p.line === undefined ? p.file : `${p.file}:${p.line}`;
        lines.push(
          `- ${p.severity === 'error' ? '❌' : '⚠️'} ${inlineCode(where)} ${inlineCode(p.rule)} ${inlineText(p.message, 300)}`,
        );
      }
      if (problems.length > MAX_PROBLEMS)
        lines.push(
          `- … and ${problems.length - MAX_PROBLEMS} more (see the annotations or run \`npx refig validate\`)`,
        );
      lines.push('');
    }
  }
  return lines.join('\n');
}
