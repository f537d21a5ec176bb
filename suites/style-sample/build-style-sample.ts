/**
 * Builds the bundled style-track sample data from the style calibration fixtures
 * (test/fixtures/calibration-style/, synthetic, MIT):
 *   1. suites/style-sample/<task>/ — task.json, reference.png, data.csv, reference.py,
 *      reference_data.csv and criteria.json (extracted in the sandbox from reference.py)
 *   2. suites/style-sample/suite.json
 *   3. submissions/sample-style-faithful and submissions/sample-style-default — the calibration
 *      `faithful` and `default` candidates as two sample entries (figure.py + output.png)
 *
 * Run from the repository root:  npx tsx suites/style-sample/build-style-sample.ts [--no-criteria]
 * Deterministic (no clock, sorted keys): re-running changes nothing. Results are not written
 * here; score the entries with  npx refig evaluate submissions/sample-style-faithful.
 */
import { copyFile, mkdir, readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { stringify as toYaml } from 'yaml';
import { createBubblewrapSandbox } from '../../evaluator/src/sandbox/bubblewrap-sandbox.ts';
import { SubmissionManifest } from '../../evaluator/src/schemas/submission.schema.ts';
import { SuiteManifest } from '../../evaluator/src/schemas/suite.schema.ts';
import { StyleTask } from '../../evaluator/src/schemas/style-task.schema.ts';
import { extractTaskCriteria } from '../../evaluator/src/style/load-style-task.ts';
import { sha256File } from '../../evaluator/src/util/sha256.ts';
import { stableStringify } from '../../evaluator/src/util/stable-stringify.ts';

const ROOT = join(import.meta.dirname, '..', '..');
const CAL = join(ROOT, 'test', 'fixtures', 'calibration-style');
const SUITE = join(ROOT, 'suites', 'style-sample');
const TASKS = ['style01-0', 'style01-1', 'style01-2'] as const;
const TASK_FILES = ['reference.png', 'data.csv', 'reference.py', 'reference_data.csv'];
const TITLES: Record<(typeof TASKS)[number], string> = {
  'style01-0': 'Grouped bars, serif type, bold title, earth-tone palette, dashed y grid, open top/right spines, frameless legend',
  'style01-1': 'Grouped bars, small sans type, Dark2 palette, dotted grid on both axes, framed legend, 5:4 figure',
  'style01-2': 'Grouped bars, monospace type, bold title, blue-magenta-orange palette, open top/right spines, wide 7:3 figure',
};
const json = (v: unknown) => `${stableStringify(v, 2)}\n`;

async function buildSuite(withCriteria: boolean): Promise<void> {
  const sandbox = withCriteria ? createBubblewrapSandbox() : null;
  for (const id of TASKS) {
    const from = join(CAL, id);
    const to = join(SUITE, id);
    await mkdir(to, { recursive: true });
    for (const f of TASK_FILES) await copyFile(join(from, f), join(to, f));
    const files: Record<string, string> = {};
    for (const f of [...TASK_FILES].sort()) files[f] = await sha256File(join(to, f));
    const task = StyleTask.parse({
      id,
      track: 'style',
      split: 'hand-curated',
      chartType: 'grouped-bar',
      title: TITLES[id],
      provenance: {
        kind: 'synthetic',
        source: `FigBoard style calibration set, task ${id} (test/fixtures/calibration-style/${id})`,
        url: null,
        license: 'MIT',
        note: 'reference.py and reference_data.csv are evaluator-only: a released suite withholds them.',
      },
      files,
    });
    await writeFile(join(to, 'task.json'), json(task));
    if (sandbox) {
      const criteria = await extractTaskCriteria(to, id, sandbox);
      await writeFile(join(to, 'criteria.json'), json(criteria));
    }
  }
  const manifest = SuiteManifest.parse({
    name: 'style-sample',
    version: '1.0.0',
    track: 'style',
    description: 'Sample style-transfer suite: the 3 synthetic style calibration tasks (grouped bars in three distinct styles)',
    taskCount: TASKS.length,
    tasks: [...TASKS],
    licensePolicy: 'Synthetic figures and scripts made for FigBoard (MIT). reference.py and reference_data.csv are evaluator-only.',
    redistributableOnly: true,
    imageStats: null,
    fieldStats: null,
    remote: null,
    sample: true,
  });
  await writeFile(join(SUITE, 'suite.json'), json(manifest));
}

const ENTRIES = [
  {
    id: 'sample-style-faithful',
    candidate: 'faithful',
    model: { name: 'Sample Model A', provider: 'sample', snapshot: 'sample-a-2026-01' },
    workflow: { name: 'style-skill', kind: 'specialized', description: 'Measures the reference style, then draws the target data in it (sample entry).' },
    note: 'The calibration `faithful` candidates: the reference style applied to the target data.',
  },
  {
    id: 'sample-style-default',
    candidate: 'default',
    model: { name: 'Sample Model A', provider: 'sample', snapshot: 'sample-a-2026-01' },
    workflow: { name: 'direct-prompt', kind: 'direct', description: 'One prompt: plot the data like the reference (sample entry).' },
    note: 'The calibration `default` candidates: the target data in matplotlib defaults, no style transferred.',
  },
] as const;

async function buildSubmissions(): Promise<void> {
  for (const e of ENTRIES) {
    const dir = join(ROOT, 'submissions', e.id);
    const lines: string[] = [];
    for (const task of TASKS) {
      const to = join(dir, 'artifacts', task);
      await mkdir(to, { recursive: true });
      for (const f of ['figure.py', 'output.png']) {
        await copyFile(join(CAL, task, 'candidates', e.candidate, f), join(to, f));
        lines.push(`${await sha256File(join(to, f))}  artifacts/${task}/${f}`);
      }
    }
    const manifest = SubmissionManifest.parse({
      id: e.id,
      track: 'style',
      suite: { name: 'style-sample', version: '1.0.0' },
      team: 'FigBoard maintainers (sample entry)',
      contact: 'figboard-maintainers',
      model: e.model,
      harness: { name: 'Sample Harness', version: '1.0.0' },
      workflow: e.workflow,
      attempts: 1,
      date: '2026-01-15',
      license: 'MIT',
      links: {},
      sample: true,
    });
    await writeFile(join(dir, 'submission.yml'), `# SAMPLE entry built from the FigBoard style calibration set (not a real agent run).\n${toYaml(manifest)}`);
    await writeFile(join(dir, 'SHA256SUMS'), `${lines.sort((a, b) => (a.slice(66) < b.slice(66) ? -1 : 1)).join('\n')}\n`);
    await writeFile(
      join(dir, 'README.md'),
      `# ${e.id} (sample)\n\nThis is a **sample** style-track submission for the sample suite \`suites/style-sample\`; it is not a real agent run.\n\n${e.note} Each \`figure.py\` reads \`data.csv\` from its working directory and saves \`output.png\`.\n\nRebuilt by \`npx tsx suites/style-sample/build-style-sample.ts\`; scored by \`npx refig evaluate submissions/${e.id}\`.\n`,
    );
  }
}

const withCriteria = !process.argv.includes('--no-criteria');
await buildSuite(withCriteria);
await buildSubmissions();
const made = await readdir(SUITE);
process.stdout.write(`style-sample: ${made.filter((f) => f.startsWith('style')).length} tasks${withCriteria ? ' with criteria' : ''}; 2 sample submissions\n`);
