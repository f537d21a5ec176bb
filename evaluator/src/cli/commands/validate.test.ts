import { afterEach, describe, expect, it } from 'vitest';
import { testdir, type TestdirTree } from '../../../../test/support/testdir.ts';
import { ValidationReport } from '../../schemas/validation-report.schema.ts';
import { GOOD_FILES, repo } from '../../validate/validate-fixtures.testkit.ts';
import { main } from '../main.ts';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});
async function make(tree: TestdirTree): Promise<string> {
  const t = await testdir(tree);
  cleanups.push(t.cleanup);
  return t.dir;
}

describe('refig validate (CLI)', () => {
  async function run(args: string[], cwd: string) {
    let out = '';
    let err = '';
    const stdout = { write: (s: string) => ((out += s), true) } as unknown as NodeJS.WritableStream;
    const stderr = { write: (s: string) => ((err += s), true) } as unknown as NodeJS.WritableStream;
    const code = await main(['node', 'refig', 'validate', ...args], {
      stdout,
      stderr,
      cwd,
      env: {},
    });
    return { code, out, err };
  }

  it('prints one schema-valid JSON object per submission and exits 1 on errors', async () => {
    const root = await make({
      ...repo('good-entry', GOOD_FILES),
      ...repo('bad-entry', GOOD_FILES, { sums: '' }),
    });
    const res = await run(['submissions/good-entry', 'submissions/bad-entry/', '--json'], root);
    expect(res.code).toBe(1);
    const lines = res.out
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    for (const l of lines) ValidationReport.parse(l);
    expect(lines.map((l) => [l.submission, l.valid, l.errors.length])).toEqual([
      ['submissions/good-entry', true, 0],
      ['submissions/bad-entry', false, 7],
    ]);
  });

  it('exits 0 for a valid submission, 2 for a usage error', async () => {
    const root = await make(repo('good-entry', GOOD_FILES));
    expect((await run(['submissions/good-entry'], root)).code).toBe(0);
    const bad = await run(['submissions/good-entry', '--changed-files', 'nope.txt'], root);
    expect(bad.code).toBe(2);
    expect(bad.err).toContain('cannot read --changed-files');
  });

  it('reads --changed-files and fails on files outside the submission', async () => {
    const root = await make({
      ...repo('good-entry', GOOD_FILES),
      'changed.txt': 'submissions/good-entry/submission.yml\nREADME.md\n',
    });
    const res = await run(['submissions/good-entry', '--changed-files', 'changed.txt'], root);
    expect(res.code).toBe(1);
    expect(res.out).toContain('error README.md [outside-submission]');
  });
});
