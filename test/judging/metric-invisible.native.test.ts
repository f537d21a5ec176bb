import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditFile } from '@figboard/evaluator/audit';
import { defaultConfig } from '@figboard/evaluator/config';
import type { EvaluatePorts } from '@figboard/evaluator/evaluate';
import { type ScoreLine, scoreDecks } from '@figboard/evaluator/testkit';
import { figureGraphFromTruth } from '@figboard/evaluator/figure-graph';
import { createTesseractOcr } from '@figboard/evaluator/testkit';
import { buildDeck } from '@figboard/evaluator/testkit';
import { createLibreOfficeRenderer } from '@figboard/evaluator/render';
import { Truth } from '@figboard/evaluator/schemas';
import { silentProgress } from '@figboard/evaluator/util';
import { buildAdversarialDeck } from '../adversarial/adversarial-decks.ts';
import {
  buildInvisibleDeck,
  INVISIBLE_VARIANTS,
  withHiddenInstruction,
} from '../adversarial/invisible-decks.ts';

/**
 * Issue 22 item 2 through `scoreDecks` (the function behind `refig score`): the real audit, real
 * LibreOffice renders and the metric judge against checked truth. Each attack keeps in the file
 * every shape and label the faithful deck has, and shows none (or no label) in the render.
 */
const FIG = join(import.meta.dirname, '../fixtures/calibration/fig01-002');
const SLIDE = { cx: 12_192_000, cy: 6_858_000 };
const KEYS = ['faithful', 'empty', ...INVISIBLE_VARIANTS, 'de-hidden', 'de-1pt'] as const;
type Key = (typeof KEYS)[number];

let work: string;
const lines = new Map<Key, ScoreLine>();

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'figboard-invisible-'));
  const truth = Truth.parse(JSON.parse(await readFile(join(FIG, 'truth.json'), 'utf8')));
  const image = await readFile(join(FIG, 'source.png'));
  const faithful = await buildAdversarialDeck('faithful', figureGraphFromTruth(truth), image);
  const decks: Record<Key, Uint8Array> = {
    faithful,
    empty: await buildDeck({ slides: [''], slideSize: SLIDE }),
    'all-hidden': await buildInvisibleDeck('all-hidden', faithful, SLIDE),
    'white-cover': await buildInvisibleDeck('white-cover', faithful, SLIDE),
    'inherited-1pt': await buildInvisibleDeck('inherited-1pt', faithful, SLIDE),
    'inherited-white': await buildInvisibleDeck('inherited-white', faithful, SLIDE),
    'de-hidden': await withHiddenInstruction(faithful, 'hidden-shape'),
    'de-1pt': await withHiddenInstruction(faithful, 'inherited-1pt'),
  };
  const files = KEYS.map((k) => join(work, `${k}.pptx`));
  for (const [i, k] of KEYS.entries()) await writeFile(files[i]!, decks[k]);
  const ports: EvaluatePorts = {
    auditDeck: (path, o) => auditFile(path, { name: o.name, objects: true, cap: o.cap }),
    renderer: createLibreOfficeRenderer(),
    ocr: createTesseractOcr(),
    createJudgeClient: () => {
      throw new Error('no LLM judge in this test');
    },
    sleep: async () => {},
    seed: 1,
    progress: () => silentProgress,
    log: () => {},
  };
  const out = await scoreDecks(
    { taskDir: FIG, files, judge: 'metric', noTruth: false, config: defaultConfig(), workers: 1 },
    ports,
  );
  for (const [i, k] of KEYS.entries()) lines.set(k, out[i]!);
  // Printed so a reviewer sees the numbers, not only pass/fail.
  for (const k of KEYS)
    console.log(k.padEnd(16), lines.get(k)!.final, JSON.stringify(lines.get(k)!.subscores));
}, 600_000);
afterAll(async () => rm(work, { recursive: true, force: true }));

const at = (k: Key) => lines.get(k)!;
/** T + S + L + E: what the slide's native content earns (V is the render's likeness, already honest). */
const native = (k: Key) => {
  const s = at(k).subscores!;
  return s.T + s.S + s.L + s.E;
};

describe('only what the render shows is credited (issue 22 item 2)', () => {
  it('every shape hidden scores like an empty slide (the faithful deck scores high)', () => {
    for (const k of KEYS) expect(at(k).status, k).toBe('ok');
    expect(at('faithful').final).toBeGreaterThanOrEqual(90);
    expect(native('empty')).toBe(0);
    expect(native('all-hidden')).toBe(0);
    expect(at('all-hidden').final!).toBeLessThanOrEqual(at('empty').final! + 1);
  });

  it('one opaque white rectangle over the whole slide scores like an empty slide', () => {
    expect(native('white-cover')).toBe(0);
    expect(at('white-cover').final!).toBeLessThanOrEqual(at('empty').final! + 1);
    expect(at('white-cover').errors.major.join(' ')).toContain('the render does not show');
  });

  it.each(['inherited-1pt', 'inherited-white'] as const)(
    'labels hidden through an inherited list style (%s) are flagged and earn no T',
    (k) => {
      expect(at(k).flags).toContain('text-near-invisible');
      expect(at(k).subscores!.T).toBe(0);
      expect(at('faithful').final! - at(k).final!).toBeGreaterThanOrEqual(40);
    },
  );

  it.each(['de-hidden', 'de-1pt'] as const)(
    'a German judge instruction hidden on the slide (%s) is flagged, though no English pattern matches',
    (k) => {
      expect(at(k).flags).toContain('text-near-invisible');
      expect(at(k).flags).not.toContain('text-instruction-like');
      expect(at(k).final!).toBeLessThanOrEqual(at('faithful').final!);
    },
  );
});
