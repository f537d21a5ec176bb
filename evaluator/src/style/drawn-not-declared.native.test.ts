import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testdir } from '../../../test/support/testdir.ts';
import { createBubblewrapSandbox } from '../sandbox/bubblewrap-sandbox.ts';
import { loadStyleTask, type LoadedStyleTask } from './load-style-task.ts';
import { scoreStyleCandidate, type StyleScore } from './score-style-candidate.ts';

/*
 * Declared, not drawn; data not plotted (issue 22, items 3 and 4). Each attack starts from the
 * faithful candidate of calibration task style01-0 (the reference's style on the task's 3 × 4
 * bars) and changes what is DRAWN while the artists still declare the reference's palette, or
 * draws only part of data.csv. On main the path-effect script scored S 100 (the honest
 * default-palette script 88.9), bars erased by a white stroke 91.8, 1 of 4 series 100 and one bar
 * of 12 93.5. Now colours are measured from each series' own pixels, and the drawn bar heights
 * are compared with data.csv.
 */

const ROOT = join(import.meta.dirname, '..', '..', '..');
const CAL = join(ROOT, 'test', 'fixtures', 'calibration-style', 'style01-0', 'candidates');
const DEFAULT_CYCLE = ['#1f77b4', '#ff7f0e', '#2ca02c', '#d62728'];
const REFERENCE_CYCLE =
  "'axes.prop_cycle': plt.cycler(color=['#264653', '#2a9d8f', '#e9c46a', '#f4a261', '#e76f51'])";
const PLOT_LOOP =
  'for i, c in enumerate(cols):\n    ax.bar(x + i * w - w * (n - 1) / 2, df[c], width=w, label=c)\n';

const sandbox = createBubblewrapSandbox();
let task: LoadedStyleTask;
let faithful: string;
let cleanup: () => Promise<void>;
const scores = new Map<string, StyleScore>();

/** The faithful script with `search` replaced (which must be there). */
function edit(search: string, replacement: string): string {
  if (!faithful.includes(search)) throw new Error(`the faithful script has no ${search}`);
  return faithful.replace(search, replacement);
}

/** The faithful script with `code` run on the finished axes, before the layout and the save. */
function beforeSave(code: string): string {
  return edit('fig.tight_layout()', `${code}\nfig.tight_layout()`);
}

const SCRIPTS: Record<string, () => string> = {
  faithful: () => faithful,
  // The honest script the attacks imitate: the reference style with matplotlib's default colours.
  'honest default palette': () => edit(`, ${REFERENCE_CYCLE}`, ''),
  // Declares the reference palette, draws the default one (a patch drawn in its place).
  'path-effect colours': () =>
    beforeSave(`
from matplotlib.patheffects import PathPatchEffect
for k, bars in enumerate(ax.containers):
    for bar in bars:
        bar.set_path_effects([PathPatchEffect(facecolor=${JSON.stringify(DEFAULT_CYCLE)}[k])])`),
  // Every bar drawn, then painted over by its own wide white stroke.
  'white stroke over the marks': () =>
    beforeSave(`
from matplotlib.patheffects import Normal, Stroke
for bars in ax.containers:
    for bar in bars:
        bar.set_path_effects([Normal(), Stroke(linewidth=60, foreground='white')])`),
  // An opaque white rectangle drawn above the bars (zorder), the bars still declared.
  'opaque patch above the marks': () =>
    beforeSave(
      "ax.add_patch(plt.Rectangle((0, 0), 1, 1, transform=ax.transAxes, facecolor='white', zorder=2.5))",
    ),
  'alpha 0 bars': () =>
    beforeSave('for bars in ax.containers:\n    for bar in bars:\n        bar.set_alpha(0)'),
  '1 of 4 series': () => edit(PLOT_LOOP, 'ax.bar(x, df[cols[0]], width=w, label=cols[0])\n'),
  '1 of 12 bars': () => edit(PLOT_LOOP, 'ax.bar(x[:1], df[cols[0]][:1], width=w, label=cols[0])\n'),
};

beforeAll(async () => {
  task = await loadStyleTask(join(ROOT, 'suites', 'style-sample', 'style01-0'));
  faithful = await readFile(join(CAL, 'faithful', 'figure.py'), 'utf8');
  const names = Object.keys(SCRIPTS);
  const files = Object.fromEntries(names.map((n, i) => [`s${i}.py`, SCRIPTS[n]!()]));
  const made = await testdir(files);
  cleanup = made.cleanup;
  // Two at a time (two cores).
  const queue = names.map((n, i) => [n, join(made.dir, `s${i}.py`)] as const);
  await Promise.all(
    [0, 1].map(async () => {
      for (let job = queue.shift(); job; job = queue.shift()) {
        scores.set(job[0], await scoreStyleCandidate({ sandbox, task, scriptPath: job[1] }));
      }
    }),
  );
}, 600_000);
afterAll(() => cleanup());

function summary(name: string) {
  const s = scores.get(name)!;
  return { status: s.status, S: s.S, code: s.code, vision: s.vision };
}

describe('style scored from the pixels drawn', () => {
  it('the honest scripts keep their scores', () => {
    expect(summary('faithful')).toEqual({ status: 'ok', S: 100, code: 100, vision: 100 });
    expect(summary('honest default palette')).toEqual({
      status: 'ok',
      S: 88.94,
      code: 86.96,
      vision: 90,
    });
  });

  it('path-effect colours score exactly like the colours drawn', () => {
    const honest = scores.get('honest default palette')!;
    const s = scores.get('path-effect colours')!;
    expect(summary('path-effect colours')).toEqual(summary('honest default palette'));
    expect(s.criteria.details).toEqual(honest.criteria.details);
    expect(s.defects).toEqual(honest.defects);
    expect(colours(s)).toEqual(DEFAULT_CYCLE.slice(0, 3));
  });

  it.each([
    'white stroke over the marks',
    'opaque patch above the marks',
    'alpha 0 bars',
    '1 of 4 series',
    '1 of 12 bars',
  ])('%s: the data is missing, every criterion is missed, a major defect', (name) => {
    const s = scores.get(name)!;
    expect(s.status).toBe('ok');
    expect(s.code).toBe(0);
    expect(s.criteria.total).toBe(task.criteria.criteria.length);
    expect(s.criteria.details.some((d) => d.met)).toBe(false);
    const missing = s.defects.filter((d) => d.kind === 'data-missing');
    expect(missing).toHaveLength(1);
    expect(missing[0]!.severity).toBe('major');
    expect(s.S).toBeLessThanOrEqual(58.5); // the default-style script's score (forged-measurements)
  });

  it('names what is missing', () => {
    const detail = (name: string) =>
      scores.get(name)!.defects.find((d) => d.kind === 'data-missing')!.detail;
    expect(detail('1 of 4 series')).toMatchInlineSnapshot(
      `"data not drawn: 9 values of data.csv have no drawn mark (1 of 4 series complete; missing "Treated" 3 of 3, "Placebo" 3 of 3, "Dose-2" 3 of 3)"`,
    );
    expect(detail('1 of 12 bars')).toMatchInlineSnapshot(
      `"data not drawn: 11 values of data.csv have no drawn mark (0 of 4 series complete; missing "Control" 2 of 3, "Treated" 3 of 3, "Placebo" 3 of 3, "Dose-2" 3 of 3)"`,
    );
  });
});

/** The series colours credited (criteria `axes[0].series[j].color`). */
function colours(s: StyleScore): unknown[] {
  return s.criteria.details.filter((d) => d.id.endsWith('.color')).map((d) => d.got);
}
