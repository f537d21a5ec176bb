/**
 * Builds suites/style-research: style references whose plotting code comes from public research
 * repositories under MIT, Apache-2.0 or BSD (issue 26 item 1). Each base in build/bases/ is the
 * repository's plotting function adapted to run self-contained on a CSV (the changes are listed
 * in its docstring), with its reference data in build/data/. Per task, like style-real:
 * reference.py + reference_data.csv, data.csv by the seeded variation-menu generator,
 * reference.png rendered once in the sandbox, criteria.json by the project's extractor, task.json
 * with repository, path, commit, license and paper; then suite.json.
 *
 * Run from the repository root:  npx tsx suites/style-research/build/build-style-research.ts [--only ID,…]
 * Deterministic (fixed seed, no clock, sorted keys): re-running writes the same bytes.
 */
import { copyFile, mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createBubblewrapSandbox } from '../../../evaluator/src/sandbox/bubblewrap-sandbox.ts';
import { StyleTask } from '../../../evaluator/src/schemas/style-task.schema.ts';
import { SuiteManifest } from '../../../evaluator/src/schemas/suite.schema.ts';
import { TargetDataSpec } from '../../../evaluator/src/schemas/target-data.schema.ts';
import { extractTaskCriteria } from '../../../evaluator/src/style/load-style-task.ts';
import { runFigureScript } from '../../../evaluator/src/style/run-figure-script.ts';
import { formatCsv, parseCsv } from '../../../evaluator/src/target-data/data-table.ts';
import { generateTargetData } from '../../../evaluator/src/target-data/generate-target-data.ts';
import { sha256File } from '../../../evaluator/src/util/sha256.ts';
import { stableStringify } from '../../../evaluator/src/util/stable-stringify.ts';
import { RESEARCH_BASES, type ResearchBase } from './catalog.ts';

const ROOT = join(import.meta.dirname, '..', '..', '..');
const SUITE = join(ROOT, 'suites', 'style-research');
const BUILD = join(SUITE, 'build');
const SUITE_SEED = 2108;
const json = (v: unknown) => `${stableStringify(v, 2)}\n`;

async function buildTask(b: ResearchBase, sandbox: ReturnType<typeof createBubblewrapSandbox>): Promise<void> {
  const dir = join(SUITE, b.id);
  await mkdir(dir, { recursive: true });
  await copyFile(join(BUILD, 'bases', `${b.id}.py`), join(dir, 'reference.py'));
  const refCsv = await readFile(join(BUILD, 'data', `${b.id}.csv`), 'utf8');
  await writeFile(join(dir, 'reference_data.csv'), refCsv);
  const spec = TargetDataSpec.parse(b.spec);
  const target = generateTargetData(spec, parseCsv(refCsv, `${b.id}/reference_data.csv`), b.id, SUITE_SEED);
  await writeFile(join(dir, 'data.csv'), formatCsv(target.table));
  const run = await runFigureScript(sandbox, {
    scriptPath: join(dir, 'reference.py'),
    scriptName: 'reference.py',
    dataFiles: [{ name: 'reference_data.csv', path: join(dir, 'reference_data.csv') }],
  });
  if (!run.ok) throw new Error(`${b.id}: reference.py failed: ${run.failure.code} ${run.failure.message}`);
  await writeFile(join(dir, 'reference.png'), run.png);
  await writeFile(join(dir, 'criteria.json'), json(await extractTaskCriteria(dir, b.id, sandbox)));
  const files: Record<string, string> = {};
  for (const f of ['data.csv', 'reference.png', 'reference.py', 'reference_data.csv']) files[f] = await sha256File(join(dir, f));
  const s = b.source;
  const task = StyleTask.parse({
    id: b.id,
    track: 'style',
    split: 'hand-curated',
    chartType: b.chartType,
    title: b.title,
    provenance: {
      kind: 'repository',
      source: `${s.repository}, ${s.path} (${s.func}); paper: ${s.paper}`,
      url: `https://github.com/${s.repository}/blob/${s.commit}/${s.path}`,
      license: s.license,
      licenseUrl: `https://github.com/${s.repository}/blob/${s.commit}/${s.licensePath}`,
      redistributable: true,
      repository: s.repository,
      path: s.path,
      commit: s.commit,
      note: `${s.copyright}; adapted by FigBoard (the changes are listed in reference.py). reference.py and reference_data.csv are evaluator-only.`,
    },
    data: { spec, variation: target.variation },
    files,
  });
  await writeFile(join(dir, 'task.json'), json(task));
}

async function main(): Promise<void> {
  const sandbox = createBubblewrapSandbox();
  const bases = [...RESEARCH_BASES].sort((a, b) => (a.id < b.id ? -1 : 1));
  const onlyArg = process.argv.indexOf('--only');
  const only = onlyArg > 0 ? new Set(process.argv[onlyArg + 1]!.split(',')) : null;
  let done = 0;
  const queue = bases.filter((b) => !only || only.has(b.id));
  await Promise.all(
    [0, 1].map(async () => {
      for (let b = queue.shift(); b; b = queue.shift()) {
        await buildTask(b, sandbox);
        process.stderr.write(`\r${++done} ${b.id}          `);
      }
    }),
  );
  process.stderr.write('\n');
  const repos = [...new Set(bases.map((b) => b.source.repository))];
  const manifest = SuiteManifest.parse({
    name: 'style-research',
    version: '1.0.0',
    track: 'style',
    description: `Style references from research code: ${bases.length} plotting functions of public research repositories (${repos.join(', ')}) adapted to a CSV, ${new Set(bases.map((b) => b.chartType)).size} chart types`,
    taskCount: bases.length,
    tasks: bases.map((b) => b.id),
    licensePolicy: `Each reference keeps its repository's license (${[...new Set(bases.map((b) => b.source.license))].join(', ')}; texts in this folder) and lists its changes. reference.py, reference_data.csv and criteria.json are evaluator-only.`,
    redistributableOnly: true,
    imageStats: null,
    fieldStats: null,
    remote: null,
    sample: false,
  });
  await writeFile(join(SUITE, 'suite.json'), json(manifest));
  process.stdout.write(`style-research: ${bases.length} tasks built\n`);
}

await main();
