import pkg from '../../package.json' with { type: 'json' };

/** Version of `@figboard/evaluator`; part of every input hash, so a new evaluator re-scores. */
export const EVALUATOR_VERSION: string = pkg.version;
