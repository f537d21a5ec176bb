/** A repository path inside a submission folder: `submissions/<id>/…`. */
const SUBMISSION_PATH = /^submissions\/([^/]+)\//;

/**
 * The submission ids a list of changed repository paths touches (`submissions/<id>/…` → `<id>`),
 * distinct and sorted. The one reading of a pull request's file list into submissions, for the
 * Action (`submissions: auto`) and the bot alike.
 */
export function submissionIdsFromPaths(paths: readonly string[]): string[] {
  const ids = new Set<string>();
  for (const p of paths) {
    const m = SUBMISSION_PATH.exec(p);
    if (m) ids.add(m[1]!);
  }
  return [...ids].sort();
}
