// Small helpers other workspaces use: canonical JSON, hashing, atomic writes, Markdown escaping, progress.
export * from './markdown-text.ts';
export * from './progress.ts';
export * from './sha256.ts';
export * from './stable-stringify.ts';
export * from './write-file-atomic.ts';
export * from './compare-code-units.ts';
