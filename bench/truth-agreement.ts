// Double annotation (issue 21 item 3): per figure, module F1 (boxes paired at IoU ≥ 0.5), label
// F1 (texts paired at label similarity ≥ 0.8) and directed-relation F1 between two independent
// annotations, before adjudication (a.json vs b.json, as the annotators delivered them) and after
// it (a.adjudicated.json vs b.adjudicated.json, each revised after the disagreements were
// settled), with medians. The folder holds one sub-folder per figure.
// Run: npx tsx bench/truth-agreement.ts [--dir suites/refig-real/agreement] [--markdown]
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Truth } from '../evaluator/src/schemas/task.schema.ts';
import {
  type AnnotationAgreement,
  compareAnnotations,
} from '../evaluator/src/suite/compare-annotations.ts';

const arg = (name: string, fallback: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] ? process.argv[i + 1]! : fallback;
};
const dir = arg('dir', 'suites/refig-real/agreement');
const read = async (p: string) =>
  Truth.parse(JSON.parse(await readFile(p, 'utf8').catch(() => 'null')) ?? undefined);
const tryRead = async (p: string) => {
  try {
    return await read(p);
  } catch {
    return null;
  }
};
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length === 0
    ? Number.NaN
    : s.length % 2
      ? s[(s.length - 1) / 2]!
      : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};
const figs = (await readdir(dir, { withFileTypes: true }))
  .filter((d) => d.isDirectory())
  .map((d) => d.name)
  .sort();
const rows: { id: string; before: AnnotationAgreement; after: AnnotationAgreement | null }[] = [];
for (const id of figs) {
  const a = await read(join(dir, id, 'a.json'));
  const b = await read(join(dir, id, 'b.json'));
  const aa = await tryRead(join(dir, id, 'a.adjudicated.json'));
  const ba = await tryRead(join(dir, id, 'b.adjudicated.json'));
  rows.push({
    id,
    before: compareAnnotations(a, b),
    after: aa && ba ? compareAnnotations(aa, ba) : null,
  });
}
const f = (x: number) => x.toFixed(2);
const cell = (r: AnnotationAgreement | null) =>
  r ? `${f(r.modules.f1)} | ${f(r.labels.f1)} | ${f(r.relations.f1)}` : '– | – | –';
console.log(`${rows.length} doubly annotated figure(s) in ${dir}\n`);
console.log(
  '| figure | modules | labels | relations | modules (adj.) | labels (adj.) | relations (adj.) |',
);
console.log('|---|---|---|---|---|---|---|');
for (const r of rows) console.log(`| \`${r.id}\` | ${cell(r.before)} | ${cell(r.after)} |`);
const med = (pick: (r: AnnotationAgreement) => number, which: 'before' | 'after') =>
  f(median(rows.flatMap((r) => (r[which] ? [pick(r[which]!)] : []))));
console.log(
  `| **median** | ${med((r) => r.modules.f1, 'before')} | ${med((r) => r.labels.f1, 'before')} | ${med((r) => r.relations.f1, 'before')} | ${med((r) => r.modules.f1, 'after')} | ${med((r) => r.labels.f1, 'after')} | ${med((r) => r.relations.f1, 'after')} |`,
);
