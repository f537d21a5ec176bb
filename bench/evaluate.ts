// Evaluate benchmark: seconds per task of `refig evaluate` with the metric judge and 2 workers.
// Run: npx tsx bench/evaluate.ts [--submission sample-cc-direct] [--workers 2]
// Works on a temporary copy of suites/refig-sample and the sample submission, so the repository's
// results/ are never touched. Modes: a cold run (gate, audit, render, metric judge with truth.json,
// effort), the OCR path on top of it (--no-truth: renders reused, judgments recomputed with
// tesseract), and a warm re-run (everything reused from the records: the resume cost).
import { cp, mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { silentProgress } from '../evaluator/src/util/progress.ts';
import { defaultConfig } from '../evaluator/src/config/load-config.ts';
import { auditFile } from '../evaluator/src/audit/audit-file.ts';
import { evaluateSubmission } from '../evaluator/src/evaluate/evaluate-submission.ts';
import type { EvaluatePorts } from '../evaluator/src/evaluate/evaluate-ports.ts';
import { createTesseractOcr } from '../evaluator/src/ocr/tesseract-ocr.ts';
import { createLibreOfficeRenderer } from '../evaluator/src/render/libreoffice-renderer.ts';

const arg = (name: string, fallback: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] ? process.argv[i + 1]! : fallback;
};
const submission = arg('submission', 'sample-cc-direct');
const workers = Number(arg('workers', '2'));
const repo = fileURLToPath(new URL('..', import.meta.url));

const root = await mkdtemp(join(tmpdir(), 'figboard-bench-evaluate-'));
try {
  await mkdir(join(root, 'suites'), { recursive: true });
  await cp(join(repo, 'suites/refig-sample'), join(root, 'suites/refig-sample'), {
    recursive: true,
  });
  await cp(join(repo, 'submissions', submission), join(root, 'submissions', submission), {
    recursive: true,
  });
  await rm(join(root, 'submissions', submission, 'results'), { recursive: true, force: true });
  const renderer = createLibreOfficeRenderer();
  const sandbox = (await renderer.sandbox()).mode;
  const ports: EvaluatePorts = {
    auditDeck: (path, o) => auditFile(path, { name: o.name, objects: true, cap: o.cap }),
    renderer,
    ocr: createTesseractOcr(),
    createJudgeClient: () => {
      throw new Error('metric judge only');
    },
    sleep: async () => {},
    seed: 1,
    progress: () => silentProgress,
    log: () => {},
  };
  const rows: { mode: string; tasks: number; seconds: number; work: string }[] = [];
  const time = async (mode: string, noTruth: boolean) => {
    const started = process.hrtime.bigint();
    const out = await evaluateSubmission(
      {
        submissionDir: join(root, 'submissions', submission),
        suitesRoot: join(root, 'suites'),
        config: defaultConfig(),
        judges: ['metric'],
        workers,
        noTruth,
      },
      ports,
    );
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    const w = out.work;
    const tasks = out.summary.tasks.total;
    rows.push({
      mode,
      tasks,
      seconds,
      work: `${w.audited} audited+rendered, ${w.reusedArtifacts} reused; ${w.judged} judged, ${w.reusedJudgments} reused`,
    });
  };
  await time(
    `cold: gate+audit+render+metric (truth), ${workers} workers, sandbox ${sandbox}`,
    false,
  );
  await time('metric judge via OCR (--no-truth), renders reused', true);
  await time('warm re-run, unchanged inputs (resume cost)', true);
  console.log(`refig evaluate on ${submission} (suite refig-sample)`);
  console.log(
    [
      'mode'.padEnd(70),
      'tasks'.padStart(6),
      'seconds'.padStart(9),
      's/task'.padStart(8),
      '  work',
    ].join(''),
  );
  for (const r of rows)
    console.log(
      [
        r.mode.padEnd(70),
        String(r.tasks).padStart(6),
        r.seconds.toFixed(2).padStart(9),
        (r.seconds / r.tasks).toFixed(2).padStart(8),
        `  ${r.work}`,
      ].join(''),
    );
} finally {
  await rm(root, { recursive: true, force: true });
}
