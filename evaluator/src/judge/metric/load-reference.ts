import { extractFigureGraph } from '../../figure-graph/extract-figure-graph.ts';
import { type OcrSettings, readFigureWords } from '../../figure-graph/read-figure-words.ts';
import type { Ocr } from '../../ocr/ocr.ts';
import type { Truth } from '../../schemas/task.schema.ts';
import {
  referenceFromGraph,
  referenceFromTruth,
  type ReferenceFigure,
} from './reference-figure.ts';

/**
 * The reference a metric judgment compares against: the task's `truth.json` when there is one
 * (and `noTruth` is off); otherwise the figure's graph recovered from its raster — its words
 * read by OCR (`readFigureWords`), then labels, boxes, groups and directed relations found by
 * the figure-graph extractor, each element with the confidence the judge scales credit and
 * penalty by.
 */
export async function loadReference(
  task: { id?: string; imagePath: string; truth: Truth | null },
  options: { noTruth: boolean; ocr: Ocr; ocrSettings: OcrSettings },
): Promise<ReferenceFigure> {
  if (task.truth !== null && !options.noTruth) return referenceFromTruth(task.truth);
  const { words } = await readFigureWords(task.imagePath, options.ocr, options.ocrSettings);
  const graph = await extractFigureGraph(task.imagePath, {
    id: task.id ?? 'figure',
    words,
    minWordConfidence: options.ocrSettings.minConfidence,
    where: task.imagePath,
  });
  return referenceFromGraph(graph);
}
