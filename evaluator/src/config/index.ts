// figboard.yml: its schema and the two loaders (whole config; judging part only).
export * from './load-config.ts';
export * from './load-judging-config.ts';
