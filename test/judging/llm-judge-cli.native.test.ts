import { join } from 'node:path';
import { Writable } from 'node:stream';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../support/run-refig.ts';
import { silentProgress } from '@figboard/evaluator/util';
import {
  judgeReplyJson,
  type OpenAiTestServer,
  startOpenAiTestServer,
} from '../support/openai-test-server.ts';
import { testdir } from '../support/testdir.ts';

// `refig score --judge <LLM judge>` end to end: real LibreOffice render, the real openai client
// against the local test server (the judge's retries and checks are in llm-judge.test.ts).
const CAL = join(import.meta.dirname, '../fixtures/calibration');
const GOOD = { T: 18, S: 25, L: 12, E: 22, V: 7 };
let server: OpenAiTestServer;

beforeAll(async () => {
  server = await startOpenAiTestServer();
});
afterAll(async () => server.close());

describe('refig score --judge <LLM judge> (CLI, real LibreOffice render, local server)', () => {
  it("sends the rendered slide and prints the judge's verdict; the key comes from the environment", async () => {
    const { dir, cleanup } = await testdir({
      'judges.yml': [
        'judges:',
        `  - { id: tiny, family: test, model: judge-model-2, baseURL: "${server.baseURL}", apiKeyEnv: TINY_KEY, primary: true, maxAttempts: 2 }`,
      ].join('\n'),
    });
    try {
      server.enqueue({ kind: 'reply', content: judgeReplyJson(GOOD) });
      let out = '';
      let err = '';
      const code = await main(
        [
          'node',
          'refig',
          'score',
          '--task',
          join(CAL, 'fig01-000'),
          join(CAL, 'fig01-000/variants/faithful.pptx'),
          '--judge',
          'tiny',
          '--config',
          join(dir, 'judges.yml'),
        ],
        {
          stdout: new Writable({ write: (c, _e, cb) => ((out += String(c)), cb()) }),
          stderr: new Writable({ write: (c, _e, cb) => ((err += String(c)), cb()) }),
          cwd: dir,
          env: { TINY_KEY: 'from-env', PATH: process.env.PATH },
          progress: () => silentProgress,
        },
      );
      expect(code, err).toBe(0);
      const line = JSON.parse(out);
      expect(line).toMatchObject({
        judge: 'tiny',
        status: 'ok',
        subscores: GOOD,
        total: 84,
        final: 84,
        gate: { passed: true },
      });
      expect(server.requests).toHaveLength(1);
      expect(server.requests[0]!.headers.authorization).toBe('Bearer from-env');
      const urls = server.requests[0]!.body.messages[1].content.filter(
        (p: any) => p.type === 'image_url',
      ).map((p: any) => p.image_url.url as string);
      const meta = await sharp(Buffer.from(urls[1].slice(22), 'base64')).metadata();
      // The slide rendered at 96 dpi: 13.33 in → 1281 px wide as pdftoppm rounds (the 1800 px source would be 1568 px).
      expect([meta.width, meta.height]).toEqual([1281, 538]);
      // Without the key the judge is not available: a usage error naming the variable.
      let err2 = '';
      const code2 = await main(
        [
          'node',
          'refig',
          'score',
          '--task',
          join(CAL, 'fig01-000'),
          join(CAL, 'fig01-000/variants/faithful.pptx'),
          '--judge',
          'tiny',
          '--config',
          join(dir, 'judges.yml'),
        ],
        {
          stdout: new Writable({ write: (_c, _e, cb) => cb() }),
          stderr: new Writable({ write: (c, _e, cb) => ((err2 += String(c)), cb()) }),
          cwd: dir,
          env: {},
          progress: () => silentProgress,
        },
      );
      expect(code2).toBe(2);
      expect(err2).toContain(
        'judge "tiny" is not available: environment variable TINY_KEY is not set',
      );
    } finally {
      await cleanup();
    }
  });
});
