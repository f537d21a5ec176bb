/**
 * Runs the grounded-measurement baseline (baselines/style-measured/agent.py) on every task of a
 * style suite and writes a submission folder like the other scripted style baselines: per task
 * the agent's figure.py (written from reference.png's pixels and task.json alone) and the
 * output.png it draws in the project's sandbox on data.csv, SHA256SUMS, submission.yml, README.
 * Why not `refig run` (which runs style suites too): this agent reads task.json's chart type and
 * data roles, and the runner's task folder holds only reference.png and data.csv (task.json is
 * evaluator-only); and this entry's output.png is the sandbox's render, not the agent's. Running it
 * through the runner would need an agent that infers the chart type from the pixels (a different
 * baseline, with other scores). baselines/style-plain is the scripted style agent `refig run` runs.
 * Scores are not written here:  npx refig evaluate submissions/<id>
 *
 * Run from the repository root:
 *   npx tsx suites/scripts/run-style-measured.ts [--suite style-real] [--id baseline-style-measured] [--only ID,…]
 * With --only, only those tasks' artifacts are rewritten and their SHA256SUMS lines replaced; the
 * other tasks' artifacts and lines are kept.
 * Deterministic: the same references give the same bytes.
 */
import { execFileSync } from 'node:child_process';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { stringify as toYaml } from 'yaml';
import { createBubblewrapSandbox } from '../../evaluator/src/sandbox/bubblewrap-sandbox.ts';
import { SubmissionManifest } from '../../evaluator/src/schemas/submission.schema.ts';
import { runFigureScript } from '../../evaluator/src/style/run-figure-script.ts';
import { sha256File } from '../../evaluator/src/util/sha256.ts';

const ROOT = join(import.meta.dirname, '..', '..');
const AGENT = join(ROOT, 'baselines', 'style-measured', 'agent.py');
// Debian's interpreter: the one with numpy, scipy, Pillow and matplotlib the sandbox also runs.
const PYTHON = '/usr/bin/python3';

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(name);
  return i > 0 && process.argv[i + 1] ? process.argv[i + 1]! : fallback;
}

const WORKFLOW = {
  name: 'grounded-measurement',
  kind: 'other' as const,
  description:
    "Measurement without a model: the reference's canvas and panel colours, spines, grid, ticks, font sizes from text heights, mark palette by colour clustering, colour map, line widths and marker sizes are measured from reference.png's pixels and set as rcParams on the default-style plot of the chart type. The chart type is taken from task.json, a hint submitted methods do not get.",
};

async function main(): Promise<void> {
  const suiteName = arg('--suite', 'style-real');
  const id = arg('--id', 'baseline-style-measured');
  const suiteDir = join(ROOT, 'suites', suiteName);
  const suite = JSON.parse(await readFile(join(suiteDir, 'suite.json'), 'utf8')) as { version: string; tasks: string[] };
  const dir = join(ROOT, 'submissions', id);
  const onlyArg = process.argv.indexOf('--only');
  const only = onlyArg > 0 && process.argv[onlyArg + 1] ? new Set(process.argv[onlyArg + 1]!.split(',')) : null;
  for (const t of only ?? []) if (!suite.tasks.includes(t)) throw new Error(`--only: ${t} is not a task of ${suiteName}`);
  const lines: string[] = [];
  if (only) {
    const old = await readFile(join(dir, 'SHA256SUMS'), 'utf8').catch(() => '');
    for (const l of old.split('\n')) if (l && !only.has(l.slice(76).split('/')[0]!)) lines.push(l);
    for (const t of only) await rm(join(dir, 'artifacts', t), { recursive: true, force: true });
  } else await rm(join(dir, 'artifacts'), { recursive: true, force: true });
  const sandbox = createBubblewrapSandbox();
  const queue = suite.tasks.filter((t) => !only || only.has(t));
  const total = queue.length;
  let done = 0;
  await Promise.all(
    [0, 1].map(async () => {
      for (let t = queue.shift(); t; t = queue.shift()) {
        const to = join(dir, 'artifacts', t);
        await mkdir(to, { recursive: true });
        execFileSync(PYTHON, [AGENT, join(suiteDir, t), to], { stdio: ['ignore', 'ignore', 'inherit'] });
        const run = await runFigureScript(sandbox, {
          scriptPath: join(to, 'figure.py'),
          dataFiles: [{ name: 'data.csv', path: join(suiteDir, t, 'data.csv') }],
        });
        if (!run.ok) throw new Error(`${id}/${t}: ${run.failure.code} ${run.failure.message}`);
        await writeFile(join(to, 'output.png'), run.png);
        for (const f of ['figure.py', 'output.png']) lines.push(`${await sha256File(join(to, f))}  artifacts/${t}/${f}`);
        process.stderr.write(`\r${id}: ${++done}/${total}   `);
      }
    }),
  );
  process.stderr.write('\n');
  if (only) return;
  const manifest = SubmissionManifest.parse({
    id,
    track: 'style',
    suite: { name: suiteName, version: suite.version },
    team: 'FigBoard maintainers (baseline)',
    contact: 'figboard-maintainers',
    model: { name: 'no model', provider: 'figboard', snapshot: 'style-measured-baseline-1' },
    harness: { name: 'FigBoard baseline script', version: '1.0.0' },
    workflow: WORKFLOW,
    attempts: 1,
    date: '2026-12-03',
    license: 'MIT',
    links: { code: 'https://github.com/figboard/figboard/tree/main/baselines/style-measured' },
    sample: false,
    role: 'baseline',
  });
  await writeFile(
    join(dir, 'submission.yml'),
    `# Scripted baseline for suites/${suiteName} (not an agent run); rebuilt by suites/scripts/run-style-measured.ts.\n${toYaml(manifest)}`,
  );
  await writeFile(join(dir, 'SHA256SUMS'), `${lines.sort((a, b) => (a.slice(66) < b.slice(66) ? -1 : 1)).join('\n')}\n`);
  await writeFile(
    join(dir, 'README.md'),
    `# ${id}\n\nA scripted baseline for \`suites/${suiteName}\`, not an agent run. ${WORKFLOW.description}\n\nThe agent is \`baselines/style-measured/agent.py\`; it reads reference.png and task.json (its chart type and data roles: a hint a submitted method does not get, whose task folder holds only reference.png and data.csv). Each \`artifacts/<task>/figure.py\` reads \`data.csv\` from its working directory and saves \`output.png\`; the PNG is what the script draws in FigBoard's sandbox.\n\nRebuilt by \`npx tsx suites/scripts/run-style-measured.ts --suite ${suiteName} --id ${id}\`; scored by \`npx refig evaluate submissions/${id}\`.\n`,
  );
}

await main();
