import { cp } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditFile } from '@figboard/evaluator/audit';
import { summarize } from '../../evaluator/src/cli/commands/leaderboard.ts';
import { silentProgress } from '@figboard/evaluator/util';
import { defaultConfig } from '@figboard/evaluator/config';
import type { EvaluatePorts } from '@figboard/evaluator/evaluate';
import { evaluateSubmission, type EvaluateOutcome } from '@figboard/evaluator/evaluate';
import { buildLeaderboard } from '@figboard/evaluator/leaderboard';
import { loadLeaderboardInputs } from '@figboard/evaluator/leaderboard';
import { createTesseractOcr } from '@figboard/evaluator/testkit';
import { readJsonl } from '@figboard/evaluator/records';
import { createLibreOfficeRenderer } from '@figboard/evaluator/render';
import { JudgmentRecord } from '@figboard/evaluator/schemas';
import { SCORER_VERSIONS } from '@figboard/evaluator/scorers';
import { testdir } from '../support/testdir.ts';

/**
 * What a scorer version bump does end to end (issue 13, acceptance 1): records made under the
 * current versions are re-scored when the metric judge's version goes up — every task, and the
 * evaluator says so — while the audit records are reused; the leaderboard under the new versions
 * ranks the rescored entry and refuses to rank the one still carrying the old version, naming it.
 */
const REPO = join(import.meta.dirname, '../..');
const NOW = SCORER_VERSIONS;
const BUMPED = { ...NOW, metric: NOW.metric + 1 };

let root: string;
let cleanup: () => Promise<void>;
const logs: string[] = [];

function ports(): EvaluatePorts {
  return {
    auditDeck: (path, o) => auditFile(path, { name: o.name, objects: true, cap: o.cap }),
    renderer: createLibreOfficeRenderer({ sandbox: 'auto' }),
    ocr: createTesseractOcr(),
    createJudgeClient: () => {
      throw new Error('no LLM judge in this test');
    },
    sleep: async () => undefined,
    seed: 1,
    progress: () => silentProgress,
    log: (line) => void logs.push(line),
  };
}

function evaluate(id: string, scorers: typeof NOW): Promise<EvaluateOutcome> {
  return evaluateSubmission(
    {
      submissionDir: join(root, 'submissions', id),
      config: defaultConfig(),
      judges: ['metric'],
      workers: 2,
      scorers,
    },
    ports(),
  );
}

beforeAll(async () => {
  ({ dir: root, cleanup } = await testdir({ annotations: {} }));
  await cp(join(REPO, 'suites/refig-sample'), join(root, 'suites/refig-sample'), {
    recursive: true,
  });
  for (const id of ['sample-cc-direct', 'sample-cc-specialized']) {
    await cp(join(REPO, 'submissions', id), join(root, 'submissions', id), {
      recursive: true,
      filter: (src) => !src.includes('/results'),
    });
  }
});
afterAll(async () => cleanup?.());

describe('a scorer version bump', () => {
  it('refig evaluate rescores every task made by the old metric version and says so; the audit is reused', async () => {
    const first = await evaluate('sample-cc-direct', NOW);
    expect(first.work.judged).toBe(6);
    expect(first.rescored).toEqual([]);
    const again = await evaluate('sample-cc-direct', NOW);
    expect(again.work).toMatchObject({ judged: 0, reusedJudgments: 6, rescored: 0 });

    logs.length = 0;
    const bumped = await evaluate('sample-cc-direct', BUMPED);
    expect(bumped.work).toMatchObject({ judged: 6, reusedJudgments: 0, reusedArtifacts: 6 });
    const was = `audit ${NOW.audit}, metric ${NOW.metric}`;
    const is = `audit ${NOW.audit}, metric ${BUMPED.metric}`;
    expect(bumped.rescored).toEqual([
      { file: 'judgments/metric/run-1.jsonl', records: 6, from: [was], to: is },
    ]);
    expect(bumped.work.rescored).toBe(6);
    expect(logs).toContain(
      `rescoring 6 record(s) of judgments/metric/run-1.jsonl: made by ${was}, this evaluator is ${is}`,
    );
    const { records } = await readJsonl(
      join(root, 'submissions/sample-cc-direct/results/judgments/metric/run-1.jsonl'),
      JudgmentRecord,
    );
    expect(records.map((r) => r.scorers)).toEqual(
      new Array(6).fill({ audit: NOW.audit, metric: BUMPED.metric }),
    );
  });

  it('refig leaderboard does not rank an entry whose records carry the old version, and names it', async () => {
    // The second entry keeps records of the old version (evaluated before the bump, never again).
    await evaluate('sample-cc-specialized', NOW);
    const inputs = await loadLeaderboardInputs({
      submissionsDir: join(root, 'submissions'),
      suitesDir: join(root, 'suites'),
      annotationsDir: join(root, 'annotations'),
    });
    const { leaderboard, problems } = buildLeaderboard(inputs, {
      primaryJudge: 'metric',
      generatorVersion: 'test',
      bootstrapResamples: 200,
      scorers: BUMPED,
    });
    expect(leaderboard.scorers).toEqual(BUMPED);
    expect(leaderboard.judges.find((j) => j.id === 'metric')?.scorers).toEqual({
      audit: NOW.audit,
      metric: BUMPED.metric,
    });
    expect(leaderboard.configurations.map((c) => [c.submissions, c.rank])).toEqual([
      [['sample-cc-direct'], 1],
    ]);
    expect(leaderboard.rescoring).toEqual([
      {
        submission: 'sample-cc-specialized',
        records: 'judgments/metric',
        judge: 'metric',
        count: 6,
        recorded: [`audit ${NOW.audit}, metric ${NOW.metric}`],
        expected: `audit ${NOW.audit}, metric ${BUMPED.metric}`,
      },
    ]);
    const stale = problems.filter((p) => p.rule === 'scorer-version-stale');
    expect(stale).toHaveLength(1);
    expect(stale[0]).toMatchObject({
      severity: 'error',
      file: 'submissions/sample-cc-specialized/results/judgments/metric',
    });
    expect(stale[0]!.message).toContain('not ranked by judge metric until it is rescored');
    expect(stale[0]!.message).toContain('npx refig evaluate submissions/sample-cc-specialized');
    expect(summarize(leaderboard, 'leaderboard.json', 1, problems)).toContain(
      `Needs rescoring: sample-cc-specialized (judgments/metric): 6 record(s) made by audit ${NOW.audit}, metric ${NOW.metric}, the board needs audit ${NOW.audit}, metric ${BUMPED.metric} — not ranked by metric`,
    );
    // Under the versions the records were made by, both entries are ranked and none is stale.
    const current = buildLeaderboard(inputs, {
      primaryJudge: 'metric',
      generatorVersion: 'test',
      bootstrapResamples: 200,
      scorers: { ...NOW, metric: NOW.metric },
    });
    expect(current.leaderboard.rescoring).toEqual([
      expect.objectContaining({ submission: 'sample-cc-direct', judge: 'metric' }),
    ]);
  });
});
