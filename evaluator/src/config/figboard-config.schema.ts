import { z } from 'zod';
import { DEFAULT_RUBRIC, RubricWeights } from '../judge/rubric.ts';
import { Id } from '../schemas/common.schema.ts';
import { PriceTable, PriceTables } from '../effort/price-table.ts';

/** An LLM judge: one model behind one OpenAI-compatible endpoint, asked `runs` times per task. */
export const LlmJudgeConfig = z
  .object({
    /** Folder name under `results/judgments/`; letters, digits, `.`, `_`, `-`. `metric` is reserved. */
    id: Id.refine((s) => s !== 'metric', '"metric" is the built-in metric judge'),
    /** Model family, e.g. `openai`, `qwen`; reliability statistics compare families. */
    family: z.string().min(1).max(64),
    /** Model name as the endpoint knows it (pin a dated snapshot for reproducibility). */
    model: z.string().min(1).max(200),
    /** OpenAI-compatible base URL, e.g. https://api.openai.com/v1 or http://localhost:8000/v1 (vLLM). */
    baseURL: z.string().url(),
    /** Name of the environment variable holding the API key. The judge is skipped when it is unset. */
    apiKeyEnv: z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/, 'an environment variable name'),
    /** Independent runs per task (ReFigBench: 3). */
    runs: z.number().int().min(1).max(20).default(1),
    /**
     * What serves the endpoint, which decides how settings without an OpenAI field are sent:
     * `openai` (OpenAI or any server taking only OpenAI fields), `vllm` (also SGLang: a chat
     * template switch `chat_template_kwargs`), `ollama` (`reasoning_effort: none` turns
     * thinking off on its OpenAI-compatible endpoint).
     */
    server: z.enum(['openai', 'vllm', 'ollama']).default('openai'),
    /** `reasoning_effort` sent to reasoning models (e.g. `low`). */
    reasoningEffort: z.string().min(1).max(32).optional(),
    /**
     * Thinking of hybrid-reasoning open models (Qwen3): `false` turns it off, as ReFigBench runs
     * its Qwen judge. Sent as `chat_template_kwargs: {enable_thinking}` to vLLM and as
     * `reasoning_effort: none` to Ollama; OpenAI models take `reasoningEffort` instead.
     */
    thinking: z.boolean().optional(),
    temperature: z.number().min(0).max(2).optional(),
    /** Price table for the cost recorded in `usage.costUsd` (null cost when absent). */
    prices: PriceTable.optional(),
    /** The judge whose run 1 the leaderboard reports. Exactly one judge is primary. */
    primary: z.boolean().default(false),
    /** Requests in flight at once against this endpoint. */
    concurrency: z.number().int().min(1).max(64).default(4),
    /** Time limit per request, seconds. */
    timeoutSeconds: z.number().min(0.05).max(3600).default(180),
    /** Calls per task before a `failed` record (first try included). */
    maxAttempts: z.number().int().min(1).max(20).default(5),
    maxOutputTokens: z.number().int().min(256).max(200_000).optional(),
    /**
     * Tracks the judge scores: `refig` (slides, the ReFigBench rubric) and `style` (the vision
     * channel of style candidates, FigMirror §4.2: defects boxed in the reference and the
     * candidate, with cited figure.py lines). Default both: one judge list, one convention.
     */
    tracks: z
      .array(z.enum(['refig', 'style']))
      .min(1)
      .default(['refig', 'style']),
  })
  .strict()
  .refine((j) => j.thinking === undefined || j.server !== 'openai', {
    message:
      'thinking is a switch of vLLM and Ollama servers (set server: vllm or server: ollama); OpenAI models take reasoningEffort',
    path: ['thinking'],
  })
  .refine((j) => !(j.server === 'ollama' && j.thinking === false && j.reasoningEffort), {
    message:
      'Ollama turns thinking off through reasoning_effort: none, so thinking: false and reasoningEffort cannot both be set',
    path: ['reasoningEffort'],
  });
export type LlmJudgeConfig = z.infer<typeof LlmJudgeConfig>;

/** The built-in metric judge may be listed to make it primary. */
export const MetricJudgeConfig = z
  .object({
    id: z.literal('metric'),
    primary: z.boolean().default(false),
  })
  .strict();
export type MetricJudgeConfig = z.infer<typeof MetricJudgeConfig>;

export const ScoringConfig = z
  .object({
    /** Maximum points per axis (T/S/L/E/V), summing to 100. */
    rubric: RubricWeights.default(DEFAULT_RUBRIC),
    /**
     * Flattening cap c(P) (same fields as the audit's `CapConfig`): `cappedScore` when the largest
     * picture covers ≥ `coverageThreshold` of the canvas while at most `maxNativeObjects` native
     * objects are present; and FigBoard's raster-underlay cap.
     */
    cap: z
      .object({
        coverageThreshold: z.number().min(0).max(1).default(0.85),
        maxNativeObjects: z.number().int().min(0).default(5),
        cappedScore: z.number().min(0).max(100).default(50),
        /**
         * FigBoard's rule, recorded apart from c(P) as `underlayCap`: the cap when the audit
         * flags `raster-underlay` (most text lying on large pictures). 100 turns it off.
         */
        underlayCappedScore: z.number().min(0).max(100).default(50),
      })
      .strict()
      .default({
        coverageThreshold: 0.85,
        maxNativeObjects: 5,
        cappedScore: 50,
        underlayCappedScore: 50,
      }),
    render: z
      .object({
        /** Resolution of `results/renders/<task>.png` (72–96 keeps the site light). */
        dpi: z.number().int().min(30).max(300).default(96),
        timeoutSeconds: z.number().int().min(1).max(3600).default(60),
        workers: z.number().int().min(1).max(64).default(2),
      })
      .strict()
      .default({ dpi: 96, timeoutSeconds: 60, workers: 2 }),
    ocr: z
      .object({
        /** Words below this tesseract confidence are ignored. */
        minConfidence: z.number().min(0).max(100).default(60),
        language: z
          .string()
          .regex(/^[a-z_+]{3,64}$/)
          .default('eng'),
      })
      .strict()
      .default({ minConfidence: 60, language: 'eng' }),
  })
  .strict();
export type ScoringConfig = z.infer<typeof ScoringConfig>;

/** Statistics settings of `refig leaderboard`. */
export const LeaderboardConfig = z
  .object({
    /**
     * Harness effects are reported as (earlier in this list) − (later), matched
     * on `harness.name` ignoring case and punctuation. ReFigBench reports Claude Code − Codex (Appendix G:
     * +1.44 [0.66, 2.22] on the direct track). A listed harness comes before an unlisted one;
     * between two unlisted harnesses Δ = (later name) − (earlier name) in code-unit order.
     */
    harnessOrder: z.array(z.string().min(1).max(100)).max(50).default(['Claude Code', 'Codex']),
  })
  .strict();
export type LeaderboardConfig = z.infer<typeof LeaderboardConfig>;

/** `figboard.yml` at the repository root, with judges left unchecked (the loader checks them one by one). */
export const FigboardConfigLoose = z
  .object({
    /** LLM judges (and optionally `- id: metric` to make the metric judge primary). */
    judges: z.array(z.unknown()).default([]),
    /** List prices of agent models (by model name) for estimating the cost of agent logs without one (Codex). */
    prices: PriceTables.default({}),
    scoring: ScoringConfig.default(ScoringConfig.parse({})),
    leaderboard: LeaderboardConfig.default(LeaderboardConfig.parse({})),
  })
  .strict();

/**
 * The full shape of `figboard.yml`, published as `schemas/figboard-config.schema.json` for
 * editors. (The loader checks judges one by one against `LlmJudgeConfig`/`MetricJudgeConfig`
 * so each problem names its entry; this is the same rule set in one schema.)
 */
export const FigboardConfig = FigboardConfigLoose.extend({
  judges: z.array(z.union([MetricJudgeConfig, LlmJudgeConfig])).default([]),
});
