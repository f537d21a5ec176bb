/**
 * Builds suites/style-hidden, FigBoard's hidden style split (issue 16 item 3): four new
 * references made like suites/style-real's (a Matplotlib gallery base under a treatment no
 * style-real task uses, target data by the seeded variation-menu generator with its own seed),
 * then seals each task's evaluator-only files (criteria.json, reference.py, reference_data.csv)
 * into sealed.json with the repository's suite key and removes the plaintext, so the public
 * checkout holds only what a method may see (task.json, reference.png, data.csv). Also writes the
 * scripted entry baseline-style-hidden-default (the target data in matplotlib's defaults).
 *
 * Run from the repository root, with the key (a maintainer's secret; never commit it):
 *   FIGBOARD_SUITE_KEY=$(cat /path/to/key) npx tsx suites/style-hidden/build/build-style-hidden.ts
 *   FIGBOARD_SUITE_KEY=… npx refig evaluate submissions/baseline-style-hidden-default
 * Deterministic: the same key and sources give the same bytes.
 */
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { stringify as toYaml } from 'yaml';
import { createBubblewrapSandbox } from '../../../evaluator/src/sandbox/bubblewrap-sandbox.ts';
import { StyleTask } from '../../../evaluator/src/schemas/style-task.schema.ts';
import { SubmissionManifest } from '../../../evaluator/src/schemas/submission.schema.ts';
import { SuiteManifest } from '../../../evaluator/src/schemas/suite.schema.ts';
import { TargetDataSpec } from '../../../evaluator/src/schemas/target-data.schema.ts';
import { extractTaskCriteria } from '../../../evaluator/src/style/load-style-task.ts';
import { runFigureScript } from '../../../evaluator/src/style/run-figure-script.ts';
import { sealSuite } from '../../../evaluator/src/suite/seal-suite.ts';
import { parseSuiteKey } from '../../../evaluator/src/suite/sealed-bundle.ts';
import { formatCsv, parseCsv } from '../../../evaluator/src/target-data/data-table.ts';
import { generateTargetData } from '../../../evaluator/src/target-data/generate-target-data.ts';
import { sha256File } from '../../../evaluator/src/util/sha256.ts';
import { stableStringify } from '../../../evaluator/src/util/stable-stringify.ts';
import { composeReference } from '../../style-real/build/build-style-real.ts';
import { BASES, TREATMENTS } from '../../style-real/build/catalog.ts';

const ROOT = join(import.meta.dirname, '..', '..', '..');
const SUITE = join(ROOT, 'suites', 'style-hidden');
const REAL_BUILD = join(ROOT, 'suites', 'style-real', 'build');
/** Its own seed, so its target data is not style-real's. */
const SUITE_SEED = 61;
const json = (v: unknown) => `${stableStringify(v, 2)}\n`;

/** Base × treatment pairs that no style-real task uses. */
const PLAN: [string, string][] = [
  ['errorbars', 'clean'],
  ['pie', 'editorial'],
  ['population', 'darkgrid'],
  ['violin', 'mono'],
];

async function main(): Promise<void> {
  const raw = process.env.FIGBOARD_SUITE_KEY;
  if (!raw) throw new Error('set FIGBOARD_SUITE_KEY (the repository secret) to seal the split');
  const key = parseSuiteKey(raw, 'FIGBOARD_SUITE_KEY');
  const sandbox = createBubblewrapSandbox();
  const ids: string[] = [];
  const baseline = join(ROOT, 'submissions', 'baseline-style-hidden-default');
  await rm(join(baseline, 'artifacts'), { recursive: true, force: true });
  const sums: string[] = [];
  for (const [baseId, treatmentId] of PLAN) {
    const base = BASES.find((b) => b.id === baseId)!;
    const treatment = TREATMENTS.find((t) => t.id === treatmentId)!;
    const id = `${baseId}-${treatmentId}`;
    ids.push(id);
    const dir = join(SUITE, id);
    await rm(dir, { recursive: true, force: true });
    await mkdir(dir, { recursive: true });
    await writeFile(join(dir, 'reference.py'), await composeReference(base, treatment));
    const refCsv = await readFile(join(REAL_BUILD, 'data', `${base.id}.csv`), 'utf8');
    await writeFile(join(dir, 'reference_data.csv'), refCsv);
    const spec = TargetDataSpec.parse(base.spec);
    const target = generateTargetData(spec, parseCsv(refCsv, `${id}/reference_data.csv`), id, SUITE_SEED);
    await writeFile(join(dir, 'data.csv'), formatCsv(target.table));
    const run = await runFigureScript(sandbox, {
      scriptPath: join(dir, 'reference.py'),
      scriptName: 'reference.py',
      dataFiles: [{ name: 'reference_data.csv', path: join(dir, 'reference_data.csv') }],
    });
    if (!run.ok) throw new Error(`${id}: reference.py failed: ${run.failure.code} ${run.failure.message}`);
    await writeFile(join(dir, 'reference.png'), run.png);
    await writeFile(join(dir, 'criteria.json'), json(await extractTaskCriteria(dir, id, sandbox)));
    const files: Record<string, string> = {};
    for (const f of ['data.csv', 'reference.png', 'reference.py', 'reference_data.csv'])
      files[f] = await sha256File(join(dir, f));
    const url = `https://github.com/matplotlib/matplotlib/blob/${base.source.commit}/${base.source.path}`;
    const task = StyleTask.parse({
      id,
      track: 'style',
      split: 'augmented',
      chartType: base.chartType,
      title: `${base.title}; rewritten: ${treatment.description}`,
      provenance: {
        kind: 'repository',
        source: `Matplotlib gallery, ${base.source.path} (augmented: '${treatment.id}' treatment; hidden split)`,
        url,
        license: 'Matplotlib License',
        licenseUrl: `https://github.com/matplotlib/matplotlib/blob/${base.source.commit}/LICENSE/LICENSE`,
        redistributable: true,
        repository: 'matplotlib/matplotlib',
        path: base.source.path,
        commit: base.source.commit,
        note: 'Copyright (c) 2012- Matplotlib Development Team; adapted by FigBoard. Hidden split: reference.py, reference_data.csv and criteria.json exist only sealed in ../sealed.json.',
      },
      data: { spec, variation: target.variation },
      files,
    });
    await writeFile(join(dir, 'task.json'), json(task));

    // The default-style baseline: the target data as the same chart type in matplotlib's defaults.
    const to = join(baseline, 'artifacts', id);
    await mkdir(to, { recursive: true });
    const prelude = await readFile(join(REAL_BUILD, 'defaults', '_prelude.py'), 'utf8');
    let body = await readFile(join(REAL_BUILD, 'defaults', `${base.defaultKind}.py`), 'utf8');
    if (base.spec.gridColumns) body = body.replace('COLS = 2', `COLS = ${base.spec.gridColumns}`);
    await writeFile(
      join(to, 'figure.py'),
      `"""FigBoard baseline "default matplotlib style": task ${id} (${base.chartType}) drawn in matplotlib's defaults."""\n${prelude}\n${body}`,
    );
    const b = await runFigureScript(sandbox, {
      scriptPath: join(to, 'figure.py'),
      dataFiles: [{ name: 'data.csv', path: join(dir, 'data.csv') }],
    });
    if (!b.ok) throw new Error(`baseline ${id}: ${b.failure.code} ${b.failure.message}`);
    await writeFile(join(to, 'output.png'), b.png);
    for (const f of ['figure.py', 'output.png'])
      sums.push(`${await sha256File(join(to, f))}  artifacts/${id}/${f}`);
    process.stderr.write(`${id}\n`);
  }
  ids.sort();
  const manifest = SuiteManifest.parse({
    name: 'style-hidden',
    version: '1.0.0',
    track: 'style',
    description: `Demonstration of the sealing mechanism, not a secret split: ${ids.length} references recombining public Matplotlib-gallery bases and treatments (recomputable), their criteria and reference code sealed in sealed.json; the hidden split is style-authored-hidden`,
    taskCount: ids.length,
    tasks: ids,
    licensePolicy:
      'Matplotlib License (PSF-based; redistribution allowed with notice and a summary of changes). Hidden split: reference.py, reference_data.csv and criteria.json are sealed (evaluator-only).',
    redistributableOnly: true,
    imageStats: null,
    fieldStats: null,
    remote: null,
    sample: false,
  });
  await writeFile(join(SUITE, 'suite.json'), json(manifest));
  await rm(join(SUITE, 'sealed.json'), { force: true });
  const sealed = await sealSuite(SUITE, key, { remove: true });
  process.stdout.write(
    `style-hidden: ${Object.keys(sealed.sealed).length} tasks sealed, ${sealed.removed.length} plaintext files removed\n`,
  );

  const entry = SubmissionManifest.parse({
    id: 'baseline-style-hidden-default',
    track: 'style',
    suite: { name: 'style-hidden', version: '1.0.0' },
    team: 'FigBoard maintainers (baseline)',
    contact: 'figboard-maintainers',
    model: { name: 'no model', provider: 'figboard', snapshot: 'style-hidden-baselines-1' },
    harness: { name: 'FigBoard baseline script', version: '1.0.0' },
    workflow: {
      name: 'default-style',
      kind: 'other',
      description:
        "Lower reference: the target data drawn as the reference's chart type in matplotlib's defaults; no style transferred.",
    },
    attempts: 1,
    date: '2026-12-01',
    license: 'MIT',
    links: {},
    sample: false,
    role: 'baseline',
  });
  await writeFile(
    join(baseline, 'submission.yml'),
    `# Scripted baseline for suites/style-hidden (not an agent run); rebuilt by suites/style-hidden/build/build-style-hidden.ts.\n${toYaml(entry)}`,
  );
  await writeFile(
    join(baseline, 'SHA256SUMS'),
    `${sums.sort((a, c) => (a.slice(66) < c.slice(66) ? -1 : 1)).join('\n')}\n`,
  );
  await writeFile(
    join(baseline, 'README.md'),
    '# baseline-style-hidden-default\n\nA scripted baseline for `suites/style-hidden` (the hidden style split), not an agent run: the target data drawn as the reference\'s chart type in matplotlib\'s defaults. Its records were made by a run that had the suite key; they show scores and counts only (docs/SECURITY.md).\n\nRebuilt by `suites/style-hidden/build/build-style-hidden.ts`; scored by `FIGBOARD_SUITE_KEY=… npx refig evaluate submissions/baseline-style-hidden-default`.\n',
  );
}

await main();
