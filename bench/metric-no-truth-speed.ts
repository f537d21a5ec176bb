// Issue 11 acceptance: extraction + no-truth scoring of one real figure takes ≤ 2 s on this
// machine. Per figure of a real suite: tesseract (readFigureWords), the figure-graph extractor,
// the reference (referenceFromGraph), and the metric judge of one deck (render-vs-source
// alignment + judgeWithMetrics) — what `refig score --no-truth` adds to the shared audit and
// render. The deck judged is a faithful reconstruction of the extracted graph
// (test/adversarial), rendered beforehand in one LibreOffice batch (render time printed apart).
// Prints per figure, then median / p90 / max, wall-clock and CPU seconds (this process, its
// libvips threads and the finished tesseract child: the figure a busy machine cannot inflate),
// and the machine load at start and end.
// Run: npx tsx bench/metric-no-truth-speed.ts [--suite suites/refig-real] [--limit N]
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { auditFile } from '../evaluator/src/audit/audit-file.ts';
import { defaultConfig } from '../evaluator/src/config/load-config.ts';
import {
  extractFigureGraph,
  loadOpenCv,
  readFigureWords,
} from '../evaluator/src/figure-graph/index.ts';
import { alignForComparison } from '../evaluator/src/image/align-for-comparison.ts';
import { judgeWithMetrics } from '../evaluator/src/judge/metric/metric-judge.ts';
import { referenceFromGraph } from '../evaluator/src/judge/metric/reference-figure.ts';
import { createTesseractOcr } from '../evaluator/src/ocr/tesseract-ocr.ts';
import { createLibreOfficeRenderer } from '../evaluator/src/render/libreoffice-renderer.ts';
import type { FigureGraph } from '../evaluator/src/schemas/figure-graph.schema.ts';
import { buildAdversarialDeck } from '../test/adversarial/adversarial-decks.ts';

const args = process.argv.slice(2);
const arg = (name: string, fallback: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && args[i + 1] ? args[i + 1]! : fallback;
};
const repo = fileURLToPath(new URL('..', import.meta.url));
const suite = arg('suite', join(repo, 'suites/refig-real'));
const limit = Number(arg('limit', '1000'));
const config = defaultConfig();
const ocr = createTesseractOcr();
const load = () =>
  loadavg()
    .map((x) => x.toFixed(2))
    .join(' ');
const wall = (t0: bigint) => Number(process.hrtime.bigint() - t0) / 1e9;
const cpu = (c0: NodeJS.CpuUsage) => {
  const c = process.cpuUsage(c0);
  return (c.user + c.system) / 1e6;
};
/** CPU seconds of finished child processes (tesseract), from /proc (Linux; 0 elsewhere). */
async function childCpu(): Promise<number> {
  const stat = await readFile('/proc/self/stat', 'utf8').catch(() => '');
  // Fields after the command name (in parentheses): cutime and cstime are the 14th and 15th.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[13] ?? 0) + Number(fields[14] ?? 0)) / 100;
}

const ids = (await readdir(suite, { withFileTypes: true }))
  .filter((d) => d.isDirectory())
  .map((d) => d.name)
  .sort()
  .slice(0, limit);
console.log(
  `${ids.length} figures of ${suite}; ${cpus().length} cores; load (1/5/15 min) at start: ${load()}`,
);
await loadOpenCv(); // Once per process (WebAssembly compile), as in a scoring run: not per figure.

interface Row {
  id: string;
  pixels: number;
  ocr: number;
  ocrCpu: number;
  extract: number;
  extractCpu: number;
  judge: number;
  judgeCpu: number;
  graph: FigureGraph;
  image: string;
}
const work = await mkdtemp(join(tmpdir(), 'figboard-bench-no-truth-'));
try {
  const rows: Row[] = [];
  for (const id of ids) {
    const files = await readdir(join(suite, id));
    const name = files.find((f) => /^source\.(png|jpe?g)$/i.test(f));
    if (!name) continue;
    const image = join(suite, id, name);
    let t = process.hrtime.bigint();
    let c = process.cpuUsage();
    const k = await childCpu();
    const { words, width, height } = await readFigureWords(image, ocr, config.scoring.ocr);
    const ocrSeconds = wall(t);
    const ocrCpu = cpu(c) + (await childCpu()) - k;
    t = process.hrtime.bigint();
    c = process.cpuUsage();
    const graph = await extractFigureGraph(image, {
      id,
      words,
      minWordConfidence: config.scoring.ocr.minConfidence,
    });
    rows.push({
      id,
      pixels: width * height,
      ocr: ocrSeconds,
      ocrCpu,
      extract: wall(t),
      extractCpu: cpu(c),
      judge: 0,
      judgeCpu: 0,
      graph,
      image,
    });
    process.stderr.write('.');
  }
  process.stderr.write('\n');
  // One deck per figure (its faithful reconstruction), rendered in one batch as refig does.
  const decks = await Promise.all(
    rows.map(async (r) => {
      const path = join(work, `${r.id}.pptx`);
      await writeFile(
        path,
        await buildAdversarialDeck('faithful', r.graph, await readFile(r.image)),
      );
      return path;
    }),
  );
  const t0 = process.hrtime.bigint();
  const rendered = await createLibreOfficeRenderer().render(
    decks.map((path, i) => ({ id: `d${i}`, path })),
    { outDir: work, dpi: config.scoring.render.dpi, workers: 2, timeoutMs: 120_000 },
  );
  const renderSeconds = wall(t0) / Math.max(1, decks.length);
  for (const [i, r] of rows.entries()) {
    const png = rendered.get(`d${i}`)?.png;
    const audit = await auditFile(decks[i]!, { objects: true, cap: config.scoring.cap });
    const t = process.hrtime.bigint();
    const c = process.cpuUsage();
    const reference = referenceFromGraph(r.graph);
    const images = png
      ? await alignForComparison(r.image, join(work, png), { source: r.image, render: png })
      : null;
    judgeWithMetrics({ reference, audit, images, rubric: config.scoring.rubric });
    r.judge = wall(t);
    r.judgeCpu = cpu(c);
  }
  const total = (r: Row) => r.ocr + r.extract + r.judge;
  const totalCpu = (r: Row) => r.ocrCpu + r.extractCpu + r.judgeCpu;
  console.log(
    `\n${'figure'.padEnd(36)} ${'MP'.padStart(5)} ${'nodes'.padStart(5)} ${'edges'.padStart(5)} ${'ocr s'.padStart(6)} ${'(cpu)'.padStart(6)} ${'extract s'.padStart(9)} ${'(cpu)'.padStart(6)} ${'judge s'.padStart(7)} ${'(cpu)'.padStart(6)} ${'total s'.padStart(7)} ${'(cpu)'.padStart(6)}`,
  );
  for (const r of rows)
    console.log(
      `${r.id.padEnd(36)} ${(r.pixels / 1e6).toFixed(2).padStart(5)} ${String(r.graph.nodes.length).padStart(5)} ${String(r.graph.edges.length).padStart(5)} ${r.ocr.toFixed(2).padStart(6)} ${r.ocrCpu.toFixed(2).padStart(6)} ${r.extract.toFixed(2).padStart(9)} ${r.extractCpu.toFixed(2).padStart(6)} ${r.judge.toFixed(2).padStart(7)} ${r.judgeCpu.toFixed(2).padStart(6)} ${total(r).toFixed(2).padStart(7)} ${totalCpu(r).toFixed(2).padStart(6)}`,
    );
  const stat = (f: (r: Row) => number) => {
    const v = rows.map(f).sort((a, b) => a - b);
    const at = (q: number) => v[Math.min(v.length - 1, Math.floor(q * v.length))] ?? Number.NaN;
    return `median ${at(0.5).toFixed(2)}  p90 ${at(0.9).toFixed(2)}  max ${(v[v.length - 1] ?? Number.NaN).toFixed(2)}`;
  };
  console.log(`\nocr (tesseract, wall)        ${stat((r) => r.ocr)}`);
  console.log(`ocr (cpu, incl. tesseract)   ${stat((r) => r.ocrCpu)}`);
  console.log(`extraction (wall)            ${stat((r) => r.extract)}`);
  console.log(`extraction (cpu)             ${stat((r) => r.extractCpu)}`);
  console.log(`judge one deck (wall)        ${stat((r) => r.judge)}`);
  console.log(`ocr + extraction + judge     ${stat(total)}   (target ≤ 2 s per figure)`);
  console.log(`  the same in cpu seconds    ${stat(totalCpu)}   (what an idle core would take)`);
  console.log(
    `figures within 2 s: ${rows.filter((r) => total(r) <= 2).length} of ${rows.length} wall-clock, ${rows.filter((r) => totalCpu(r) <= 2).length} of ${rows.length} in cpu seconds`,
  );
  console.log(
    `render (shared by every judge, not counted): ${renderSeconds.toFixed(2)} s per deck in one batch`,
  );
  console.log(`load (1/5/15 min) at end: ${load()}`);
} finally {
  await rm(work, { recursive: true, force: true });
}
