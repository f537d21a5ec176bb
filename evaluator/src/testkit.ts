// Test helpers other workspaces' tests share (not part of the runtime surface), and the internals
// cross-package tests under test/ drive directly (they import them from here, never by path).
export * from './leaderboard/board-inputs.testkit.ts';
export * from './records/record-factory.testkit.ts';
export * from './validate/validate-fixtures.testkit.ts';
// Synthetic decks and raw zips.
export {
  buildDeck,
  cxn,
  deckParts,
  type FrameSpec,
  IMAGE_REL,
  lineXml,
  pic,
  rewritePart,
  sp,
  TINY_PNG,
} from './pptx/test-support/build-deck.ts';
export { type RawZipEntry, rawEntries, writeRawZip } from './pptx/test-support/write-raw-zip.ts';
// Stages of the pipeline a test runs on its own.
export { type ScoreLine, scoreDecks } from './evaluate/score-decks.ts';
export { alignForComparison } from './image/align-for-comparison.ts';
export { encodeDataUrl } from './image/encode-data-url.ts';
export { JudgeCallError, type JudgeClient } from './judge/llm/judge-client.ts';
export { judgeWithLlm, type LlmJudgeSettings } from './judge/llm/llm-judge.ts';
export { judgeWithMetrics } from './judge/metric/metric-judge.ts';
export { referenceFromTruth } from './judge/metric/reference-figure.ts';
export { createTesseractOcr } from './ocr/tesseract-ocr.ts';
export { buildOrbitSuite, type OrbitOptions } from './orbit/build-orbit-suite.ts';
export type { Clock } from './orbit/clock.ts';
export { createFigureRasterizer } from './orbit/rasterize-figure.ts';
export { startTruthEditor, type TruthEditor } from './truth-editor/truth-editor-server.ts';
