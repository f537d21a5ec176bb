import { imageSize } from '../image/decode-image.ts';
import { prepareOcrImage } from '../image/prepare-ocr-image.ts';
import type { Ocr, OcrWord } from '../ocr/ocr.ts';

/** How a figure's words are read: the OCR settings of `figboard.yml` (`scoring.ocr`). */
export interface OcrSettings {
  /** Words below this engine confidence (0–100) are not trusted as text. */
  minConfidence: number;
  /** Tesseract language packs, e.g. `eng`. */
  language: string;
}

/** Most OCR words kept (a page of dense text is not a diagram; bounded matching work). */
export const MAX_OCR_WORDS = 3000;

/** A figure's words and its size, both in source pixels. */
export interface FigureWords {
  width: number;
  height: number;
  words: OcrWord[];
}

/**
 * Reads the words of a figure with OCR: the image is first cleaned of rules and box borders
 * (see `prepareOcrImage`), then read in sparse-text mode; boxes come back in source pixels even
 * when the image was scaled down for the engine. Every word is returned (at most
 * `MAX_OCR_WORDS`), whatever its confidence: callers decide what they trust.
 */
export async function readFigureWords(
  imagePath: string,
  ocr: Ocr,
  settings: Pick<OcrSettings, 'language'>,
): Promise<FigureWords> {
  const size = await imageSize(imagePath, imagePath);
  const prepared = await prepareOcrImage(imagePath, imagePath);
  const words = (
    await ocr.recognize(prepared.png, { pageSegMode: 11, language: settings.language })
  ).slice(0, MAX_OCR_WORDS);
  const s = prepared.scale;
  return {
    ...size,
    words:
      s === 1
        ? words
        : words.map((w) => ({
            ...w,
            box: { x: w.box.x / s, y: w.box.y / s, w: w.box.w / s, h: w.box.h / s },
          })),
  };
}
