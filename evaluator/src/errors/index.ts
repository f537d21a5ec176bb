export * from './figboard-error.ts';
export * from './problem.ts';
