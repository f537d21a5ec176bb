/**
 * Style track, seconds per candidate by stage, side by side: the sandboxed run of figure.py
 * (bubblewrap + matplotlib + introspection), the deterministic channels (S_code criteria + the
 * vision defect detectors on the run's output), and the LLM vision channel against the local
 * OpenAI-compatible test server through the real `openai` client — once as the bare judge call
 * (prompt with both PNGs and the numbered figure.py, reply checks) and once as `refig evaluate`
 * runs it (`runStyleVisionJudges`: the candidate drawn again in the sandbox, its hash checked,
 * then the call, the record appended). The server answers at once, so the LLM numbers are
 * FigBoard's own overhead; a real model adds its latency on top.
 *
 *   npx tsx bench/style-channels.ts [--rounds 2]
 *
 * 15 calibration candidates (3 tasks × 5 kinds). Prints one JSON object; measure on a quiet machine.
 */
import { mkdtemp, readFile, rm, writeFile, mkdir, cp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createOpenAiJudgeClient } from '@figboard/evaluator/judge';
import { createBubblewrapSandbox } from '@figboard/evaluator/sandbox';
import type { StyleRecord } from '@figboard/evaluator/schemas';
import { createRng } from '@figboard/evaluator/stats';
import {
  askStyleVisionJudge,
  detectVisualDefects,
  loadStyleTask,
  type LoadedStyleTask,
  runFigureScript,
  runStyleVisionJudges,
  scoreCodeChannel,
  scoreVisionChannel,
} from '@figboard/evaluator/style';
import { sha256 } from '@figboard/evaluator/util';
import { startOpenAiTestServer } from '../test/support/openai-test-server.ts';

const ROOT = join(import.meta.dirname, '..');
const CAL = join(ROOT, 'test', 'fixtures', 'calibration-style');
const TASKS = ['style01-0', 'style01-1', 'style01-2'];
const KINDS = ['faithful', 'palette', 'default', 'overlap', 'charttype'];
const roundsArg = process.argv.indexOf('--rounds');
const rounds = roundsArg > 0 ? Number(process.argv[roundsArg + 1]) : 2;

const sandbox = createBubblewrapSandbox();
const server = await startOpenAiTestServer({
  fallback: () => ({
    kind: 'reply',
    content: JSON.stringify({
      defects: [
        {
          severity: 'minor',
          candidate_box: [10, 10, 50, 40],
          reference_box: [12, 10, 50, 40],
          code_lines: [3],
          description: 'bench defect',
        },
      ],
    }),
  }),
});
const client = createOpenAiJudgeClient({
  baseURL: server.baseURL,
  apiKey: 'bench',
  timeoutMs: 30_000,
});
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

const tasks = new Map<string, LoadedStyleTask>();
for (const t of TASKS) tasks.set(t, await loadStyleTask(join(CAL, t), { sandbox }));
const jobs = TASKS.flatMap((t) =>
  KINDS.map((k) => ({
    task: tasks.get(t)!,
    kind: k,
    script: join(CAL, t, 'candidates', k, 'figure.py'),
  })),
);

const times = {
  sandboxRun: [] as number[],
  deterministic: [] as number[],
  llmCall: [] as number[],
  llmStage: [] as number[],
};
const scratch = await mkdtemp(join(tmpdir(), 'figboard-bench-style-'));
try {
  for (let round = 0; round < rounds; round++) {
    for (const [i, job] of jobs.entries()) {
      let t = performance.now();
      const run = await runFigureScript(sandbox, {
        scriptPath: job.script,
        dataFiles: [{ name: 'data.csv', path: job.task.dataPath }],
      });
      times.sandboxRun.push((performance.now() - t) / 1000);
      if (!run.ok) continue;

      t = performance.now();
      const code = scoreCodeChannel(job.task.criteria.criteria, run.introspection, {
        reference: job.task.criteria.reference,
      });
      const defects = detectVisualDefects(job.task.criteria.reference, run.introspection, run.png);
      const vision = scoreVisionChannel(defects);
      times.deterministic.push((performance.now() - t) / 1000);

      const referencePng = await readFile(job.task.referencePngPath!);
      const script = await readFile(job.script, 'utf8');
      t = performance.now();
      const verdict = await askStyleVisionJudge(
        { id: 'bench', model: 'bench-vlm', maxAttempts: 2 },
        { client, sleep: async () => {}, rng: createRng(1) },
        {
          referencePng,
          candidatePng: run.png,
          referenceCanvas: job.task.criteria.reference.canvas,
          candidateCanvas: run.introspection.figure.png,
          known: defects,
          script,
        },
      );
      times.llmCall.push((performance.now() - t) / 1000);
      if (!verdict.ok) throw new Error(`bench judge failed: ${verdict.failure.message}`);

      // As refig evaluate runs it: a one-task entry with its style record, the stage re-draws and judges.
      const dir = join(scratch, `r${round}-${i}`);
      await mkdir(join(dir, 'artifacts', job.task.id), { recursive: true });
      await mkdir(join(dir, 'results'), { recursive: true });
      await cp(job.script, join(dir, 'artifacts', job.task.id, 'figure.py'));
      const record: StyleRecord = {
        task: job.task.id,
        submission: 'bench',
        split: 'hand-curated',
        status: 'ok',
        S: 0,
        code: code.score,
        vision,
        criteria: { met: code.met, total: code.total, details: [] },
        defects,
        failure: null,
        inputHash: `bench-${round}-${i}`,
        render: { ...run.introspection.figure.png, sha256: sha256(run.png) },
      };
      await writeFile(join(dir, 'results', 'style.jsonl'), `${JSON.stringify(record)}\n`);
      t = performance.now();
      await runStyleVisionJudges({
        resultsDir: join(dir, 'results'),
        submissionDir: dir,
        submission: 'bench',
        taskDirs: [{ id: job.task.id, dir: join(CAL, job.task.id) }],
        tasks: [job.task.id],
        judges: [
          {
            id: 'bench',
            family: 'bench',
            model: 'bench-vlm',
            runs: 1,
            concurrency: 1,
            maxAttempts: 2,
            prices: null,
            settings: { model: 'bench-vlm' },
            client,
          },
        ],
        sandbox,
        scorers: {},
        retryFailed: false,
        sleep: async () => {},
        seed: 1,
        log: () => {},
      });
      times.llmStage.push((performance.now() - t) / 1000);
    }
  }
} finally {
  await rm(scratch, { recursive: true, force: true });
  await server.close();
}

process.stdout.write(
  `${JSON.stringify(
    {
      candidates: jobs.length,
      rounds,
      secondsPerCandidate: {
        sandboxRun: stats(times.sandboxRun),
        deterministicChannels: stats(times.deterministic),
        llmJudgeCall: stats(times.llmCall),
        llmStageAsInEvaluate: stats(times.llmStage),
      },
    },
    null,
    2,
  )}\n`,
);
