/**
 * Prints the style-real baselines side by side from their committed records
 * (results/style.jsonl of the three baseline-style entries): S, S_code, S_vision per task and the
 * acceptance lines of issue 16 — S(reference code + target data) ≥ 90, S(default style) ≤ 65, and
 * the palette-and-font heuristic in between — per task and per chart type.
 * Run from the repository root after evaluating the three entries:
 *   npx tsx suites/style-real/build/report-baselines.ts [--defects]
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { StyleRecord } from '../../../evaluator/src/schemas/style-record.schema.ts';
import { StyleTask } from '../../../evaluator/src/schemas/style-task.schema.ts';
import { createRng } from '../../../evaluator/src/stats/create-rng.ts';
import { stylePairedEffect } from '../../../evaluator/src/style/style-comparisons.ts';

const ROOT = join(import.meta.dirname, '..', '..', '..');
const ENTRIES = { upper: 'baseline-style-reference-code', heuristic: 'baseline-style-palette-font', default: 'baseline-style-default' } as const;
type Key = keyof typeof ENTRIES;

function records(id: string): Map<string, StyleRecord> {
  const text = readFileSync(join(ROOT, 'submissions', id, 'results', 'style.jsonl'), 'utf8');
  return new Map(
    text
      .split('\n')
      .filter(Boolean)
      .map((l) => StyleRecord.parse(JSON.parse(l)))
      .map((r) => [r.task, r]),
  );
}

const recs = Object.fromEntries(Object.entries(ENTRIES).map(([k, id]) => [k, records(id)])) as Record<Key, Map<string, StyleRecord>>;
const suite = JSON.parse(readFileSync(join(ROOT, 'suites', 'style-real', 'suite.json'), 'utf8')) as { tasks: string[] };
const chart = new Map(
  suite.tasks.map((t) => [t, StyleTask.parse(JSON.parse(readFileSync(join(ROOT, 'suites', 'style-real', t, 'task.json'), 'utf8'))).chartType]),
);
const f1 = (n: number) => n.toFixed(1).padStart(5);
const showDefects = process.argv.includes('--defects');

const lines: string[] = [];
lines.push(`${'task'.padEnd(26)} ${'chart type'.padEnd(20)}   S_up code  vis |  S_heu  code  vis |  S_def  code  vis | up≥90 def≤65 between`);
let ok = { up: 0, def: 0, between: 0 };
for (const t of suite.tasks) {
  const [u, h, d] = (['upper', 'heuristic', 'default'] as const).map((k) => recs[k].get(t));
  if (!u || !h || !d) {
    lines.push(`${t.padEnd(26)} (missing record)`);
    continue;
  }
  const up = u.S >= 90;
  const def = d.S <= 65;
  const between = d.S < h.S && h.S < u.S;
  ok = { up: ok.up + +up, def: ok.def + +def, between: ok.between + +between };
  lines.push(
    `${t.padEnd(26)} ${chart.get(t)!.padEnd(20)} ${f1(u.S)} ${f1(u.code)} ${f1(u.vision)} | ${f1(h.S)} ${f1(h.code)} ${f1(h.vision)} | ${f1(d.S)} ${f1(d.code)} ${f1(d.vision)} | ${up ? ' yes ' : ' NO  '} ${def ? ' yes ' : ' NO  '} ${between ? ' yes' : ' NO'}`,
  );
  if (showDefects && !up)
    for (const x of u.defects) lines.push(`    upper defect: ${x.severity} ${x.kind}: ${x.detail}`);
  if (showDefects && !up)
    for (const c of u.criteria.details.filter((c) => !c.met))
      lines.push(`    upper unmet: ${c.id} expected ${JSON.stringify(c.expected)} got ${JSON.stringify(c.got)}`);
}
const n = suite.tasks.length;
lines.push('', `tasks ${n}: S(upper) ≥ 90 on ${ok.up}; S(default) ≤ 65 on ${ok.def}; default < heuristic < upper on ${ok.between}`);
lines.push('', `${'chart type'.padEnd(20)} tasks  mean S_up  mean S_heu  mean S_def  up≥90  def≤65  between`);
for (const c of [...new Set(chart.values())].sort()) {
  const ts = suite.tasks.filter((t) => chart.get(t) === c);
  const mean = (k: Key) => ts.reduce((s, t) => s + (recs[k].get(t)?.S ?? 0), 0) / ts.length;
  const count = (p: (t: string) => boolean) => ts.filter(p).length;
  lines.push(
    `${c.padEnd(20)} ${String(ts.length).padStart(5)}  ${f1(mean('upper')).padStart(9)}  ${f1(mean('heuristic')).padStart(10)}  ${f1(mean('default')).padStart(10)}  ${String(count((t) => recs.upper.get(t)!.S >= 90)).padStart(5)}  ${String(count((t) => recs.default.get(t)!.S <= 65)).padStart(6)}  ${String(count((t) => recs.default.get(t)!.S < recs.heuristic.get(t)!.S && recs.heuristic.get(t)!.S < recs.upper.get(t)!.S)).padStart(7)}`,
  );
}
lines.push('', 'paired effects on shared references (mean ΔS, 95% bootstrap interval, 5,000 resamples, seed 7)');
for (const [a, b] of [
  ['upper', 'heuristic'],
  ['heuristic', 'default'],
  ['upper', 'default'],
] as const) {
  const scores = (k: Key) => new Map([...recs[k].values()].map((r) => [r.task, r.S]));
  const e = stylePairedEffect(a, scores(a), b, scores(b), createRng(7), 5000);
  lines.push(
    `  ${a.padEnd(9)} − ${b.padEnd(9)} n ${e.n}  ΔS ${e.delta.toFixed(2).padStart(6)}  [${e.ci[0].toFixed(2)}, ${e.ci[1].toFixed(2)}]  ${a} better on ${e.aBetter}, ${b} on ${e.bBetter}, equal on ${e.same}`,
  );
}
process.stdout.write(`${lines.join('\n')}\n`);
