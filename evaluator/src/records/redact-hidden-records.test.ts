import { describe, expect, it } from 'vitest';
import { JudgmentRecord } from '../schemas/judgment-record.schema.ts';
import { StyleRecord } from '../schemas/style-record.schema.ts';
import {
  redactHiddenJudgment,
  redactHiddenStyleRecord,
  WITHHELD,
} from './redact-hidden-records.ts';

const judgment = JudgmentRecord.parse({
  task: 't',
  submission: 's',
  judge: 'metric',
  family: 'metric',
  model: 'figboard-metric',
  run: 1,
  status: 'ok',
  gate: { passed: true, reason: null },
  cap: 100,
  subscores: { T: 10, S: 20, L: 5, E: 20, V: 5 },
  total: 60,
  final: 60,
  errors: { major: ['module "Secret Encoder" missing'], minor: ['a', 'b'] },
  editability: 'the "Secret Encoder" box is native',
  reason: 'S 20/30: missed "Secret Encoder" → "Planner"',
  evidence: { S: { missing: ['Secret Encoder'] }, fractions: { T: 0.5 } },
  usage: null,
  failure: null,
  inputHash: 'h',
});

describe('records of hidden tasks', () => {
  it('a judgment keeps its numbers and counts and no truth-derived text', () => {
    const r = redactHiddenJudgment(judgment);
    expect(JudgmentRecord.parse(r)).toEqual(r);
    expect(r).toMatchObject({
      final: 60,
      total: 60,
      subscores: judgment.subscores,
      reason: WITHHELD,
    });
    expect(r.evidence).toEqual({
      withheld: true,
      errors: { major: 1, minor: 2 },
      fractions: { T: 0.5 },
    });
    expect(JSON.stringify(r)).not.toContain('Secret Encoder');
    // Idempotent: a redacted record is its own published form (committed records can be checked).
    expect(redactHiddenJudgment(r)).toEqual(r);
  });

  it('a style record keeps S, channels, counts and candidate boxes; fields it does not know are dropped', () => {
    const record = StyleRecord.parse({
      task: 't',
      submission: 's',
      split: 'augmented',
      status: 'ok',
      S: 70,
      code: 50,
      vision: 80,
      criteria: {
        met: 1,
        total: 2,
        details: [{ id: 'text.title.size', met: false, expected: 17.5, got: 12 }],
      },
      defects: [
        {
          kind: 'missing-element',
          severity: 'major',
          box: [1, 2, 3, 4],
          detail: 'the reference\'s "Qx" line',
          referenceBox: [5, 6, 7, 8],
        },
      ],
      failure: null,
      inputHash: 'h',
    });
    const withExtra = { ...record, citedReferenceLines: ['ax.plot(x, y, lw=17.5)'] } as StyleRecord;
    const r = redactHiddenStyleRecord(withExtra);
    expect(r).toEqual({
      ...record,
      criteria: { met: 1, total: 2, details: [] },
      defects: [
        { kind: 'missing-element', severity: 'major', box: [1, 2, 3, 4], detail: WITHHELD },
      ],
    });
    expect(JSON.stringify(r)).not.toContain('17.5');
  });
});
