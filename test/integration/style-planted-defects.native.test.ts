import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { createBubblewrapSandbox } from '@figboard/evaluator/sandbox';
import { loadStyleTask } from '@figboard/evaluator/style';
import { scoreStyleCandidate, type StyleScore } from '@figboard/evaluator/style';

/*
 * The held-out planted-defect candidates (test/fixtures/style-planted, built by
 * suites/style-real/build/build-planted.ts on real style-real tasks): each candidate carries one
 * planted defect — two overlapping annotations, a note clipped by the canvas edge, or the chart
 * drawn as another type. In the real sandbox, the deterministic vision channel must flag each with
 * the matching defect kind and a box, beyond what it flags on the same task's unplanted control.
 */

const ROOT = join(import.meta.dirname, '..', '..');
const FIX = join(ROOT, 'test', 'fixtures', 'style-planted');
const SUITE = join(ROOT, 'suites', 'style-real');
const planted = JSON.parse(readFileSync(join(FIX, 'planted.json'), 'utf8')) as {
  flaggedBy: Record<string, string[]>;
  candidates: { task: string; defect: string; dir: string }[];
};
const sandbox = createBubblewrapSandbox();
const scores = new Map<string, { planted: StyleScore; control: StyleScore }>();

beforeAll(async () => {
  const queue = [...planted.candidates];
  await Promise.all(
    [0, 1].map(async () => {
      for (let c = queue.shift(); c; c = queue.shift()) {
        const task = await loadStyleTask(join(SUITE, c.task), { extractIfMissing: false });
        const score = (file: string) =>
          scoreStyleCandidate({ sandbox, task, scriptPath: join(FIX, c.dir, file) });
        scores.set(c.dir, {
          planted: await score('figure.py'),
          control: await score('control.py'),
        });
      }
    }),
  );
});

describe('the deterministic vision channel on held-out planted defects', () => {
  it('covers each defect kind on at least four different style-real tasks', () => {
    for (const kind of ['overlap', 'clipped', 'chart-type'])
      expect(
        new Set(planted.candidates.filter((c) => c.defect === kind).map((c) => c.task)).size,
      ).toBeGreaterThanOrEqual(4);
  });

  for (const c of planted.candidates) {
    it(`${c.task}: flags the planted ${c.defect} beyond the unplanted control`, () => {
      const s = scores.get(c.dir)!;
      const kinds = planted.flaggedBy[c.defect]!;
      expect(s.planted.status, s.planted.failure?.message).toBe('ok');
      expect(s.control.status, s.control.failure?.message).toBe('ok');
      const hits = s.planted.defects.filter((d) => kinds.includes(d.kind));
      expect(hits.length, JSON.stringify(s.planted.defects)).toBeGreaterThan(0);
      for (const d of hits) expect(d.box).not.toBeNull();
      if (c.defect !== 'chart-type')
        expect(
          hits.some((d) => d.detail.includes('Planted')),
          JSON.stringify(hits),
        ).toBe(true);
      // The control may already carry defects of this kind (e.g. the reference design's own
      // in-bar labels); the planted candidate must add one the control does not have.
      const before = new Set(
        s.control.defects.filter((d) => kinds.includes(d.kind)).map((d) => d.detail),
      );
      expect(hits.filter((d) => !before.has(d.detail)).length).toBeGreaterThan(0);
      expect(s.planted.vision).toBeLessThan(s.control.vision);
    });
  }
});
