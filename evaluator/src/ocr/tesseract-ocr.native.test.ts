import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { prepareOcrImage } from '../image/prepare-ocr-image.ts';
import { parseTesseractTsv } from './parse-tesseract-tsv.ts';
import { createTesseractOcr } from './tesseract-ocr.ts';

const CAL = join(import.meta.dirname, '../../../test/fixtures/calibration');

describe('tesseract OCR adapter', () => {
  it('parses TSV words and skips non-word rows, blank text and malformed lines', () => {
    const tsv = [
      'level\tpage_num\tblock_num\tpar_num\tline_num\tword_num\tleft\ttop\twidth\theight\tconf\ttext',
      '1\t1\t0\t0\t0\t0\t0\t0\t1800\t900\t-1\t',
      '5\t1\t1\t1\t1\t1\t75\t445\t120\t24\t96.5\tTransformer',
      '5\t1\t1\t1\t1\t2\t200\t445\t60\t24\t95\tBlock',
      '5\t1\t2\t1\t1\t1\t10\t10\t5\t5\t-1\t ',
      '5\tbroken',
    ].join('\n');
    expect(parseTesseractTsv(tsv)).toEqual([
      { text: 'Transformer', confidence: 96.5, box: { x: 75, y: 445, w: 120, h: 24 } },
      { text: 'Block', confidence: 95, box: { x: 200, y: 445, w: 60, h: 24 } },
    ]);
  });

  it('reads the labels of a calibration figure once box borders are erased (real tesseract)', async () => {
    const prepared = await prepareOcrImage(join(CAL, 'fig01-003/source.png'), 'source.png');
    const words = await createTesseractOcr().recognize(prepared.png, { pageSegMode: 11 });
    const confident = words.filter((w) => w.confidence >= 60).map((w) => w.text);
    for (const label of ['Transformer', 'Block', 'Readout', 'Student', 'Teacher', 'Model'])
      expect(confident).toContain(label);
  });

  it('a missing binary is a clear, typed error', async () => {
    const ocr = createTesseractOcr({ binary: 'tesseract-does-not-exist' });
    await expect(ocr.recognize(new Uint8Array([1, 2, 3]))).rejects.toMatchObject({
      code: 'ocr-unavailable',
    });
  });

  it('garbage input is an engine failure, not a crash', async () => {
    await expect(createTesseractOcr().recognize(new Uint8Array([1, 2, 3]))).rejects.toMatchObject({
      code: 'ocr-failed',
    });
  });
});
