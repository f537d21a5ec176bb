import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { EffortRecord } from '../schemas/effort-record.schema.ts';
import { parseAgentLog } from './parse-agent-log.ts';
import { priceFor } from './price-table.ts';

// Fixtures follow the real formats: `claude -p --output-format stream-json --verbose` and
// `codex exec --json` (event shapes from codex-rs/exec/src/exec_events.rs).
const fixture = (name: string) =>
  readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');

/** The record the evaluate pipeline writes must validate with the parsed fields spread in. */
function asRecord(effort: ReturnType<typeof parseAgentLog>) {
  return EffortRecord.parse({ task: 't1', submission: 's1', inputHash: 'h', ...effort });
}

describe('parseAgentLog', () => {
  it('reads Claude Code stream-json from the final result event', () => {
    const effort = parseAgentLog(fixture('claude-code-stream.jsonl'));
    asRecord(effort);
    expect(effort).toMatchInlineSnapshot(`
      {
        "cacheReadTokens": 47154,
        "cacheWriteTokens": 13782,
        "costEstimated": false,
        "costUsd": 0.6417285,
        "durationMs": 84213,
        "format": "claude-code",
        "inputTokens": 23,
        "model": "claude-opus-4-6",
        "outputTokens": 1981,
        "problems": [],
        "sessions": 1,
        "toolCalls": 4,
        "totalTokens": 62940,
        "turns": 9,
      }
    `);
    // total = uncached input + cache writes + cache reads + output
    expect(effort.totalTokens).toBe(23 + 13782 + 47154 + 1981);
  });

  it('never sums the per-message streaming usage of assistant events', () => {
    const effort = parseAgentLog(fixture('claude-code-stream.jsonl'));
    // the assistant events' own output_tokens add up to 8+8+1843+61+40+29 = 1989, not 1981
    expect(effort.outputTokens).toBe(1981);
  });

  it('reports an interrupted Claude Code session instead of inventing its totals', () => {
    const effort = parseAgentLog(fixture('claude-code-interrupted.jsonl'));
    asRecord(effort);
    expect(effort.format).toBe('claude-code');
    expect(effort.totalTokens).toBeNull();
    expect(effort.costUsd).toBeNull();
    expect(effort.durationMs).toBeNull();
    expect(effort.toolCalls).toBe(3);
    expect(effort.turns).toBe(3);
    expect(effort.problems).toMatchInlineSnapshot(`
      [
        "line 8: not valid JSON (interrupted write?); skipped",
        "no final "result" event (session interrupted?): tokens, duration and cost are unknown; turns counted from assistant messages",
      ]
    `);
  });

  it('sums several Claude Code sessions in one log (a retried task)', () => {
    const one = fixture('claude-code-stream.jsonl');
    const effort = parseAgentLog(one + one);
    expect(effort.sessions).toBe(2);
    expect(effort.turns).toBe(18);
    expect(effort.totalTokens).toBe(2 * 62940);
    expect(effort.costUsd).toBeCloseTo(2 * 0.6417285, 10);
    // tool_use ids repeat in the duplicated session, so they are counted once
    expect(effort.toolCalls).toBe(4);
  });

  it('reads codex exec JSONL tokens from turn.completed and estimates cost from a price table', () => {
    const price = priceFor('gpt-5');
    expect(price).toBeDefined();
    const effort = parseAgentLog(fixture('codex-exec.jsonl'), price);
    asRecord(effort);
    expect(effort).toMatchInlineSnapshot(`
      {
        "cacheReadTokens": 161920,
        "cacheWriteTokens": 0,
        "costEstimated": true,
        "costUsd": 0.1507575,
        "durationMs": null,
        "format": "codex",
        "inputTokens": 25422,
        "model": null,
        "outputTokens": 9874,
        "problems": [],
        "sessions": 1,
        "toolCalls": 5,
        "totalTokens": 197216,
        "turns": 6,
      }
    `);
    // (25422·1.25 + 161920·0.125 + 9874·10) / 1e6
    expect(effort.costUsd).toBeCloseTo((25422 * 1.25 + 161920 * 0.125 + 9874 * 10) / 1e6, 12);
  });

  it('prices cached Codex input at the full rate when no cached rate is given (an upper bound)', () => {
    const effort = parseAgentLog(fixture('codex-exec.jsonl'), {
      inputUsdPerMTok: 2,
      outputUsdPerMTok: 8,
    });
    expect(effort.costUsd).toBeCloseTo((187342 * 2 + 9874 * 8) / 1e6, 12);
    expect(effort.costEstimated).toBe(true);
  });

  it('leaves Codex cost unknown without a price table, and says so', () => {
    const effort = parseAgentLog(fixture('codex-exec.jsonl'));
    expect(effort.costUsd).toBeNull();
    expect(effort.costEstimated).toBe(false);
    expect(effort.problems).toEqual([
      'Codex logs carry no cost and no price table was given: cost unknown',
    ]);
  });

  it('reports unknown formats without guessing', () => {
    const effort = parseAgentLog(fixture('unknown-format.jsonl'));
    asRecord(effort);
    expect(effort.format).toBe('unknown');
    expect([effort.turns, effort.toolCalls, effort.totalTokens, effort.costUsd]).toEqual([
      null,
      null,
      null,
      null,
    ]);
    expect(effort.problems).toMatchInlineSnapshot(`
      [
        "unrecognised log format (event types: (no type)); expected Claude Code stream-json or codex exec --json",
      ]
    `);
    expect(parseAgentLog('').problems).toEqual(['empty log']);
    expect(parseAgentLog('plain text\nnot json\n').format).toBe('unknown');
  });

  it('handles a hostile log in bounded time', () => {
    const line = `{"type":"assistant","message":{"id":"m","content":[${'{"type":"tool_use"},'.repeat(2000)}{"type":"text"}]}}\n`;
    const hostile = `${line.repeat(500) + '['.repeat(1_000_000)}\n`;
    const started = performance.now();
    const effort = parseAgentLog(hostile);
    expect(performance.now() - started).toBeLessThan(5000);
    expect(effort.format).toBe('claude-code');
    expect(effort.problems[0]).toBe('line 501: not a JSON object; skipped');
  });
});
