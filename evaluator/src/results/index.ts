// The results store: the one owner of a submission's `results/` folder — its layout and run
// files, which record schema each file holds, listing, the atomic summary writer and resume.
export * from './carry-over-results.ts';
export * from './list-judgment-runs.ts';
export * from './list-result-files.ts';
export * from './record-schema-for.ts';
export * from './results-layout.ts';
export * from './write-summary.ts';
