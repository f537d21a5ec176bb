import { fBeta, matchTokens } from './match-tokens.ts';
import { cap } from './score-structure.ts';
import { tokenizeText } from './tokenize-text.ts';

export interface TextEvidence {
  /** Where the reference words came from. */
  reference: 'truth' | 'graph';
  precision: number;
  recall: number;
  referenceWords: number;
  slideWords: number;
  /** Words found on the slide (exact or near). */
  matched: number;
  missing: string[];
  /** Slide words matching nothing in the figure (invented, garbled beyond recognition, or hidden). */
  extra: string[];
  /** Near matches: reference word, slide word, similarity. */
  garbled: { reference: string; slide: string; similarity: number }[];
  /** Words in text the audit flagged as hidden (off canvas, near invisible): never credited. */
  hiddenWords: number;
}

export interface TextScore {
  fraction: number;
  /** Share of reference words present as native slide text (used by E). */
  recall: number;
  evidence: TextEvidence;
}

/**
 * T: slide text vs the figure's text as fuzzy bags of words. Recall makes missing and garbled
 * labels cost, precision makes invented text (including text written to the judge) cost.
 * Text the audit flagged as hidden cannot earn credit but still counts against precision, so
 * stuffing invisible labels never pays. `beta` > 1 leans on recall — used with extracted references
 * (their words come from OCR), whose misses would otherwise make correct slide words look invented.
 */
export function scoreTextAccuracy(
  reference: { origin: 'truth' | 'graph'; texts: readonly string[] },
  slideTexts: readonly { shapeId: string; text: string }[],
  hiddenIds: ReadonlySet<string>,
  beta = 1,
): TextScore {
  const refWords = reference.texts.flatMap((t) => tokenizeText(t));
  const visible = slideTexts
    .filter((t) => !hiddenIds.has(t.shapeId))
    .flatMap((t) => tokenizeText(t.text));
  const hidden = slideTexts
    .filter((t) => hiddenIds.has(t.shapeId))
    .flatMap((t) => tokenizeText(t.text));
  // Checked truth is exact text, like the slide's: a misspelling earns only what is left above
  // the threshold. Extracted references come from OCR, whose own misreadings keep full credit.
  const m = matchTokens(refWords, visible, { strict: reference.origin === 'truth' });
  const slideWords = visible.length + hidden.length;
  const precision = slideWords === 0 ? (refWords.length === 0 ? 1 : 0) : m.credit / slideWords;
  const recall = m.recall;
  const fraction = refWords.length === 0 && slideWords === 0 ? 1 : fBeta(precision, recall, beta);
  return {
    fraction,
    recall,
    evidence: {
      reference: reference.origin,
      precision,
      recall,
      referenceWords: refWords.length,
      slideWords,
      matched: m.matched.length,
      missing: cap(m.missing),
      extra: cap([...m.extra, ...hidden]),
      garbled: cap(
        m.matched
          .filter((x) => x.similarity < 1)
          .map((x) => ({
            reference: x.reference,
            slide: x.slide,
            similarity: Math.round(x.similarity * 1000) / 1000,
          })),
      ),
      hiddenWords: hidden.length,
    },
  };
}
