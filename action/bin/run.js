#!/usr/bin/env node
// Container entry point: runs the compiled Action bundle in action/dist/ (esbuild; built by
// scripts/install.sh when the image is built). loadBuilt() checks it against the sources it was
// built from and refuses (or, where esbuild is installed, rebuilds) a stale one.
import { loadBuilt } from '../../evaluator/scripts/build.mjs';

try {
  await loadBuilt('action', { log: (line) => process.stderr.write(`figboard action: ${line}\n`) });
} catch (err) {
  // The Action could not start: report it the way the runner shows step failures.
  process.stdout.write(
    `::error::figboard action: ${err instanceof Error ? err.message : String(err)}\n`,
  );
  process.exitCode = 1;
}
