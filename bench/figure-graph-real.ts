// Extraction quality on REAL figures: the extractor's draft vs the hand-checked truth.
// Run: npx tsx bench/figure-graph-real.ts [--suite suites/refig-real] [--extract] [--json OUT]
// For every task of the suite with a truth.json (hand-checked, see the suite README), compares
// the draft kept beside it (truth.draft.json, what `refig truth draft` wrote before the check)
// with the truth, through the same matching as bench/figure-graph.ts (compare-figure-graphs.ts:
// nodes paired one to one by label text + position): label recall, module recall and precision,
// directed-relation precision / recall / F1, reversed relations, groups. Prints one row per
// figure and the median. `--extract` re-runs tesseract + the extractor on each figure instead of
// reading the committed draft (what a newer extractor would score; adds the seconds per figure),
// and prints the committed draft's F1 beside it. `--json` also writes the rows.
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  compareFigureGraphs,
  extractFigureGraph,
  figureGraphFromTruth,
  type GraphComparison,
  readFigureWords,
} from '../evaluator/src/figure-graph/index.ts';
import { createTesseractOcr } from '../evaluator/src/ocr/tesseract-ocr.ts';
import { FigureGraph } from '../evaluator/src/schemas/figure-graph.schema.ts';
import { Truth } from '../evaluator/src/schemas/task.schema.ts';

const args = process.argv.slice(2);
const arg = (name: string, fallback: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && args[i + 1] ? args[i + 1]! : fallback;
};
const repo = fileURLToPath(new URL('..', import.meta.url));
const suiteDir = resolve(arg('suite', join(repo, 'suites/refig-real')));
const extract = args.includes('--extract');
const jsonOut = arg('json', '');

interface Row {
  id: string;
  truthNodes: number;
  truthModules: number;
  truthEdges: number;
  draft: GraphComparison;
  /** With --extract: the fresh extraction's comparison and seconds (tesseract + extractor). */
  fresh?: GraphComparison;
  seconds?: number;
  extractor: string;
}

const f2 = (x: number) => x.toFixed(2);
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const n = s.length;
  if (n === 0) return Number.NaN;
  return n % 2 ? s[(n - 1) / 2]! : (s[n / 2 - 1]! + s[n / 2]!) / 2;
};

async function main(): Promise<void> {
  const ids = (await readdir(suiteDir, { withFileTypes: true }))
    .filter((d) => d.isDirectory())
    .map((d) => d.name)
    .sort();
  const ocr = createTesseractOcr();
  const rows: Row[] = [];
  const skipped: string[] = [];
  for (const id of ids) {
    const dir = join(suiteDir, id);
    const truthText = await readFile(join(dir, 'truth.json'), 'utf8').catch(() => null);
    if (truthText === null) continue;
    const draftText = await readFile(join(dir, 'truth.draft.json'), 'utf8').catch(() => null);
    if (draftText === null) {
      skipped.push(`${id} (truth.json without truth.draft.json beside it)`);
      continue;
    }
    const truth = Truth.parse(JSON.parse(truthText));
    const reference = figureGraphFromTruth(truth);
    const draft = FigureGraph.parse(JSON.parse(draftText));
    const row: Row = {
      id,
      truthNodes: truth.nodes.length,
      truthModules: reference.nodes.filter((n) => n.kind === 'module').length,
      truthEdges: truth.edges.length,
      draft: compareFigureGraphs(reference, draft),
      extractor: `${draft.extractor.name} ${draft.extractor.version}`,
    };
    if (extract) {
      const files = await readdir(dir);
      const image = join(dir, files.find((f) => /^source\.(png|jpe?g)$/i.test(f))!);
      const t0 = process.hrtime.bigint();
      // The settings `refig truth draft` uses by default (figboard.yml scoring.ocr).
      const { words } = await readFigureWords(image, ocr, { language: 'eng' });
      const graph = await extractFigureGraph(image, { id, words, minWordConfidence: 60 });
      row.seconds = Number(process.hrtime.bigint() - t0) / 1e9;
      row.fresh = compareFigureGraphs(reference, graph);
      row.extractor = `${graph.extractor.name} ${graph.extractor.version}`;
    }
    rows.push(row);
  }
  if (rows.length === 0) {
    console.log(`no task of ${suiteDir} has truth.json + truth.draft.json`);
    return;
  }
  const which = extract ? 'fresh extraction' : 'committed draft (truth.draft.json)';
  console.log(
    `\n## Extraction vs hand truth: ${rows.length} figures of ${suiteDir.replace(repo, '')}, ${which}\n`,
  );
  console.log(
    '| figure | truth nodes / modules / edges | label recall | module recall | module precision | rel. precision | rel. recall | rel. F1 | reversed | groups found |' +
      (extract ? ' committed draft F1 | s |' : ''),
  );
  console.log(`|---|---|---|---|---|---|---|---|---|---|${extract ? '---|---|' : ''}`);
  const pick = (r: Row) => r.fresh ?? r.draft;
  for (const r of rows) {
    const c = pick(r);
    console.log(
      `| ${r.id} | ${r.truthNodes} / ${r.truthModules} / ${r.truthEdges} | ${f2(c.labels.recall)} | ${f2(c.modules.recall)} | ${f2(c.modules.precision)} | ${f2(c.relations.precision)} | ${f2(c.relations.recall)} | ${f2(c.relations.f1)} | ${c.relations.reversed} | ${c.groups.found}/${c.groups.total} |` +
        (extract ? ` ${f2(r.draft.relations.f1)} | ${f2(r.seconds!)} |` : ''),
    );
  }
  const m = (f: (c: GraphComparison) => number) => f2(median(rows.map((r) => f(pick(r)))));
  console.log(
    `| **median** | | ${m((c) => c.labels.recall)} | ${m((c) => c.modules.recall)} | ${m((c) => c.modules.precision)} | ${m((c) => c.relations.precision)} | ${m((c) => c.relations.recall)} | ${m((c) => c.relations.f1)} | | |` +
      (extract
        ? ` ${f2(median(rows.map((r) => r.draft.relations.f1)))} | ${f2(median(rows.map((r) => r.seconds!)))} |`
        : ''),
  );
  // Pooled over all figures: every truth relation and every extracted one counts once.
  const sum = (f: (c: GraphComparison) => number) => rows.reduce((a, r) => a + f(pick(r)), 0);
  const correct = sum((c) => c.relations.correct);
  const total = sum((c) => c.relations.total);
  const extracted = sum((c) => c.relations.extracted);
  const p = extracted ? correct / extracted : 1;
  const rc = total ? correct / total : 1;
  console.log(
    `\npooled: labels ${sum((c) => c.labels.found)}/${sum((c) => c.labels.total)} found (${f2(sum((c) => c.labels.found) / sum((c) => c.labels.total))}), ` +
      `modules ${sum((c) => c.modules.found)}/${sum((c) => c.modules.total)} (${f2(sum((c) => c.modules.found) / sum((c) => c.modules.total))}), ` +
      `directed relations ${correct} right of ${extracted} extracted and ${total} in truth ` +
      `(P ${f2(p)}, R ${f2(rc)}, F1 ${f2(p + rc ? (2 * p * rc) / (p + rc) : 0)}), ${sum((c) => c.relations.reversed)} reversed`,
  );
  console.log(`extractor: ${[...new Set(rows.map((r) => r.extractor))].join(', ')}`);
  if (skipped.length) console.log(`skipped: ${skipped.join('; ')}`);
  if (jsonOut) {
    await writeFile(jsonOut, `${JSON.stringify(rows, null, 2)}\n`);
    console.log(`rows written to ${jsonOut}`);
  }
}

await main();
