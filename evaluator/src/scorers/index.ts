// Scorer versions and which scorers decide which record.
export * from './record-scorers.ts';
export * from './scorer-registry.ts';
