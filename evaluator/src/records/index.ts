// Append-only JSONL record files.
export * from './jsonl-file.ts';
export * from './redact-hidden-records.ts';
