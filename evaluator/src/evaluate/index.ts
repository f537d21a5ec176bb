// Evaluating one submission end to end (gate → audit → render → judges → summary) and its ports.
export * from './evaluate-ports.ts';
export * from './evaluate-submission.ts';
export * from './evaluator-version.ts';
export * from './production-ports.ts';
export * from './summarize-results.ts';
