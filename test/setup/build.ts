// Vitest global setup: bring the compiled bundles (evaluator/dist, action/dist, bot/dist) up to
// date once before any test runs. Tests that spawn a bin (evaluator/bin/refig.js,
// action/bin/run.js) then run exactly the sources under test, and no test pays for — or races
// another over — a rebuild. In-process tests import the TypeScript sources directly.
import { buildState, buildTarget, TARGETS } from '../../evaluator/scripts/build.mjs';

export default async function setup(): Promise<void> {
  for (const name of Object.keys(TARGETS) as (keyof typeof TARGETS)[]) {
    if (buildState(name).status !== 'fresh') await buildTarget(name, await import('esbuild'));
  }
}
