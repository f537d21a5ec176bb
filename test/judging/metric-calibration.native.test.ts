import { copyFile, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditFile } from '@figboard/evaluator/audit';
import { main } from '../support/run-refig.ts';
import { silentProgress } from '@figboard/evaluator/util';
import { defaultConfig } from '@figboard/evaluator/config';
import type { EvaluatePorts } from '@figboard/evaluator/evaluate';
import { scoreDecks, type ScoreLine } from '@figboard/evaluator/testkit';
import { createTesseractOcr } from '@figboard/evaluator/testkit';
import { createLibreOfficeRenderer } from '@figboard/evaluator/render';
import type { Renderer } from '@figboard/evaluator/render';
import type { RenderResult } from '@figboard/evaluator/schemas';

/**
 * The calibration acceptance of issue 3, measured through `scoreDecks` — the function behind
 * `refig score` — with the real audit, real LibreOffice renders and real tesseract OCR. Every
 * deck is rendered once (one batch) and the renders are reused by both the truth and the no-truth
 * pass; one figure also goes through the CLI itself.
 */
const CAL = join(import.meta.dirname, '../fixtures/calibration');
const FIGURES = ['fig01-000', 'fig01-001', 'fig01-002', 'fig01-003', 'fig01-004', 'fig01-005'];
const VARIANTS = [
  'faithful',
  'reversed',
  'textdrop',
  'shuffled',
  'raster',
  'blank',
  'twoslides',
  'pptxgenjs',
  'injection',
] as const;
type Variant = (typeof VARIANTS)[number];
/** Orderings must hold by at least this many points, not by luck. */
const MARGIN = 3;

let renderDir: string;
const rendered = new Map<string, RenderResult>();
const scores = {
  truth: new Map<string, Record<Variant, ScoreLine>>(),
  noTruth: new Map<string, Record<Variant, ScoreLine>>(),
};

/** A Renderer that serves the renders made once in beforeAll (real LibreOffice output). */
const reuseRenders: Renderer = {
  async render(jobs, options) {
    const out = new Map<string, RenderResult>();
    for (const job of jobs) {
      const r = rendered.get(job.path);
      if (!r) throw new Error(`not pre-rendered: ${job.path}`);
      if (r.png) await copyFile(join(renderDir, r.png), join(options.outDir, `${job.id}.png`));
      out.set(job.id, { ...r, png: r.png ? `${job.id}.png` : null });
    }
    return out;
  },
};

const ports: EvaluatePorts = {
  auditDeck: (path, o) => auditFile(path, { name: o.name, objects: true, cap: o.cap }),
  renderer: reuseRenders,
  ocr: createTesseractOcr(),
  createJudgeClient: () => {
    throw new Error('no LLM judge in this test');
  },
  sleep: async () => {},
  seed: 1,
  progress: () => silentProgress,
  log: () => {},
};
const deck = (fig: string, v: string) => join(CAL, fig, 'variants', `${v}.pptx`);

beforeAll(async () => {
  renderDir = await mkdtemp(join(tmpdir(), 'figboard-calibration-'));
  const config = defaultConfig();
  const jobs = FIGURES.flatMap((fig) =>
    VARIANTS.filter((v) => v !== 'twoslides').map((v) => ({
      id: `${fig}-${v}`,
      path: deck(fig, v),
    })),
  );
  const results = await createLibreOfficeRenderer().render(jobs, {
    outDir: renderDir,
    dpi: config.scoring.render.dpi,
    workers: 2,
    timeoutMs: 60_000,
  });
  for (const job of jobs) rendered.set(job.path, results.get(job.id)!);
  for (const noTruth of [false, true]) {
    for (const fig of FIGURES) {
      const lines = await scoreDecks(
        {
          taskDir: join(CAL, fig),
          files: VARIANTS.map((v) => deck(fig, v)),
          judge: 'metric',
          noTruth,
          config,
          workers: 2,
        },
        ports,
      );
      (noTruth ? scores.noTruth : scores.truth).set(
        fig,
        Object.fromEntries(VARIANTS.map((v, i) => [v, lines[i]!])) as Record<Variant, ScoreLine>,
      );
    }
  }
  // Printed once so a reviewer sees the margins, not only pass/fail.
  for (const [mode, table] of Object.entries(scores)) {
    for (const [fig, row] of table)
      console.log(`${mode} ${fig}: ${VARIANTS.map((v) => `${v} ${row[v].final}`).join(' | ')}`);
  }
}, 600_000);
afterAll(async () => rm(renderDir, { recursive: true, force: true }));

describe.each(FIGURES)('metric judge calibration on %s', (fig) => {
  it('with truth.json: faithful beats every broken variant by a margin', () => {
    const s = scores.truth.get(fig)!;
    const f = (v: Variant) => s[v].final!;
    for (const v of VARIANTS) expect(s[v].status, `${v} judged`).not.toBe('failed');
    expect(f('faithful')).toBeGreaterThan(85);
    expect(f('faithful') - f('reversed')).toBeGreaterThanOrEqual(MARGIN);
    expect(f('faithful') - f('textdrop')).toBeGreaterThanOrEqual(MARGIN);
    expect(f('faithful') - f('shuffled')).toBeGreaterThanOrEqual(MARGIN);
    expect(f('faithful') - f('raster')).toBeGreaterThanOrEqual(MARGIN);
    expect(f('raster')).toBeLessThanOrEqual(50);
    expect(s.raster.cap).toBe(50);
    expect(f('faithful') - f('blank')).toBeGreaterThanOrEqual(MARGIN);
    expect(f('blank')).toBeLessThan(20);
    expect(s.twoslides).toMatchObject({
      final: 0,
      status: 'gate-failed',
      gate: { passed: false, reason: 'multiple-slides' },
    });
    expect(s.faithful.subscores!.E - s.pptxgenjs.subscores!.E).toBeGreaterThanOrEqual(2);
    expect(s.injection.flags).toContain('text-instruction-like');
    expect(f('faithful') - f('injection')).toBeGreaterThanOrEqual(MARGIN);
    // The reversed deck loses exactly on structure, and says so.
    expect(s.reversed.errors.major[0]).toMatch(/relation\(s\) drawn in the wrong direction/);
  });

  it('with --no-truth (the graph extracted from the source): faithful still beats reversed, textdrop, raster, blank and shuffled', () => {
    const s = scores.noTruth.get(fig)!;
    const f = (v: Variant) => s[v].final!;
    expect(s.faithful.evidence).toMatchObject({ reference: { origin: 'graph' } });
    expect(f('faithful')).toBeGreaterThan(85);
    expect(f('faithful') - f('reversed')).toBeGreaterThanOrEqual(MARGIN);
    expect(f('faithful') - f('textdrop')).toBeGreaterThanOrEqual(MARGIN);
    expect(f('faithful') - f('raster')).toBeGreaterThanOrEqual(MARGIN);
    expect(f('faithful') - f('blank')).toBeGreaterThanOrEqual(MARGIN);
    expect(f('faithful') - f('shuffled')).toBeGreaterThanOrEqual(MARGIN);
    expect(f('raster')).toBeLessThanOrEqual(50);
    expect(f('blank')).toBeLessThan(20);
    expect(f('twoslides')).toBe(0);
    expect(f('injection')).toBeLessThanOrEqual(f('faithful'));
  });
});

describe('refig score (the CLI itself, real LibreOffice)', () => {
  it('prints one JSON line per deck in argument order; --no-truth switches to the extracted figure graph', async () => {
    const files = ['faithful', 'reversed', 'twoslides'].map(
      (v) => `test/fixtures/calibration/fig01-003/variants/${v}.pptx`,
    );
    const run = async (...extra: string[]) => {
      let out = '';
      let err = '';
      const sink = (f: (s: string) => void) =>
        new Writable({ write: (c, _e, cb) => (f(String(c)), cb()) });
      const code = await main(
        [
          'node',
          'refig',
          'score',
          '--task',
          'test/fixtures/calibration/fig01-003',
          ...files,
          ...extra,
        ],
        {
          stdout: sink((s) => (out += s)),
          stderr: sink((s) => (err += s)),
          cwd: join(import.meta.dirname, '../..'),
          env: {},
          progress: () => silentProgress,
        },
      );
      return {
        code,
        err,
        lines: out
          .split('\n')
          .filter((l) => l.trim() !== '')
          .map((l) => JSON.parse(l)),
      };
    };
    const withTruth = await run();
    expect(withTruth.code).toBe(0);
    expect(withTruth.lines.map((l) => [l.file, l.judge, l.gate.passed, l.status])).toEqual([
      [files[0], 'metric', true, 'ok'],
      [files[1], 'metric', true, 'ok'],
      [files[2], 'metric', false, 'gate-failed'],
    ]);
    expect(Object.keys(withTruth.lines[0]).sort()).toEqual([
      'cap',
      'errors',
      'evidence',
      'failure',
      'file',
      'final',
      'flags',
      'gate',
      'judge',
      'reason',
      'reference',
      'status',
      'subscores',
      'total',
    ]);
    expect(withTruth.lines[0].final).toBeGreaterThan(withTruth.lines[1].final + MARGIN);
    expect(withTruth.lines[0].evidence.reference.origin).toBe('truth');
    expect(withTruth.lines.map((l) => l.reference)).toEqual(Array(3).fill('checked-truth'));
    expect(withTruth.err).not.toContain('PREVIEW');
    // Without truth the scores are an unranked preview, and the command says so.
    const noTruth = await run('--no-truth');
    expect(noTruth.lines[0].evidence.reference.origin).toBe('graph');
    expect(noTruth.lines[0].reference).toBe('extracted-graph');
    expect(noTruth.err).toContain('PREVIEW');
    expect(noTruth.err).toContain('never ranked');
    const bad = await run('--judge', 'nope');
    expect(bad.code).toBe(2);
    expect(bad.err).toContain('unknown judge "nope"');
  });
});
