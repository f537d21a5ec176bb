import { prepareOcrImage } from '../../image/prepare-ocr-image.ts';
import { imageSize } from '../../image/decode-image.ts';
import type { Ocr } from '../../ocr/ocr.ts';
import type { Truth } from '../../schemas/task.schema.ts';
import { referenceFromOcr, referenceFromTruth, type ReferenceFigure } from './reference-figure.ts';

export interface OcrSettings {
  minConfidence: number;
  language: string;
}

/** Most OCR words kept (a page of dense text is not a diagram; bounded matching work). */
export const MAX_OCR_WORDS = 3000;

/**
 * The reference a metric judgment compares against: the task's `truth.json` when there is one
 * (and `noTruth` is off), otherwise the figure's text found by OCR — the image is first cleaned
 * of rules and box borders (see `prepareOcrImage`), then read in sparse-text mode.
 */
export async function loadReference(
  task: { imagePath: string; truth: Truth | null },
  options: { noTruth: boolean; ocr: Ocr; ocrSettings: OcrSettings },
): Promise<ReferenceFigure> {
  if (task.truth !== null && !options.noTruth) return referenceFromTruth(task.truth);
  const size = await imageSize(task.imagePath, task.imagePath);
  const prepared = await prepareOcrImage(task.imagePath, task.imagePath);
  const words = (
    await options.ocr.recognize(prepared.png, {
      pageSegMode: 11,
      language: options.ocrSettings.language,
    })
  ).slice(0, MAX_OCR_WORDS);
  // Boxes back to source pixels when the image was scaled down for OCR.
  const scaled =
    prepared.scale === 1
      ? words
      : words.map((w) => ({
          ...w,
          box: {
            x: w.box.x / prepared.scale,
            y: w.box.y / prepared.scale,
            w: w.box.w / prepared.scale,
            h: w.box.h / prepared.scale,
          },
        }));
  return referenceFromOcr(scaled, size.width, size.height, {
    minConfidence: options.ocrSettings.minConfidence,
  });
}
