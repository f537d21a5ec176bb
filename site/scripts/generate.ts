// CLI for the fixture generator:
//   npx tsx site/scripts/generate.ts --out /tmp/board --configurations 10 --tasks 1000 [--seed 42]
// Then build the site from it: FIGBOARD_DATA_DIR=/tmp/board npm run build -w site
import { parseArgs } from 'node:util';
import { resolve } from 'node:path';
import { generateFixture } from './generate-fixture.ts';

const { values } = parseArgs({
  options: {
    out: { type: 'string' },
    configurations: { type: 'string', default: '6' },
    tasks: { type: 'string', default: '12' },
    seed: { type: 'string', default: '42' },
  },
});
if (!values.out) {
  process.stderr.write(
    'usage: generate.ts --out DIR [--configurations N] [--tasks M] [--seed S]\n',
  );
  process.exit(2);
}
const started = performance.now();
const summary = await generateFixture({
  outDir: resolve(values.out),
  configurations: Number(values.configurations),
  tasks: Number(values.tasks),
  seed: Number(values.seed),
  clean: true,
});
process.stdout.write(
  `wrote ${summary.files} files to ${summary.outDir}: ${summary.configurations.length} configurations × ${summary.tasks.length} tasks in ${((performance.now() - started) / 1000).toFixed(1)} s\n`,
);
