// Issue 11 acceptance on real figures: for every task of a real suite that has hand truth,
// a faithful and a reversed-arrows reconstruction are built from that truth (test/adversarial),
// and both are scored WITHOUT the truth (`refig score --no-truth`: real audit, LibreOffice render,
// tesseract, the figure-graph extractor), as a submission to a figure nobody annotated would be.
// Prints per figure faithful / reversed / gap and the share of figures where reversed scores
// below faithful (acceptance: ≥ 80 %). Tasks without truth are counted and skipped, so the
// script runs (reporting 0 figures) before any hand truth exists.
// Run: npx tsx bench/metric-real-reversed.ts [--suite suites/refig-real] [--truth-name truth.json]
//      [--variants faithful,reversed] [--workers 2] [--detail]
// `--truth-name` scores against another file of the task folder in truth.json's format (e.g. a
// checked draft); `--variants` adds other adversarial reconstructions as columns.
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { auditFile } from '../evaluator/src/audit/audit-file.ts';
import { silentProgress } from '../evaluator/src/util/progress.ts';
import { defaultConfig } from '../evaluator/src/config/load-config.ts';
import type { EvaluatePorts } from '../evaluator/src/evaluate/evaluate-ports.ts';
import { type ScoreLine, scoreDecks } from '../evaluator/src/evaluate/score-decks.ts';
import { figureGraphFromTruth } from '../evaluator/src/figure-graph/figure-graph-from-truth.ts';
import { createTesseractOcr } from '../evaluator/src/ocr/tesseract-ocr.ts';
import { createLibreOfficeRenderer } from '../evaluator/src/render/libreoffice-renderer.ts';
import { Truth } from '../evaluator/src/schemas/task.schema.ts';
import {
  ADVERSARIAL_VARIANTS,
  type AdversarialVariant,
  buildAdversarialDeck,
} from '../test/adversarial/adversarial-decks.ts';

const args = process.argv.slice(2);
const arg = (name: string, fallback: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && args[i + 1] ? args[i + 1]! : fallback;
};
const repo = fileURLToPath(new URL('..', import.meta.url));
const suite = arg('suite', join(repo, 'suites/refig-real'));
const truthName = arg('truth-name', 'truth.json');
const workers = Number(arg('workers', '2'));
const detail = args.includes('--detail');
const variants = arg('variants', 'faithful,reversed').split(',') as AdversarialVariant[];
for (const v of variants)
  if (!ADVERSARIAL_VARIANTS.includes(v))
    throw new Error(
      `--variants: unknown variant "${v}" (known: ${ADVERSARIAL_VARIANTS.join(', ')})`,
    );
if (!variants.includes('faithful') || !variants.includes('reversed'))
  throw new Error('--variants must include faithful and reversed');

const config = defaultConfig();
const ports: EvaluatePorts = {
  auditDeck: (path, o) => auditFile(path, { name: o.name, objects: true, cap: o.cap }),
  renderer: createLibreOfficeRenderer(),
  ocr: createTesseractOcr(),
  createJudgeClient: () => {
    throw new Error('the metric judge only');
  },
  sleep: async () => {},
  seed: 1,
  progress: () => silentProgress,
  log: () => {},
};

const tasks = (await readdir(suite, { withFileTypes: true }))
  .filter((d) => d.isDirectory())
  .map((d) => d.name)
  .sort();
const withTruth: { id: string; truth: Truth; image: string }[] = [];
const problems: string[] = [];
for (const id of tasks) {
  const dir = join(suite, id);
  const files = await readdir(dir);
  if (!files.includes(truthName)) continue;
  const image = files.find((f) => /^source\.(png|jpe?g)$/i.test(f));
  const parsed = Truth.safeParse(JSON.parse(await readFile(join(dir, truthName), 'utf8')));
  if (!image || !parsed.success) {
    problems.push(`${id}: ${image ? `${truthName} is not valid truth` : 'no source image'}`);
    continue;
  }
  withTruth.push({ id, truth: parsed.data, image: join(dir, image) });
}
console.log(
  `suite ${suite}: ${tasks.length} tasks, ${withTruth.length} figures with ${truthName}` +
    (problems.length ? ` (${problems.length} skipped: ${problems.join('; ')})` : ''),
);
console.log(
  `machine load (1/5/15 min) at start: ${loadavg()
    .map((x) => x.toFixed(2))
    .join(' ')}`,
);
if (withTruth.length === 0) {
  console.log(
    `0 figures with truth: nothing to score yet (the acceptance — reversed below faithful on ≥ 80 % — needs hand truth in ${suite}/*/${truthName})`,
  );
  process.exit(0);
}

const work = await mkdtemp(join(tmpdir(), 'figboard-bench-real-reversed-'));
try {
  const rows: { id: string; lines: Map<AdversarialVariant, ScoreLine> }[] = [];
  const t0 = Date.now();
  for (const { id, truth, image } of withTruth) {
    const bytes = await readFile(image);
    const graph = figureGraphFromTruth(truth);
    const files: string[] = [];
    for (const v of variants) {
      const path = join(work, `${id}-${v}.pptx`);
      await writeFile(path, await buildAdversarialDeck(v, graph, bytes));
      files.push(path);
    }
    // The task folder as it is; `noTruth` makes the judge ignore its truth.json.
    const lines = await scoreDecks(
      { taskDir: join(suite, id), files, judge: 'metric', noTruth: true, config, workers },
      ports,
    );
    rows.push({ id, lines: new Map(variants.map((v, i) => [v, lines[i]!])) });
    process.stderr.write('.');
  }
  process.stderr.write('\n');
  const cell = (l: ScoreLine | undefined) => {
    if (!l || l.final === null) return l?.status ?? '-';
    const s = l.subscores;
    return detail && s
      ? `${l.final.toFixed(1)} (${s.T.toFixed(0)}/${s.S.toFixed(0)}/${s.L.toFixed(0)}/${s.E.toFixed(0)}/${s.V.toFixed(0)})`
      : l.final.toFixed(1);
  };
  const w = detail ? 26 : 10;
  console.log(`\n## --no-truth scores of reconstructions built from ${truthName}`);
  console.log(
    [
      'figure'.padEnd(36),
      'nodes',
      'edges',
      'directed',
      ...variants.map((v) => v.padStart(w)),
      '   gap',
    ].join(' '),
  );
  const gaps: number[] = [];
  let below = 0;
  // A figure whose truth has no directed relation cannot be reversed: counted, and said apart.
  let directedFigures = 0;
  let directedBelow = 0;
  for (const r of rows) {
    const f = r.lines.get('faithful')?.final ?? null;
    const rev = r.lines.get('reversed')?.final ?? null;
    const truth = withTruth.find((t) => t.id === r.id)!.truth;
    const gap = f !== null && rev !== null ? f - rev : null;
    if (gap !== null) gaps.push(gap);
    if (gap !== null && gap > 0) below += 1;
    const directed = truth.edges.filter((e) => e.directed !== false).length;
    if (directed > 0) {
      directedFigures += 1;
      if (gap !== null && gap > 0) directedBelow += 1;
    }
    console.log(
      [
        r.id.padEnd(36),
        String(truth.nodes.length).padStart(5),
        String(truth.edges.length).padStart(5),
        String(directed).padStart(8),
        ...variants.map((v) => cell(r.lines.get(v)).padStart(w)),
        (gap === null ? '-' : gap.toFixed(1)).padStart(6),
      ].join(' '),
    );
  }
  gaps.sort((a, b) => a - b);
  const median = gaps.length ? gaps[gaps.length >> 1]! : Number.NaN;
  const share = rows.length ? below / rows.length : 0;
  console.log(
    `\nreversed < faithful on ${below} of ${rows.length} figures (${(100 * share).toFixed(0)} %; acceptance ≥ 80 %: ${share >= 0.8 ? 'holds' : 'FAILS'}); median gap ${median.toFixed(1)} points` +
      `\non the ${directedFigures} figures with at least one directed relation: ${directedBelow} of ${directedFigures}`,
  );
  console.log(
    `${((Date.now() - t0) / 1000).toFixed(1)} s for ${rows.length} figures × ${variants.length} decks; load at end: ${loadavg()
      .map((x) => x.toFixed(2))
      .join(' ')}`,
  );
} finally {
  await rm(work, { recursive: true, force: true });
}
