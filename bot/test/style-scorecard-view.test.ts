import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { Leaderboard, StyleRecord } from '@figboard/evaluator/schemas';
import type { SubmissionResults } from '../src/results-bundle.ts';
import { buildStyleScorecardView } from '../src/views/style-scorecard-view.ts';

const REPO = fileURLToPath(new URL('../../', import.meta.url));
const ID = 'sample-style-default';

async function committed(): Promise<{ board: Leaderboard; style: StyleRecord[] }> {
  const board = Leaderboard.parse(JSON.parse(await readFile(`${REPO}leaderboard.json`, 'utf8')));
  const style = (await readFile(`${REPO}submissions/${ID}/results/style.jsonl`, 'utf8'))
    .trim()
    .split('\n')
    .map((l) => StyleRecord.parse(JSON.parse(l)));
  return { board, style };
}

const sub = (style: StyleRecord[]): SubmissionResults => ({
  id: ID,
  track: 'style',
  validation: null,
  artifacts: [],
  judgments: [],
  style,
  styleJudgments: [],
});

describe('style scorecard view (committed board and records of sample-style-default)', () => {
  it("takes S, S_code, S_vision and their CIs from the board's style rows, never recomputes them", async () => {
    const { board, style } = await committed();
    const view = buildStyleScorecardView(board, sub(style));
    const row = board.style.find((r) => r.submission === ID && r.split === 'all')!;
    expect(view.suites).toHaveLength(1);
    expect(view.suites[0]!.suite).toBe(`<code>${row.suite}</code>`);
    expect(view.suites[0]!.channels[0]).toMatchObject({
      channel: 'deterministic (all)',
      references: row.n,
      S: row.S.toFixed(1),
      ci: `[${row.ci[0].toFixed(1)}, ${row.ci[1].toFixed(1)}]`,
      code: row.code.toFixed(1),
      codeCi: `[${row.codeCi[0].toFixed(1)}, ${row.codeCi[1].toFixed(1)}]`,
      vision: row.vision.toFixed(1),
      visionCi: `[${row.visionCi[0].toFixed(1)}, ${row.visionCi[1].toFixed(1)}]`,
    });
    expect(view.references).toEqual({ total: 3, scored: 3, failed: 0, notScored: 0, failures: [] });
  });

  it('lists the worst references first with their most severe detector defect', async () => {
    const { board, style } = await committed();
    const view = buildStyleScorecardView(board, sub(style));
    const sorted = [...style].sort((a, b) => a.S - b.S || (a.task < b.task ? -1 : 1));
    expect(view.worst.map((w) => w.task)).toEqual(sorted.map((r) => `<code>${r.task}</code>`));
    const worst = sorted[0]!;
    const major = worst.defects.find((d) => d.severity === 'major')!;
    expect(view.worst[0]!.defect).toContain(`major (<code>${major.kind}</code>)`);
    expect(view.worst[0]!.llm).toBe('—');
  });

  it('counts failed and missing references apart and names why, neutralising what the entry controls', async () => {
    const { board, style } = await committed();
    // what `refig evaluate` writes for a script the sandbox killed and for a reference left out
    const [a, b, c] = style;
    const failed: StyleRecord = {
      ...a!,
      status: 'failed',
      S: 0,
      code: 0,
      vision: 0,
      defects: [],
      failure: { code: 'timeout', message: 'figure.py ran past 60 s | <img src=x onerror=1>' },
    };
    const missing: StyleRecord = {
      ...b!,
      status: 'missing',
      S: 0,
      code: 0,
      vision: 0,
      defects: [],
      failure: { code: 'missing', message: 'no figure.py' },
    };
    const view = buildStyleScorecardView(board, sub([failed, missing, c!]));
    expect(view.references).toEqual({
      total: 3,
      scored: 1,
      failed: 1,
      notScored: 1,
      failures: [{ code: '<code>timeout</code>', count: 1 }],
    });
    // the worst come from what was scored (a failed script scored 0); the unanswered reference
    // is not among them: the scorecard lists it with the unanswered tasks
    expect(view.worst.map((w) => w.task)).toEqual([
      `<code>${a!.task}</code>`,
      `<code>${c!.task}</code>`,
    ]);
    expect(view.worst[0]!.defect).toBe(
      'script failed: <code>timeout</code> figure.py ran past 60 s \\| &lt;img src=x onerror=1&gt;',
    );
  });

  it('takes the worst references from scored ones only, however low the unanswered score', async () => {
    const { board, style } = await committed();
    const unanswered = style.map((r) => ({
      ...r,
      status: 'missing' as const,
      S: 0,
      code: 0,
      vision: 0,
      defects: [],
      failure: { code: 'missing', message: 'no figure.py' },
    }));
    // three never answered, one scored: the scored one is the only "worst"
    const scored = { ...style[0]!, task: 'scored-one' };
    const view = buildStyleScorecardView(board, sub([...unanswered, scored]));
    expect(view.worst.map((w) => w.task)).toEqual(['<code>scored-one</code>']);
    expect(view.references.notScored).toBe(3);
  });

  it('carries the hidden references the board left out of the means (notScored)', async () => {
    const { board, style } = await committed();
    // a board built without the suite key: the row counts its sealed references as not scored
    const keyless = {
      ...board,
      style: board.style.map((r) => (r.submission === ID ? { ...r, notScored: 2 } : r)),
    };
    expect(buildStyleScorecardView(keyless, sub(style)).suites[0]!.notScored).toBe(2);
    expect(buildStyleScorecardView(board, sub(style)).suites[0]!.notScored).toBe(0);
  });

  it('has no suite block without a board row (e.g. records the board cannot rank yet)', async () => {
    const { style } = await committed();
    expect(buildStyleScorecardView(null, sub(style)).suites).toEqual([]);
  });
});
