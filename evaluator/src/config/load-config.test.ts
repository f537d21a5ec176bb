import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatProblem } from '../errors/problem.ts';
import { DEFAULT_RUBRIC } from '../judge/rubric.ts';
import { parse } from 'yaml';
import { FigboardConfig } from './figboard-config.schema.ts';
import { defaultConfig, loadConfig } from './load-config.ts';

const ROOT_CONFIG = join(import.meta.dirname, '../../../figboard.yml');

describe('loadConfig', () => {
  it('the repository figboard.yml: two LLM families × 3 runs + metric; offline only metric runs', async () => {
    const text = await readFile(ROOT_CONFIG, 'utf8');
    // The published schema (schemas/figboard-config.schema.json) accepts the file too.
    expect(FigboardConfig.safeParse(parse(text)).success).toBe(true);
    const offline = loadConfig(text, 'figboard.yml', {});
    expect(offline.errors).toEqual([]);
    const c = offline.value!;
    expect(c.judges.map((j) => j.id)).toEqual(['metric']);
    expect(c.skipped).toEqual([
      {
        id: 'gpt-5.4',
        family: 'openai',
        model: 'gpt-5.4-2026-03-05',
        reason: 'environment variable OPENAI_API_KEY is not set',
        // what approving it would start: the cost estimate before /approve-judging uses these
        runs: 3,
        // GPT-5.4's published list prices (standard tier), dated in figboard.yml
        prices: { inputUsdPerMTok: 2.5, cachedInputUsdPerMTok: 0.25, outputUsdPerMTok: 15 },
        tracks: ['refig', 'style'],
        settings: {
          model: 'gpt-5.4-2026-03-05',
          server: 'openai',
          reasoningEffort: 'low',
          thinking: null,
          temperature: null,
          maxOutputTokens: null,
        },
      },
      {
        id: 'qwen3.6-27b',
        family: 'qwen',
        model: 'Qwen/Qwen3.6-27B',
        reason: 'environment variable VLLM_API_KEY is not set',
        runs: 3,
        // self-hosted: no list price per token (the estimate says "no price set")
        prices: undefined,
        tracks: ['refig', 'style'],
        settings: {
          model: 'Qwen/Qwen3.6-27B',
          server: 'vllm',
          reasoningEffort: null,
          thinking: false,
          temperature: 0.2,
          maxOutputTokens: null,
        },
      },
    ]);
    expect(c.primary).toBe('gpt-5.4');
    expect(c.effectivePrimary).toBe('metric');
    expect(offline.warnings.map(formatProblem)).toMatchInlineSnapshot(`
      [
        "warning figboard.yml [config-judge-skipped] judge "gpt-5.4" (gpt-5.4-2026-03-05) is skipped: environment variable OPENAI_API_KEY is not set — set the variable to run it; the metric judge always runs",
        "warning figboard.yml [config-judge-skipped] judge "qwen3.6-27b" (Qwen/Qwen3.6-27B) is skipped: environment variable VLLM_API_KEY is not set — set the variable to run it; the metric judge always runs",
      ]
    `);
    // the repository's file scores under the paper's rubric (its one definition)
    expect(c.scoring.rubric).toEqual(DEFAULT_RUBRIC);
    expect(c.scoring.cap).toEqual({
      coverageThreshold: 0.85,
      maxNativeObjects: 5,
      cappedScore: 50,
      underlayCappedScore: 50,
    });

    const online = loadConfig(text, 'figboard.yml', {
      OPENAI_API_KEY: 'sk-test',
      VLLM_API_KEY: 'x',
    }).value!;
    expect(online.judges.map((j) => [j.id, j.family, j.runs, j.primary])).toEqual([
      ['metric', 'metric', 1, false],
      ['gpt-5.4', 'openai', 3, true],
      ['qwen3.6-27b', 'qwen', 3, false],
    ]);
    expect(online.effectivePrimary).toBe('gpt-5.4');
  });

  it('refuses a thinking switch an endpoint cannot take, naming the line', () => {
    const judge = (extra: string[]) =>
      [
        'judges:',
        '  - id: q',
        '    family: qwen',
        '    model: m',
        '    baseURL: http://localhost:1/v1',
        '    apiKeyEnv: KEY',
        '    primary: true',
        ...extra,
      ].join('\n');
    const openai = loadConfig(judge(['    thinking: false']), 'f.yml', {});
    expect(openai.errors.map(formatProblem)).toEqual([
      expect.stringMatching(
        /^error f\.yml:8:15 \[config-schema\] judges\.0\.thinking: thinking is a switch of vLLM and Ollama servers/,
      ),
    ]);
    const ollama = loadConfig(
      judge(['    server: ollama', '    thinking: false', '    reasoningEffort: low']),
      'f.yml',
      {},
    );
    expect(ollama.errors.map((e) => e.message)).toEqual([
      expect.stringContaining('reasoning_effort: none, so thinking: false and reasoningEffort'),
    ]);
    const vllm = loadConfig(judge(['    server: vllm', '    thinking: false']), 'f.yml', {
      KEY: 'x',
    });
    expect(vllm.errors).toEqual([]);
    const q = vllm.value!.judges.find((j) => j.id === 'q')!;
    expect(q.kind === 'llm' && q.config).toMatchObject({ server: 'vllm', thinking: false });
  });

  it('reports every problem with its line', () => {
    const text = [
      'judges:',
      '  - id: a',
      '    family: openai',
      '    model: m',
      '    baseURL: not a url',
      '    apiKeyEnv: KEY',
      '    runs: 0',
      '  - id: metric',
      '    primary: true',
      '    model: nope',
      'scoring:',
      '  rubric: { T: 20, S: 30, L: 15, E: 25, V: 20 }',
      '  colour: blue',
    ].join('\n');
    const r = loadConfig(text, 'figboard.yml', {});
    expect(r.value).toBeUndefined();
    expect(r.errors.map(formatProblem)).toMatchInlineSnapshot(`
      [
        "error figboard.yml:12:11 [config-schema] scoring.rubric: rubric weights must sum to 100 (they are the maximum points of T, S, L, E and V)",
        "error figboard.yml:13:3 [config-schema] scoring: Unrecognized key: "colour"",
        "error figboard.yml:5:14 [config-schema] judges.0.baseURL: Invalid URL",
        "error figboard.yml:7:11 [config-schema] judges.0.runs: Too small: expected number to be >=1",
        "error figboard.yml:10:5 [config-schema] judges.1: Unrecognized key: "model"",
      ]
    `);
  });

  it('needs exactly one primary and unique ids', () => {
    const judge = (id: string, primary: boolean) =>
      `  - { id: ${id}, family: f, model: m, baseURL: "http://localhost:1/v1", apiKeyEnv: K, primary: ${primary} }`;
    const two = loadConfig(['judges:', judge('a', true), judge('b', true)].join('\n'), 'f.yml', {});
    expect(two.errors.map((p) => p.rule)).toEqual(['config-primary']);
    const none = loadConfig(['judges:', judge('a', false)].join('\n'), 'f.yml', {});
    expect(none.errors.map((p) => p.message)).toEqual(['no judge is marked primary']);
    const dup = loadConfig(
      ['judges:', judge('a', true), judge('a', false)].join('\n'),
      'f.yml',
      {},
    );
    expect(dup.errors.map((p) => [p.rule, p.line])).toEqual([['config-judge-duplicate', 3]]);
    const reserved = loadConfig(
      ['judges:', '  - { id: metric, primary: true }'].join('\n'),
      'f.yml',
      {},
    );
    expect(reserved.value!.judges).toEqual([
      expect.objectContaining({ id: 'metric', primary: true }),
    ]);
  });

  it('an empty file or no file means: metric judge, default scoring', () => {
    expect(loadConfig('', 'f.yml', {}).value).toEqual(defaultConfig());
    expect(loadConfig('a: [', 'f.yml', {}).errors[0]!.rule).toBe('yaml-syntax');
  });
});
