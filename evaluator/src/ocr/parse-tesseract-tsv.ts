import type { OcrWord } from './ocr.ts';

/**
 * Parses tesseract's `tsv` output (level, page_num, block_num, par_num, line_num, word_num,
 * left, top, width, height, conf, text) into words. Rows that are not words (level ≠ 5), have
 * negative confidence or blank text are skipped; malformed rows are skipped, never thrown on.
 */
export function parseTesseractTsv(tsv: string): OcrWord[] {
  const words: OcrWord[] = [];
  const lines = tsv.split(/\r?\n/);
  for (let i = 1; i < lines.length; i++) {
    const cols = lines[i]!.split('\t');
    if (cols.length < 12 || cols[0] !== '5') continue;
    const [left, top, width, height] = cols.slice(6, 10).map(Number) as [
      number,
      number,
      number,
      number,
    ];
    const confidence = Number(cols[10]);
    const text = cols.slice(11).join('\t').trim();
    if (text === '' || !Number.isFinite(confidence) || confidence < 0) continue;
    if (![left, top, width, height].every(Number.isFinite)) continue;
    words.push({ text, confidence, box: { x: left, y: top, w: width, h: height } });
  }
  return words;
}
