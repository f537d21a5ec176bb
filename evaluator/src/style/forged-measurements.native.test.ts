import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testdir } from '../../../test/support/testdir.ts';
import { createBubblewrapSandbox } from '../sandbox/bubblewrap-sandbox.ts';
import { loadStyleTask, type LoadedStyleTask } from './load-style-task.ts';
import { scoreStyleCandidate, type StyleScore } from './score-style-candidate.ts';

/*
 * Forged style measurements (issue 12, finding 1). The default-colour candidate of calibration
 * task style01-0 scores S 58.5 (code 0, vision 90); the faithful one 100. Each attack below
 * keeps drawing the default plot and tries to make the measurement report the reference's style
 * (DejaVu Serif 9 pt, bold title, palette #264653 #2a9d8f #e9c46a, dashed y grid, no top/right
 * spines, frameless legend, grid below the data). Before the two-stage harness, wrapping
 * figboard_introspect.introspect alone raised S to 100. Now every attack scores at most what
 * the default plot's pixels earn, or is refused as unmeasurable.
 */

const ROOT = join(import.meta.dirname, '..', '..', '..');
const CAL = join(ROOT, 'test', 'fixtures', 'calibration-style', 'style01-0', 'candidates');
const REFERENCE_PALETTE = ['#264653', '#2a9d8f', '#e9c46a'];

const sandbox = createBubblewrapSandbox();
let task: LoadedStyleTask;
let defaultScript: string;
let dir: string;
let cleanup: () => Promise<void>;
const scores = new Map<string, StyleScore>();

/** The default candidate with `before` run first and `after` appended. */
function attack(before: string, after = ''): string {
  return `${before}\n${defaultScript}\n${after}\n`;
}

const ATTACKS: Record<string, () => Promise<string>> = {
  // The attack of the issue: wrap the introspection so it reports the reference's style.
  'wraps the harness introspection': async () =>
    attack(`
import sys
sys.path.insert(0, '/harness')
import figboard_introspect
_real = figboard_introspect.introspect
def _forged(fig, **kw):
    out = _real(fig, **kw)
    palette = ${JSON.stringify(REFERENCE_PALETTE)}
    for ax in out['axes']:
        for j, s in enumerate(ax['series']):
            s['color'] = palette[j % 3]
        ax['spines']['top']['visible'] = False
        ax['spines']['right']['visible'] = False
        ax['grid']['y'].update({'on': True, 'linestyle': 'dashed'})
        ax['axisbelow'] = 'true'
        if ax['legend']:
            ax['legend']['frameon'] = False
    for t in out['texts']:
        t['family'] = 'DejaVu Serif'
        t['fontsize'] = 10.8 if t['role'] == 'title' else 9
        if t['role'] == 'title':
            t['weight'] = 'bold'
    return out
figboard_introspect.introspect = _forged
# and the harness's own functions, found through the call stack
f = sys._getframe()
while f is not None:
    g = f.f_globals
    if 'serialise_saved_figure' in g:
        g['figboard_introspect'] = figboard_introspect
    f = f.f_back
`),
  // Patching matplotlib's classes in the candidate's interpreter.
  'patches matplotlib internals': async () =>
    attack(`
import itertools
import matplotlib.colors as mcolors
import matplotlib.font_manager as fm
import matplotlib.patches as mpatches
import matplotlib.spines as mspines
import matplotlib.text as mtext
_cycle = itertools.cycle(${JSON.stringify(REFERENCE_PALETTE)})
_colours = {}
mpatches.Patch.get_facecolor = lambda self: mcolors.to_rgba(_colours.setdefault(id(self), next(_cycle)))
mtext.Text.get_fontfamily = lambda self: ['DejaVu Serif']
mtext.Text.get_fontsize = lambda self: 9
mspines.Spine.get_visible = lambda self: self.spine_type in ('left', 'bottom')
_findfont = fm.findfont
fm.findfont = lambda prop, *a, **k: _findfont(fm.FontProperties(family='DejaVu Serif'), *a, **k)
fm.FontManager.findfont = lambda self, prop, *a, **k: _findfont(fm.FontProperties(family='DejaVu Serif'))
`),
  // Private state that declares the reference's style without drawing it.
  'lies in private state': async () =>
    attack(
      '',
      `
for t in ax.xaxis.get_major_ticks() + ax.yaxis.get_major_ticks():
    t._tickdir = 'in'
ax._axisbelow = True
leg = ax.get_legend()
leg._ncols = 3
import matplotlib.scale as mscale
fake = mscale.LinearScale(ax.yaxis)
fake.name = 'log'
ax.yaxis._scale = fake
fig.savefig('output.png', dpi=100)
`,
    ),
  // Style drawn invisibly: reference-coloured bars with alpha 0 first (series 0-2), a
  // transparent dashed grid, transparent serif texts over the visible default ones.
  'draws the reference style invisibly': async () =>
    attack(
      `
import matplotlib.axes
_bar = matplotlib.axes.Axes.bar
_first = {'done': False}
def bar(self, *a, **k):
    if not _first['done']:
        _first['done'] = True
        for c in ${JSON.stringify(REFERENCE_PALETTE)}:
            _bar(self, [0, 1, 2], [1, 1, 1], color=c, alpha=0)
    return _bar(self, *a, **k)
matplotlib.axes.Axes.bar = bar
`,
      `
ax.grid(axis='y', linestyle='--', linewidth=0.6, color='#999999', alpha=0)
for t in [ax.title, ax.xaxis.label, ax.yaxis.label] + ax.get_xticklabels() + ax.get_yticklabels():
    ax.figure.text(0, 0, t.get_text(), alpha=0)
ax.set_title(ax.get_title(), fontfamily='DejaVu Serif', fontsize=10.8, fontweight='bold', alpha=0)
ax.text(0.5, 1.01, 'Results by condition', transform=ax.transAxes, ha='center', fontsize=12)
fig.savefig('output.png', dpi=100)
`,
    ),
  // Overwriting the saved file with the faithful candidate's PNG.
  'writes the output image directly': async () => {
    const png = (await readFile(join(CAL, 'faithful', 'output.png'))).toString('base64');
    return attack(
      '',
      `
import base64
open('output.png', 'wb').write(base64.b64decode('${png}'))
`,
    );
  },
  // Files a harness might read: a module shadowing the introspection, rc files, sitecustomize.
  'lies in files the harness could read': async () =>
    attack(`
import os
rc = "font.family: DejaVu Serif\\nfont.size: 9\\naxes.titleweight: bold\\naxes.grid: True\\naxes.spines.top: False\\naxes.spines.right: False\\naxes.prop_cycle: cycler('color', ['264653', '2a9d8f', 'e9c46a'])\\n"
for path in ['/work/matplotlibrc', '/tmp/mplconfig/matplotlibrc', '/work/.matplotlib/matplotlibrc']:
    os.makedirs(os.path.dirname(path), exist_ok=True)
    open(path, 'w').write(rc)
for name in ['figboard_introspect.py', 'figboard_safe_load.py', 'figboard_measure.py', 'figboard_cli.py', 'sitecustomize.py', 'usercustomize.py']:
    open('/work/' + name, 'w').write("raise SystemExit('imported a file the candidate wrote')\\n")
open('/tmp/figure.handover', 'wb').write(b'forged')
`),
  // Handing over a pickle that would run code while it is loaded.
  'hands over a pickle that runs code': async () =>
    attack(
      '',
      `
import pickle, sys
class Evil:
    def __reduce__(self):
        return (eval, ("open('/work/pwned', 'w').write('x')",))
_real_dumps = pickle.dumps
pickle.dumps = lambda obj, *a, **k: _real_dumps(Evil(), *a, **k)
`,
    ),
  // A matplotlib-only gadget: a formatter that recolours the bars while the ticks are drawn.
  'hides a recolouring call in a tick formatter': async () =>
    attack(
      '',
      `
import functools
from matplotlib.ticker import FuncFormatter
setter = functools.partial(ax.patches[0].set_facecolor, '${REFERENCE_PALETTE[0]}')
ax.xaxis.set_minor_formatter(FuncFormatter(setter))  # inert here (no minor ticks), refused there
ax.patches[0].get_facecolor = functools.partial(__import__('matplotlib').colors.to_rgba, '${REFERENCE_PALETTE[0]}')
fig.savefig('output.png', dpi=100)
`,
    ),
};

beforeAll(async () => {
  task = await loadStyleTask(join(ROOT, 'suites', 'style-sample', 'style01-0'));
  defaultScript = await readFile(join(CAL, 'default', 'figure.py'), 'utf8');
  const files: Record<string, string> = { 'default.py': defaultScript };
  const names = Object.keys(ATTACKS);
  for (const [i, name] of names.entries()) files[`attack-${i}.py`] = await ATTACKS[name]!();
  ({ dir, cleanup } = await testdir(files));
  const jobs = [
    ['default', 'default.py'] as const,
    ...names.map((n, i) => [n, `attack-${i}.py`] as const),
  ];
  // Two at a time (two cores).
  const queue = [...jobs];
  await Promise.all(
    [0, 1].map(async () => {
      for (let job = queue.shift(); job; job = queue.shift()) {
        scores.set(
          job[0],
          await scoreStyleCandidate({ sandbox, task, scriptPath: join(dir, job[1]) }),
        );
      }
    }),
  );
}, 600_000);
afterAll(() => cleanup());

describe('forged style measurements', () => {
  it('the default candidate scores what its pixels support (the baseline)', () => {
    const d = scores.get('default')!;
    expect([d.status, d.S, d.code, d.vision]).toEqual(['ok', 58.5, 0, 90]);
  });

  it.each([
    'wraps the harness introspection',
    'writes the output image directly',
    'lies in files the harness could read',
  ])('%s: exactly the default score, the same image', (name) => {
    const d = scores.get('default')!;
    const s = scores.get(name)!;
    expect(s.failure).toBeNull();
    expect([s.S, s.code, s.vision]).toEqual([d.S, d.code, d.vision]);
    expect(s.render).toEqual(d.render);
  });

  it('patches matplotlib internals: exactly the default score', () => {
    // The patched font sizes moved tight_layout's margins in the candidate's process, so the
    // image differs by a few pixels; the style measured from it is the default's.
    const d = scores.get('default')!;
    const s = scores.get('patches matplotlib internals')!;
    expect(s.failure).toBeNull();
    expect([s.S, s.code, s.vision]).toEqual([d.S, d.code, d.vision]);
  });

  it.each(['lies in private state', 'draws the reference style invisibly'])(
    '%s: no more than the default score, no criterion met',
    (name) => {
      const s = scores.get(name)!;
      expect(s.failure).toBeNull();
      expect(s.S).toBeLessThanOrEqual(scores.get('default')!.S);
      expect(s.criteria.details.filter((c) => c.met).map((c) => c.id)).toEqual([]);
      expect(s.defects.some((d) => d.kind === 'palette-mismatch')).toBe(true);
    },
  );

  it('refuses a handover pickle that would run code, naming what it asked for', () => {
    const s = scores.get('hands over a pickle that runs code')!;
    expect([s.status, s.S, s.failure?.code]).toEqual(['failed', 0, 'unmeasurable']);
    expect(s.failure?.message).toMatch(/builtins\.eval, which the measuring process does not load/);
  });

  it('refuses functions stored where matplotlib stores none', () => {
    const s = scores.get('hides a recolouring call in a tick formatter')!;
    expect([s.status, s.S, s.failure?.code]).toEqual(['failed', 0, 'unmeasurable']);
    expect(s.failure?.message).toMatch(
      /not a matplotlib class|stores a function|replaces the method/,
    );
  });
});
