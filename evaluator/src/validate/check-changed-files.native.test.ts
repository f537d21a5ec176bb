import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testdir } from '../../../test/support/testdir.ts';
import { formatProblem } from '../errors/problem.ts';
import { checkChangedFiles, parseChangedFiles } from './check-changed-files.ts';

/*
 * Rename bypass (issue 12, finding 5): `git diff --name-only` lists only the new path of a
 * renamed file, so moving .github/workflows/ci.yml into the submission folder looked like a
 * change inside it. The lists CI now passes carry both paths.
 */

let dir: string;
let cleanup: () => Promise<void>;
const git = (...args: string[]) =>
  execFileSync('git', args, {
    cwd: dir,
    encoding: 'utf8',
    env: { PATH: process.env.PATH, GIT_CONFIG_NOSYSTEM: '1', HOME: dir },
  });

beforeAll(async () => {
  ({ dir, cleanup } = await testdir({
    '.github/workflows/ci.yml': 'on: push\njobs: {}\n',
    'submissions/mine/submission.yml': 'id: mine\n',
  }));
  git('init', '-q', '-b', 'main');
  git('-c', 'user.name=t', '-c', 'user.email=t@t', 'add', '-A');
  git('-c', 'user.name=t', '-c', 'user.email=t@t', 'commit', '-q', '-m', 'base');
  git('mv', '.github/workflows/ci.yml', 'submissions/mine/ci.yml');
  git('-c', 'user.name=t', '-c', 'user.email=t@t', 'commit', '-q', '-m', 'move a workflow in');
});
afterAll(() => cleanup());

describe('changed files of a pull request', () => {
  it('a rename into the folder: --name-only hid the old path, --name-status -M reports it outside', () => {
    const nameOnly = parseChangedFiles(git('diff', '--name-only', 'HEAD^1', 'HEAD'));
    expect(nameOnly).toEqual(['submissions/mine/ci.yml']);
    expect(checkChangedFiles(nameOnly, 'mine')).toEqual([]);

    const nameStatus = parseChangedFiles(git('diff', '--name-status', '-M', 'HEAD^1', 'HEAD'));
    expect(nameStatus).toEqual(['.github/workflows/ci.yml', 'submissions/mine/ci.yml']);
    expect(checkChangedFiles(nameStatus, 'mine').map((p) => `${p.rule} ${p.file}`)).toEqual([
      'outside-submission .github/workflows/ci.yml',
    ]);
  });

  it('reads the API list with previous_filename lines, and plain paths', () => {
    // gh api …/pulls/N/files --jq '.[] | .filename, (.previous_filename // empty)'
    const api = 'submissions/mine/ci.yml\n.github/workflows/ci.yml\n./submissions/mine/a\n\n';
    expect(parseChangedFiles(api)).toEqual([
      '.github/workflows/ci.yml',
      'submissions/mine/a',
      'submissions/mine/ci.yml',
    ]);
  });

  it('reads every status letter of --name-status, including copies and deletions', () => {
    const text = [
      'M\tsubmissions/mine/a',
      'A\tsubmissions/mine/b',
      'D\tsubmissions/other/c',
      'C75\tsuites/x/task.json\tsubmissions/mine/task.json',
      'R100\tsubmissions/other/d\tsubmissions/mine/d',
      'T\tsubmissions/mine/e',
    ].join('\n');
    expect(checkChangedFiles(parseChangedFiles(text), 'mine').map((p) => p.file)).toEqual([
      'submissions/other/c',
      'submissions/other/d',
      'suites/x/task.json',
    ]);
  });
});

describe('checkChangedFiles', () => {
  it('reports results/ once per folder however many files it holds, and every path outside the folder', () => {
    const changed = parseChangedFiles(
      [
        'submissions/acme/submission.yml',
        'submissions/acme/artifacts/t1/output.pptx',
        ...Array.from({ length: 48 }, (_, i) => `submissions/acme/results/renders/t${i}.png`),
        'submissions/other/submission.yml',
        'evaluator/src/index.ts',
      ].join('\n'),
    );
    const problems = checkChangedFiles(changed, 'acme');
    expect(problems.map(formatProblem)).toMatchInlineSnapshot(`
      [
        "error evaluator/src/index.ts [outside-submission] the pull request changes a file outside its submission folder (expected only files under submissions/acme/, got evaluator/src/index.ts) — open a separate pull request for changes to anything else (one submission per pull request)",
        "error submissions/other/submission.yml [outside-submission] the pull request changes a file outside its submission folder (expected only files under submissions/acme/, got submissions/other/submission.yml) — open a separate pull request for changes to anything else (one submission per pull request)",
        "error submissions/acme/results/ [results-in-pr] the pull request adds 48 files under results/, which CI writes after merge (expected no files under results/, got results/renders/t0.png, results/renders/t1.png, results/renders/t10.png, … (45 more)) — git rm -r --cached submissions/acme/results; to score locally, give refig evaluate --out .cache/figboard/results/acme",
      ]
    `);
  });

  it('accepts a pull request that only adds the submission folder', () => {
    expect(
      checkChangedFiles(
        ['submissions/acme/SHA256SUMS', 'submissions/acme/artifacts/t/output.py'],
        'acme',
      ),
    ).toEqual([]);
  });
});
