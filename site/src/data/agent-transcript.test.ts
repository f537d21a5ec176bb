import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MAX_TURN_CHARS, MAX_TURNS, readTranscript, transcriptOf } from './agent-transcript.ts';

// The evaluator's effort parser fixtures: real-format Claude Code and Codex logs.
const FIXTURES = join(
  import.meta.dirname,
  '..',
  '..',
  '..',
  'evaluator',
  'src',
  'effort',
  'fixtures',
);
const fixture = (name: string) => readFileSync(join(FIXTURES, name), 'utf8');
const of = (text: string) => transcriptOf(text, Buffer.byteLength(text), false);

describe('agent-log transcripts', () => {
  it('reads a Claude Code stream-json log as session, assistant, tool call and result turns', () => {
    const t = of(fixture('claude-code-stream.jsonl'))!;
    expect(t.format).toBe('claude-code');
    const kinds = t.turns.map((x) => x.kind);
    expect(kinds[0]).toBe('session');
    expect(kinds).toContain('assistant');
    expect(kinds).toContain('tool-call');
    expect(kinds).toContain('tool-result');
    expect(kinds.at(-1)).toBe('result');
    // each tool call names its tool
    for (const call of t.turns.filter((x) => x.kind === 'tool-call'))
      expect(call.title).toMatch(/^Tool call · \S/);
  });

  it('reads a codex exec --json log, with failed commands marked as errors', () => {
    const t = of(fixture('codex-exec.jsonl'))!;
    expect(t.format).toBe('codex');
    const failed = t.turns.filter((x) => x.kind === 'tool-result' && x.error);
    expect(failed.length).toBe(1);
    expect(failed[0]!.text).toContain('NameError');
    expect(t.turns.filter((x) => x.kind === 'assistant')).toHaveLength(1);
    // an item that started and completed is shown once (its completion)
    const commands = t.turns.filter((x) => x.kind === 'tool-call' && x.title.includes('command'));
    expect(new Set(commands.map((c) => c.line)).size).toBe(commands.length);
    expect(commands.every((c) => !c.title.includes('never completed'))).toBe(true);
  });

  it('shows an interrupted Codex call as never completed, and makes no page for other formats', () => {
    const started =
      '{"type":"thread.started","thread_id":"t"}\n{"type":"item.started","item":{"id":"item_9","type":"command_execution","command":"sleep 999","aggregated_output":"","exit_code":null,"status":"in_progress"}}\n';
    const t = of(started)!;
    expect(t.turns.map((x) => x.title)).toEqual([
      'Thread started',
      'Tool call · command (never completed)',
    ]);
    expect(of(fixture('unknown-format.jsonl'))).toBeNull();
    expect(of('')).toBeNull();
  });

  it('bounds turns and characters, collapses long outputs and counts bad lines', () => {
    const init = '{"type":"system","subtype":"init","model":"m","tools":[]}\n';
    const msg = (text: string) =>
      `${JSON.stringify({ type: 'assistant', message: { id: 'x', content: [{ type: 'text', text }] } })}\n`;
    const log =
      init +
      msg('y'.repeat(MAX_TURN_CHARS + 10)) +
      msg('a\n'.repeat(20)) +
      'not json\n' +
      msg('short').repeat(MAX_TURNS + 5);
    const t = of(log)!;
    expect(t.turns).toHaveLength(MAX_TURNS);
    expect(t.turnsCut).toBe(MAX_TURNS + 8 - MAX_TURNS);
    expect(t.badLines).toBe(1);
    expect(t.turns[1]!.clipped).toBe(10);
    expect(t.turns[1]!.text).toHaveLength(MAX_TURN_CHARS);
    expect(t.turns[1]!.long).toBe(true);
    expect(t.turns[2]!.long).toBe(true); // many lines
    expect(t.turns[3]!.long).toBe(false);
  });
});

describe('reading a log from a submission folder', () => {
  it('reads the file, never a symbolic link in its place', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'figboard-transcript-'));
    try {
      const task = join(dir, 'submissions', 'sub', 'artifacts');
      mkdirSync(join(task, 'real'), { recursive: true });
      mkdirSync(join(task, 'linked'), { recursive: true });
      writeFileSync(join(task, 'real', 'output.jsonl'), fixture('codex-exec.jsonl'));
      symlinkSync(join(task, 'real', 'output.jsonl'), join(task, 'linked', 'output.jsonl'));
      const real = await readTranscript(dir, 'sub', 'real');
      expect(real?.format).toBe('codex');
      expect(real?.bytesCut).toBe(false);
      await expect(readTranscript(dir, 'sub', 'linked')).resolves.toBeNull();
      await expect(readTranscript(dir, 'sub', 'absent')).resolves.toBeNull();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
