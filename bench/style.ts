/**
 * Style-track benchmark: seconds per candidate for the sandboxed run + introspection + both
 * channels, on the 15 calibration candidates (3 tasks × 5 kinds), with 1 and 2 workers, plus
 * seconds per criteria extraction (two sandboxed runs of reference.py) and the cost of a
 * bare sandbox start (python -c pass) to separate sandbox overhead from matplotlib.
 *
 *   npx tsx bench/style.ts [--rounds 2]
 *
 * Prints one JSON object. Numbers depend on the machine; measure on a quiet one.
 */
import { join } from 'node:path';
import { createBubblewrapSandbox } from '../evaluator/src/sandbox/bubblewrap-sandbox.ts';
import { DEFAULT_SANDBOX_LIMITS } from '../evaluator/src/sandbox/sandbox.ts';
import { loadStyleTask, type LoadedStyleTask } from '../evaluator/src/style/load-style-task.ts';
import { scoreStyleCandidate } from '../evaluator/src/style/score-style-candidate.ts';

const ROOT = join(import.meta.dirname, '..');
const CAL = join(ROOT, 'test', 'fixtures', 'calibration-style');
const TASKS = ['style01-0', 'style01-1', 'style01-2'];
const KINDS = ['faithful', 'palette', 'default', 'overlap', 'charttype'];
const roundsArg = process.argv.indexOf('--rounds');
const rounds = roundsArg > 0 ? Number(process.argv[roundsArg + 1]) : 2;

const sandbox = createBubblewrapSandbox();
const stats = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mean = s.reduce((a, b) => a + b, 0) / s.length;
  return {
    n: s.length,
    mean: +mean.toFixed(3),
    median: +s[Math.floor(s.length / 2)]!.toFixed(3),
    min: +s[0]!.toFixed(3),
    max: +s[s.length - 1]!.toFixed(3),
  };
};

// 1. Bare sandbox start: bwrap + python, no matplotlib.
const bare: number[] = [];
for (let i = 0; i < 5; i++) {
  const t = performance.now();
  await sandbox.run({
    inputs: [],
    mounts: [],
    command: ['/usr/bin/python3', '-c', 'pass'],
    env: { PATH: '/usr/bin' },
    limits: DEFAULT_SANDBOX_LIMITS,
  });
  bare.push((performance.now() - t) / 1000);
}

// 2. Criteria extraction (reference.py twice: as written and in the default-style twin).
const extraction: number[] = [];
const tasks = new Map<string, LoadedStyleTask>();
for (const t of TASKS) {
  const started = performance.now();
  tasks.set(t, await loadStyleTask(join(CAL, t), { sandbox, forceExtract: true }));
  extraction.push((performance.now() - started) / 1000);
}

// 3. Candidates, sequentially and two at a time.
const jobs = TASKS.flatMap((t) =>
  KINDS.map((k) => ({ task: tasks.get(t)!, script: join(CAL, t, 'candidates', k, 'figure.py') })),
);
const perCandidate: Record<string, number[]> = { workers1: [], workers2: [] };
const wall: Record<string, number[]> = { workers1: [], workers2: [] };
for (let round = 0; round < rounds; round++) {
  for (const workers of [1, 2]) {
    const queue = [...jobs];
    const started = performance.now();
    await Promise.all(
      Array.from({ length: workers }, async () => {
        for (let job = queue.shift(); job; job = queue.shift()) {
          const t = performance.now();
          await scoreStyleCandidate({ sandbox, task: job.task, scriptPath: job.script });
          perCandidate[`workers${workers}`]!.push((performance.now() - t) / 1000);
        }
      }),
    );
    wall[`workers${workers}`]!.push((performance.now() - started) / 1000 / jobs.length);
  }
}

process.stdout.write(
  `${JSON.stringify(
    {
      candidates: jobs.length,
      rounds,
      secondsBareSandboxStart: stats(bare),
      secondsPerCriteriaExtraction: stats(extraction),
      secondsPerCandidate: {
        workers1: stats(perCandidate.workers1!),
        workers2: stats(perCandidate.workers2!),
      },
      wallSecondsPerCandidate: { workers1: stats(wall.workers1!), workers2: stats(wall.workers2!) },
    },
    null,
    2,
  )}\n`,
);
