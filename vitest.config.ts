import { defineConfig } from 'vitest/config';

// One test run for every package: unit tests live beside their code, cross-package and
// end-to-end tests under test/. Real LibreOffice / tesseract / bubblewrap are used, so the
// timeouts are generous and files run in forked workers (native tools, process groups).
export default defineConfig({
  test: {
    include: ['{evaluator,action,bot,site,test}/**/*.test.ts'],
    exclude: ['**/node_modules/**', '**/dist/**', 'site/.astro/**'],
    pool: 'forks',
    testTimeout: 120_000,
    hookTimeout: 600_000,
    globalSetup: ['test/setup/build.ts'],
    setupFiles: ['test/setup/no-network.ts'],
  },
});
