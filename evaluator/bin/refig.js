#!/usr/bin/env node
// The refig CLI runs the compiled bundle in evaluator/dist/ (esbuild; `npm run build`, which
// scripts/install.sh runs). loadBuilt() checks the bundle against the sources it was built from
// and rebuilds first when one changed, so an edited source file is never run stale.
import { loadBuilt } from '../scripts/build.mjs';

try {
  const { main } = await loadBuilt('refig', {
    log: (line) => process.stderr.write(`refig: ${line}\n`),
  });
  process.exitCode = await main(process.argv);
} catch (err) {
  process.stderr.write(`refig: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exitCode = 1;
}
