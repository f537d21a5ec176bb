import { describe, expect, it } from 'vitest';
import type { RefigSummary } from '../schemas/summary.schema.ts';
import { formatEvaluateSummary } from './format-evaluate-summary.ts';

const run = (run: number, mean: number | null, failed: string[] = []) => ({
  run,
  records: 6,
  ok: 4 - failed.length,
  gateFailed: 1,
  missing: 1,
  failed: failed.length,
  failedTasks: failed,
  mean,
  axes: { T: 14.2, S: 19.9, L: 9.9, E: 20.6, V: 4.9 },
  inputTokens: 12000,
  outputTokens: 1600,
  costUsd: 0.0154,
});

describe('formatEvaluateSummary', () => {
  it('prints tasks, gate failures, missing tasks and per-judge runs', () => {
    const summary: RefigSummary = {
      schemaVersion: 1,
      submission: 'acme-direct',
      track: 'refig',
      suite: { name: 'refig-sample', version: '1.0.0' },
      tasks: {
        total: 6,
        present: 5,
        missing: ['fig01-003'],
        gatePassed: 4,
        gateFailures: { 'multiple-slides': 1 },
        gateFailed: [
          { task: 'fig01-002', reason: 'multiple-slides', detail: 'the presentation has 2 slides' },
        ],
        capped: 1,
        flags: { 'text-instruction-like': 1 },
      },
      judges: [
        {
          id: 'metric',
          family: 'metric',
          model: 'figboard-metric',
          primary: false,
          status: 'ran',
          note: null,
          runs: [{ ...run(1, 61.2), costUsd: null, inputTokens: 0, outputTokens: 0 }],
          mean: 61.2,
        },
        {
          id: 'gpt-5.4-mini',
          family: 'openai',
          model: 'gpt-5.4-mini',
          primary: true,
          status: 'ran',
          note: null,
          runs: [run(1, 58.4), run(2, 57.9, ['fig01-005'])],
          mean: 58.15,
        },
        {
          id: 'qwen3.6-27b',
          family: 'qwen',
          model: 'Qwen/Qwen3.6-27B',
          primary: false,
          status: 'skipped',
          note: 'environment variable VLLM_API_KEY is not set',
          runs: [],
          mean: null,
        },
      ],
      primaryJudge: 'gpt-5.4-mini',
      effort: { records: 5, formats: { 'claude-code': 5 } },
      render: { dpi: 96 },
    };
    expect(formatEvaluateSummary(summary)).toMatchInlineSnapshot(`
      "acme-direct · suite refig-sample 1.0.0 · 6 tasks: 5 with an artifact, 1 missing
      gate: 4 passed, 1 failed (multiple-slides 1) · 1 capped at the flattening cap
      missing (score 0): fig01-003
        gate failed fig01-002: multiple-slides — the presentation has 2 slides
      audit flags: text-instruction-like 1

      judge                 run   mean      T      S      L      E      V     ok failed   cost
      metric                  1   61.2   14.2   19.9    9.9   20.6    4.9      4      0      –
      gpt-5.4-mini*           1   58.4   14.2   19.9    9.9   20.6    4.9      4      0 $0.015
                              2   57.9   14.2   19.9    9.9   20.6    4.9      3      1 $0.015
                           mean   58.1
                        run 2 failed judgments (no score, excluded): fig01-005
      qwen3.6-27b       skipped: environment variable VLLM_API_KEY is not set
      * primary judge: gpt-5.4-mini
      "
    `);
  });
});
