// Append-only JSONL record files.
export * from './jsonl-file.ts';
