import { z } from 'zod';
import { RecordScorers } from './common.schema.ts';

/**
 * One line of `results/effort.jsonl`: effort and cost parsed from one task's agent log
 * (`artifacts/<task>/output.jsonl`) by `parseAgentLog` (ReFigBench Appendix N, Tables 22–23).
 *
 * Token fields follow one convention for every harness: `inputTokens` is UNCACHED input,
 * `cacheWriteTokens` and `cacheReadTokens` are the cache traffic, `outputTokens` includes
 * reasoning tokens, and `totalTokens` = input + cache writes + cache reads + output.
 * A field the log does not carry is `null`, never 0.
 */
export const EffortRecord = z.object({
  task: z.string(),
  submission: z.string(),
  /**
   * Log format recognised: `claude-code` (stream-json), `codex` (`codex exec --json`),
   * `unknown` (not recognised; reported in `problems`, never guessed) or `missing` (no log).
   */
  format: z
    .enum(['claude-code', 'codex', 'unknown', 'missing'])
    .describe(
      'Log format recognised: `claude-code` (stream-json), `codex` (`codex exec --json`), `unknown` (not recognised; reported in `problems`, never guessed) or `missing` (no log).',
    ),
  /**
   * Model responses. Claude Code: the result event's `num_turns`. Codex exec JSONL has no
   * per-response event, so a turn is one completed agent message or tool item (each model
   * step ends in one of them). Compare turns within a harness only.
   */
  turns: z
    .number()
    .int()
    .nullable()
    .describe(
      "Model responses. Claude Code: the result event's `num_turns`. Codex exec JSONL has no per-response event, so a turn is one completed agent message or tool item (each model step ends in one of them). Compare turns within a harness only.",
    ),
  /** Tool invocations (Claude Code `tool_use` blocks; Codex command/file/MCP/web-search items). */
  toolCalls: z
    .number()
    .int()
    .nullable()
    .describe(
      'Tool invocations (Claude Code `tool_use` blocks; Codex command/file/MCP/web-search items).',
    ),
  /** Uncached input tokens. */
  inputTokens: z.number().int().nullable().describe('Uncached input tokens.'),
  cacheWriteTokens: z.number().int().nullable(),
  cacheReadTokens: z.number().int().nullable(),
  outputTokens: z.number().int().nullable(),
  /** uncached input + cache writes + cache reads + output. */
  totalTokens: z
    .number()
    .int()
    .nullable()
    .describe('uncached input + cache writes + cache reads + output.'),
  /** Wall-clock session duration (Claude Code `duration_ms`); null for Codex (no timestamps). */
  durationMs: z
    .number()
    .nullable()
    .describe(
      'Wall-clock session duration (Claude Code `duration_ms`); null for Codex (no timestamps).',
    ),
  /** USD: recorded (`total_cost_usd`) or estimated from a price table (see `costEstimated`). */
  costUsd: z
    .number()
    .nullable()
    .describe(
      'USD: recorded (`total_cost_usd`) or estimated from a price table (see `costEstimated`).',
    ),
  /** True when cost was estimated from the price table (Codex logs carry no cost). */
  costEstimated: z
    .boolean()
    .describe('True when cost was estimated from the price table (Codex logs carry no cost).'),
  /** Model named by the log (Claude Code `system/init`), null when the log does not say. */
  model: z
    .string()
    .nullable()
    .optional()
    .describe(
      'Model named by the log (Claude Code `system/init`), null when the log does not say.',
    ),
  /** Sessions found in the log (a retried task may hold several; effort sums over them). */
  sessions: z
    .number()
    .int()
    .optional()
    .describe(
      'Sessions found in the log (a retried task may hold several; effort sums over them).',
    ),
  /** Human-readable notes: unrecognised lines, interrupted sessions, missing prices. */
  problems: z
    .array(z.string())
    .describe('Human-readable notes: unrecognised lines, interrupted sessions, missing prices.'),
  /** Parser version that made the record (`effort`). */
  scorers: RecordScorers.optional(),
  inputHash: z.string(),
});
export type EffortRecord = z.infer<typeof EffortRecord>;
