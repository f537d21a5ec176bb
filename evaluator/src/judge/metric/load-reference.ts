import { basename, dirname } from 'node:path';
import { FigboardError } from '../../errors/index.ts';
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
 * penalty by. A figure in which no text is found gives no reference at all: rather than score
 * every slide against nothing (which would hand out the text and structure points for free),
 * the judgment fails with `reference-empty`, naming the image.
 */
export async function loadReference(
  task: { imagePath: string; truth: Truth | null },
  options: { noTruth: boolean; ocr: Ocr; ocrSettings: OcrSettings },
): Promise<ReferenceFigure> {
  if (task.truth !== null && !options.noTruth) return referenceFromTruth(task.truth);
  const { words } = await readFigureWords(task.imagePath, options.ocr, options.ocrSettings);
  const graph = await extractFigureGraph(task.imagePath, {
    id: basename(dirname(task.imagePath)) || 'figure',
    words,
    minWordConfidence: options.ocrSettings.minConfidence,
    where: task.imagePath,
  });
  const reference = referenceFromGraph(graph);
  if (reference.texts.length === 0)
    throw new FigboardError(
      'no labelled element was found in the figure: nothing to score against',
      {
        code: 'reference-empty',
        where: task.imagePath,
        expected: 'at least one text label read by OCR (the figure graph without truth)',
        got: `${graph.nodes.length} node(s), none with text`,
        hint: 'give the task a hand-checked truth.json (refig truth draft, then check it)',
      },
    );
  return reference;
}
