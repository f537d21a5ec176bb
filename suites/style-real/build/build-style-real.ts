/**
 * Builds suites/style-real from the catalog (build/catalog.ts):
 *   1. per task: reference.py (the base script, or the base rewritten with a treatment for the
 *      augmented split), reference_data.csv (build/data/<base>.csv, written by reference_data.py)
 *   2. data.csv: the target data, by the seeded variation-menu generator (FigMirror B.3)
 *   3. reference.png: reference.py run once in the sandbox under the project's harness
 *   4. criteria.json: extracted from reference.py in the sandbox (refig style extract-criteria)
 *   5. task.json (provenance, license, data layout and variation record, file hashes),
 *      suite.json, README.md
 *
 * Run from the repository root:  npx tsx suites/style-real/build/build-style-real.ts [--only ID,…]
 * Deterministic (fixed seed, no clock, sorted keys): re-running writes the same bytes.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
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
import { BASES, type Base, type Treatment, treatmentsFor } from './catalog.ts';
import { compareCodeUnits } from '../../../evaluator/src/util/compare-code-units.ts';

const ROOT = join(import.meta.dirname, '..', '..', '..');
const SUITE = join(ROOT, 'suites', 'style-real');
const BUILD = join(SUITE, 'build');
/** The suite seed of the target-data generator (each task mixes in its id). */
export const SUITE_SEED = 16;
const json = (v: unknown) => `${stableStringify(v, 2)}\n`;

export interface PlannedTask {
  id: string;
  base: Base;
  treatment: Treatment | null;
}

/** Every task of the suite: the hand-curated bases, then each base under its two treatments. */
export function plannedTasks(): PlannedTask[] {
  const out: PlannedTask[] = [];
  BASES.filter((b) => !b.excluded).forEach((base, i) => {
    if (base.curated) out.push({ id: base.id, base, treatment: null });
    for (const t of treatmentsFor(i, base)) out.push({ id: `${base.id}-${t.id}`, base, treatment: t });
  });
  return out.sort((a, b) => compareCodeUnits(a.id, b.id));
}

/** reference.py: the base script, with the treatment's assignments closing its style block. */
export async function composeReference(base: Base, treatment: Treatment | null): Promise<string> {
  const src = await readFile(join(BUILD, 'bases', `${base.id}.py`), 'utf8');
  if (!treatment) return src;
  const end = '# --- end style ---';
  if (!src.includes(end)) throw new Error(`bases/${base.id}.py has no "${end}" marker`);
  const docEnd = src.indexOf('"""', 3) + 3;
  const note = `\n# Augmented reference (FigBoard style-real): the construction above rewritten with the\n# '${treatment.id}' treatment: ${treatment.description}.\n`;
  const withNote = src.slice(0, docEnd) + note + src.slice(docEnd);
  return withNote.replace(end, `# treatment '${treatment.id}':\n${treatment.lines.join('\n')}\n${end}`);
}

function provenance(base: Base, treatment: Treatment | null) {
  const url = `https://github.com/matplotlib/matplotlib/blob/${base.source.commit}/${base.source.path}`;
  return {
    kind: 'repository' as const,
    source: `Matplotlib gallery, ${base.source.path}${treatment ? ` (augmented: '${treatment.id}' treatment)` : ''}`,
    url,
    license: 'Matplotlib License',
    licenseUrl: `https://github.com/matplotlib/matplotlib/blob/${base.source.commit}/LICENSE/LICENSE`,
    redistributable: true,
    repository: 'matplotlib/matplotlib',
    path: base.source.path,
    commit: base.source.commit,
    note: 'Copyright (c) 2012- Matplotlib Development Team; adapted by FigBoard (the changes are listed in reference.py). reference.py and reference_data.csv are evaluator-only.',
  };
}

async function buildTask(
  t: PlannedTask,
  sandbox: ReturnType<typeof createBubblewrapSandbox>,
): Promise<void> {
  const dir = join(SUITE, t.id);
  await mkdir(dir, { recursive: true });
  await writeFile(join(dir, 'reference.py'), await composeReference(t.base, t.treatment));
  const refCsv = await readFile(join(BUILD, 'data', `${t.base.id}.csv`), 'utf8');
  await writeFile(join(dir, 'reference_data.csv'), refCsv);
  const spec = TargetDataSpec.parse(t.base.spec);
  const target = generateTargetData(spec, parseCsv(refCsv, `${t.id}/reference_data.csv`), t.id, SUITE_SEED);
  await writeFile(join(dir, 'data.csv'), formatCsv(target.table));

  const run = await runFigureScript(sandbox, {
    scriptPath: join(dir, 'reference.py'),
    scriptName: 'reference.py',
    dataFiles: [{ name: 'reference_data.csv', path: join(dir, 'reference_data.csv') }],
  });
  if (!run.ok) throw new Error(`${t.id}: reference.py failed: ${run.failure.code} ${run.failure.message}`);
  await writeFile(join(dir, 'reference.png'), run.png);
  const criteria = await extractTaskCriteria(dir, t.id, sandbox);
  await writeFile(join(dir, 'criteria.json'), json(criteria));

  const files: Record<string, string> = {};
  for (const f of ['data.csv', 'reference.png', 'reference.py', 'reference_data.csv'])
    files[f] = await sha256File(join(dir, f));
  const task = StyleTask.parse({
    id: t.id,
    track: 'style',
    split: t.treatment ? 'augmented' : 'hand-curated',
    chartType: t.base.chartType,
    title: t.treatment ? `${t.base.title}; rewritten: ${t.treatment.description}` : t.base.title,
    provenance: provenance(t.base, t.treatment),
    data: { spec, variation: target.variation },
    files,
  });
  await writeFile(join(dir, 'task.json'), json(task));
}

function readme(tasks: PlannedTask[]): string {
  const rows = tasks.map((t) => {
    const b = t.base;
    const url = `https://github.com/matplotlib/matplotlib/blob/${b.source.commit}/${b.source.path}`;
    return `| \`${t.id}\` | ${t.treatment ? 'augmented' : 'hand-curated'} | ${b.chartType} | [${b.source.path.replace('galleries/examples/', '')}](${url}) | ${t.treatment ? t.treatment.id : '–'} |`;
  });
  return `# style-real — style-transfer references from the Matplotlib gallery

${tasks.length} references over ${new Set(tasks.map((t) => t.base.chartType)).size} chart types, each adapted from a Matplotlib gallery example
(Matplotlib License, PSF-based: copying, changing and redistributing are allowed with the copyright
notice and a summary of the changes; the text is in \`LICENSE-MATPLOTLIB.txt\`, each \`reference.py\` keeps
the notice and lists its changes, each \`task.json\` records repository, path, commit, URL and license).
Every reference is self-contained and offline: it reads its data from \`reference_data.csv\` (the
example's own values or seeded draws; a seeded stand-in where the example downloads a sample data
set) and was rendered once to \`reference.png\` by the project's sandboxed harness.

## Splits (FigMirror / PlotTwin-Bench §4.1, Appendix B.1–B.2)

- **hand-curated** (${tasks.filter((t) => !t.treatment).length}): gallery examples whose own design is worth mirroring, ported by hand
  (data moved to CSV, nothing about the look changed beyond what the data needs).
- **augmented** (${tasks.filter((t) => t.treatment).length}): gallery constructions rewritten toward a distinct, polished look — the
  paper enlarges its pool by an LLM rewriting existing plotting code (B.2); here the rewrite is
  deterministic: each base script's style block is closed with one of ${new Set(tasks.flatMap((t) => (t.treatment ? [t.treatment.id] : []))).size} documented treatments
  (\`build/catalog.ts\`), so the construction stays the gallery's and the style changes. Bases whose gallery
  design is close to matplotlib's defaults appear only here.

\`npx refig suite stats suites/style-real\` prints the chart-type and split tables (Figures 5 and 8).

## Target data (Appendix B.3, Table 4)

\`data.csv\` is written by the seeded generator in \`evaluator/src/target-data/\` (no LLM): for each task it
varies 1–3 of Table 4's 16 dimensions that apply to the task's data layout — at least one changes
shape, scale, sign, cardinality or density, so a label swap is never alone; grids stay complete —
draws new values from a story domain, and checks row width, role coverage, finite and plausible
values. \`task.json\` → \`data.variation\` records the dimensions, the domain, the reference and target
shapes, and one note per dimension. Three dimensions are never generated (x_axis_type,
dual_scale_requirement, hierarchy_introduction): each would change the chart construction the
reference encodes.

## Baselines

Three scripted entries answer this suite (\`build/build-baselines.ts\`; results committed, re-verified by
the main job): \`baseline-style-reference-code\` runs each task's own \`reference.py\` on \`data.csv\` (an
upper reference no method can reach: that code is evaluator-only), \`baseline-style-default\` draws
the target data as the same chart type in matplotlib's defaults, and \`baseline-style-palette-font\`
is the default plot with only the reference's palette, colour map and font copied.
\`npx tsx suites/style-real/build/report-baselines.ts\` prints S, S_code and S_vision of the three
per task and per chart type. \`build/build-planted.ts\` writes the held-out planted-defect candidates
of \`test/fixtures/style-planted\`.

One gallery base is kept out for now: \`polar_bar.py\` (\`build/bases/polar.py\`): the style harness
cannot describe polar axes yet (every run ends in \`invalid-output\`).

## Files

As in \`suites/style-sample\`: \`task.json\`, \`reference.png\` and \`data.csv\` are what a method sees;
\`reference.py\`, \`reference_data.csv\` and \`criteria.json\` are evaluator-only.

## Rebuilding

\`\`\`sh
/usr/bin/python3 suites/style-real/build/reference_data.py        # build/data/*.csv
npx tsx suites/style-real/build/build-style-real.ts               # tasks, criteria, suite.json, this README
npx tsx suites/style-real/build/build-baselines.ts                # the three baseline entries
\`\`\`

## Tasks

| task | split | chart type | gallery example | treatment |
|---|---|---|---|---|
${rows.join('\n')}
`;
}

async function main(): Promise<void> {
  const onlyArg = process.argv.indexOf('--only');
  const only = onlyArg > 0 ? new Set(process.argv[onlyArg + 1]!.split(',')) : null;
  const tasks = plannedTasks();
  const todo = tasks.filter((t) => !only || only.has(t.id));
  const sandbox = createBubblewrapSandbox();
  let done = 0;
  const queue = [...todo];
  await Promise.all(
    [0, 1].map(async () => {
      for (let t = queue.shift(); t; t = queue.shift()) {
        await buildTask(t, sandbox);
        process.stderr.write(`\r${++done}/${todo.length} ${t.id}                    `);
      }
    }),
  );
  process.stderr.write('\n');
  const manifest = SuiteManifest.parse({
    name: 'style-real',
    version: '1.0.0',
    track: 'style',
    description: `Style-transfer references adapted from the Matplotlib gallery: ${tasks.filter((t) => !t.treatment).length} hand-curated and ${tasks.filter((t) => t.treatment).length} augmented, ${new Set(tasks.map((t) => t.base.chartType)).size} chart types`,
    taskCount: tasks.length,
    tasks: tasks.map((t) => t.id),
    licensePolicy:
      'Matplotlib License (PSF-based; redistribution allowed with notice and a summary of changes). reference.py, reference_data.csv and criteria.json are evaluator-only.',
    redistributableOnly: true,
    imageStats: null,
    fieldStats: null,
    remote: null,
    sample: false,
  });
  await writeFile(join(SUITE, 'suite.json'), json(manifest));
  await writeFile(join(SUITE, 'README.md'), readme(tasks));
  process.stdout.write(`style-real: ${todo.length} of ${tasks.length} tasks built\n`);
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
