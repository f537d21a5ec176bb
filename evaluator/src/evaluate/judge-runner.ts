import { llmJudgeSettings } from '../config/llm-judge-settings.ts';
import type { LoadedConfig, ResolvedJudge } from '../config/load-config.ts';
import { FigboardError } from '../errors/index.ts';
import { alignForComparison } from '../image/align-for-comparison.ts';
import { decodeImage } from '../image/decode-image.ts';
import { encodeDataUrl, MAX_JUDGE_IMAGE_SIDE } from '../image/encode-data-url.ts';
import { judgeSystemPrompt } from '../judge/llm/build-judge-prompt.ts';
import type { JudgeClient } from '../judge/llm/judge-client.ts';
import { judgeWithLlm } from '../judge/llm/llm-judge.ts';
import { loadReference } from '../judge/metric/load-reference.ts';
import { judgeWithMetrics } from '../judge/metric/metric-judge.ts';
import type { ReferenceFigure } from '../judge/metric/reference-figure.ts';
import type { RubricWeights } from '../judge/rubric.ts';
import type { Verdict } from '../judge/verdict.ts';
import type { Ocr } from '../ocr/ocr.ts';
import type { AuditRecord } from '../schemas/audit-record.schema.ts';
import type { JudgeSettings } from '../schemas/judgment-record.schema.ts';
import type { Truth } from '../schemas/task.schema.ts';
import { createRng } from '../stats/create-rng.ts';

/** What a judge needs about one task whose artifact passed the gate. */
export interface JudgeTaskInput {
  taskId: string;
  imagePath: string;
  truth: Truth | null;
  audit: AuditRecord;
  /** The rendered slide (PNG); null only if rendering produced no file. */
  renderPath: string | null;
}

/** One configured judge, ready to judge tasks; caches per-task inputs shared by its runs. */
export interface JudgeRunner {
  judge: ResolvedJudge;
  /** Everything about the judge that decides a verdict (goes into input hashes; never the key). */
  identity: Record<string, unknown>;
  /** The settings recorded with each verdict (the configurable part of `identity`). */
  settings: JudgeSettings;
  /** Requests in flight at once. */
  concurrency: number;
  judgeTask(input: JudgeTaskInput, run: number): Promise<Verdict>;
}

export interface RunnerDeps {
  ocr: Ocr;
  createJudgeClient: (judge: Extract<ResolvedJudge, { kind: 'llm' }>) => JudgeClient;
  sleep: (ms: number) => Promise<void>;
  /** Seed of the backoff jitter RNG. */
  seed: number;
}

/** A verdict for a task that could not be judged (e.g. OCR or image decoding failed). */
export function failedVerdict(code: string, message: string): Verdict {
  return {
    status: 'failed',
    subscores: null,
    errors: { major: [], minor: [] },
    editability: '',
    reason: message,
    evidence: {},
    usage: null,
    failure: { code, message },
  };
}

/** Builds the runner for one resolved judge. */
export function createJudgeRunner(
  judge: ResolvedJudge,
  config: LoadedConfig,
  options: { noTruth: boolean; workers: number },
  deps: RunnerDeps,
): JudgeRunner {
  const rubric: RubricWeights = config.scoring.rubric;
  if (judge.kind === 'metric') {
    const references = new Map<string, Promise<ReferenceFigure>>();
    const settings: JudgeSettings = {
      noTruth: options.noTruth,
      ocrLanguage: config.scoring.ocr.language,
      ocrMinConfidence: config.scoring.ocr.minConfidence,
    };
    return {
      judge,
      identity: { kind: 'metric', id: judge.id, ...settings, ocrEngine: deps.ocr.id },
      settings,
      concurrency: options.workers,
      async judgeTask(input) {
        try {
          let ref = references.get(input.taskId);
          if (!ref) {
            ref = loadReference(
              { imagePath: input.imagePath, truth: input.truth },
              { noTruth: options.noTruth, ocr: deps.ocr, ocrSettings: config.scoring.ocr },
            );
            references.set(input.taskId, ref);
          }
          const reference = await ref;
          const images = input.renderPath
            ? await alignForComparison(input.imagePath, input.renderPath, {
                source: input.imagePath,
                render: input.renderPath,
              })
            : null;
          const slide = input.renderPath
            ? await decodeImage(input.renderPath, input.renderPath)
            : null;
          return judgeWithMetrics({ reference, audit: input.audit, images, slide, rubric });
        } catch (err) {
          if (err instanceof FigboardError) return failedVerdict(err.code, err.describe());
          throw err;
        }
      },
    };
  }
  const client = deps.createJudgeClient(judge);
  const images = new Map<string, Promise<[string, string]>>();
  const rng = createRng(deps.seed);
  const c = judge.config;
  const settings = llmJudgeSettings(c);
  return {
    judge,
    identity: {
      kind: 'llm',
      id: judge.id,
      family: judge.family,
      ...settings,
      prompt: judgeSystemPrompt(rubric),
      imageSide: MAX_JUDGE_IMAGE_SIDE,
    },
    settings,
    concurrency: c.concurrency,
    async judgeTask(input) {
      if (input.renderPath === null)
        return failedVerdict(
          'no-render',
          'the artifact passed the gate but no rendered PNG exists',
        );
      let pair = images.get(input.taskId);
      if (!pair) {
        pair = Promise.all([
          encodeDataUrl(input.imagePath, input.imagePath),
          encodeDataUrl(input.renderPath, input.renderPath),
        ]);
        images.set(input.taskId, pair);
      }
      let source: string;
      let render: string;
      try {
        [source, render] = await pair;
      } catch (err) {
        if (err instanceof FigboardError) return failedVerdict(err.code, err.describe());
        throw err;
      }
      return judgeWithLlm(
        {
          model: judge.model,
          ...(c.temperature !== undefined ? { temperature: c.temperature } : {}),
          ...(c.reasoningEffort !== undefined ? { reasoningEffort: c.reasoningEffort } : {}),
          ...(c.thinking !== undefined ? { thinking: c.thinking } : {}),
          ...(c.maxOutputTokens !== undefined ? { maxOutputTokens: c.maxOutputTokens } : {}),
          maxAttempts: c.maxAttempts,
          prices: c.prices ?? null,
        },
        { client, sleep: deps.sleep, rng },
        { sourceDataUrl: source, renderDataUrl: render, audit: input.audit, rubric },
      );
    },
  };
}
