/**
 * Builds the three style-real baseline entries under submissions/ (FigMirror-style baselines,
 * issue 16 item 6), each a real entry: figure.py + output.png per task, SHA256SUMS, submission.yml.
 *   baseline-style-reference-code  the task's reference.py with its data file swapped for data.csv
 *                                  (an upper reference: the reference's own code on the target data)
 *   baseline-style-default         the target data drawn as the same chart type in matplotlib's
 *                                  defaults (build/defaults/<kind>.py), no style transferred
 *   baseline-style-palette-font    the default plot with only the reference's palette, colour map
 *                                  and font family/size copied (read from criteria.json), nothing else
 * Each output.png is what the script draws in the project's sandbox. Scores are not written here:
 *   npx refig evaluate submissions/baseline-style-default   (and the other two)
 * Run from the repository root:  npx tsx suites/style-real/build/build-baselines.ts
 */
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { stringify as toYaml } from 'yaml';
import { createBubblewrapSandbox } from '../../../evaluator/src/sandbox/bubblewrap-sandbox.ts';
import { StyleCriteria } from '../../../evaluator/src/schemas/style-task.schema.ts';
import { SubmissionManifest } from '../../../evaluator/src/schemas/submission.schema.ts';
import { runFigureScript } from '../../../evaluator/src/style/run-figure-script.ts';
import { sha256File } from '../../../evaluator/src/util/sha256.ts';
import { type PlannedTask, plannedTasks } from './build-style-real.ts';

const ROOT = join(import.meta.dirname, '..', '..', '..');
const SUITE = join(ROOT, 'suites', 'style-real');
const DEFAULTS = join(import.meta.dirname, 'defaults');

type Kind = 'reference-code' | 'default' | 'palette-font';
const ENTRIES: {
  id: string;
  kind: Kind;
  workflow: { name: string; kind: 'direct' | 'specialized' | 'other'; description: string };
}[] = [
  {
    id: 'baseline-style-reference-code',
    kind: 'reference-code',
    workflow: {
      name: 'reference-code',
      kind: 'other',
      description:
        "Upper reference: the task's own reference.py with its data file swapped for data.csv (no agent; evaluator-only code, so no method can do this).",
    },
  },
  {
    id: 'baseline-style-default',
    kind: 'default',
    workflow: {
      name: 'default-style',
      kind: 'other',
      description:
        "Lower reference: the target data drawn as the reference's chart type in matplotlib's defaults; no style transferred.",
    },
  },
  {
    id: 'baseline-style-palette-font',
    kind: 'palette-font',
    workflow: {
      name: 'palette-font',
      kind: 'other',
      description:
        "Heuristic: the default-style plot with only the reference's series palette, colour map and font family and size copied; nothing else.",
    },
  },
];

/** Python literal for a list of strings. */
const pyList = (xs: string[]) => `[${xs.map((x) => `'${x.replace(/'/g, "\\'")}'`).join(', ')}]`;

function mode<T>(xs: T[]): T | null {
  const counts = new Map<T, number>();
  let best: T | null = null;
  for (const x of xs) {
    counts.set(x, (counts.get(x) ?? 0) + 1);
    if (best === null || counts.get(x)! > counts.get(best)!) best = x;
  }
  return best;
}

/** The palette, colour map and font the heuristic copies from the task's criteria. */
export function paletteAndFont(criteria: StyleCriteria): {
  palette: string[];
  cmap: string | null;
  family: string | null;
  size: number | null;
} {
  const palette = [...new Set(criteria.reference.axes.flatMap((a) => a.palette))]
    .filter((c) => /^#[0-9a-f]{6}$/i.test(c))
    .slice(0, 10);
  const cmap = criteria.reference.axes.flatMap((a) => a.colormaps)[0]?.name ?? null;
  const fam = criteria.criteria.filter((c) => /^text\.[a-z-]+\.family$/.test(c.id));
  const size = criteria.criteria.filter((c) => /^text\.(xtick|ytick|xlabel|ylabel|legend)\.size$/.test(c.id));
  return {
    palette,
    cmap,
    family: (mode(fam.map((c) => String(c.expected))) as string | null) ?? null,
    size: (mode(size.map((c) => Number(c.expected))) as number | null) ?? null,
  };
}

async function figureScript(kind: Kind, t: PlannedTask): Promise<string> {
  const dir = join(SUITE, t.id);
  if (kind === 'reference-code') {
    const src = await readFile(join(dir, 'reference.py'), 'utf8');
    const from = "DATA = 'reference_data.csv'";
    if (src.split(from).length !== 2) throw new Error(`${t.id}: reference.py must name its data once as ${from}`);
    return `# FigBoard baseline "reference code + target data": task ${t.id}'s reference.py with its data file swapped.\n${src.replace(from, "DATA = 'data.csv'")}`;
  }
  const prelude = await readFile(join(DEFAULTS, '_prelude.py'), 'utf8');
  let body = await readFile(join(DEFAULTS, `${t.base.defaultKind}.py`), 'utf8');
  if (t.base.spec.gridColumns) body = body.replace('COLS = 2', `COLS = ${t.base.spec.gridColumns}`);
  let head = prelude;
  let title = `FigBoard baseline "default matplotlib style": task ${t.id} (${t.base.chartType}) drawn in matplotlib's defaults.`;
  if (kind === 'palette-font') {
    const criteria = StyleCriteria.parse(JSON.parse(await readFile(join(dir, 'criteria.json'), 'utf8')));
    const pf = paletteAndFont(criteria);
    const rc: string[] = [];
    if (pf.family) rc.push(`'font.family': '${pf.family}'`);
    if (pf.size) rc.push(`'font.size': ${pf.size}`);
    head = head
      .replace('PALETTE = None', `PALETTE = ${pf.palette.length ? pyList(pf.palette) : 'None'}`)
      .replace('CMAP = None', `CMAP = ${pf.cmap ? `'${pf.cmap}'` : 'None'}`)
      .replace('RC = {}', `RC = {${rc.join(', ')}}`);
    title = `FigBoard baseline "palette + font": task ${t.id} (${t.base.chartType}) in matplotlib's defaults with only the reference's palette, colour map and font copied.`;
  }
  return `"""${title}"""\n${head}\n${body}`;
}

async function main(): Promise<void> {
  const tasks = plannedTasks();
  const sandbox = createBubblewrapSandbox();
  const suite = JSON.parse(await readFile(join(SUITE, 'suite.json'), 'utf8'));
  for (const e of ENTRIES) {
    const dir = join(ROOT, 'submissions', e.id);
    await rm(join(dir, 'artifacts'), { recursive: true, force: true });
    const lines: string[] = [];
    const queue = [...tasks];
    let done = 0;
    await Promise.all(
      [0, 1].map(async () => {
        for (let t = queue.shift(); t; t = queue.shift()) {
          const to = join(dir, 'artifacts', t.id);
          await mkdir(to, { recursive: true });
          await writeFile(join(to, 'figure.py'), await figureScript(e.kind, t));
          const run = await runFigureScript(sandbox, {
            scriptPath: join(to, 'figure.py'),
            dataFiles: [{ name: 'data.csv', path: join(SUITE, t.id, 'data.csv') }],
          });
          if (!run.ok) throw new Error(`${e.id}/${t.id}: ${run.failure.code} ${run.failure.message}`);
          await writeFile(join(to, 'output.png'), run.png);
          for (const f of ['figure.py', 'output.png'])
            lines.push(`${await sha256File(join(to, f))}  artifacts/${t.id}/${f}`);
          process.stderr.write(`\r${e.id}: ${++done}/${tasks.length}   `);
        }
      }),
    );
    process.stderr.write('\n');
    const manifest = SubmissionManifest.parse({
      id: e.id,
      track: 'style',
      suite: { name: 'style-real', version: suite.version },
      team: 'FigBoard maintainers (baseline)',
      contact: 'figboard-maintainers',
      model: { name: 'no model', provider: 'figboard', snapshot: 'style-real-baselines-1' },
      harness: { name: 'FigBoard baseline script', version: '1.0.0' },
      workflow: e.workflow,
      attempts: 1,
      date: '2026-12-01',
      license: 'MIT',
      links: {},
      sample: false,
      // reference lines, never ranked: the task's own code is the upper one, the others floors
      role: e.id === 'baseline-style-reference-code' ? 'upper-reference' : 'baseline',
    });
    await writeFile(join(dir, 'submission.yml'), `# Scripted baseline for suites/style-real (not an agent run); rebuilt by suites/style-real/build/build-baselines.ts.\n${toYaml(manifest)}`);
    await writeFile(join(dir, 'SHA256SUMS'), `${lines.sort((a, b) => (a.slice(66) < b.slice(66) ? -1 : 1)).join('\n')}\n`);
    await writeFile(
      join(dir, 'README.md'),
      `# ${e.id}\n\nA scripted baseline for \`suites/style-real\`, not an agent run. ${e.workflow.description}\n\nEach \`artifacts/<task>/figure.py\` reads \`data.csv\` from its working directory and saves \`output.png\`; the PNG is what the script draws in FigBoard's sandbox.\n\nRebuilt by \`npx tsx suites/style-real/build/build-baselines.ts\`; scored by \`npx refig evaluate submissions/${e.id}\`.\n`,
    );
  }
}

await main();
