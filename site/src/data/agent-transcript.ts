import { constants } from 'node:fs';
import { open } from 'node:fs/promises';
import { join } from 'node:path';
import { isClaudeCodeEvent, isCodexEvent, splitLogEvents } from '@figboard/evaluator/effort';

/** Bytes of a log the viewer reads (the start of the log; the rest is reported as cut). */
export const MAX_LOG_BYTES = 256 * 1024;
/** Turns the viewer shows; later turns are reported as cut. */
export const MAX_TURNS = 200;
/** Characters of one turn's text kept (the rest is reported in the turn). */
export const MAX_TURN_CHARS = 8000;
/** A turn longer than this (characters or lines) is shown collapsed. */
const COLLAPSE_CHARS = 600;
const COLLAPSE_LINES = 12;
/** Leading events inspected to recognise the format (as the evaluator's effort parser does). */
const SNIFF_EVENTS = 50;

export type TurnKind =
  | 'session'
  | 'user'
  | 'assistant'
  | 'reasoning'
  | 'tool-call'
  | 'tool-result'
  | 'result'
  | 'error';

/** One turn of a transcript. `text` is the log's own text: always rendered as text, never HTML. */
export interface Turn {
  kind: TurnKind;
  /** Short heading: "Assistant", "Tool call · Bash", "Tool result (error)". */
  title: string;
  text: string;
  /** Characters cut from `text` (over {@link MAX_TURN_CHARS}). */
  clipped: number;
  /** Long enough to show collapsed. */
  long: boolean;
  error: boolean;
  /** 1-based line of the log the turn comes from. */
  line: number;
}

export interface Transcript {
  format: 'claude-code' | 'codex';
  turns: Turn[];
  /** Size of the whole log file. */
  bytes: number;
  /** Only the first {@link MAX_LOG_BYTES} bytes were read. */
  bytesCut: boolean;
  /** Turns left out after {@link MAX_TURNS}. */
  turnsCut: number;
  /** Lines that were not JSON objects. */
  badLines: number;
}

const clip = (s: string) =>
  s.length > MAX_TURN_CHARS
    ? { text: s.slice(0, MAX_TURN_CHARS), clipped: s.length - MAX_TURN_CHARS }
    : { text: s, clipped: 0 };

function turn(kind: TurnKind, title: string, raw: string, line: number, error = false): Turn {
  const { text, clipped } = clip(raw);
  const long = text.length > COLLAPSE_CHARS || text.split('\n').length > COLLAPSE_LINES;
  return { kind, title, text, clipped, long, error, line };
}

const str = (v: unknown): string => (typeof v === 'string' ? v : '');
const obj = (v: unknown): Record<string, unknown> =>
  v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
const json = (v: unknown): string => {
  if (typeof v === 'string') return v;
  try {
    return JSON.stringify(v, null, 2) ?? '';
  } catch {
    return '';
  }
};

/** A tool result's content: a string, or text blocks (images are named, never embedded). */
function resultText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return json(content);
  return content
    .map((b) => {
      const block = obj(b);
      if (block.type === 'text') return str(block.text);
      if (block.type === 'image') return '[image]';
      return json(block);
    })
    .join('\n');
}

function claudeTurns(e: Record<string, unknown>, line: number): Turn[] {
  if (e.type === 'system' && e.subtype === 'init') {
    const tools = Array.isArray(e.tools) ? e.tools.map(String).join(', ') : '';
    return [
      turn(
        'session',
        'Session started',
        `model ${str(e.model) || 'unknown'}${e.claude_code_version ? ` · Claude Code ${str(e.claude_code_version)}` : ''}${tools ? ` · tools: ${tools}` : ''}`,
        line,
      ),
    ];
  }
  if (e.type === 'result') {
    const parts = [
      `${str(e.subtype) || 'ended'}`,
      typeof e.num_turns === 'number' ? `${e.num_turns} turns` : '',
      typeof e.duration_ms === 'number' ? `${(e.duration_ms / 1000).toFixed(1)} s` : '',
      typeof e.total_cost_usd === 'number' ? `$${e.total_cost_usd.toFixed(4)}` : '',
    ].filter(Boolean);
    const result = str(e.result);
    return [
      turn(
        'result',
        'Session ended',
        `${parts.join(' · ')}${result ? `\n${result}` : ''}`,
        line,
        e.is_error === true,
      ),
    ];
  }
  const message = obj(e.message);
  const content = message.content;
  if (e.type === 'user' && typeof content === 'string')
    return [turn('user', 'User', content, line)];
  if (!Array.isArray(content)) return [];
  const out: Turn[] = [];
  for (const b of content) {
    const block = obj(b);
    if (block.type === 'text')
      out.push(
        turn(
          e.type === 'user' ? 'user' : 'assistant',
          e.type === 'user' ? 'User' : 'Assistant',
          str(block.text),
          line,
        ),
      );
    else if (block.type === 'thinking')
      out.push(turn('reasoning', 'Reasoning', str(block.thinking), line));
    else if (block.type === 'tool_use')
      out.push(
        turn('tool-call', `Tool call · ${str(block.name) || 'unnamed'}`, json(block.input), line),
      );
    else if (block.type === 'tool_result') {
      const error = block.is_error === true;
      out.push(
        turn(
          'tool-result',
          error ? 'Tool result (error)' : 'Tool result',
          resultText(block.content),
          line,
          error,
        ),
      );
    }
  }
  return out;
}

function codexTurns(e: Record<string, unknown>, line: number, done: ReadonlySet<string>): Turn[] {
  if (e.type === 'thread.started')
    return [turn('session', 'Thread started', `thread ${str(e.thread_id)}`, line)];
  if (e.type === 'turn.completed') {
    const u = obj(e.usage);
    const n = (k: string) => (typeof u[k] === 'number' ? `${u[k]} ${k.replace(/_/g, ' ')}` : '');
    return [
      turn(
        'result',
        'Turn completed',
        [n('input_tokens'), n('cached_input_tokens'), n('output_tokens')]
          .filter(Boolean)
          .join(' · '),
        line,
      ),
    ];
  }
  if (e.type === 'turn.failed')
    return [turn('error', 'Turn failed', str(obj(e.error).message) || json(e.error), line, true)];
  if (e.type === 'error') return [turn('error', 'Error', str(e.message) || json(e), line, true)];
  const item = obj(e.item);
  const id = str(item.id);
  // a started item shows only when it never completed (the agent was stopped mid-call)
  if (e.type === 'item.started' && (done.has(id) || id === '')) return [];
  if (e.type !== 'item.completed' && e.type !== 'item.started') return [];
  const unfinished = e.type === 'item.started' ? ' (never completed)' : '';
  switch (item.type) {
    case 'agent_message':
      return [turn('assistant', 'Assistant', str(item.text), line)];
    case 'reasoning':
      return [turn('reasoning', 'Reasoning', str(item.text), line)];
    case 'command_execution': {
      const failed = typeof item.exit_code === 'number' && item.exit_code !== 0;
      return [
        turn('tool-call', `Tool call · command${unfinished}`, str(item.command), line),
        ...(unfinished
          ? []
          : [
              turn(
                'tool-result',
                `Tool result · exit ${item.exit_code === null || item.exit_code === undefined ? '?' : String(item.exit_code)}`,
                str(item.aggregated_output),
                line,
                failed,
              ),
            ]),
      ];
    }
    case 'file_change': {
      const changes = Array.isArray(item.changes) ? item.changes.map(obj) : [];
      return [
        turn(
          'tool-call',
          `Tool call · file change${unfinished}`,
          changes.map((c) => `${str(c.kind)} ${str(c.path)}`).join('\n'),
          line,
        ),
      ];
    }
    case 'mcp_tool_call':
      return [
        turn(
          'tool-call',
          `Tool call · ${str(item.server)}/${str(item.tool)}${unfinished}`,
          json(item.arguments),
          line,
        ),
      ];
    case 'web_search':
      return [turn('tool-call', `Tool call · web search${unfinished}`, str(item.query), line)];
    case 'error':
      return [turn('error', 'Error', str(item.message), line, true)];
    default:
      return [turn('tool-call', `${str(item.type) || 'item'}${unfinished}`, json(item), line)];
  }
}

/**
 * A readable transcript of one agent log (`output.jsonl`): Claude Code `--output-format
 * stream-json` or `codex exec --json`, recognised as the evaluator's effort parser does; null for
 * any other format (no page is made for it). Bounded: reads at most {@link MAX_LOG_BYTES} bytes,
 * keeps at most {@link MAX_TURNS} turns of at most {@link MAX_TURN_CHARS} characters, and says
 * what it cut. Every text is the log's own, for rendering as text.
 */
export function transcriptOf(content: string, bytes: number, bytesCut: boolean): Transcript | null {
  const { events, badLines } = splitLogEvents(content);
  const head = events.slice(0, SNIFF_EVENTS).map((e) => e.value);
  const format = head.some(isClaudeCodeEvent)
    ? 'claude-code'
    : head.some(isCodexEvent)
      ? 'codex'
      : null;
  if (!format) return null;
  const done = new Set(
    events
      .filter((e) => e.value.type === 'item.completed')
      .map((e) => str(obj(e.value.item).id))
      .filter(Boolean),
  );
  const all = events.flatMap(({ value, line }) =>
    format === 'claude-code' ? claudeTurns(value, line) : codexTurns(value, line, done),
  );
  return {
    format,
    turns: all.slice(0, MAX_TURNS),
    bytes,
    bytesCut,
    turnsCut: Math.max(0, all.length - MAX_TURNS),
    badLines,
  };
}

/** Reads the start of `submissions/<id>/artifacts/<task>/output.jsonl` (null when absent). */
export async function readTranscript(
  dataDir: string,
  submission: string,
  task: string,
): Promise<Transcript | null> {
  // O_NOFOLLOW: a symbolic link is never followed (the page shows the submitter's own file or none)
  const fh = await open(
    join(dataDir, 'submissions', submission, 'artifacts', task, 'output.jsonl'),
    constants.O_RDONLY | constants.O_NOFOLLOW,
  ).catch(() => null);
  if (!fh) return null;
  try {
    const st = await fh.stat();
    if (!st.isFile()) return null;
    const buf = Buffer.alloc(Math.min(st.size, MAX_LOG_BYTES));
    const { bytesRead } = await fh.read(buf, 0, buf.length, 0);
    let text = buf.subarray(0, bytesRead).toString('utf8');
    const cut = st.size > bytesRead;
    // a cut log ends mid-line: drop the partial last line (and any split character with it)
    if (cut) text = text.slice(0, Math.max(0, text.lastIndexOf('\n')));
    return transcriptOf(text, st.size, cut);
  } finally {
    await fh.close();
  }
}

let index: Promise<Map<string, Transcript>> | undefined;

/**
 * Every readable agent log of the build's submissions, keyed `<submission>/<task>` (read once per
 * build): the log pages and the links to them on submission and task pages.
 */
export function transcriptIndex(
  dataDir: string,
  rows: readonly { submission: string; task: string }[],
): Promise<Map<string, Transcript>> {
  index ??= (async () => {
    const out = new Map<string, Transcript>();
    for (const r of rows) {
      const t = await readTranscript(dataDir, r.submission, r.task);
      if (t) out.set(`${r.submission}/${r.task}`, t);
    }
    return out;
  })();
  return index;
}
