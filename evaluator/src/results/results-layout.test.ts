import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { JudgmentRecord } from '../schemas/judgment-record.schema.ts';
import { StyleJudgmentRecord } from '../schemas/style-judgment-record.schema.ts';
import { StyleRecord } from '../schemas/style-record.schema.ts';
import { listJudgmentRuns } from './list-judgment-runs.ts';
import { recordSchemaFor } from './record-schema-for.ts';
import { parseRunFile, parseRunFilePath, runFilePath } from './results-layout.ts';

const tmp = mkdtempSync(join(tmpdir(), 'figboard-results-store-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe('results store layout (results/results-layout.ts)', () => {
  it('builds and parses run files with one pattern: one to three digits, nothing else', () => {
    expect(runFilePath('metric', 2)).toBe('judgments/metric/run-2.jsonl');
    expect(parseRunFilePath('judgments/metric/run-2.jsonl')).toEqual({ judge: 'metric', run: 2 });
    expect(parseRunFile('run-20.jsonl')).toBe(20);
    // What the leaderboard always refused, every reader now refuses alike.
    expect(parseRunFile('run-1000.jsonl')).toBeNull();
    expect(parseRunFile('run-.jsonl')).toBeNull();
    expect(parseRunFile('run-1.jsonl.bak')).toBeNull();
    expect(parseRunFilePath('judgments/metric/extra/run-1.jsonl')).toBeNull();
  });

  it('maps each results file to its record schema, by track', () => {
    expect(recordSchemaFor('style.jsonl')).toBe(StyleRecord);
    expect(recordSchemaFor('judgments/metric/run-1.jsonl', 'refig')).toBe(JudgmentRecord);
    expect(recordSchemaFor('judgments/gpt/run-3.jsonl', 'style')).toBe(StyleJudgmentRecord);
    expect(recordSchemaFor('summary.json')).toBeNull();
    expect(recordSchemaFor('judgments/metric/run-1000.jsonl')).toBeNull();
  });

  it('lists judges in code-unit order with their runs ascending, skipping folders without runs', async () => {
    const results = join(tmp, 'results');
    for (const [judge, files] of [
      ['metric', ['run-1.jsonl']],
      ['Zeta', ['run-10.jsonl', 'run-2.jsonl', 'notes.txt']],
      ['empty', ['readme.md']],
    ] as const) {
      mkdirSync(join(results, 'judgments', judge), { recursive: true });
      for (const f of files) writeFileSync(join(results, 'judgments', judge, f), '');
    }
    expect([...(await listJudgmentRuns(results))]).toEqual([
      ['Zeta', [2, 10]],
      ['metric', [1]],
    ]);
    expect((await listJudgmentRuns(join(tmp, 'missing'))).size).toBe(0);
  });
});
