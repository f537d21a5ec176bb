import { afterEach, describe, expect, it } from 'vitest';
import { testdir } from '../../../test/support/testdir.ts';
import {
  loadSubmissionManifest,
  readSubmissionManifestFile,
} from './read-submission-manifest-file.ts';
import { submissionIdsFromPaths } from './submission-ids-from-paths.ts';
import { manifest } from './validate-fixtures.testkit.ts';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});
async function folder(yml?: string): Promise<string> {
  const t = await testdir(yml === undefined ? { 'README.md': 'x' } : { 'submission.yml': yml });
  cleanups.push(t.cleanup);
  return t.dir;
}

describe('readSubmissionManifestFile', () => {
  it('parses a valid manifest', async () => {
    const read = await readSubmissionManifestFile(await folder(manifest('good-entry')), 'm.yml');
    expect(read.problems).toEqual([]);
    expect(read.value?.id).toBe('good-entry');
  });

  it('reports a missing manifest and refuses an oversized one without reading it', async () => {
    const missing = await readSubmissionManifestFile(await folder(), 'm.yml');
    expect(missing.problems.map((p) => [p.rule, p.file])).toEqual([['missing-manifest', 'm.yml']]);
    const big = `${manifest('good-entry')}#${'x'.repeat(70_000)}\n`;
    const huge = await readSubmissionManifestFile(await folder(big), 'm.yml');
    expect(huge.problems).toEqual([
      expect.objectContaining({
        rule: 'file-too-large',
        expected: 'at most 65536 bytes',
        got: `${Buffer.byteLength(big)} bytes`,
      }),
    ]);
    expect(huge.raw).toBeUndefined();
  });

  it('loadSubmissionManifest throws a usage error listing every problem', async () => {
    const dir = await folder('id: x\ntrack: nope\n');
    await expect(loadSubmissionManifest(dir)).rejects.toThrow(
      /submission.yml is invalid:\n.*track/,
    );
    await expect(loadSubmissionManifest(await folder())).rejects.toThrow(
      'the submission folder has no readable submission.yml',
    );
  });
});

describe('submissionIdsFromPaths', () => {
  it('reads submission ids from changed paths, distinct and sorted', () => {
    expect(
      submissionIdsFromPaths([
        'submissions/b-entry/submission.yml',
        'submissions/a-entry/artifacts/t1/output.pptx',
        'submissions/b-entry/SHA256SUMS',
        'submissions/loose-file.md',
        'evaluator/src/submissions/x/y.ts',
      ]),
    ).toEqual(['a-entry', 'b-entry']);
  });
});
