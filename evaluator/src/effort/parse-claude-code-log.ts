import { countField, numberField, type LogEvent } from './split-log-events.ts';
import { sumKnown, type AgentLogEffort } from './agent-log-effort.ts';

/** True when an event is one Claude Code's `--output-format stream-json` writes. */
export function isClaudeCodeEvent(e: Record<string, unknown>): boolean {
  if (e.type === 'system' && e.subtype === 'init') return true;
  if (
    (e.type === 'assistant' || e.type === 'user') &&
    typeof e.message === 'object' &&
    e.message !== null
  )
    return true;
  return e.type === 'result' && ('num_turns' in e || 'total_cost_usd' in e);
}

/**
 * Effort from a Claude Code stream-json log. Tokens, turns, duration and cost come from each
 * session's final `result` event (its session-level `usage` and `total_cost_usd`): the per-message
 * usage on `assistant` events is a streaming increment that is unreliable for some models
 * (ReFigBench Appendix N), so it is never summed. Tool calls are the distinct `tool_use` blocks.
 * Several sessions in one log (retries) are summed.
 */
export function parseClaudeCodeLog(events: LogEvent[], problems: string[]): AgentLogEffort {
  let sessions = 0;
  let model: string | null = null;
  const toolUseIds = new Set<string>();
  let anonymousToolUses = 0;
  const messageIds = new Set<string>();
  const results: Record<string, unknown>[] = [];
  for (const { value: e } of events) {
    if (e.type === 'system' && e.subtype === 'init') {
      sessions++;
      if (model === null && typeof e.model === 'string') model = e.model;
    } else if (e.type === 'assistant') {
      const message = e.message as Record<string, unknown>;
      if (typeof message.id === 'string') messageIds.add(message.id);
      if (model === null && typeof message.model === 'string') model = message.model;
      const content = Array.isArray(message.content) ? message.content : [];
      for (const block of content) {
        if (
          block === null ||
          typeof block !== 'object' ||
          (block as { type?: unknown }).type !== 'tool_use'
        )
          continue;
        const id = (block as { id?: unknown }).id;
        // Claude Code may repeat a message once per content block; ids keep each call counted once.
        if (typeof id === 'string') toolUseIds.add(id);
        else anonymousToolUses++;
      }
    } else if (e.type === 'result') {
      results.push(e);
    }
  }
  sessions = Math.max(sessions, results.length);
  if (results.length === 0) {
    problems.push(
      'no final "result" event (session interrupted?): tokens, duration and cost are unknown; turns counted from assistant messages',
    );
  } else if (results.length < sessions) {
    problems.push(
      `${sessions - results.length} of ${sessions} sessions have no final "result" event: totals cover the completed sessions only`,
    );
  }
  for (const r of results) {
    if (r.subtype !== undefined && r.subtype !== 'success')
      problems.push(`session ended with "${String(r.subtype)}"`);
    if (r.usage === undefined) problems.push('a "result" event has no usage');
  }
  const usages = results.map((r) => r.usage);
  const inputTokens = sumKnown(usages.map((u) => countField(u, 'input_tokens')));
  const cacheWriteTokens = sumKnown(
    usages.map((u) => countField(u, 'cache_creation_input_tokens')),
  );
  const cacheReadTokens = sumKnown(usages.map((u) => countField(u, 'cache_read_input_tokens')));
  const outputTokens = sumKnown(usages.map((u) => countField(u, 'output_tokens')));
  const parts = [inputTokens, cacheWriteTokens, cacheReadTokens, outputTokens];
  const totalTokens = parts.every((p) => p === null)
    ? null
    : parts.reduce<number>((s, p) => s + (p ?? 0), 0);
  const turnsFromResults = sumKnown(results.map((r) => countField(r, 'num_turns')));
  return {
    format: 'claude-code',
    turns: turnsFromResults ?? (results.length === 0 ? messageIds.size : null),
    toolCalls: toolUseIds.size + anonymousToolUses,
    inputTokens,
    cacheWriteTokens,
    cacheReadTokens,
    outputTokens,
    totalTokens,
    durationMs: sumKnown(results.map((r) => numberField(r, 'duration_ms'))),
    costUsd: sumKnown(results.map((r) => numberField(r, 'total_cost_usd'))),
    costEstimated: false,
    model,
    sessions,
    problems,
  };
}
