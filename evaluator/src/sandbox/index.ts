export * from './sandbox.ts';
export * from './sandbox-unavailable-error.ts';
export * from './bubblewrap-sandbox.ts';
