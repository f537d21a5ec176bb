import { type OcrSettings, readFigureWords } from '../../figure-graph/read-figure-words.ts';
import type { Ocr } from '../../ocr/ocr.ts';
import type { Truth } from '../../schemas/task.schema.ts';
import { referenceFromOcr, referenceFromTruth, type ReferenceFigure } from './reference-figure.ts';

/**
 * The reference a metric judgment compares against: the task's `truth.json` when there is one
 * (and `noTruth` is off), otherwise the figure's text found by OCR (`readFigureWords`).
 */
export async function loadReference(
  task: { imagePath: string; truth: Truth | null },
  options: { noTruth: boolean; ocr: Ocr; ocrSettings: OcrSettings },
): Promise<ReferenceFigure> {
  if (task.truth !== null && !options.noTruth) return referenceFromTruth(task.truth);
  const { width, height, words } = await readFigureWords(
    task.imagePath,
    options.ocr,
    options.ocrSettings,
  );
  return referenceFromOcr(words, width, height, {
    minConfidence: options.ocrSettings.minConfidence,
  });
}
