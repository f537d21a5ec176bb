import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { Symlink, type TestdirTree } from '../../../test/support/testdir.ts';

// Shared fixtures for the validator tests, the CLI test and the Action test: a three-task suite
// and a submission tree whose SHA256SUMS is computed from its files.

export const DECK = readFileSync(
  new URL('../../../test/fixtures/calibration/fig01-000/variants/faithful.pptx', import.meta.url),
);

// A real-format Claude Code stream-json log (init, one assistant turn with a tool call, result).
export const CLAUDE_LOG = `${[
  { type: 'system', subtype: 'init', session_id: 's1', model: 'sample-a', tools: ['Bash'] },
  {
    type: 'assistant',
    message: {
      id: 'm1',
      role: 'assistant',
      content: [
        { type: 'tool_use', id: 't1', name: 'Bash', input: { command: 'python output.py' } },
      ],
      usage: { input_tokens: 10, output_tokens: 5 },
    },
  },
  {
    type: 'user',
    message: { role: 'user', content: [{ type: 'tool_result', tool_use_id: 't1', content: 'ok' }] },
  },
  {
    type: 'result',
    subtype: 'success',
    num_turns: 2,
    duration_ms: 1200,
    total_cost_usd: 0.01,
    usage: {
      input_tokens: 10,
      cache_creation_input_tokens: 0,
      cache_read_input_tokens: 0,
      output_tokens: 5,
    },
  },
]
  .map((e) => JSON.stringify(e))
  .join('\n')}\n`;

export const SUITE = {
  name: 'mini',
  version: '1.0.0',
  track: 'refig',
  description: 'three tasks for validator tests',
  taskCount: 3,
  tasks: ['t-a', 't-b', 't-c'],
  licensePolicy: 'test data',
  imageStats: null,
};

export function manifest(id: string, extra = ''): string {
  return `# yaml-language-server: $schema=../../schemas/submission.schema.json
id: ${id}
track: refig
suite: { name: mini, version: 1.0.0 }
team: Test Team
contact: test@example.org
model: { name: Model A, provider: sample, snapshot: a-2026-01 }
harness: { name: Claude Code, version: 2.0.0 }
workflow: { name: direct-prompt, kind: direct }
attempts: 1
date: 2026-01-31
license: CC-BY-4.0
${extra}`;
}

export const sha = (b: string | Uint8Array) => createHash('sha256').update(b).digest('hex');

/** A repository tree with the suite and one submission; SHA256SUMS computed from `artifacts`. */
export function repo(
  id: string,
  files: Record<string, string | Uint8Array | Symlink>,
  opts: { yml?: string; sums?: string } = {},
): TestdirTree {
  const sums =
    opts.sums ??
    `${Object.entries(files)
      .filter(([p, v]) => p.startsWith('artifacts/') && !(v instanceof Symlink))
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([p, v]) => `${sha(v as string | Uint8Array)}  ${p}`)
      .join('\n')}\n`;
  const sub: TestdirTree = { 'submission.yml': opts.yml ?? manifest(id), SHA256SUMS: sums };
  for (const [p, v] of Object.entries(files)) sub[p] = v;
  return { 'suites/mini/suite.json': JSON.stringify(SUITE), [`submissions/${id}`]: sub };
}

export const GOOD_FILES = {
  'artifacts/t-a/output.pptx': DECK,
  'artifacts/t-a/output.py': 'from pptx import Presentation\n',
  'artifacts/t-a/output.jsonl': CLAUDE_LOG,
  'artifacts/t-b/output.pptx': DECK,
  'artifacts/t-b/output.py': 'from pptx import Presentation\n',
  'artifacts/t-b/output.jsonl': CLAUDE_LOG,
  'artifacts/t-c/error.log': 'agent ran out of turns\n',
};
