// Figure-graph extraction benchmark: quality against truth and seconds per figure.
// Run: npx tsx bench/figure-graph.ts [--synthetic 40] [--seed 1] [--dir FOLDER]… [--real suites/refig-real]
//      [--overlays OUT_DIR] [--no-calibration]
// Truth sets: `--synthetic N` random diagrams from test/support/synthetic-diagrams.ts (seeds
// seed…seed+N-1, rendered by librsvg into a temporary folder), test/fixtures/calibration (the 6
// calibration figures), and any `--dir` folder whose subfolders hold source.png|jpg + truth.json
// (hand-truth real figures, when they exist). Per figure: label recall, module recall, directed
// relation precision / recall / F1 (matching by label text + position, compare-figure-graphs.ts),
// reversed relations, tesseract seconds and extraction seconds; then the medians, a confidence
// calibration table (share of extracted elements that are right, per confidence band) and the
// time on every figure of the real suite (median and max). `--overlays` writes each extracted
// graph drawn over its figure (PNG) for looking at.
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  compareFigureGraphs,
  drawFigureGraph,
  extractFigureGraph,
  figureGraphFromTruth,
  type GraphComparison,
  loadOpenCv,
  readFigureWords,
} from '../evaluator/src/figure-graph/index.ts';
import { createTesseractOcr } from '../evaluator/src/ocr/tesseract-ocr.ts';
import { Truth } from '../evaluator/src/schemas/task.schema.ts';
import { writeSyntheticDiagrams } from '../test/support/synthetic-diagrams.ts';

const args = process.argv.slice(2);
const arg = (name: string, fallback: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && args[i + 1] ? args[i + 1]! : fallback;
};
const all = (name: string) =>
  args.flatMap((a, i) => (a === `--${name}` && args[i + 1] ? [args[i + 1]!] : []));
const repo = fileURLToPath(new URL('..', import.meta.url));
const syntheticCount = Number(arg('synthetic', '40'));
const seed = Number(arg('seed', '1'));
const realDir = arg('real', join(repo, 'suites/refig-real'));
const overlays = arg('overlays', '');
const ocr = createTesseractOcr();
const seconds = (t0: bigint) => Number(process.hrtime.bigint() - t0) / 1e9;

async function sourceOf(dir: string): Promise<string | null> {
  const files = await readdir(dir).catch(() => [] as string[]);
  const f = files.find((x) => /^source\.(png|jpe?g)$/i.test(x));
  return f ? join(dir, f) : null;
}

interface Row {
  id: string;
  cmp: GraphComparison | null;
  ocrSeconds: number;
  extractSeconds: number;
  /** CPU seconds of the extraction (this process and libvips threads): what a busy machine cannot inflate. */
  extractCpu: number;
  nodes: number;
  edges: number;
}

async function runFigure(dir: string, id: string): Promise<Row | null> {
  const image = await sourceOf(dir);
  if (!image) return null;
  let t0 = process.hrtime.bigint();
  const { words } = await readFigureWords(image, ocr, { language: 'eng' });
  const ocrSeconds = seconds(t0);
  t0 = process.hrtime.bigint();
  const cpu0 = process.cpuUsage();
  const graph = await extractFigureGraph(image, { id, words });
  const extractSeconds = seconds(t0);
  const cpu = process.cpuUsage(cpu0);
  const extractCpu = (cpu.user + cpu.system) / 1e6;
  let cmp: GraphComparison | null = null;
  const truthText = await readFile(join(dir, 'truth.json'), 'utf8').catch(() => null);
  if (truthText !== null)
    cmp = compareFigureGraphs(figureGraphFromTruth(Truth.parse(JSON.parse(truthText))), graph);
  if (overlays) {
    await mkdir(overlays, { recursive: true });
    await writeFile(join(overlays, `${id}.png`), await drawFigureGraph(image, graph, image));
  }
  return {
    id,
    cmp,
    ocrSeconds,
    extractSeconds,
    extractCpu,
    nodes: graph.nodes.length,
    edges: graph.edges.length,
  };
}

async function runFolder(root: string, only?: string[]): Promise<Row[]> {
  const names = (only ?? (await readdir(root))).sort();
  const rows: Row[] = [];
  for (const name of names) {
    const row = await runFigure(join(root, name), name);
    if (row) rows.push(row);
    process.stderr.write('.');
  }
  process.stderr.write('\n');
  return rows;
}

const median = (xs: number[]) => {
  if (xs.length === 0) return Number.NaN;
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};
const f2 = (v: number) => (Number.isNaN(v) ? '–' : v.toFixed(2));
const pad = (s: string, n: number) => s.padEnd(n);

function printTable(title: string, rows: Row[]): void {
  const withTruth = rows.filter((r) => r.cmp);
  console.log(`\n## ${title} (${withTruth.length} figures with truth)\n`);
  console.log(
    '| figure | labels | label R | modules | module R | relations | rel P | rel R | rel F1 | reversed | groups | tesseract s | extract s |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|---|---|---|---|');
  for (const r of withTruth) {
    const c = r.cmp!;
    console.log(
      `| ${pad(r.id, 18)} | ${c.labels.found}/${c.labels.total} | ${f2(c.labels.recall)} | ${c.modules.found}/${c.modules.total} | ${f2(c.modules.recall)} | ${c.relations.correct}/${c.relations.extracted} of ${c.relations.total} | ${f2(c.relations.precision)} | ${f2(c.relations.recall)} | ${f2(c.relations.f1)} | ${c.relations.reversed} | ${c.groups.found}/${c.groups.total} | ${f2(r.ocrSeconds)} | ${f2(r.extractSeconds)} |`,
    );
  }
  const m = (f: (c: GraphComparison) => number) => f2(median(withTruth.map((r) => f(r.cmp!))));
  const sum = (f: (c: GraphComparison) => number) => withTruth.reduce((s, r) => s + f(r.cmp!), 0);
  console.log(
    `| **median** | | ${m((c) => c.labels.recall)} | | ${m((c) => c.modules.recall)} | | ${m((c) => c.relations.precision)} | ${m((c) => c.relations.recall)} | ${m((c) => c.relations.f1)} | | | ${f2(median(withTruth.map((r) => r.ocrSeconds)))} | ${f2(median(withTruth.map((r) => r.extractSeconds)))} |`,
  );
  const P =
    sum((c) => c.relations.correct) /
    Math.max(
      1,
      sum((c) => c.relations.extracted),
    );
  const R =
    sum((c) => c.relations.recall * c.relations.total) /
    Math.max(
      1,
      sum((c) => c.relations.total),
    );
  console.log(
    `\nwrong relations: ${sum((c) => c.relations.reversed)} reversed, ${sum((c) => c.relations.missedHead)} undirected where directed (head missed), ${sum((c) => c.relations.inventedHead)} directed where undirected (head invented), ${sum((c) => c.relations.spurious)} with no reference relation; reference relations missed because a node was not found: ${sum((c) => c.relations.missedNodes)}`,
  );
  console.log(
    `| **pooled** | ${sum((c) => c.labels.found)}/${sum((c) => c.labels.total)} | ${f2(
      sum((c) => c.labels.found) /
        Math.max(
          1,
          sum((c) => c.labels.total),
        ),
    )} | ${sum((c) => c.modules.found)}/${sum((c) => c.modules.total)} | ${f2(
      sum((c) => c.modules.found) /
        Math.max(
          1,
          sum((c) => c.modules.total),
        ),
    )} | ${sum((c) => c.relations.correct)}/${sum((c) => c.relations.extracted)} of ${sum((c) => c.relations.total)} | ${f2(P)} | ${f2(R)} | ${f2(P + R ? (2 * P * R) / (P + R) : 0)} | ${sum((c) => c.relations.reversed)} | ${sum((c) => c.groups.found)}/${sum((c) => c.groups.total)} | | |`,
  );
}

function printCalibration(rows: Row[]): void {
  const bands: [number, number][] = [
    [0, 0.5],
    [0.5, 0.7],
    [0.7, 0.85],
    [0.85, 1.0001],
  ];
  console.log(
    '\n## Confidence calibration (all figures with truth): share of extracted elements that are right\n',
  );
  console.log('| confidence | nodes n | nodes right | edges n | edges right |');
  console.log('|---|---|---|---|---|');
  const elements = rows.flatMap((r) => r.cmp?.elements ?? []);
  for (const [lo, hi] of bands) {
    const cell = (kind: 'node' | 'edge') => {
      const xs = elements.filter((e) => e.kind === kind && e.confidence >= lo && e.confidence < hi);
      return [
        xs.length,
        xs.length ? xs.filter((e) => e.correct).length / xs.length : Number.NaN,
      ] as const;
    };
    const [nn, nr] = cell('node');
    const [en, er] = cell('edge');
    console.log(
      `| ${lo.toFixed(2)}–${Math.min(1, hi).toFixed(2)} | ${nn} | ${f2(nr)} | ${en} | ${f2(er)} |`,
    );
  }
}

// OpenCV's one-time start-up, reported apart from the per-figure times.
let t0 = process.hrtime.bigint();
await loadOpenCv();
const openCvSeconds = seconds(t0);

const sets: { title: string; rows: Row[] }[] = [];
if (syntheticCount > 0) {
  const root = await mkdtemp(join(tmpdir(), 'figboard-bench-figure-graph-'));
  try {
    t0 = process.hrtime.bigint();
    await writeSyntheticDiagrams(root, syntheticCount, seed);
    const genSeconds = seconds(t0);
    process.stderr.write(
      `generated ${syntheticCount} synthetic diagrams in ${genSeconds.toFixed(1)} s\n`,
    );
    sets.push({
      title: `synthetic diagrams, seeds ${seed}–${seed + syntheticCount - 1}`,
      rows: await runFolder(root),
    });
  } finally {
    await rm(root, { recursive: true, force: true });
  }
}
if (!args.includes('--no-calibration'))
  sets.push({
    title: 'calibration figures (test/fixtures/calibration)',
    rows: await runFolder(join(repo, 'test/fixtures/calibration')),
  });
for (const dir of all('dir')) sets.push({ title: dir, rows: await runFolder(dir) });
for (const s of sets) printTable(s.title, s.rows);
printCalibration(sets.flatMap((s) => s.rows));

if (realDir !== 'none') {
  const real = await runFolder(realDir);
  const ext = real.map((r) => r.extractSeconds);
  const tes = real.map((r) => r.ocrSeconds);
  const both = real.map((r) => r.extractSeconds + r.ocrSeconds);
  const worst = real.reduce((a, b) => (b.extractSeconds > a.extractSeconds ? b : a), real[0]!);
  console.log(`\n## Time per real figure (${realDir}, ${real.length} figures)\n`);
  console.log('| measure | median s | max s |');
  console.log('|---|---|---|');
  console.log(`| tesseract (readFigureWords) | ${f2(median(tes))} | ${f2(Math.max(...tes))} |`);
  console.log(`| extraction (extractFigureGraph) | ${f2(median(ext))} | ${f2(Math.max(...ext))} |`);
  const cpu = real.map((r) => r.extractCpu);
  console.log(`| extraction, CPU seconds | ${f2(median(cpu))} | ${f2(Math.max(...cpu))} |`);
  console.log(`| tesseract + extraction | ${f2(median(both))} | ${f2(Math.max(...both))} |`);
  console.log(
    `\nslowest extraction: ${worst.id} (${f2(worst.extractSeconds)} s); median graph size ${median(real.map((r) => r.nodes))} nodes, ${median(real.map((r) => r.edges))} edges; OpenCV start-up once per process: ${f2(openCvSeconds)} s`,
  );
  if (real.some((r) => r.cmp)) printTable(`${realDir} figures with truth.json`, real);
}
