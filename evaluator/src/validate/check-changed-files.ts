import type { Problem } from '../errors/problem.ts';
import { RESULTS_DIR } from './submission-rules.ts';
import { listSome } from '../util/cap-text.ts';

/** A `git diff --name-status` line: status letters (R100, C75, M, A, D, T…), then 1–2 paths. */
const NAME_STATUS = /^[ACDMRTUXB][0-9]{0,3}\t/;

/**
 * Parses the list of files a pull request touches: one repository-relative path per line (the
 * GitHub "list pull request files" API with `filename` and `previous_filename`), or the output
 * of `git diff --name-status -M`, whose rename and copy lines name BOTH paths — so moving a file
 * from outside into a submission folder is seen as a change outside it. Blank lines and a
 * leading `./` are ignored; order and duplicates do not matter.
 */
export function parseChangedFiles(text: string): string[] {
  const out = new Set<string>();
  const add = (p: string) => {
    const path = p.trim();
    if (path !== '') out.add(path.startsWith('./') ? path.slice(2) : path);
  };
  for (const raw of text.split('\n')) {
    const line = raw.replace(/\r$/, '');
    if (line.trim() === '') continue;
    if (NAME_STATUS.test(line)) for (const path of line.split('\t').slice(1)) add(path);
    else add(line);
  }
  return [...out].sort();
}

/**
 * A submission PR may only touch its own folder `submissions/<id>/` — never the evaluator, the
 * workflows, the suites or another team's entry — and never its `results/`, which CI writes.
 * One problem per path outside the folder, so the comment lists them all; files under
 * `results/` are one problem for the folder (running `refig evaluate` without `--out` writes
 * dozens at once, and one cause deserves one line), naming how many and the first few.
 */
export function checkChangedFiles(changed: readonly string[], id: string): Problem[] {
  const prefix = `submissions/${id}/`;
  const problems: Problem[] = [];
  const results: string[] = [];
  for (const path of changed) {
    if (!path.startsWith(prefix) || path.includes('/../') || path.endsWith('/..')) {
      problems.push({
        severity: 'error',
        rule: 'outside-submission',
        file: path,
        message: 'the pull request changes a file outside its submission folder',
        expected: `only files under ${prefix}`,
        got: path,
        hint: 'open a separate pull request for changes to anything else (one submission per pull request)',
      });
    } else if (path.slice(prefix.length).split('/')[0] === RESULTS_DIR) {
      results.push(path);
    }
  }
  if (results.length > 0) {
    problems.push({
      severity: 'error',
      rule: 'results-in-pr',
      file: `${prefix}${RESULTS_DIR}/`,
      message: `the pull request adds ${results.length} file${results.length === 1 ? '' : 's'} under ${RESULTS_DIR}/, which CI writes after merge`,
      expected: `no files under ${RESULTS_DIR}/`,
      got: listSome(
        results.map((p) => p.slice(prefix.length)),
        3,
      ),
      hint: `git rm -r --cached ${prefix}${RESULTS_DIR}; to score locally, give refig evaluate --out .cache/figboard/results/${id}`,
    });
  }
  return problems;
}
