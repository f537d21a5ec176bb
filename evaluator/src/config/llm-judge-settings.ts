import type { JudgeSettings } from '../schemas/judgment-record.schema.ts';
import type { LlmJudgeConfig } from './figboard-config.schema.ts';

/**
 * The settings of an LLM judge that decide its verdicts, as recorded with each one and shown
 * on the board: the model requested (pin a dated snapshot), what serves it, reasoning effort,
 * thinking switch, temperature and output limit (null = not sent, the server's default).
 */
export function llmJudgeSettings(config: LlmJudgeConfig): JudgeSettings {
  return {
    model: config.model,
    server: config.server,
    reasoningEffort: config.reasoningEffort ?? null,
    thinking: config.thinking ?? null,
    temperature: config.temperature ?? null,
    maxOutputTokens: config.maxOutputTokens ?? null,
  };
}
