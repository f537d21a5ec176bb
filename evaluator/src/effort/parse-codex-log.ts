import { countField, type LogEvent } from './split-log-events.ts';
import { sumKnown, type AgentLogEffort } from './agent-log-effort.ts';
import type { PriceTable } from './price-table.ts';

const CODEX_EVENT_TYPES = new Set([
  'thread.started',
  'turn.started',
  'turn.completed',
  'turn.failed',
  'item.started',
  'item.updated',
  'item.completed',
]);
/** Item types that are one tool invocation by the model. */
const TOOL_ITEMS = new Set(['command_execution', 'file_change', 'mcp_tool_call', 'web_search']);

/** True when an event is one `codex exec --json` writes. */
export function isCodexEvent(e: Record<string, unknown>): boolean {
  return typeof e.type === 'string' && CODEX_EVENT_TYPES.has(e.type);
}

/**
 * Effort from a `codex exec --json` log. Tokens are the sum of the `turn.completed` usage events
 * (`input_tokens` includes `cached_input_tokens`, OpenAI's convention, so uncached input is the
 * difference). Codex logs carry no timestamps and no cost: duration stays null, and cost is
 * estimated from `prices` (flagged `costEstimated`) or left null when no price is known.
 * A turn is one completed agent message or tool item; a tool call is one completed
 * command/file-change/MCP/web-search item.
 */
export function parseCodexLog(
  events: LogEvent[],
  problems: string[],
  prices: PriceTable | undefined,
): AgentLogEffort {
  let sessions = 0;
  let toolCalls = 0;
  let messages = 0;
  let failedTurns = 0;
  const usages: unknown[] = [];
  const seenItems = new Set<string>();
  let threadId = '';
  for (const { value: e } of events) {
    if (e.type === 'thread.started') {
      sessions++;
      threadId = typeof e.thread_id === 'string' ? e.thread_id : `#${sessions}`;
    } else if (e.type === 'turn.completed') {
      usages.push(e.usage);
      if (e.usage === undefined) problems.push('a "turn.completed" event has no usage');
    } else if (e.type === 'turn.failed') {
      failedTurns++;
    } else if (e.type === 'item.completed') {
      const item = e.item as Record<string, unknown> | undefined;
      if (!item || typeof item.type !== 'string') continue;
      // Item ids restart per thread (a retried task's log may hold several threads); an item
      // completed twice under one id is counted once.
      if (typeof item.id === 'string') {
        const key = `${threadId}/${item.id}`;
        if (seenItems.has(key)) continue;
        seenItems.add(key);
      }
      if (TOOL_ITEMS.has(item.type)) toolCalls++;
      else if (item.type === 'agent_message') messages++;
    }
  }
  if (sessions === 0) sessions = usages.length > 0 ? 1 : 0;
  if (failedTurns > 0) problems.push(`${failedTurns} turn(s) failed ("turn.failed")`);
  if (usages.length === 0)
    problems.push(
      'no "turn.completed" usage event (run interrupted?): tokens and cost are unknown',
    );

  const rawInput = sumKnown(usages.map((u) => countField(u, 'input_tokens')));
  const cached = sumKnown(usages.map((u) => countField(u, 'cached_input_tokens')));
  const outputTokens = sumKnown(usages.map((u) => countField(u, 'output_tokens')));
  const inputTokens = rawInput === null ? null : Math.max(0, rawInput - (cached ?? 0));
  const totalTokens =
    rawInput === null && outputTokens === null ? null : (rawInput ?? 0) + (outputTokens ?? 0);

  let costUsd: number | null = null;
  let costEstimated = false;
  if (usages.length > 0) {
    if (prices === undefined) {
      problems.push('Codex logs carry no cost and no price table was given: cost unknown');
    } else {
      const cachedRate = prices.cachedInputUsdPerMTok ?? prices.inputUsdPerMTok;
      costUsd =
        ((inputTokens ?? 0) * prices.inputUsdPerMTok +
          (cached ?? 0) * cachedRate +
          (outputTokens ?? 0) * prices.outputUsdPerMTok) /
        1e6;
      costEstimated = true;
    }
  }
  return {
    format: 'codex',
    turns: messages + toolCalls,
    toolCalls,
    inputTokens,
    cacheWriteTokens: usages.length > 0 ? 0 : null,
    cacheReadTokens: cached,
    outputTokens,
    totalTokens,
    durationMs: null,
    costUsd,
    costEstimated,
    model: null,
    sessions,
    problems,
  };
}
