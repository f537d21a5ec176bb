import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runRefig } from '../support/run-refig.ts';
import { afterAll, describe, expect, it } from 'vitest';

// Issue 8: the sample submissions can be evaluated against refig-real; tasks without a
// reconstruction score 0 and are reported as missing. Results go to --out so the committed
// results of the submission's own suite are never touched.
const repo = join(import.meta.dirname, '..', '..');
const scratch = mkdtempSync(join(tmpdir(), 'figboard-other-suite-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const refig = (args: string[]) => runRefig(args, repo);

describe('refig evaluate --suite another suite', () => {
  it('scores every refig-real task without an artifact as 0 and lists it as missing', async () => {
    const out = join(scratch, 'real');
    const r = await refig([
      'evaluate',
      'submissions/sample-cc-specialized',
      '--suite',
      'suites/refig-real',
      '--out',
      out,
      '--judges',
      'metric',
    ]);
    expect(r.err).toContain('scoring a refig-sample submission against suite refig-real');
    expect(r.code).toBe(0);
    const summary = JSON.parse(readFileSync(join(out, 'summary.json'), 'utf8'));
    const suite = JSON.parse(readFileSync(join(repo, 'suites/refig-real/suite.json'), 'utf8'));
    expect(summary.suite.name).toBe('refig-real');
    // Without the maintainers' key the hidden split is not scored: no record, left out of means.
    const sealed = JSON.parse(readFileSync(join(repo, 'suites/refig-real/sealed.json'), 'utf8'));
    const scorable = suite.taskCount - Object.keys(sealed.tasks).length;
    expect(r.err).toContain(`cannot score ${suite.taskCount - scorable} task(s) of refig-real`);
    expect(summary.tasks.total).toBe(scorable);
    expect(summary.tasks.missing).toHaveLength(scorable);
    const metric = summary.judges.find((j: { id: string }) => j.id === 'metric');
    expect(metric.runs[0].mean).toBe(0);
    expect(metric.runs[0].missing).toBe(scorable);
  });

  it('refuses to write another suite’s scores into the submission’s own results/', async () => {
    const r = await refig([
      'evaluate',
      'submissions/sample-cc-specialized',
      '--suite',
      'suites/refig-real',
      '--judges',
      'metric',
    ]);
    expect(r.code).toBe(2);
    expect(r.err).toContain('[suite-mismatch]');
    expect(r.err).toContain('pass --out DIR');
  });

  it('--out keeps a style entry’s committed style.jsonl untouched (issue 12, finding 7)', async () => {
    // A copy of the repository layout, so nothing of the real checkout can change.
    const root = join(scratch, 'style-repo');
    cpSync(
      join(repo, 'submissions', 'sample-style-default'),
      join(root, 'submissions', 'sample-style-default'),
      {
        recursive: true,
      },
    );
    cpSync(join(repo, 'suites', 'style-sample'), join(root, 'suites', 'style-sample'), {
      recursive: true,
    });
    const committed = join(root, 'submissions', 'sample-style-default', 'results', 'style.jsonl');
    const before = readFileSync(committed);
    // Scores against a copy of the suite under another name: an "other suite".
    cpSync(join(root, 'suites', 'style-sample'), join(root, 'suites', 'style-other'), {
      recursive: true,
    });
    const suiteJson = join(root, 'suites', 'style-other', 'suite.json');
    const suite = JSON.parse(readFileSync(suiteJson, 'utf8'));
    suite.name = 'style-other';
    await import('node:fs').then((fs) => fs.writeFileSync(suiteJson, JSON.stringify(suite)));
    const out = join(scratch, 'style-out');
    const r = await runRefig(
      [
        'evaluate',
        'submissions/sample-style-default',
        '--suite',
        'suites/style-other',
        '--out',
        out,
      ],
      root,
    );
    expect(r.code, r.err).toBe(0);
    expect(readFileSync(committed)).toEqual(before);
    const written = readFileSync(join(out, 'style.jsonl'), 'utf8').trim().split('\n');
    expect(written).toHaveLength(3);
    // Without --out the other suite is refused before anything is written.
    const refused = await runRefig(
      ['evaluate', 'submissions/sample-style-default', '--suite', 'suites/style-other'],
      root,
    );
    expect(refused.code).toBe(1);
    expect(refused.err).toContain('[suite-mismatch]');
    expect(readFileSync(committed)).toEqual(before);
  });
});
