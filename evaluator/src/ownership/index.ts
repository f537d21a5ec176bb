export * from './read-ownership.ts';
export * from './owner-key.ts';
export * from './record-merge.ts';
