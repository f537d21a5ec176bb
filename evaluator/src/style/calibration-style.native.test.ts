import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { createBubblewrapSandbox } from '../sandbox/bubblewrap-sandbox.ts';
import { StyleCriteria } from '../schemas/style-task.schema.ts';
import { loadStyleTask, type LoadedStyleTask } from './load-style-task.ts';
import { scoreStyleCandidate, type StyleScore } from './score-style-candidate.ts';

/*
 * Acceptance on the style calibration set (test/fixtures/calibration-style, copied from the
 * shared set): criteria are extracted from each reference.py in the real sandbox, then the five
 * candidate kinds are run and scored. For every task: S(faithful) > S(palette) > S(default), the
 * overlap candidate has overlap and clipping defects with boxes, the charttype candidate has a
 * chart-type defect, and S_code(faithful) ≥ 90.
 */

const ROOT = join(import.meta.dirname, '..', '..', '..');
const CAL = join(ROOT, 'test', 'fixtures', 'calibration-style');
const TASKS = ['style01-0', 'style01-1', 'style01-2'];
const KINDS = ['faithful', 'palette', 'default', 'overlap', 'charttype'] as const;
type Kind = (typeof KINDS)[number];

const sandbox = createBubblewrapSandbox();
const tasks = new Map<string, LoadedStyleTask>();
const scores = new Map<string, StyleScore>();
const key = (task: string, kind: Kind) => `${task}/${kind}`;

/** Runs jobs two at a time (two cores). */
async function pool<T>(jobs: (() => Promise<T>)[], width = 2): Promise<void> {
  const queue = [...jobs];
  await Promise.all(
    Array.from({ length: width }, async () => {
      for (let job = queue.shift(); job; job = queue.shift()) await job();
    }),
  );
}

beforeAll(async () => {
  await pool(
    TASKS.map((t) => async () => void tasks.set(t, await loadStyleTask(join(CAL, t), { sandbox }))),
  );
  await pool(
    TASKS.flatMap((t) =>
      KINDS.map((kind) => async () => {
        const score = await scoreStyleCandidate({
          sandbox,
          task: tasks.get(t)!,
          scriptPath: join(CAL, t, 'candidates', kind, 'figure.py'),
        });
        scores.set(key(t, kind), score);
      }),
    ),
  );
}, 600_000);

describe.each(TASKS)('calibration task %s', (task) => {
  const s = (kind: Kind) => scores.get(key(task, kind))!;

  it('extracts the same criteria as the committed suites/style-sample criteria.json', async () => {
    const committed = StyleCriteria.parse(
      JSON.parse(
        await readFile(join(ROOT, 'suites', 'style-sample', task, 'criteria.json'), 'utf8'),
      ),
    );
    expect(tasks.get(task)!.criteria).toEqual(committed);
  });

  it('runs every candidate', () => {
    for (const kind of KINDS) expect(s(kind).status, kind).toBe('ok');
  });

  it('orders S(faithful) > S(palette) > S(default)', () => {
    expect(s('faithful').S).toBeGreaterThan(s('palette').S);
    expect(s('palette').S).toBeGreaterThan(s('default').S);
  });

  it('gives the faithful candidate S_code ≥ 90 and no defect', () => {
    expect(s('faithful').code).toBeGreaterThanOrEqual(90);
    expect(s('faithful').defects).toEqual([]);
  });

  it('boxes the overlap and the clipping of the overlap candidate inside its canvas', () => {
    const render = s('overlap').render!;
    const kinds = new Set(s('overlap').defects.map((d) => d.kind));
    expect(kinds.has('text-overlap')).toBe(true);
    expect(kinds.has('text-clipped') || kinds.has('text-off-canvas')).toBe(true);
    for (const d of s('overlap').defects.filter((d) => d.kind.startsWith('text-'))) {
      const [x, y, w, h] = d.box!;
      expect(w * h).toBeGreaterThan(0);
      expect(x).toBeGreaterThanOrEqual(0);
      expect(y).toBeGreaterThanOrEqual(0);
      expect(x + w).toBeLessThanOrEqual(render.width + 0.01);
      expect(y + h).toBeLessThanOrEqual(render.height + 0.01);
    }
  });

  it('flags the bars-to-lines candidate as a critical chart-type change boxed on its plot area', () => {
    const d = s('charttype').defects.find((x) => x.kind === 'chart-type-changed');
    expect(d).toMatchObject({
      severity: 'critical',
      detail: 'chart type changed: the reference draws bar, the candidate draws line',
    });
    expect(d!.box![2] * d!.box![3]).toBeGreaterThan(0);
  });

  it('flags a palette mismatch for the palette and default candidates only', () => {
    for (const kind of KINDS) {
      expect(
        s(kind).defects.some((d) => d.kind === 'palette-mismatch'),
        kind,
      ).toBe(kind === 'palette' || kind === 'default');
    }
  });
});

describe('calibration scoreboard', () => {
  it('reads as expected (S / code / vision per candidate)', () => {
    const rows = TASKS.map(
      (t) =>
        `${t}  ${KINDS.map((k) => {
          const x = scores.get(key(t, k))!;
          return `${k} ${x.S}/${x.code}/${x.vision}`;
        }).join('  ')}`,
    );
    expect(rows.join('\n')).toMatchInlineSnapshot(`
      "style01-0  faithful 100/100/100  palette 88.94/86.96/90  default 58.5/0/90  overlap 75.73/95.65/65  charttype 83.75/100/75
      style01-1  faithful 100/100/100  palette 88.83/86.67/90  default 58.5/0/90  overlap 84.67/93.33/80  charttype 83.75/100/75
      style01-2  faithful 100/100/100  palette 88.25/85/90  default 58.5/0/90  overlap 65.5/85/55  charttype 83.75/100/75"
    `);
  });
});
