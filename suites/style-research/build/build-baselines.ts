/**
 * Builds the two bounding baseline entries of suites/style-research, like style-real's:
 *   baseline-research-reference-code  each task's reference.py with its data file swapped for
 *                                     data.csv (the ceiling: the research code on the target data)
 *   baseline-research-default         the target data drawn as the same chart type in
 *                                     matplotlib's defaults (style-real/build/defaults/), the floor
 * The grounded-measurement entry between them is written by suites/scripts/run-style-measured.ts
 * (--suite style-research --id baseline-research-measured). Scores are not written here:
 *   npx refig evaluate submissions/<id>
 * Run from the repository root:  npx tsx suites/style-research/build/build-baselines.ts [--only ID,…]
 * With --only, only those tasks' artifacts are rewritten and their SHA256SUMS lines replaced; the
 * other tasks' artifacts and lines are kept.
 */
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { stringify as toYaml } from 'yaml';
import { createBubblewrapSandbox } from '../../../evaluator/src/sandbox/bubblewrap-sandbox.ts';
import { SubmissionManifest } from '../../../evaluator/src/schemas/submission.schema.ts';
import { runFigureScript } from '../../../evaluator/src/style/run-figure-script.ts';
import { sha256File } from '../../../evaluator/src/util/sha256.ts';
import { RESEARCH_BASES, type ResearchBase } from './catalog.ts';

const ROOT = join(import.meta.dirname, '..', '..', '..');
const SUITE = join(ROOT, 'suites', 'style-research');
const DEFAULTS = join(ROOT, 'suites', 'style-real', 'build', 'defaults');

/** The default-style body that draws a base's data layout as its chart type. */
function defaultKind(b: ResearchBase): string {
  if (b.defaultKind) return b.defaultKind;
  if (b.chartType === 'band') return b.spec.roles.includes('lo') ? 'band' : 'band-err';
  if (b.chartType === 'scatter') return 'scatter-xy';
  if (b.chartType === 'interval-estimate') return 'grouped-bar';
  const same: Record<string, string> = { heatmap: 'heatmap', histogram: 'hist', box: 'box', violin: 'violin', 'grouped-bar': 'grouped-bar', errorbar: 'errorbar', 'horizontal-bar': 'barh' };
  return same[b.chartType] ?? 'line';
}

const ENTRIES = [
  {
    id: 'baseline-research-reference-code',
    kind: 'reference-code' as const,
    role: 'upper-reference' as const,
    workflow: {
      name: 'reference-code',
      kind: 'other' as const,
      description:
        "Upper reference: the task's own reference.py (research plotting code) with its data file swapped for data.csv (no agent; evaluator-only code, so no method can do this).",
    },
  },
  {
    id: 'baseline-research-default',
    kind: 'default' as const,
    role: 'baseline' as const,
    workflow: {
      name: 'default-style',
      kind: 'other' as const,
      description:
        "Lower reference: the target data drawn as the reference's chart type in matplotlib's defaults; no style transferred.",
    },
  },
];

async function figureScript(kind: 'reference-code' | 'default', b: ResearchBase): Promise<string> {
  if (kind === 'reference-code') {
    const src = await readFile(join(SUITE, b.id, 'reference.py'), 'utf8');
    const from = "DATA = 'reference_data.csv'";
    if (src.split(from).length !== 2) throw new Error(`${b.id}: reference.py must name its data once as ${from}`);
    return `# FigBoard baseline "reference code + target data": task ${b.id}'s reference.py with its data file swapped.\n${src.replace(from, "DATA = 'data.csv'")}`;
  }
  const prelude = await readFile(join(DEFAULTS, '_prelude.py'), 'utf8');
  const body = await readFile(join(DEFAULTS, `${defaultKind(b)}.py`), 'utf8');
  return `"""FigBoard baseline "default matplotlib style": task ${b.id} (${b.chartType}) drawn in matplotlib's defaults."""\n${prelude}\n${body}`;
}

async function main(): Promise<void> {
  const sandbox = createBubblewrapSandbox();
  const suite = JSON.parse(await readFile(join(SUITE, 'suite.json'), 'utf8')) as { version: string };
  const onlyArg = process.argv.indexOf('--only');
  const only = onlyArg > 0 ? new Set(process.argv[onlyArg + 1]!.split(',')) : null;
  const bases = [...RESEARCH_BASES].sort((a, b) => (a.id < b.id ? -1 : 1)).filter((b) => !only || only.has(b.id));
  for (const id of only ?? []) if (!bases.some((b) => b.id === id)) throw new Error(`--only: no catalog entry ${id}`);
  for (const e of ENTRIES) {
    const dir = join(ROOT, 'submissions', e.id);
    const lines: string[] = [];
    if (only) {
      const old = await readFile(join(dir, 'SHA256SUMS'), 'utf8').catch(() => '');
      for (const l of old.split('\n')) if (l && !only.has(l.slice(76).split('/')[0]!)) lines.push(l);
      for (const id of only) await rm(join(dir, 'artifacts', id), { recursive: true, force: true });
    } else await rm(join(dir, 'artifacts'), { recursive: true, force: true });
    const queue = [...bases];
    await Promise.all(
      [0, 1].map(async () => {
        for (let b = queue.shift(); b; b = queue.shift()) {
          const to = join(dir, 'artifacts', b.id);
          await mkdir(to, { recursive: true });
          await writeFile(join(to, 'figure.py'), await figureScript(e.kind, b));
          const run = await runFigureScript(sandbox, {
            scriptPath: join(to, 'figure.py'),
            dataFiles: [{ name: 'data.csv', path: join(SUITE, b.id, 'data.csv') }],
          });
          if (!run.ok) throw new Error(`${e.id}/${b.id}: ${run.failure.code} ${run.failure.message}`);
          await writeFile(join(to, 'output.png'), run.png);
          for (const f of ['figure.py', 'output.png']) lines.push(`${await sha256File(join(to, f))}  artifacts/${b.id}/${f}`);
        }
      }),
    );
    if (only) {
      process.stderr.write(`${e.id}: ${only.size} tasks (--only: manifest and SHA256SUMS left as they are)\n`);
      continue;
    }
    const manifest = SubmissionManifest.parse({
      id: e.id,
      track: 'style',
      suite: { name: 'style-research', version: suite.version },
      team: 'FigBoard maintainers (baseline)',
      contact: 'figboard-maintainers',
      model: { name: 'no model', provider: 'figboard', snapshot: 'style-research-baselines-1' },
      harness: { name: 'FigBoard baseline script', version: '1.0.0' },
      workflow: e.workflow,
      attempts: 1,
      date: '2026-12-03',
      license: 'MIT',
      links: {},
      sample: false,
      role: e.role,
    });
    await writeFile(
      join(dir, 'submission.yml'),
      `# Scripted baseline for suites/style-research (not an agent run); rebuilt by suites/style-research/build/build-baselines.ts.\n${toYaml(manifest)}`,
    );
    await writeFile(join(dir, 'SHA256SUMS'), `${lines.sort((a, c) => (a.slice(66) < c.slice(66) ? -1 : 1)).join('\n')}\n`);
    await writeFile(
      join(dir, 'README.md'),
      `# ${e.id}\n\nA scripted baseline for \`suites/style-research\`, not an agent run. ${e.workflow.description}\n\nRebuilt by \`npx tsx suites/style-research/build/build-baselines.ts\`; scored by \`npx refig evaluate submissions/${e.id}\`.\n`,
    );
    process.stderr.write(`${e.id}: ${bases.length} tasks\n`);
  }
}

await main();
