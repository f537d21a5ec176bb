import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FigboardError } from '../../errors/index.ts';
import { createTesseractOcr } from '../../ocr/tesseract-ocr.ts';
import { Truth } from '../../schemas/task.schema.ts';
import { loadReference } from './load-reference.ts';

// Real tesseract and the real extractor on a calibration figure and on an empty image.
const FIG = join(import.meta.dirname, '../../../../test/fixtures/calibration/fig01-004');
const ocr = createTesseractOcr();
const ocrSettings = { language: 'eng', minConfidence: 60 };
let work: string;
let blank: string;

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'figboard-load-reference-'));
  blank = join(work, 'blank.png');
  await sharp({ create: { width: 640, height: 360, channels: 3, background: '#ffffff' } })
    .png()
    .toFile(blank);
});
afterAll(async () => rm(work, { recursive: true, force: true }));

describe('loadReference', () => {
  it('uses truth.json unless told not to; without it, the graph extracted from the figure', async () => {
    const truth = Truth.parse(JSON.parse(await readFile(join(FIG, 'truth.json'), 'utf8')));
    const imagePath = join(FIG, 'source.png');
    const withTruth = await loadReference(
      { imagePath, truth },
      { noTruth: false, ocr, ocrSettings },
    );
    expect(withTruth.origin).toBe('truth');
    expect(withTruth.nodes.every((n) => n.confidence === 1)).toBe(true);

    const extracted = await loadReference(
      { imagePath, truth },
      { noTruth: true, ocr, ocrSettings },
    );
    expect(extracted.origin).toBe('graph');
    // The extractor's graph, not OCR lines: modules, directed relations and groups, each with
    // a confidence below certainty.
    expect(extracted.nodes.filter((n) => n.kind === 'module').length).toBeGreaterThanOrEqual(
      truth.nodes.length - 1,
    );
    expect(extracted.edges.filter((e) => e.directed).length).toBeGreaterThanOrEqual(
      truth.edges.length - 1,
    );
    expect(extracted.groups.length).toBe(truth.groups.length);
    expect(extracted.nodes.every((n) => n.confidence > 0 && n.confidence < 1)).toBe(true);
    const texts = new Set(extracted.nodes.map((n) => n.text));
    for (const n of truth.nodes) expect(texts, n.text).toContain(n.text);
  }, 60_000);

  it('refuses a figure with no text at all instead of scoring every slide against nothing', async () => {
    const err = await loadReference(
      { imagePath: blank, truth: null },
      { noTruth: false, ocr, ocrSettings },
    ).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(FigboardError);
    expect((err as FigboardError).code).toBe('reference-empty');
    expect((err as FigboardError).describe()).toContain(blank);
  }, 60_000);
});
