import { describe, expect, it } from 'vitest';
import { estimateJudgingCost, imageTokens } from './estimate-judging-cost.ts';

describe('imageTokens (OpenAI, detail high)', () => {
  it('follows the published examples', () => {
    // 1024 × 1024: short side to 768 → 4 tiles → 765 tokens (OpenAI's own example)
    expect(imageTokens(1024, 1024, 4096)).toBe(765);
    // 2048 × 4096: fit 2048 → 1024 × 2048, short side 768 → 768 × 1536: 6 tiles → 1105
    expect(imageTokens(2048, 4096, 4096)).toBe(1105);
    // a small image: one tile
    expect(imageTokens(300, 200)).toBe(255);
  });
});

describe('estimateJudgingCost', () => {
  const tasks = Array.from({ length: 46 }, () => ({
    promptChars: 8000,
    images: [
      { width: 2000, height: 750 },
      { width: 2000, height: 750 },
    ],
  }));
  const judges = [
    { id: 'gpt', model: 'gpt-x', runs: 3, prices: { inputUsdPerMTok: 2, outputUsdPerMTok: 10 } },
    { id: 'qwen', model: 'q', runs: 3, prices: undefined },
  ];

  it('counts the requests when the judge has no history, and prices tokens × runs × tasks', () => {
    const [gpt, qwen] = estimateJudgingCost(judges, tasks, new Map());
    const perImage = imageTokens(2000, 750);
    expect(gpt).toEqual({
      judge: 'gpt',
      model: 'gpt-x',
      tasks: 46,
      runs: 3,
      inputTokensPerJudgment: 2000 + 2 * perImage,
      outputTokensPerJudgment: 800,
      basis: 'prompt',
      costUsd: Math.round(((46 * 3 * ((2000 + 2 * perImage) * 2 + 800 * 10)) / 1e6) * 100) / 100,
    });
    expect(qwen!.costUsd).toBeNull();
  });

  it('uses the means of earlier verdicts once there are enough', () => {
    const history = new Map([
      ['gpt', { judgments: 20, inputTokens: 20 * 5000, outputTokens: 20 * 400 }],
    ]);
    const [gpt] = estimateJudgingCost(judges, tasks, history);
    expect(gpt).toMatchObject({
      basis: 'history',
      inputTokensPerJudgment: 5000,
      outputTokensPerJudgment: 400,
    });
    expect(gpt!.costUsd).toBe(Math.round(((138 * (5000 * 2 + 400 * 10)) / 1e6) * 100) / 100);
    const few = new Map([['gpt', { judgments: 3, inputTokens: 3, outputTokens: 3 }]]);
    expect(estimateJudgingCost(judges, tasks, few)[0]!.basis).toBe('prompt');
  });

  it('costs nothing without artifacts to judge', () => {
    expect(estimateJudgingCost(judges, [], new Map())[0]).toMatchObject({ tasks: 0, costUsd: 0 });
  });
});
