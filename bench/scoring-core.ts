// Scoring-core benchmark (issue 2): audit throughput and batched vs one-call-per-deck rendering,
// printed side by side in one run.
// Run: npx tsx bench/scoring-core.ts [--rounds 3] [--decks 40]
import { loadavg } from 'node:os';
import { formatAuditBench, runAuditBench } from './audit.ts';
import { formatRenderBench, runRenderBench } from './render.ts';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(name);
  const v = i > 0 ? Number(process.argv[i + 1]) : fallback;
  if (!Number.isInteger(v) || v < 1) throw new Error(`${name} must be a positive integer`);
  return v;
};

const audit = await runAuditBench(arg('--rounds', 3));
const render = await runRenderBench({ decks: arg('--decks', 40) });
const all = audit.find((r) => r.set === 'all');
const batched = render.rows[0];
const perDeck = render.rows.find((r) => r.mode.startsWith('one call per deck, warm profile, 1'));
const fresh = render.rows.find((r) => r.mode.startsWith('one call per deck, fresh'));

console.log(
  `scoring-core benchmark — node ${process.version}, load average ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}, render sandbox ${render.sandbox}`,
);
console.log('');
console.log(formatAuditBench(audit));
console.log('');
console.log(formatRenderBench(render.rows));
console.log('');
console.log('summary                                   | measured        | target   | ratio');
console.log('----------------------------------------- | --------------- | -------- | -----');
if (all)
  console.log(
    `audit decks/s (${all.decks} decks)                  | ${all.decksPerSecond.toFixed(0).padStart(10)}      | ≥ 300    | ${(all.decksPerSecond / 300).toFixed(2)}×`,
  );
if (batched && perDeck) {
  console.log(
    `render s/deck batched vs one call/deck     | ${batched.secondsPerDeck.toFixed(3)} vs ${perDeck.secondsPerDeck.toFixed(3)} | ≥ 5× | ${(perDeck.secondsPerDeck / batched.secondsPerDeck).toFixed(1)}×`,
  );
}
if (batched && fresh) {
  console.log(
    `render s/deck batched vs fresh profile/deck | ${batched.secondsPerDeck.toFixed(3)} vs ${fresh.secondsPerDeck.toFixed(3)} | ≥ 5× | ${(fresh.secondsPerDeck / batched.secondsPerDeck).toFixed(1)}×`,
  );
}
