// Public surface of @figboard/evaluator. Record formats and errors at the top level; each
// feature as a namespace (its own index.ts lists what it exports). Deep imports such as
// '@figboard/evaluator/audit/audit-file.ts' are not exported: import a folder's barrel
// ('@figboard/evaluator/audit'), so a file can move inside its folder without breaking callers.
export * from './schemas/index.ts';
export * from './errors/index.ts';
export * as archive from './archive/index.ts';
export * as audit from './audit/index.ts';
export * as effort from './effort/index.ts';
export * as leaderboard from './leaderboard/index.ts';
export * as pptx from './pptx/index.ts';
export * as render from './render/index.ts';
export * as sandbox from './sandbox/index.ts';
export * as stats from './stats/index.ts';
export * as style from './style/index.ts';
export * as suite from './suite/index.ts';
export * as targetData from './target-data/index.ts';
export * as validate from './validate/index.ts';
export {
  evaluateSubmission,
  type EvaluateOptions,
  type EvaluateOutcome,
} from './evaluate/evaluate-submission.ts';
export { loadConfig } from './config/load-config.ts';
export {
  readJsonl,
  appendJsonl,
  canonicalizeJsonl,
  repairJsonlTail,
} from './records/jsonl-file.ts';
export { stableStringify } from './util/stable-stringify.ts';
export { hashInputs } from './util/hash-inputs.ts';
