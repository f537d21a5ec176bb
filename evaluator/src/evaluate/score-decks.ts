import { effectiveCap } from '../audit/flattening-cap.ts';
import { applyRenderedRasters } from '../audit/rendered-raster-cap.ts';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { LoadedConfig } from '../config/load-config.ts';
import { UsageError } from '../errors/index.ts';
import { finalScore, totalOf } from '../judge/rubric.ts';
import type { Verdict } from '../judge/verdict.ts';
import type { RenderJob } from '../render/renderer.ts';
import type { AuditRecord } from '../schemas/audit-record.schema.ts';
import type { Subscores } from '../schemas/common.schema.ts';
import type { EvaluatePorts } from './evaluate-ports.ts';
import { createJudgeRunner } from './judge-runner.ts';
import { loadTaskFolder } from './load-task-folder.ts';

/** One line of `refig score` output. */
export interface ScoreLine {
  file: string;
  judge: string;
  status: 'ok' | 'gate-failed' | 'failed';
  final: number | null;
  total: number | null;
  cap: number;
  gate: { passed: boolean; reason: string | null; detail: string | null };
  subscores: Subscores | null;
  flags: string[];
  errors: { major: string[]; minor: string[] };
  reason: string;
  failure: { code: string; message: string } | null;
  /** Compact evidence: the reference used and the axis fractions (metric), or the reply (LLM). */
  evidence: Record<string, unknown>;
  /**
   * Metric judge: `checked-truth` (the task's truth.json — how the board ranks) or
   * `extracted-graph` (no checked truth, or `--no-truth`: an unranked preview).
   */
  reference?: 'checked-truth' | 'extracted-graph';
}

export interface ScoreDecksOptions {
  taskDir: string;
  /** Deck paths, in the order lines are printed. */
  files: readonly string[];
  /** How each deck is named in gate details (default: its path). */
  names?: readonly string[];
  judge: string;
  noTruth: boolean;
  config: LoadedConfig;
  workers: number;
}

/**
 * `refig score`: scores decks against one task folder with one judge — audit, render (one
 * batch into a private temp folder), judge — and returns one line per deck in argument order.
 * A deck that fails the gate gets final 0 with the reason; nothing stops the other decks.
 */
export async function scoreDecks(
  options: ScoreDecksOptions,
  ports: EvaluatePorts,
): Promise<ScoreLine[]> {
  const task = await loadTaskFolder(options.taskDir, {
    suiteKey: ports.suiteKey ?? null,
    noTruth: options.noTruth,
  });
  const judge = options.config.judges.find((j) => j.id === options.judge);
  if (!judge) {
    const skipped = options.config.skipped.find((s) => s.id === options.judge);
    throw new UsageError(
      skipped
        ? `judge "${options.judge}" is not available: ${skipped.reason}`
        : `unknown judge "${options.judge}"`,
      {
        code: 'judge-unknown',
        where: '--judge',
        expected: `one of ${options.config.judges.map((j) => j.id).join(', ')}`,
        got: options.judge,
      },
    );
  }
  const runner = createJudgeRunner(
    judge,
    options.config,
    { noTruth: options.noTruth, workers: options.workers },
    ports,
  );
  const scoring = options.config.scoring;
  const outDir = await mkdtemp(join(tmpdir(), 'figboard-score-'));
  try {
    // 1. Gate + audit each deck.
    const audits: AuditRecord[] = [];
    for (const [i, file] of options.files.entries())
      audits.push(
        await ports.auditDeck(file, { name: options.names?.[i] ?? file, cap: scoring.cap }),
      );
    // 2. Render the decks that passed, in one batch.
    const jobs: RenderJob[] = audits.flatMap((a, i) =>
      a.gate.passed ? [{ id: `deck-${i}`, path: options.files[i]! }] : [],
    );
    const rendered =
      jobs.length > 0
        ? await ports.renderer.render(jobs, {
            outDir,
            dpi: scoring.render.dpi,
            workers: options.workers,
            timeoutMs: scoring.render.timeoutSeconds * 1000,
            progress: ports.progress(),
            measureRasters: true,
          })
        : new Map();
    // 3. Judge.
    const lines: ScoreLine[] = [];
    for (let i = 0; i < audits.length; i++) {
      const audit = audits[i]!;
      const render = rendered.get(`deck-${i}`);
      if (render) applyRenderedRasters(audit, render.rasters, scoring.cap);
      if (render && !render.passed)
        audit.gate = { passed: false, reason: render.reason, detail: render.detail };
      const base = {
        file: options.files[i]!,
        judge: judge.id,
        ...(judge.kind === 'metric'
          ? {
              reference:
                task.truth !== null && !options.noTruth
                  ? ('checked-truth' as const)
                  : ('extracted-graph' as const),
            }
          : {}),
        cap: effectiveCap(audit),
        gate: audit.gate,
        flags: [...new Set(audit.flags.map((f) => f.code))].sort(),
      };
      if (!audit.gate.passed) {
        lines.push({
          ...base,
          status: 'gate-failed',
          final: 0,
          total: 0,
          subscores: { T: 0, S: 0, L: 0, E: 0, V: 0 },
          errors: { major: [`gate failed: ${audit.gate.reason}`], minor: [] },
          reason: audit.gate.detail ?? '',
          failure: null,
          evidence: {},
        });
        continue;
      }
      const verdict: Verdict = await runner.judgeTask(
        {
          taskId: task.id,
          imagePath: task.imagePath,
          truth: task.truth,
          audit,
          renderPath: render?.png ? join(outDir, render.png) : null,
        },
        1,
      );
      const total = verdict.subscores ? totalOf(verdict.subscores) : null;
      lines.push({
        ...base,
        status: verdict.status,
        final: total === null ? null : finalScore(true, total, effectiveCap(audit)),
        total,
        subscores: verdict.subscores,
        errors: verdict.errors,
        reason: verdict.reason,
        failure: verdict.failure,
        evidence:
          judge.kind === 'metric'
            ? { reference: verdict.evidence.reference, fractions: verdict.evidence.fractions }
            : verdict.evidence,
      });
    }
    return lines;
  } finally {
    await rm(outDir, { recursive: true, force: true });
  }
}
