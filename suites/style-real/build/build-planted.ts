/**
 * Builds the held-out planted-defect candidates (test/fixtures/style-planted/): real style-real
 * tasks, each candidate the task's own reference code on the target data (or the palette-and-font
 * heuristic for a changed chart type) with exactly one defect planted — two annotations drawn on
 * top of each other, a note running off the canvas edge, or the chart drawn as another type. The
 * detectors were never tuned on these; test/style-planted-defects.test.ts checks the deterministic
 * vision channel flags each, and that the same task's unplanted candidate does not.
 * Run from the repository root:  npx tsx suites/style-real/build/build-planted.ts
 */
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { stableStringify } from '../../../evaluator/src/util/stable-stringify.ts';

const ROOT = join(import.meta.dirname, '..', '..', '..');
const SUITE = join(ROOT, 'suites', 'style-real');
const OUT = join(ROOT, 'test', 'fixtures', 'style-planted');
const UPPER = join(ROOT, 'submissions', 'baseline-style-reference-code', 'artifacts');
const HEURISTIC = join(ROOT, 'submissions', 'baseline-style-palette-font', 'artifacts');

type Defect = 'overlap' | 'clipped' | 'chart-type';
/** Which vision-channel defect kinds count as flagging each planted defect. */
export const FLAGGED_BY: Record<Defect, string[]> = {
  overlap: ['text-overlap'],
  clipped: ['text-clipped', 'text-off-canvas'],
  'chart-type': ['chart-type-changed'],
};

/** The held-out set: task, defect, and for a changed chart type the body drawn instead. */
export const PLANTED: { task: string; defect: Defect; drawAs?: string }[] = [
  { task: 'survey-editorial', defect: 'overlap' },
  { task: 'harvest', defect: 'overlap' },
  { task: 'anscombe-bmh', defect: 'overlap' },
  { task: 'twoscales-mono', defect: 'overlap' },
  { task: 'stocks', defect: 'clipped' },
  { task: 'nested-ggplot', defect: 'clipped' },
  { task: 'pie-clean', defect: 'clipped' },
  { task: 'errorbars-solarized', defect: 'clipped' },
  { task: 'violin-clean', defect: 'chart-type', drawAs: 'box' },
  { task: 'boxcolor-ggplot', defect: 'chart-type', drawAs: 'violin' },
  { task: 'population-bmh', defect: 'chart-type', drawAs: 'line' },
  { task: 'lines538-darkgrid', defect: 'chart-type', drawAs: 'area' },
];

const SAVE = /^fig\.savefig\(/m;

function plant(src: string, defect: Exclude<Defect, 'chart-type'>): string {
  if (!SAVE.test(src)) throw new Error('the script has no top-level fig.savefig(...) line');
  const lines =
    defect === 'overlap'
      ? [
          '# PLANTED DEFECT (overlap): two annotations drawn on top of each other.',
          "fig.axes[0].text(0.30, 0.55, 'Planted annotation A', transform=fig.axes[0].transAxes, fontsize=12)",
          "fig.axes[0].text(0.34, 0.56, 'Planted annotation B', transform=fig.axes[0].transAxes, fontsize=12)",
        ]
      : [
          '# PLANTED DEFECT (clipped label): a note that runs past the right edge of the canvas.',
          "fig.text(0.88, 0.5, 'Planted side note that runs past the edge of the canvas', fontsize=12)",
        ];
  const planted = src.replace(SAVE, `${lines.join('\n')}\nfig.savefig(`);
  // A tight bounding box would grow the canvas around the note instead of cutting it.
  return defect === 'clipped' ? planted.replace(/, bbox_inches='tight'/g, '') : planted;
}

async function main(): Promise<void> {
  await rm(OUT, { recursive: true, force: true });
  for (const p of PLANTED) {
    const dir = join(OUT, `${p.task}--${p.defect}`);
    await mkdir(dir, { recursive: true });
    let script: string;
    let control: string;
    if (p.defect === 'chart-type') {
      const heuristic = await readFile(join(HEURISTIC, p.task, 'figure.py'), 'utf8');
      const body = await readFile(join(import.meta.dirname, 'defaults', `${p.drawAs}.py`), 'utf8');
      const cut = heuristic.indexOf('\n\ndef legend_if_many');
      const prelude = heuristic.slice(0, heuristic.indexOf('\n', heuristic.indexOf('ax.legend()', cut)) + 1);
      script = `${prelude}\n# PLANTED DEFECT (chart type): the data drawn as ${p.drawAs} instead of the reference's chart type.\n${body}`;
      control = heuristic;
    } else {
      control = await readFile(join(UPPER, p.task, 'figure.py'), 'utf8');
      script = plant(control, p.defect);
    }
    await writeFile(join(dir, 'figure.py'), script);
    // The same candidate without the planted defect: the test checks it is not flagged for it.
    await writeFile(join(dir, 'control.py'), control);
  }
  await writeFile(
    join(OUT, 'planted.json'),
    `${stableStringify({ flaggedBy: FLAGGED_BY, candidates: PLANTED.map((p) => ({ ...p, dir: `${p.task}--${p.defect}` })) }, 2)}\n`,
  );
  process.stdout.write(`${PLANTED.length} planted candidates in test/fixtures/style-planted\n`);
  void SUITE;
}

await main();
