export * from './figboard-error.ts';
export * from './problem.ts';
export * from './environment-error.ts';
