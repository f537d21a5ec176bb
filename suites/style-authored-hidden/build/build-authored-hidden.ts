/**
 * Builds suites/style-authored-hidden, the style split that is hidden in substance (issue 26
 * item 3): references whose plotting code was written for FigBoard and exists nowhere public.
 * Their sources live outside the repository (a maintainer's folder, or `refig suite unseal` of
 * this suite into a scratch copy); the plaintext never enters the working tree:
 *   1. per task, in a scratch folder outside the repository: reference.py and reference_data.csv
 *      from the sources, data.csv by the seeded variation-menu generator (this suite's seed),
 *      reference.png rendered once in the sandbox, criteria.json by the project's extractor
 *   2. into the suite: task.json, reference.png, data.csv only; sealed.json from the scratch
 *      folder (`sealSuite(…, { from })`) with the suite key; the scratch folder is deleted
 *   3. test/fixtures/style-authored-canary.json: SHA-256 of the sealed files' distinctive lines
 *      (none of them in any committed file when built), for the canary test
 *   4. the scripted entry baseline-style-authored-default (the target data in matplotlib's defaults)
 *
 * The sources folder holds catalog.json ([{ id, chartType, defaultKind, title, spec }]) and
 * <id>/reference.py + <id>/reference_data.csv. Run from the repository root, with the key:
 *   FIGBOARD_SUITE_KEY=… npx tsx suites/style-authored-hidden/build/build-authored-hidden.ts --sources DIR [--only ID,…]
 * With --only, the other tasks keep their folders, sealed files, baseline artifacts and canary lines.
 * Deterministic: the same key and sources give the same bytes.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { copyFile, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
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

const ROOT = join(import.meta.dirname, '..', '..', '..');
const NAME = 'style-authored-hidden';
const SUITE = join(ROOT, 'suites', NAME);
const DEFAULTS = join(ROOT, 'suites', 'style-real', 'build', 'defaults');
const CANARY = join(ROOT, 'test', 'fixtures', 'style-authored-canary.json');
/** Its own seed, so its target data is neither style-real's nor style-hidden's. */
const SUITE_SEED = 26;
/** Lines shorter than this are too common to prove a leak (imports, blank lines, brackets). */
const CANARY_MIN_LENGTH = 24;
const json = (v: unknown) => `${stableStringify(v, 2)}\n`;

interface Entry {
  id: string;
  chartType: string;
  defaultKind: string;
  title: string;
  spec: Record<string, unknown>;
}

/** SHA-256 of a trimmed line, the unit the canary compares. */
export const lineHash = (line: string) => createHash('sha256').update(line.trim()).digest('hex');

/** Hashes of every line of every tracked file as checked out (text files; the canary's haystack). */
function committedLineHashes(): Set<string> {
  const out = new Set<string>();
  const files = execFileSync('git', ['ls-files', '-z'], { cwd: ROOT, encoding: 'utf8' }).split('\0').filter(Boolean);
  for (const f of files) {
    let text: string;
    try {
      text = readFileSync(join(ROOT, f), 'utf8');
    } catch {
      continue; // deleted in the working tree
    }
    if (text.includes('\0')) continue;
    for (const l of text.split('\n')) out.add(lineHash(l));
  }
  return out;
}

async function main(): Promise<void> {
  const raw = process.env.FIGBOARD_SUITE_KEY;
  if (!raw) throw new Error('set FIGBOARD_SUITE_KEY (the repository secret) to seal the split');
  const key = parseSuiteKey(raw, 'FIGBOARD_SUITE_KEY');
  const si = process.argv.indexOf('--sources');
  if (si < 0 || !process.argv[si + 1]) throw new Error('--sources DIR (catalog.json and <id>/reference.py) is required');
  const sources = process.argv[si + 1]!;
  const catalog = (JSON.parse(await readFile(join(sources, 'catalog.json'), 'utf8')) as Entry[]).sort((a, b) =>
    a.id < b.id ? -1 : 1,
  );
  const oi = process.argv.indexOf('--only');
  const only = oi > 0 ? new Set(process.argv[oi + 1]!.split(',')) : null;
  const scratch = await mkdtemp(join(tmpdir(), 'figboard-authored-'));
  const sandbox = createBubblewrapSandbox();
  const baseline = join(ROOT, 'submissions', 'baseline-style-authored-default');
  if (!only) await rm(join(baseline, 'artifacts'), { recursive: true, force: true });
  const canaryLines = new Set<string>();
  try {
    let done = 0;
    const queue = catalog.filter((e) => !only || only.has(e.id));
    await Promise.all(
      [0, 1].map(async () => {
        for (let e = queue.shift(); e; e = queue.shift()) {
          const work = join(scratch, e.id);
          const dir = join(SUITE, e.id);
          await mkdir(work, { recursive: true });
          await rm(dir, { recursive: true, force: true });
          await mkdir(dir, { recursive: true });
          for (const f of ['reference.py', 'reference_data.csv']) await copyFile(join(sources, e.id, f), join(work, f));
          const refCsv = await readFile(join(work, 'reference_data.csv'), 'utf8');
          const spec = TargetDataSpec.parse(e.spec);
          const target = generateTargetData(spec, parseCsv(refCsv, `${e.id}/reference_data.csv`), e.id, SUITE_SEED);
          await writeFile(join(work, 'data.csv'), formatCsv(target.table));
          const run = await runFigureScript(sandbox, {
            scriptPath: join(work, 'reference.py'),
            scriptName: 'reference.py',
            dataFiles: [{ name: 'reference_data.csv', path: join(work, 'reference_data.csv') }],
          });
          if (!run.ok) throw new Error(`${e.id}: reference.py failed: ${run.failure.code} ${run.failure.message}`);
          await writeFile(join(work, 'reference.png'), run.png);
          await writeFile(join(work, 'criteria.json'), json(await extractTaskCriteria(work, e.id, sandbox)));
          const files: Record<string, string> = {};
          for (const f of ['data.csv', 'reference.png', 'reference.py', 'reference_data.csv'])
            files[f] = await sha256File(join(work, f));
          const task = StyleTask.parse({
            id: e.id,
            track: 'style',
            split: 'hand-curated',
            chartType: e.chartType,
            title: e.title,
            provenance: {
              kind: 'synthetic',
              source: 'Authored for FigBoard (new plotting code, not derived from a public script); hidden split',
              url: null,
              license: 'MIT',
              redistributable: true,
              note: 'Hidden in substance: reference.py, reference_data.csv and criteria.json exist only sealed in ../sealed.json; nothing public recomputes them.',
            },
            data: { spec, variation: target.variation },
            files,
          });
          await writeFile(join(dir, 'task.json'), json(task));
          for (const f of ['reference.png', 'data.csv']) await copyFile(join(work, f), join(dir, f));
          for (const f of ['reference.py', 'reference_data.csv'])
            for (const l of (await readFile(join(work, f), 'utf8')).split('\n'))
              if (l.trim().length >= CANARY_MIN_LENGTH) canaryLines.add(l);

          // The default-style baseline: the target data as the same chart type in matplotlib's defaults.
          const to = join(baseline, 'artifacts', e.id);
          await rm(to, { recursive: true, force: true });
          await mkdir(to, { recursive: true });
          const prelude = await readFile(join(DEFAULTS, '_prelude.py'), 'utf8');
          let body = await readFile(join(DEFAULTS, `${e.defaultKind}.py`), 'utf8');
          const cols = (spec as { gridColumns?: number }).gridColumns;
          if (cols) body = body.replace('COLS = 2', `COLS = ${cols}`);
          await writeFile(
            join(to, 'figure.py'),
            `"""FigBoard baseline "default matplotlib style": task ${e.id} (${e.chartType}) drawn in matplotlib's defaults."""\n${prelude}\n${body}`,
          );
          const b = await runFigureScript(sandbox, {
            scriptPath: join(to, 'figure.py'),
            dataFiles: [{ name: 'data.csv', path: join(dir, 'data.csv') }],
          });
          if (!b.ok) throw new Error(`baseline ${e.id}: ${b.failure.code} ${b.failure.message}`);
          await writeFile(join(to, 'output.png'), b.png);
          process.stderr.write(`\r${++done}/${catalog.length} ${e.id}          `);
        }
      }),
    );
    process.stderr.write('\n');
    const ids = catalog.map((e) => e.id);
    const manifest = SuiteManifest.parse({
      name: NAME,
      version: '1.0.0',
      track: 'style',
      description: `Hidden in substance: ${ids.length} style references authored for FigBoard over ${new Set(catalog.map((e) => e.chartType)).size} chart types; reference code and criteria exist only sealed (sealed.json)`,
      taskCount: ids.length,
      tasks: ids,
      licensePolicy:
        'MIT (authored for FigBoard). Hidden split: reference.py, reference_data.csv and criteria.json exist only sealed; task.json, reference.png and data.csv are public.',
      redistributableOnly: true,
      imageStats: null,
      fieldStats: null,
      remote: null,
      sample: false,
    });
    await writeFile(join(SUITE, 'suite.json'), json(manifest));
    if (!only) await rm(join(SUITE, 'sealed.json'), { force: true });
    const sealed = await sealSuite(SUITE, key, { from: scratch, ...(only ? { tasks: [...only] } : {}) });
    process.stdout.write(`${NAME}: ${Object.keys(sealed.sealed).length} tasks sealed from a scratch folder\n`);
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }

  // Only lines no committed file holds today: a later match is a leak, not a shared idiom.
  const committed = committedLineHashes();
  // The public part (a data.csv header can equal its reference's) is no leak either.
  for (const id of catalog.map((e) => e.id))
    for (const f of ['task.json', 'data.csv'])
      for (const l of (await readFile(join(SUITE, id, f), 'utf8')).split('\n')) committed.add(lineHash(l));
  const kept = only ? (JSON.parse(await readFile(CANARY, 'utf8')) as { hashes: string[] }).hashes : [];
  const hashes = [...kept, ...[...canaryLines].map(lineHash)].filter((h) => !committed.has(h));
  await writeFile(
    CANARY,
    json({
      note: `SHA-256 of the trimmed lines (≥ ${CANARY_MIN_LENGTH} characters) of suites/${NAME}'s sealed reference.py and reference_data.csv files that no committed file held when the suite was built (build-authored-hidden.ts). The plaintext is not here.`,
      suite: NAME,
      minLength: CANARY_MIN_LENGTH,
      hashes: [...new Set(hashes)].sort(),
    }),
  );

  const entry = SubmissionManifest.parse({
    id: 'baseline-style-authored-default',
    track: 'style',
    suite: { name: NAME, version: '1.0.0' },
    team: 'FigBoard maintainers (baseline)',
    contact: 'figboard-maintainers',
    model: { name: 'no model', provider: 'figboard', snapshot: 'style-authored-baselines-1' },
    harness: { name: 'FigBoard baseline script', version: '1.0.0' },
    workflow: {
      name: 'default-style',
      kind: 'other',
      description:
        "Lower reference: the target data drawn as the reference's chart type in matplotlib's defaults; no style transferred.",
    },
    attempts: 1,
    date: '2026-12-03',
    license: 'MIT',
    links: {},
    sample: false,
  });
  await writeFile(
    join(baseline, 'submission.yml'),
    `# Scripted baseline for suites/${NAME} (not an agent run); rebuilt by suites/${NAME}/build/build-authored-hidden.ts.\n${toYaml(entry)}`,
  );
  const sums: string[] = [];
  for (const e of catalog)
    for (const f of ['figure.py', 'output.png'])
      sums.push(`${await sha256File(join(baseline, 'artifacts', e.id, f))}  artifacts/${e.id}/${f}`);
  await writeFile(join(baseline, 'SHA256SUMS'), `${sums.sort((a, c) => (a.slice(66) < c.slice(66) ? -1 : 1)).join('\n')}\n`);
  await writeFile(
    join(baseline, 'README.md'),
    `# baseline-style-authored-default\n\nA scripted baseline for \`suites/${NAME}\` (the hidden split authored for FigBoard), not an agent run: the target data drawn as the reference's chart type in matplotlib's defaults. Its records are made by a run that has the suite key; they show scores and counts only (docs/SECURITY.md).\n\nRebuilt by \`suites/${NAME}/build/build-authored-hidden.ts\`; scored by \`FIGBOARD_SUITE_KEY=… npx refig evaluate submissions/baseline-style-authored-default\`.\n`,
  );
}

await main();
