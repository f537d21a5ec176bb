// The truth path on every verified figure of a refig suite (issue 21 item 7, SPEC §7): a slide
// built from the figure's truth, an echo of the extractor's draft, all arrows reversed, boxes
// without arrows, scattered labels and the picture with text boxes, each scored against the
// truth with real renders. Hidden tasks are included when FIGBOARD_SUITE_KEY opens sealed.json.
// Run: [FIGBOARD_SUITE_KEY=…] npx tsx bench/truth-path.ts [--suite suites/refig-real] [--tasks a,b]
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadSuite } from '../evaluator/src/suite/load-suite.ts';
import { parseSuiteKey } from '../evaluator/src/suite/sealed-bundle.ts';
import {
  formatTruthPathTable,
  readDraft,
  type TruthPathFigure,
  truthPathRows,
} from '../test/judging/truth-path.ts';

const arg = (name: string, fallback: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] ? process.argv[i + 1]! : fallback;
};
const suiteDir = arg('suite', 'suites/refig-real');
const only = arg('tasks', '');
const key = process.env.FIGBOARD_SUITE_KEY
  ? parseSuiteKey(process.env.FIGBOARD_SUITE_KEY, 'FIGBOARD_SUITE_KEY')
  : null;
const suite = await loadSuite(suiteDir, { suiteKey: key });
const figures: TruthPathFigure[] = [];
for (const t of suite.tasks) {
  if (t.truth === null || (only && !only.split(',').includes(t.id))) continue;
  figures.push({ id: t.id, imagePath: t.imagePath, truth: t.truth, draft: await readDraft(t.dir) });
}
const hidden = suite.tasks.filter((t) => t.hidden && t.truth !== null).length;
const work = await mkdtemp(join(tmpdir(), 'figboard-truth-path-'));
try {
  const t0 = Date.now();
  const rows = await truthPathRows(figures, work);
  const s = (Date.now() - t0) / 1000;
  console.log(
    `${suite.manifest?.name}: ${rows.length} verified figure(s) (${hidden} hidden, opened with the key) in ${s.toFixed(0)} s (${((s * 1000) / rows.length / 6).toFixed(0)} ms per deck)\n`,
  );
  console.log(formatTruthPathTable(rows));
  if (process.argv.includes('--detail'))
    for (const r of rows)
      console.log(
        `${r.id}: ${Object.entries(r.subscores)
          .map(([v, x]) => `${v} ${x ? `${x.T}/${x.S}/${x.L}/${x.E}/${x.V}` : 'gate'}`)
          .join(' · ')}`,
      );
  const failing = rows.filter((r) => Object.values(r.holds).some((h) => h === false));
  console.log(
    `\n${rows.length - failing.length} of ${rows.length} figures hold every bar${failing.length ? `; failing: ${failing.map((r) => r.id).join(', ')}` : ''}`,
  );
} finally {
  await rm(work, { recursive: true, force: true });
}
