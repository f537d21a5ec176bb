import { spawnSync } from 'node:child_process';
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

/** python-pptx is not installed by this repository (PyPI); the output.py snippet runs where it is. */
const HAS_PYTHON_PPTX =
  spawnSync('python3', ['-c', 'import pptx'], { stdio: 'ignore', timeout: 20_000 }).status === 0;

/**
 * Runs a documented snippet as the agent of a one-task `refig run`, from the checkout (where
 * toolbox/ is), as the quick start does; returns the task folder's files and the deck's slides.
 */
async function runSnippet(lang: 'js' | 'python', file: 'output.js' | 'output.py', start: string) {
  const snippet = new RegExp(
    `This snippet is run in a task folder by the tests:\\n\\n\`\`\`${lang}\\n([\\s\\S]*?)\`\`\``,
  ).exec(DOC.slice(DOC.indexOf(start)))?.[1];
  expect(snippet, `the documented ${file} snippet`).toBeDefined();
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
    snippet: snippet!,
    'm.yml':
      'team: T\ncontact: t@example.org\nmodel: { name: M, provider: p, snapshot: m-1 }\nharness: { name: H, version: "1.0" }\nworkflow: { name: w, kind: specialized }\nlicense: MIT\n',
  });
  cleanups.push(t.cleanup);
  let out = '';
  let err = '';
  const interpreter = lang === 'js' ? 'node' : 'python3';
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
      `cp ${join(t.dir, 'snippet')} "$FIGBOARD_OUT/${file}" && cd "$FIGBOARD_OUT" && ${interpreter} ${file}`,
    ],
    {
      cwd: ROOT,
      stdout: { write: (s: string) => ((out += s), true) } as NodeJS.WritableStream,
      stderr: { write: (s: string) => ((err += s), true) } as NodeJS.WritableStream,
      env: {
        PATH: process.env.PATH,
        ...(process.env.PYTHONPATH ? { PYTHONPATH: process.env.PYTHONPATH } : {}),
      },
      progress: () => silentProgress,
    },
  );
  const task = join(t.dir, 'submissions/e/artifacts/a');
  const files = (await readdir(task)).sort();
  const why = `${out}${err}${files.includes('error.log') ? await readFile(join(task, 'error.log'), 'utf8') : ''}`;
  expect(files, why).toEqual([file, 'output.pptx'].sort());
  expect(code).toBe(0);
  const limits = ReaderLimits.parse({});
  const bytes = await readFile(join(task, 'output.pptx'));
  return readPresentation(new PptxPackage(openZip(bytes, limits, 'output.pptx'), limits));
}

describe('the agent toolbox (docs/SUBMITTING.md, "The agent\'s libraries")', () => {
  it('runs the documented output.js snippet in a refig run task folder and gets a one-slide deck', async () => {
    const pres = await runSnippet('js', 'output.js', '**PptxGenJS (npm):**');
    expect(pres.slideCount).toBe(1);
  });

  // PyPI is out of reach in CI, so this runs where python-pptx is installed (a submitter's machine).
  it.skipIf(!HAS_PYTHON_PPTX)(
    'runs the documented output.py snippet (python-pptx) in a refig run task folder and gets a one-slide deck',
    async () => {
      const pres = await runSnippet('python', 'output.py', '**python-pptx (PyPI):**');
      expect(pres.slideCount).toBe(1);
    },
  );
});
