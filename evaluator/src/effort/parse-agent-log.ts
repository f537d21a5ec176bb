import { isClaudeCodeEvent, parseClaudeCodeLog } from './parse-claude-code-log.ts';
import { isCodexEvent, parseCodexLog } from './parse-codex-log.ts';
import type { PriceTable } from './price-table.ts';
import { splitLogEvents } from './split-log-events.ts';
import type { AgentLogEffort } from './agent-log-effort.ts';

export type { AgentLogEffort } from './agent-log-effort.ts';

/** How many leading events are inspected to recognise the format. */
const SNIFF_EVENTS = 50;

/**
 * Parses one task's agent log (`output.jsonl`) into effort and cost: the `EffortRecord` fields
 * except task/submission/inputHash. Recognises Claude Code stream-json and `codex exec --json`
 * JSONL; anything else is `format: 'unknown'` with every count null and the reason in `problems`
 * (never guessed). `prices` is the list price of the submission's model (see `priceFor`), used
 * only to estimate the cost of Codex logs, which record none.
 *
 * Pure and total: never throws on content, and costs time linear in the log size.
 */
export function parseAgentLog(content: string, prices?: PriceTable): AgentLogEffort {
  const { events, problems } = splitLogEvents(content);
  if (events.length === 0) {
    return unknown([
      ...problems,
      content.trim() === '' ? 'empty log' : 'no JSON events in the log',
    ]);
  }
  for (const { value } of events.slice(0, SNIFF_EVENTS)) {
    if (isClaudeCodeEvent(value)) return parseClaudeCodeLog(events, problems);
    if (isCodexEvent(value)) return parseCodexLog(events, problems, prices);
  }
  const types = [
    ...new Set(events.slice(0, SNIFF_EVENTS).map((e) => String(e.value.type ?? '(no type)'))),
  ].slice(0, 5);
  return unknown([
    ...problems,
    `unrecognised log format (event types: ${types.join(', ')}); expected Claude Code stream-json or codex exec --json`,
  ]);
}

function unknown(problems: string[]): AgentLogEffort {
  return {
    format: 'unknown',
    turns: null,
    toolCalls: null,
    inputTokens: null,
    cacheWriteTokens: null,
    cacheReadTokens: null,
    outputTokens: null,
    totalTokens: null,
    durationMs: null,
    costUsd: null,
    costEstimated: false,
    model: null,
    problems,
  };
}
