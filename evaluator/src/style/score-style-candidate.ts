import { readFile } from 'node:fs/promises';
import type { Sandbox, SandboxLimits } from '../sandbox/sandbox.ts';
import type { Defect } from '../schemas/style-record.schema.ts';
import { sha256 } from '../util/sha256.ts';
import { parseCsv } from '../target-data/data-table.ts';
import { checkDataFidelity, dataFidelityDefects } from './check-data-fidelity.ts';
import { detectVisualDefects } from './detect-visual-defects.ts';
import type { LoadedStyleTask } from './load-style-task.ts';
import type { StyleVisionInput, StyleVisionVerdict } from './llm-vision-judge.ts';
import { pngSize, runFigureScript, type StyleFailure } from './run-figure-script.ts';
import { scoreCodeChannel } from './score-code-channel.ts';
import { combineStyleScore, scoreVisionChannel } from './score-vision-channel.ts';

/** The score of one candidate script against one task. */
export interface StyleScore {
  status: 'ok' | 'failed';
  /** S = 0.35·S_code + 0.65·S_vision; 0 when the script failed. */
  S: number;
  code: number;
  vision: number;
  criteria: {
    met: number;
    total: number;
    details: { id: string; met: boolean; expected: unknown; got: unknown }[];
  };
  defects: Defect[];
  failure: StyleFailure | null;
  /** The PNG rendered in the sandbox (null when the script failed). */
  render: { width: number; height: number; sha256: string } | null;
  png: Buffer | null;
  /** The optional LLM vision judge's outcome (its defects are in `defects`, kind `llm`). */
  llm: { judge: string; status: 'ok' | 'failed'; defects: number; message: string | null } | null;
  /** Wall-clock milliseconds of the sandboxed run (not part of any record: it varies). */
  wallMs: number;
}

export interface ScoreStyleCandidateOptions {
  sandbox: Sandbox;
  task: LoadedStyleTask;
  /** The candidate's `figure.py`. */
  scriptPath: string;
  limits?: Partial<SandboxLimits>;
  /** Optional LLM vision judge; needs the task's reference.png. */
  visionJudge?: { id: string; judge: (input: StyleVisionInput) => Promise<StyleVisionVerdict> };
}

/**
 * Scores one candidate: runs its `figure.py` with the task's `data.csv` in the sandbox under the
 * introspection harness, then the code channel (criteria met) and the vision channel (defects).
 * A script that fails scores 0 with the reason; the sandbox failing to start throws.
 */
export async function scoreStyleCandidate(
  options: ScoreStyleCandidateOptions,
): Promise<StyleScore> {
  const { task } = options;
  const run = await runFigureScript(options.sandbox, {
    scriptPath: options.scriptPath,
    dataFiles: [{ name: 'data.csv', path: task.dataPath }],
    limits: options.limits,
  });
  if (!run.ok) {
    return {
      status: 'failed',
      S: 0,
      code: 0,
      vision: 0,
      criteria: { met: 0, total: task.criteria.criteria.length, details: [] },
      defects: [],
      failure: run.failure,
      render: null,
      png: null,
      llm: null,
      wallMs: run.wallMs,
    };
  }
  const fidelity = checkDataFidelity(
    parseCsv(await readFile(task.dataPath, 'utf8'), task.dataPath),
    task.task?.data?.spec,
    task.task?.chartType ?? task.criteria.reference.axes[0]?.chartTypes.join('+') ?? '',
    run.introspection,
  );
  const code = scoreCodeChannel(task.criteria.criteria, run.introspection, {
    dataPanels: dataPanelCount(task),
    reference: task.criteria.reference,
    dataMissing: fidelity.missing.length > 0,
  });
  const defects = [
    ...dataFidelityDefects(fidelity, run.introspection),
    ...detectVisualDefects(task.criteria.reference, run.introspection, run.png),
  ];
  let llm: StyleScore['llm'] = null;
  if (options.visionJudge) {
    if (!task.referencePngPath) {
      llm = {
        judge: options.visionJudge.id,
        status: 'failed',
        defects: 0,
        message: 'the task has no reference.png to show the judge',
      };
    } else {
      const referencePng = await readFile(task.referencePngPath);
      const referenceCanvas = pngSize(referencePng) ?? task.criteria.reference.canvas;
      const verdict = await options.visionJudge.judge({
        referencePng,
        candidatePng: run.png,
        referenceCanvas,
        candidateCanvas: run.introspection.figure.png,
        known: defects,
      });
      if (verdict.ok) defects.push(...verdict.defects);
      llm = verdict.ok
        ? {
            judge: options.visionJudge.id,
            status: 'ok',
            defects: verdict.defects.length,
            message: null,
          }
        : {
            judge: options.visionJudge.id,
            status: 'failed',
            defects: 0,
            message: verdict.failure.message,
          };
    }
  }
  const vision = scoreVisionChannel(defects);
  return {
    status: 'ok',
    S: combineStyleScore(code.score, vision),
    code: code.score,
    vision,
    criteria: { met: code.met, total: code.total, details: code.details },
    defects,
    failure: null,
    render: {
      width: run.introspection.figure.png.width,
      height: run.introspection.figure.png.height,
      sha256: sha256(run.png),
    },
    png: run.png,
    llm,
    wallMs: run.wallMs,
  };
}

/** Panels the task's target data asks for (one per group of a panel-per-group layout), if known. */
function dataPanelCount(task: LoadedStyleTask): number | undefined {
  const data = task.task?.data;
  if (!data?.variation || !data.spec.family.startsWith('panel')) return undefined;
  return data.variation.target.categories;
}
