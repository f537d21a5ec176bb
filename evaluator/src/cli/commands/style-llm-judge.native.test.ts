import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startOpenAiTestServer,
  type OpenAiTestServer,
} from '../../../../test/support/openai-test-server.ts';
import { testdir } from '../../../../test/support/testdir.ts';
import { silentProgress } from '../../util/progress.ts';
import { main } from '../main.ts';

/*
 * `refig style --llm-judge`: the optional LLM vision judge wired through the CLI, against the
 * local OpenAI-compatible test server (the judge itself is tested in style/llm-vision-judge.test.ts).
 */

const ROOT = join(import.meta.dirname, '..', '..', '..', '..');
const TASK = join(ROOT, 'test', 'fixtures', 'calibration-style', 'style01-0');
let server: OpenAiTestServer;

const reply = (defects: unknown[]) => JSON.stringify({ defects });
const good = {
  severity: 'major',
  candidate_box: [80, 40, 500, 280],
  reference_box: [60, 30, 560, 280],
  code_lines: [2, 10_000],
  description: 'bars lost the\nreference hatch',
};

beforeAll(async () => {
  server = await startOpenAiTestServer();
});
afterAll(() => server.close());

describe('refig style --llm-judge', () => {
  it('adds the judge defects to the vision channel and reports the judge outcome', async () => {
    server.setFallback(() => ({ kind: 'reply', content: reply([good]) }));
    const yml = [
      'judges:',
      '  - id: vision-test',
      '    family: test',
      '    model: test-vlm',
      `    baseURL: ${server.baseURL}`,
      '    apiKeyEnv: FIGBOARD_TEST_VISION_KEY',
      '    primary: true',
      '    maxAttempts: 2',
      '',
    ].join('\n');
    const { dir, cleanup } = await testdir({ 'figboard.yml': yml });
    try {
      let out = '';
      let err = '';
      const stdout = {
        write: (s: string) => ((out += s), true),
      } as unknown as NodeJS.WritableStream;
      const stderr = {
        write: (s: string) => ((err += s), true),
      } as unknown as NodeJS.WritableStream;
      const code = await main(
        [
          'node',
          'refig',
          'style',
          '--task',
          TASK,
          '--llm-judge',
          'vision-test',
          '--config',
          join(dir, 'figboard.yml'),
          join(TASK, 'candidates', 'faithful'),
        ],
        {
          stdout,
          stderr,
          cwd: ROOT,
          env: { FIGBOARD_TEST_VISION_KEY: 'k' },
          progress: () => silentProgress,
        },
      );
      expect(err).not.toMatch(/internal error/);
      expect(code).toBe(0);
      const line = JSON.parse(out.trim()) as {
        vision: number;
        S: number;
        code: number;
        llm: unknown;
        defects: { kind: string; detail: string }[];
      };
      expect(line.llm).toEqual({ judge: 'vision-test', status: 'ok', defects: 1, message: null });
      expect(line.defects.map((d) => d.kind)).toEqual(['llm']);
      // The code was shown numbered; line 2 exists, 10000 does not and is clipped.
      expect(line.defects[0]!.detail).toBe(
        '[vision-test] bars lost the reference hatch (figure.py line 2)',
      );
      const sent = server.requests.at(-1)!.body.messages[1].content[4].text as string;
      expect(sent).toMatch(
        /^CANDIDATE CODE \(figure\.py, line numbers first\):\n<<<BEGIN UNTRUSTED DATA>>>\n 1 \| /,
      );
      expect([line.code, line.vision, line.S]).toEqual([100, 90, 93.5]);

      const missingKey = await main(
        [
          'node',
          'refig',
          'style',
          '--task',
          TASK,
          '--llm-judge',
          'vision-test',
          '--config',
          join(dir, 'figboard.yml'),
          TASK,
        ],
        {
          stdout,
          stderr,
          cwd: ROOT,
          env: {},
          progress: () => silentProgress,
        },
      );
      expect(missingKey).toBe(2);
      expect(err).toMatch(/LLM judge "vision-test" cannot run: .*FIGBOARD_TEST_VISION_KEY/);
    } finally {
      await cleanup();
    }
  });
});
