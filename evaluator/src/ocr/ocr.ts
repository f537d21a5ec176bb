import type { Box } from '../schemas/common.schema.ts';

/** One word found by OCR, with its box in the pixels of the image that was read. */
export interface OcrWord {
  text: string;
  /** Engine confidence 0–100. */
  confidence: number;
  box: Box;
}

export interface OcrOptions {
  /** Tesseract page-segmentation mode; 11 = sparse text (labels scattered over a figure). */
  pageSegMode?: number;
  /** Language packs, e.g. `eng`. */
  language?: string;
}

/**
 * The OCR port: image bytes (PNG) in, words out. The production adapter runs tesseract
 * (`createTesseractOcr`); the core never spawns processes itself.
 */
export interface Ocr {
  /** A short description of the engine and its version, recorded in input hashes. */
  readonly id: string;
  recognize(png: Uint8Array, options?: OcrOptions): Promise<OcrWord[]>;
}
