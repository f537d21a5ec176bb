// Append-only JSONL record files.
export * from './jsonl-file.ts';
export * from './redact-hidden-records.ts';
export * from './drop-jsonl-records.ts';
export * from './results-lock.ts';
