export * from './archive-error.ts';
export * from './archive-limits.ts';
export * from './extract-archive.ts';
export * from './gunzip-bounded.ts';
export * from './read-tar.ts';
export * from './safe-entry-path.ts';
export * from './write-tar.ts';
