import type { ProblemRecord } from '@figboard/evaluator/schemas';
import type { Octokit, RepoRef } from './octokit.ts';

/** GitHub accepts at most 50 annotations per check-run request. */
const MAX_ANNOTATIONS = 50;

/**
 * Annotations for a check run: one per problem that names a file, at its line (or line 1),
 * errors as `failure`, warnings as `warning`. Paths are repository-relative already.
 */
function problemsToAnnotations(problems: readonly ProblemRecord[]) {
  return problems.slice(0, MAX_ANNOTATIONS).map((p) => ({
    path: p.file,
    start_line: p.line ?? 1,
    end_line: p.line ?? 1,
    annotation_level: p.severity === 'error' ? ('failure' as const) : ('warning' as const),
    title: p.rule,
    message: [
      p.message,
      p.expected !== undefined || p.got !== undefined
        ? `expected ${p.expected ?? '?'}, got ${p.got ?? '?'}`
        : '',
      p.hint ?? '',
    ]
      .filter(Boolean)
      .join('\n')
      .slice(0, 64_000),
  }));
}

/** Creates a completed check run on the pull request's head commit. */
export async function createCompletedCheckRun(
  octokit: Octokit,
  at: RepoRef,
  run: {
    name: string;
    headSha: string;
    success: boolean;
    title: string;
    summary: string;
    problems?: readonly ProblemRecord[];
  },
): Promise<void> {
  await octokit.rest.checks.create({
    ...at,
    name: run.name,
    head_sha: run.headSha,
    status: 'completed',
    conclusion: run.success ? 'success' : 'failure',
    output: {
      title: run.title.slice(0, 255),
      summary: run.summary.slice(0, 65_000),
      annotations: problemsToAnnotations(run.problems ?? []),
    },
  });
}
