// A Claude Code stream-json log (the shape `claude -p … --output-format stream-json --verbose`
// writes, as the evaluator's effort parser reads it) whose every text field carries markup that
// must never run: a <script>, an <img onerror>, a closing </pre>. It is long on purpose: more turns
// than the viewer keeps, one tool result above the per-turn cap, and more bytes than it reads.

const SESSION = '5d1c0f2e-7a31-4c55-9f0e-2b8c6a1d4e90';
const line = (o: unknown) => `${JSON.stringify(o)}\n`;

export const HOSTILE_SCRIPT = '<script>alert("log-script")</script>';
export const HOSTILE_IMG = '<img src=x onerror=alert("log-img")>';
export const HOSTILE_PRE = '</pre><b onmouseover=alert("log-pre")>bold</b>';

/** Tool call/result pairs in the log (each pair is two turns). */
export const HOSTILE_PAIRS = 150;

export function hostileClaudeLog(): string {
  let out = line({
    type: 'system',
    subtype: 'init',
    cwd: '/work',
    session_id: SESSION,
    tools: ['Bash', 'Read', 'Write'],
    mcp_servers: [],
    model: 'sample-a-2026-01',
    permissionMode: 'bypassPermissions',
    apiKeySource: 'none',
    claude_code_version: '2.1.167',
    output_style: 'default',
  });
  out += line({
    type: 'user',
    message: { role: 'user', content: `Rebuild the figure. ${HOSTILE_IMG}` },
    parent_tool_use_id: null,
    session_id: SESSION,
  });
  out += line({
    type: 'assistant',
    message: {
      id: 'msg_hostile_0',
      type: 'message',
      role: 'assistant',
      model: 'sample-a-2026-01',
      content: [{ type: 'text', text: `I will start. ${HOSTILE_SCRIPT}` }],
      stop_reason: null,
      stop_sequence: null,
      usage: { input_tokens: 4, output_tokens: 20 },
    },
    parent_tool_use_id: null,
    session_id: SESSION,
  });
  for (let i = 0; i < HOSTILE_PAIRS; i++) {
    const id = `toolu_hostile_${String(i).padStart(4, '0')}`;
    out += line({
      type: 'assistant',
      message: {
        id: `msg_hostile_${i + 1}`,
        type: 'message',
        role: 'assistant',
        model: 'sample-a-2026-01',
        content: [
          { type: 'tool_use', id, name: 'Bash', input: { command: `echo '${HOSTILE_PRE}' ${i}` } },
        ],
        stop_reason: null,
        stop_sequence: null,
        usage: { input_tokens: 3, output_tokens: 30 },
      },
      parent_tool_use_id: null,
      session_id: SESSION,
    });
    // one long result (above the per-turn character cap); the rest short
    const content = i === 1 ? `${HOSTILE_IMG}\n${'x'.repeat(12_000)}` : `${HOSTILE_PRE} ${i}`;
    out += line({
      type: 'user',
      message: {
        role: 'user',
        content: [{ tool_use_id: id, type: 'tool_result', content, is_error: i === 2 }],
      },
      parent_tool_use_id: null,
      session_id: SESSION,
    });
  }
  // a last, huge result: the log is larger than the bytes the viewer reads
  out += line({
    type: 'user',
    message: {
      role: 'user',
      content: [{ tool_use_id: 'toolu_big', type: 'tool_result', content: 'y'.repeat(300_000) }],
    },
    parent_tool_use_id: null,
    session_id: SESSION,
  });
  out += line({
    type: 'result',
    subtype: 'success',
    is_error: false,
    duration_ms: 81234,
    num_turns: HOSTILE_PAIRS + 1,
    result: `Done. ${HOSTILE_SCRIPT}`,
    session_id: SESSION,
    total_cost_usd: 0.4213,
    usage: { input_tokens: 900, output_tokens: 4600 },
  });
  return out;
}
