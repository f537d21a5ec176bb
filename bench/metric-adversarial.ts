// Metric judge against gaming: every calibration variant and every adversarial reconstruction
// (test/adversarial) of each figure, scored on the truth path, the no-truth path and (for
// development) a graph made from truth with realistic extraction errors. Prints one table per
// path: variants down, figures across, final scores.
// Run: npx tsx bench/metric-adversarial.ts [--figures test/fixtures/calibration] [--paths truth,no-truth,degraded]
//      [--detail] [--graphs DIR --paths graph]  (DIR/<figure>.json: a FigureGraph to score against)
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { auditFile } from '../evaluator/src/audit/audit-file.ts';
import { defaultConfig } from '../evaluator/src/config/load-config.ts';
import { alignForComparison } from '../evaluator/src/image/align-for-comparison.ts';
import { degradeGraph } from '../evaluator/src/judge/metric/degrade-graph.testkit.ts';
import { loadReference } from '../evaluator/src/judge/metric/load-reference.ts';
import { judgeWithMetrics } from '../evaluator/src/judge/metric/metric-judge.ts';
import {
  type ReferenceFigure,
  referenceFromGraph,
} from '../evaluator/src/judge/metric/reference-figure.ts';
import { figureGraphFromTruth } from '../evaluator/src/figure-graph/figure-graph-from-truth.ts';
import { finalScore, totalOf } from '../evaluator/src/judge/rubric.ts';
import { createTesseractOcr } from '../evaluator/src/ocr/tesseract-ocr.ts';
import { createLibreOfficeRenderer } from '../evaluator/src/render/libreoffice-renderer.ts';
import type { AuditRecord } from '../evaluator/src/schemas/audit-record.schema.ts';
import { FigureGraph } from '../evaluator/src/schemas/figure-graph.schema.ts';
import { Truth } from '../evaluator/src/schemas/task.schema.ts';
import {
  ADVERSARIAL_VARIANTS,
  buildAdversarialDeck,
} from '../test/adversarial/adversarial-decks.ts';

const arg = (name: string, fallback: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] ? process.argv[i + 1]! : fallback;
};
const figuresDir = arg('figures', 'test/fixtures/calibration');
const paths = arg('paths', 'truth,no-truth,degraded').split(',');
const detail = process.argv.includes('--detail');
/** Figure graphs to score against instead of extracting (`<figure>.json` per figure), for path `graph`. */
const graphsDir = arg('graphs', '');
const config = defaultConfig();
const ocr = createTesseractOcr();

const figures = (await readdir(figuresDir, { withFileTypes: true }))
  .filter((d) => d.isDirectory())
  .map((d) => d.name)
  .sort();
const work = await mkdtemp(join(tmpdir(), 'figboard-bench-adversarial-'));
try {
  interface Deck {
    fig: string;
    variant: string;
    path: string;
    audit?: AuditRecord;
    png?: string | null;
  }
  const decks: Deck[] = [];
  const images = new Map<string, string>();
  const truths = new Map<string, Truth>();
  for (const fig of figures) {
    const dir = join(figuresDir, fig);
    const truth = Truth.parse(JSON.parse(await readFile(join(dir, 'truth.json'), 'utf8')));
    truths.set(fig, truth);
    const imagePath = join(dir, 'source.png');
    images.set(fig, imagePath);
    const image = await readFile(imagePath);
    for (const v of await readdir(join(dir, 'variants')).catch(() => [])) {
      if (!v.endsWith('.pptx') || v === 'twoslides.pptx') continue;
      decks.push({
        fig,
        variant: `cal:${v.replace(/\.pptx$/, '')}`,
        path: join(dir, 'variants', v),
      });
    }
    for (const v of ADVERSARIAL_VARIANTS) {
      const path = join(work, `${fig}-${v}.pptx`);
      await writeFile(path, await buildAdversarialDeck(v, figureGraphFromTruth(truth), image));
      decks.push({ fig, variant: v, path });
    }
  }
  for (const d of decks)
    d.audit = await auditFile(d.path, { objects: true, cap: config.scoring.cap });
  const t0 = Date.now();
  const rendered = await createLibreOfficeRenderer().render(
    decks.map((d, i) => ({ id: `d${i}`, path: d.path })),
    { outDir: work, dpi: config.scoring.render.dpi, workers: 2, timeoutMs: 60_000 },
  );
  console.log(`rendered ${decks.length} decks in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  decks.forEach((d, i) => {
    const r = rendered.get(`d${i}`);
    d.png = r?.png ? join(work, r.png) : null;
  });

  for (const path of paths) {
    const scores = new Map<string, Map<string, string>>();
    const t1 = Date.now();
    for (const fig of figures) {
      const truth = truths.get(fig)!;
      let reference: ReferenceFigure;
      if (path === 'degraded')
        reference = referenceFromGraph(degradeGraph(figureGraphFromTruth(truth), 7));
      else if (path === 'graph')
        reference = referenceFromGraph(
          FigureGraph.parse(JSON.parse(await readFile(join(graphsDir, `${fig}.json`), 'utf8'))),
        );
      else
        reference = await loadReference(
          { imagePath: images.get(fig)!, truth },
          { noTruth: path === 'no-truth', ocr, ocrSettings: config.scoring.ocr },
        );
      for (const d of decks.filter((x) => x.fig === fig)) {
        const audit = d.audit!;
        let cell: string;
        if (!audit.gate.passed || !d.png) cell = 'gate';
        else {
          const aligned = await alignForComparison(images.get(fig)!, d.png, {
            source: fig,
            render: d.png,
          });
          const v = judgeWithMetrics({
            reference,
            audit,
            images: aligned,
            rubric: config.scoring.rubric,
          });
          const s = v.subscores!;
          const final = finalScore(true, totalOf(s), audit.cap);
          cell = detail
            ? `${final.toFixed(1)} (${s.T.toFixed(0)}/${s.S.toFixed(0)}/${s.L.toFixed(0)}/${s.E.toFixed(0)}/${s.V.toFixed(0)})`
            : final.toFixed(1);
        }
        if (!scores.has(d.variant)) scores.set(d.variant, new Map());
        scores.get(d.variant)!.set(fig, cell);
      }
    }
    const ms = (Date.now() - t1) / decks.length;
    console.log(
      `\n## ${path} (${ms.toFixed(0)} ms per deck incl. reference)${detail ? ' — final (T/S/L/E/V)' : ''}`,
    );
    const w = detail ? 26 : 9;
    console.log(['variant'.padEnd(22), ...figures.map((f) => f.padStart(w))].join(' '));
    for (const [variant, row] of scores)
      console.log(
        [variant.padEnd(22), ...figures.map((f) => (row.get(f) ?? '-').padStart(w))].join(' '),
      );
  }
} finally {
  await rm(work, { recursive: true, force: true });
}
