import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { testdir } from '../../../test/support/testdir.ts';
import { createBubblewrapSandbox } from '../sandbox/bubblewrap-sandbox.ts';
import { loadStyleTask, type LoadedStyleTask } from './load-style-task.ts';
import { runFigureScript, pngSize, type FigureRun } from './run-figure-script.ts';
import { scoreStyleCandidate } from './score-style-candidate.ts';

/*
 * The introspection harness on a figure with every signature element the vision channel knows
 * (error bars, shaded band, reference line, log scale, legend, heatmap + colorbar, twin axis,
 * suptitle, tight bounding box), and the missing-element detector against a plain candidate.
 */

const DATA =
  'x,a,b,err\n1,2.0,1.0,0.2\n2,2.5,1.4,0.3\n3,3.1,1.2,0.2\n4,3.0,1.9,0.4\n5,3.8,2.2,0.3\n';
const READ = `import csv
import numpy as np
import matplotlib.pyplot as plt
rows = list(csv.DictReader(open('data.csv')))
x, a, b, e = (np.array([float(r[k]) for r in rows]) for k in ('x', 'a', 'b', 'err'))
`;
const REFERENCE = `${READ}
plt.rcParams.update({'font.family': 'DejaVu Serif', 'axes.prop_cycle': plt.cycler(color=['#d1495b', '#00798c', '#edae49'])})
fig, (ax1, ax2) = plt.subplots(1, 2, figsize=(9, 3.5))
ax1.errorbar(x, a, yerr=e, marker='s', capsize=3, linewidth=2, label='A')
ax1.plot(x, b, linestyle='--', marker='o', label='B')
ax1.fill_between(x, b - 0.3, b + 0.3, alpha=0.2, color='#00798c')
ax1.axhline(2.0, color='#444444', linestyle=':', linewidth=1)
ax1.set_yscale('log')
ax1.legend(loc='upper left', ncol=2, frameon=False)
ax1.set_title('Trend', loc='left', fontweight='bold')
im = ax2.imshow(np.outer(a, b), cmap='magma', aspect='auto')
fig.colorbar(im, ax=ax2, label='a x b')
ax2.set_title('Product')
ax3 = ax1.twinx()
ax3.plot(x, a * 10, color='#999999', linewidth=0.8)
ax1.tick_params(direction='in', length=5)
fig.suptitle('Rich reference', fontsize=14)
fig.tight_layout()
fig.savefig('output.png', dpi=80, bbox_inches='tight')
`;
const PLAIN = `${READ}
fig, (ax1, ax2) = plt.subplots(1, 2, figsize=(9, 3.5))
ax1.plot(x, a, label='A')
ax1.plot(x, b, label='B')
ax2.scatter(a, b)
fig.savefig('output.png', dpi=80)
`;

const sandbox = createBubblewrapSandbox();
let dir: string;
let cleanup: () => Promise<void>;
let reference: FigureRun;
let task: LoadedStyleTask;
beforeAll(async () => {
  ({ dir, cleanup } = await testdir({
    'task/data.csv': DATA,
    'task/reference.py': REFERENCE,
    'plain/figure.py': PLAIN,
    'faithful/figure.py': REFERENCE,
  }));
  [reference, task] = await Promise.all([
    runFigureScript(sandbox, {
      scriptPath: join(dir, 'task', 'reference.py'),
      dataFiles: [{ name: 'data.csv', path: join(dir, 'task', 'data.csv') }],
    }),
    loadStyleTask(join(dir, 'task'), { sandbox }),
  ]);
}, 300_000);
afterAll(() => cleanup());

describe('introspection harness', () => {
  it('describes panels, roles, series and signature elements', () => {
    if (!reference.ok) throw new Error(reference.failure.message);
    const intro = reference.introspection;
    expect(
      intro.axes.map((a) => [
        a.role,
        a.parent,
        a.chartTypes.join('+'),
        a.series.map((s) => `${s.kind}:${s.color}:${s.linestyle}:${s.marker}`).join(' '),
      ]),
    ).toEqual([
      [
        'main',
        null,
        'line',
        'line:#d1495b:solid:s line:#00798c:dashed:o band:#00798c:solid:null refline:#444444:dotted:none',
      ],
      ['main', null, 'heatmap', 'heatmap:null:null:null'],
      ['colorbar', 1, '', ''],
      ['twin', 0, 'line', 'line:#999999:solid:none'],
    ]);
    expect(intro.axes[0]!.signature).toEqual({
      legend: true,
      errorbars: 1,
      bands: 1,
      annotations: 0,
      reflines: 1,
    });
    expect(intro.axes[0]!.scale).toEqual({ x: 'linear', y: 'log' });
    expect(intro.axes[0]!.legend).toMatchObject({
      frameon: false,
      loc: 'upper left',
      ncols: 2,
      entries: 2,
    });
    expect(intro.axes[2]!.colorbar).toMatchObject({ orientation: 'vertical', cmap: 'magma' });
    const roles = new Set(intro.texts.map((t) => t.role));
    for (const role of [
      'suptitle',
      'title',
      'legend',
      'xtick',
      'ytick',
      'colorbar-label',
      'colorbar-tick',
    ] as const)
      expect(roles.has(role), role).toBe(true);
    expect(intro.texts.find((t) => t.role === 'title' && t.text === 'Trend')).toMatchObject({
      weight: 'bold',
      family: 'DejaVu Serif',
    });
  });

  it('gives boxes in the pixels of the PNG it rendered (tight bounding box included)', () => {
    if (!reference.ok) throw new Error('reference failed');
    const size = pngSize(reference.png)!;
    expect(reference.introspection.figure.tight).toBe(true);
    expect(size).toEqual(reference.introspection.figure.png);
    // tight bbox: the PNG is not the 9 x 3.5 in figure at 80 dpi
    expect(size.width).not.toBe(720);
    for (const t of reference.introspection.texts) {
      const [x, y, w, h] = t.box!;
      expect(x, t.text).toBeGreaterThanOrEqual(-1);
      expect(y, t.text).toBeGreaterThanOrEqual(-1);
      expect(x + w, t.text).toBeLessThanOrEqual(size.width + 1);
      expect(y + h, t.text).toBeLessThanOrEqual(size.height + 1);
    }
  });
});

describe('introspection harness and draw-time caches', () => {
  it('measures a figure whose ConnectionPatch kept the renderer of its last draw', async () => {
    // A zoom annotation (rougier/scientific-visualization-book, annotation-zoom): fig.add_artist
    // (ConnectionPatch(...)) stores the Agg renderer on the patch when the figure is drawn; the
    // handover pickle must not carry it (the measuring process loads matplotlib objects only).
    const { dir: zdir, cleanup: zclean } = await testdir({
      'zoom/data.csv': DATA,
      'zoom/figure.py': `${READ}
from matplotlib.patches import ConnectionPatch
fig, (ax, sax) = plt.subplots(1, 2, figsize=(6, 3))
ax.scatter(x, a)
sax.scatter(x, a)
sax.set_xlim(1.5, 2.5)
fig.add_artist(ConnectionPatch(xyA=(2, 2.5), coordsA=ax.transData, xyB=(0, 0.5), coordsB=sax.transAxes, arrowstyle='->', linestyle='--'))
fig.tight_layout()
fig.savefig('output.png', dpi=60)
`,
    });
    try {
      const run = await runFigureScript(sandbox, {
        scriptPath: join(zdir, 'zoom', 'figure.py'),
        dataFiles: [{ name: 'data.csv', path: join(zdir, 'zoom', 'data.csv') }],
      });
      if (!run.ok) throw new Error(`${run.failure.code}: ${run.failure.message}`);
      expect(run.introspection.axes).toHaveLength(2);
      expect(pngSize(run.png)).toEqual({ width: 360, height: 180 });
    } finally {
      await zclean();
    }
  }, 120_000);
});

describe('vision channel on a rich reference', () => {
  it('scores the reference script itself 100 with no defect', async () => {
    const s = await scoreStyleCandidate({
      sandbox,
      task,
      scriptPath: join(dir, 'faithful', 'figure.py'),
    });
    expect([s.S, s.code, s.vision, s.defects]).toEqual([100, 100, 100, []]);
  });

  it('boxes every signature element a plain candidate dropped, and the heatmap that became a scatter', async () => {
    const s = await scoreStyleCandidate({
      sandbox,
      task,
      scriptPath: join(dir, 'plain', 'figure.py'),
    });
    expect(s.defects.map((d) => `${d.severity} ${d.kind}: ${d.detail}`)).toMatchInlineSnapshot(`
      [
        "critical chart-type-changed: panel 2: chart type changed: the reference draws heatmap, the candidate draws scatter",
        "major missing-element: the reference's twin axis is missing",
        "major missing-element: the reference's colorbar is missing",
        "major missing-element: the reference's error bars are missing",
        "major missing-element: the reference's legend is missing",
        "major missing-element: the reference's shaded band is missing",
        "major missing-element: the reference's reference line is missing",
        "major palette-mismatch: palette far from the reference: mean ΔE00 23.6 (reference #d1495b #00798c #999999; candidate #1f77b4 #ff7f0e)",
      ]
    `);
    for (const d of s.defects) expect(d.box![2] * d.box![3], d.detail).toBeGreaterThan(0);
    expect(s.vision).toBe(5);
  });
});
