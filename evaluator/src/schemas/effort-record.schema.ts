import { z } from 'zod';

/** One line of `results/effort.jsonl`: effort and cost parsed from one task's agent log. */
export const EffortRecord = z.object({
  task: z.string(),
  submission: z.string(),
  /** Log format recognised: Claude Code stream-json, Codex exec JSONL, or unknown (not guessed). */
  format: z.enum(['claude-code', 'codex', 'unknown', 'missing']),
  turns: z.number().int().nullable(),
  toolCalls: z.number().int().nullable(),
  inputTokens: z.number().int().nullable(),
  cacheWriteTokens: z.number().int().nullable(),
  cacheReadTokens: z.number().int().nullable(),
  outputTokens: z.number().int().nullable(),
  /** uncached input + cache writes + cache reads + output. */
  totalTokens: z.number().int().nullable(),
  durationMs: z.number().nullable(),
  costUsd: z.number().nullable(),
  /** True when cost was estimated from the price table (Codex logs carry no cost). */
  costEstimated: z.boolean(),
  problems: z.array(z.string()),
  inputHash: z.string(),
});
export type EffortRecord = z.infer<typeof EffortRecord>;
