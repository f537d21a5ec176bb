import pkg from '../../package.json' with { type: 'json' };

/**
 * Version of `@figboard/evaluator`, as the results bundle's `generatorVersion` records it. It is
 * in no input hash: what decides a record is the scorer versions (scorers/scorer-registry.ts).
 */
export const EVALUATOR_VERSION: string = pkg.version;
