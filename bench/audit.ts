// Audit benchmark: gate + audit decks per second, in-process, from bytes already in memory.
// Run: npx tsx bench/audit.ts [--rounds R]
// Decks: the 54 calibration decks and the 102 corpus decks (real decks by other authors, 6 broken),
// repeated R times (default 3: 468 audits) after one warm-up pass.
import { readdirSync, readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { auditPptx } from '../evaluator/src/audit/audit-pptx.ts';

export interface AuditBenchResult {
  set: string;
  decks: number;
  seconds: number;
  decksPerSecond: number;
  /** Slowest single audit in the timed runs, ms. */
  maxMs: number;
  /** Decks per second of CPU time of this process (what a quiet machine reaches in wall time). */
  decksPerCpuSecond: number;
  /** Decks per second of the fastest round (the one least disturbed by other load). */
  bestRoundDecksPerSecond: number;
}

/** Every calibration and corpus deck as {name, bytes}, in a stable order. */
export function auditBenchDecks(): Array<{
  set: 'calibration' | 'corpus';
  name: string;
  bytes: Uint8Array;
}> {
  const fixtures = fileURLToPath(new URL('../test/fixtures/', import.meta.url));
  const out: Array<{ set: 'calibration' | 'corpus'; name: string; bytes: Uint8Array }> = [];
  const calibration = join(fixtures, 'calibration');
  for (const fig of readdirSync(calibration)
    .filter((f) => f.startsWith('fig'))
    .sort()) {
    for (const v of readdirSync(join(calibration, fig, 'variants')).sort())
      out.push({
        set: 'calibration',
        name: `${fig}/${v}`,
        bytes: readFileSync(join(calibration, fig, 'variants', v)),
      });
  }
  const corpus = join(fixtures, 'corpus', 'pptx');
  for (const f of readdirSync(corpus).sort())
    out.push({ set: 'corpus', name: f, bytes: readFileSync(join(corpus, f)) });
  return out;
}

/**
 * Audits every deck once to warm up, then `rounds` more times, timing each set (calibration,
 * corpus, all) separately. Objects are included, as `refig evaluate` asks for them.
 */
export async function runAuditBench(rounds = 3): Promise<AuditBenchResult[]> {
  const decks = auditBenchDecks();
  for (const d of decks) await auditPptx(d.name, d.bytes, { objects: true });
  const results: AuditBenchResult[] = [];
  for (const set of ['calibration', 'corpus', 'all'] as const) {
    const chosen = decks.filter((d) => set === 'all' || d.set === set);
    let maxMs = 0;
    let bestRound = Infinity;
    const cpuStart = process.cpuUsage();
    const started = performance.now();
    for (let r = 0; r < rounds; r++) {
      const roundStart = performance.now();
      for (const d of chosen) {
        const t = performance.now();
        await auditPptx(d.name, d.bytes, { objects: true });
        maxMs = Math.max(maxMs, performance.now() - t);
      }
      bestRound = Math.min(bestRound, (performance.now() - roundStart) / 1000);
    }
    const seconds = (performance.now() - started) / 1000;
    const cpu = process.cpuUsage(cpuStart);
    const cpuSeconds = (cpu.user + cpu.system) / 1e6;
    const n = chosen.length * rounds;
    results.push({
      set,
      decks: n,
      seconds,
      decksPerSecond: n / seconds,
      maxMs,
      decksPerCpuSecond: n / cpuSeconds,
      bestRoundDecksPerSecond: chosen.length / bestRound,
    });
  }
  return results;
}

/** The audit rows of the side-by-side table (`metric | value | target | ratio`). */
export function formatAuditBench(results: readonly AuditBenchResult[], target = 300): string {
  const rows = results.map((r) => {
    const metric = `audit decks/s (${r.set}, ${r.decks} decks)`;
    const ratio = r.set === 'all' ? `${(r.decksPerSecond / target).toFixed(2)}×` : '';
    return `${metric} | ${r.decksPerSecond.toFixed(0)} | ${r.set === 'all' ? `≥ ${target}` : ''} | ${ratio}`;
  });
  const all = results.find((r) => r.set === 'all');
  if (all) {
    rows.push(
      `audit decks/s, fastest round (all) | ${all.bestRoundDecksPerSecond.toFixed(0)} | ≥ ${target} | ${(all.bestRoundDecksPerSecond / target).toFixed(2)}×`,
    );
    rows.push(
      `audit decks per CPU-second (all) | ${all.decksPerCpuSecond.toFixed(0)} | ≥ ${target} | ${(all.decksPerCpuSecond / target).toFixed(2)}×`,
    );
  }
  const slowest = Math.max(...results.map((r) => r.maxMs));
  rows.push(`slowest single audit (ms) | ${slowest.toFixed(1)} | | `);
  return ['metric | value | target | ratio', '--- | --- | --- | ---', ...rows].join('\n');
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const i = process.argv.indexOf('--rounds');
  const rounds = i > 0 ? Number(process.argv[i + 1]) : 3;
  if (!Number.isInteger(rounds) || rounds < 1)
    throw new Error('--rounds must be a positive integer');
  const results = await runAuditBench(rounds);
  console.log(
    `audit benchmark: gate + audit (with objects) from bytes in memory, node ${process.version}, load average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
  console.log(formatAuditBench(results));
}
