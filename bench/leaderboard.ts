/**
 * Benchmark: the full leaderboard on a ReFigBench-sized data set — 10 configurations × 1,000
 * tasks × 2 judges × 3 runs (60,000 judgment records, 10,000 audits, 10,000 effort records) and
 * 4,270 annotations over 993 tasks — read, computed (5,000-resample bootstraps, 2,000 cluster
 * bootstrap Bradley–Terry fits) and written. Target: ≤ 10 s on a 2-core machine.
 *
 *   npx tsx bench/leaderboard.ts [--keep DIR]
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildLeaderboard } from '../evaluator/src/leaderboard/build-leaderboard.ts';
import { loadLeaderboardInputs } from '../evaluator/src/leaderboard/load-leaderboard-inputs.ts';
import { writeLeaderboard } from '../evaluator/src/leaderboard/write-leaderboard.ts';
import { generateLeaderboardData } from './generate-leaderboard-data.ts';

const keepAt = process.argv.indexOf('--keep');
const root =
  keepAt > 0 ? process.argv[keepAt + 1]! : await mkdtemp(join(tmpdir(), 'figboard-bench-'));

let t = performance.now();
await generateLeaderboardData(root, {
  seed: 20260720,
  tasks: 1000,
  configurations: 10,
  judges: [
    { id: 'gpt', family: 'openai', model: 'gpt-5.4-2026-03-05', leniency: 0 },
    { id: 'qwen', family: 'qwen', model: 'Qwen3.6-27B', leniency: 10 },
  ],
  runs: 3,
  annotations: 4270,
  annotatedTasks: 993,
});
console.log(
  `generated data set in ${((performance.now() - t) / 1000).toFixed(2)} s (not part of the measurement)`,
);

const cpuMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
const cpuStart = cpuMs();
const started = performance.now();
t = started;
const inputs = await loadLeaderboardInputs({
  submissionsDir: join(root, 'submissions'),
  suitesDir: join(root, 'suites'),
  annotationsDir: join(root, 'annotations'),
});
const loadS = (performance.now() - t) / 1000;
t = performance.now();
const { leaderboard, problems } = buildLeaderboard(inputs, {
  primaryJudge: 'gpt',
  generatorVersion: 'bench',
});
const buildS = (performance.now() - t) / 1000;
t = performance.now();
const text = await writeLeaderboard(join(root, 'leaderboard.json'), leaderboard);
const writeS = (performance.now() - t) / 1000;
const total = (performance.now() - started) / 1000;
const cpu = (cpuMs() - cpuStart) / 1000;

console.log(
  `records: ${inputs.submissions.reduce((s, x) => s + x.judgments.reduce((a, j) => a + j.records.length, 0), 0)} judgments, ${inputs.annotations.length} annotations, ${problems.length} input problems`,
);
console.log(
  `board: ${leaderboard.configurations.length} configuration rows, ${leaderboard.pairedEffects.length} workflow + ${leaderboard.harnessEffects.length} harness effects, ${leaderboard.elo.rows.length} Elo rows, ${text.length} bytes`,
);
console.log(
  `load ${loadS.toFixed(2)} s + build ${buildS.toFixed(2)} s + write ${writeS.toFixed(2)} s = ${total.toFixed(2)} s wall, ${cpu.toFixed(2)} s CPU (target ≤ 10 s)`,
);
if (keepAt < 0) await rm(root, { recursive: true, force: true });
else console.log(`data set and board kept in ${root}`);
