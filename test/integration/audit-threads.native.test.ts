import { execFile } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

// `refig audit` through the compiled CLI (the bin, as a user runs it) on every calibration and
// corpus deck, broken ones and a missing path included: the same bytes on stdout with one
// thread and with worker threads, in argument order.
const run = promisify(execFile);
const REPO = resolve(import.meta.dirname, '../..');
const FIXTURES = join(REPO, 'test', 'fixtures');

function fixtureDecks(): string[] {
  const out: string[] = [];
  const calibration = join(FIXTURES, 'calibration');
  for (const fig of readdirSync(calibration)
    .filter((f) => f.startsWith('fig'))
    .sort())
    for (const v of readdirSync(join(calibration, fig, 'variants')).sort())
      out.push(join('calibration', fig, 'variants', v));
  for (const f of readdirSync(join(FIXTURES, 'corpus', 'pptx')).sort())
    out.push(join('corpus', 'pptx', f));
  return out;
}

describe('refig audit --threads', () => {
  it('writes the same lines with 1 and 3 threads, in argument order', async () => {
    const files = [...fixtureDecks(), 'missing.pptx', 'corpus'];
    const audit = (threads: string) =>
      run(
        process.execPath,
        [join(REPO, 'evaluator/bin/refig.js'), 'audit', '--threads', threads, ...files],
        {
          cwd: FIXTURES,
          maxBuffer: 64 * 1024 * 1024,
        },
      );
    const one = await audit('1');
    const three = await audit('3');
    expect(three.stderr).toMatch(/^audit \(3 threads\): 158\/158 done/m);
    expect(one.stderr).toMatch(/^audit: 158\/158 done/m);
    expect(three.stdout).toBe(one.stdout);
    const lines = one.stdout.trimEnd().split('\n');
    expect(lines.map((l) => JSON.parse(l).file)).toEqual(files);
    expect(lines.filter((l) => JSON.parse(l).gate.passed).length).toBeGreaterThan(50);
  });
});
