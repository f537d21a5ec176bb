// Near-duplicate entries: layout fingerprints and rendering hashes.
export * from './compare-entries.ts';
export * from './render-dhash.ts';
