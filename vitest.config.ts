import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// One test run for every package: unit tests live beside their code, cross-package and
// end-to-end tests under test/. Two projects, split by cost (`npm test` runs both):
//   unit    — no process is started (test/setup/no-processes.ts makes child_process throw):
//             no LibreOffice, bubblewrap, tesseract, Python, Chromium or CLI child. Fast.
//   native  — files named *.native.test.ts: real LibreOffice, the bubblewrap sandbox,
//             tesseract, Chromium, the compiled CLI as a child process. Their global setup
//             brings the compiled bundles up to date first (test/setup/build.ts).
// Files run in forked workers (native tools, process groups); timeouts are generous for them.
// At least two workers: vitest's default (cores − 1) runs the files one at a time on a 2-core
// machine, while native tests spend much of their time waiting on LibreOffice, sandboxes and
// servers, and unit tests finish in about half the wall time with two.
const include = ['{evaluator,action,bot,site,test}/**/*.test.ts'];
const native = ['{evaluator,action,bot,site,test}/**/*.native.test.ts'];
const exclude = ['**/node_modules/**', '**/dist/**', 'site/.astro/**'];

export default defineConfig({
  test: {
    pool: 'forks',
    maxWorkers: Math.max(2, availableParallelism()),
    testTimeout: 120_000,
    hookTimeout: 600_000,
    setupFiles: ['test/setup/no-network.ts'],
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include,
          exclude: [...exclude, ...native],
          setupFiles: ['test/setup/no-processes.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'native',
          include: native,
          exclude,
          globalSetup: ['test/setup/build.ts'],
        },
      },
    ],
  },
});
