import type { ActionInput } from './input.schema.ts';

/**
 * Default value of every input, exactly as in `action.yml` (a test keeps the two equal). The
 * runner falls back to these when an `INPUT_*` variable is absent, e.g. when the entry point is
 * run by hand instead of by the Actions runner.
 */
export const INPUT_DEFAULTS: Record<keyof ActionInput, string> = {
  mode: 'evaluate',
  submissions: 'auto',
  changedFiles: '',
  suite: '',
  judges: 'metric',
  shardIndex: '0',
  shardCount: '1',
  outputDir: 'out/figboard',
  workers: '2',
  config: '',
  shardDirs: '',
  prNumber: '',
  headSha: '',
  untrustedDir: '',
  llmJudged: 'false',
  runUrl: '',
  failOnInvalid: 'true',
  authorId: '',
  authorLogin: '',
  authorMaintainer: 'false',
  ownership: '',
};
