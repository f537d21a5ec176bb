import { join, resolve } from 'node:path';

/**
 * The folder of the suite a submission answers, when no suite folder is given: the repository's
 * layout is `submissions/<id>/` beside `suites/<name>/`, so it is `<submissionDir>/../../suites/
 * <suiteName>` — or `<suitesRoot>/<suiteName>` when the caller knows the repository's suites
 * folder. The one place this rule lives (validate, evaluate, the Action).
 */
export function defaultSuiteDir(
  submissionDir: string,
  suiteName: string,
  suitesRoot?: string,
): string {
  return resolve(suitesRoot ?? join(submissionDir, '..', '..', 'suites'), suiteName);
}
