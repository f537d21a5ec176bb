import { readFileSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { testdir } from '../../../../test/support/testdir.ts';
import { main } from '../main.ts';
import { openZip } from '../../pptx/open-zip.ts';
import { PptxPackage } from '../../pptx/pptx-package.ts';
import { readPresentation } from '../../pptx/read-presentation.ts';
import { ReaderLimits } from '../../pptx/reader-limits.ts';
import { silentProgress } from '../../util/progress.ts';

const ROOT = new URL('../../../../', import.meta.url).pathname;
const DOC = readFileSync(join(ROOT, 'docs/SUBMITTING.md'), 'utf8');
const SAMPLE = join(ROOT, 'suites/refig-sample/fig01-000');

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

describe('the agent toolbox (docs/SUBMITTING.md, "The agent\'s libraries")', () => {
  it('runs the documented output.js snippet in a refig run task folder and gets a one-slide deck', async () => {
    const snippet =
      /This snippet is run in a task folder by the tests:\n\n```js\n([\s\S]*?)```/.exec(DOC)?.[1];
    expect(snippet, 'the documented snippet').toBeDefined();
    const taskJson = JSON.parse(readFileSync(join(SAMPLE, 'task.json'), 'utf8'));
    const t = await testdir({
      'suites/s/suite.json': JSON.stringify({
        name: 's',
        version: '1.0.0',
        track: 'refig',
        description: 'x',
        taskCount: 1,
        tasks: ['a'],
        licensePolicy: 'x',
        imageStats: null,
      }),
      'suites/s/a/task.json': JSON.stringify({ ...taskJson, id: 'a', hasTruth: false }),
      'suites/s/a/source.png': readFileSync(join(SAMPLE, 'source.png')),
      'snippet.js': snippet!,
      'm.yml':
        'team: T\ncontact: t@example.org\nmodel: { name: M, provider: p, snapshot: m-1 }\nharness: { name: H, version: "1.0" }\nworkflow: { name: w, kind: specialized }\nlicense: MIT\n',
    });
    cleanups.push(t.cleanup);
    let out = '';
    let err = '';
    // run from the checkout (where toolbox/ is), as the quick start does
    const code = await main(
      [
        'node',
        'refig',
        'run',
        join(t.dir, 'submissions/e'),
        '--suite',
        join(t.dir, 'suites/s'),
        '--manifest',
        join(t.dir, 'm.yml'),
        '--work-dir',
        join(t.dir, 'work'),
        '--workflow',
        'specialized',
        '--',
        'sh',
        '-c',
        `cp ${join(t.dir, 'snippet.js')} "$FIGBOARD_OUT/output.js" && cd "$FIGBOARD_OUT" && node output.js`,
      ],
      {
        cwd: ROOT,
        stdout: { write: (s: string) => ((out += s), true) } as NodeJS.WritableStream,
        stderr: { write: (s: string) => ((err += s), true) } as NodeJS.WritableStream,
        env: { PATH: process.env.PATH },
        progress: () => silentProgress,
      },
    );
    const task = join(t.dir, 'submissions/e/artifacts/a');
    const files = (await readdir(task)).sort();
    expect(
      files,
      `${out}${err}${files.includes('error.log') ? await readFile(join(task, 'error.log'), 'utf8') : ''}\n(install the toolbox: npm ci --prefix toolbox)`,
    ).toEqual(['output.js', 'output.pptx']);
    expect(code).toBe(0);
    const limits = ReaderLimits.parse({});
    const bytes = await readFile(join(task, 'output.pptx'));
    const pres = readPresentation(new PptxPackage(openZip(bytes, limits, 'output.pptx'), limits));
    expect(pres.slideCount).toBe(1);
  });
});
