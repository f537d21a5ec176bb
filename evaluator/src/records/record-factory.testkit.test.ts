import { describe, expect, it } from 'vitest';
import { JudgmentRecord } from '../schemas/judgment-record.schema.ts';
import { SubmissionManifest } from '../schemas/submission.schema.ts';
import { SuiteManifest } from '../schemas/suite.schema.ts';
import {
  judgmentRecord,
  submissionManifest,
  suiteManifest,
  type TestVerdict,
} from './record-factory.testkit.ts';

describe('the record factory for tests', () => {
  const verdicts: TestVerdict[] = [
    { T: 20, S: 15, L: 10, E: 10, V: 5 },
    12.5,
    'missing',
    'gate-failed',
    'failed',
  ];

  it('makes schema-valid judgment records for every verdict, LLM and metric judge alike', () => {
    for (const judge of ['gpt', 'metric', { id: 'q', family: 'qwen', model: 'qwen-x' }])
      for (const verdict of verdicts) {
        const r = judgmentRecord({ task: 't1', submission: 's1', judge, run: 2, verdict, cap: 50 });
        expect(JudgmentRecord.parse(r)).toEqual(r);
      }
  });

  it('scores as the evaluator does: final = min(total, cap), 0 without a passed gate, null when failed', () => {
    const ok = judgmentRecord({
      task: 't',
      submission: 's',
      judge: 'gpt',
      verdict: { T: 30, S: 20, L: 10, E: 10, V: 10 },
      cap: 50,
    });
    expect(ok).toMatchObject({ status: 'ok', total: 80, final: 50, family: 'gpt', run: 1 });
    expect(ok.reference).toBeUndefined();
    const metric = judgmentRecord({ task: 't', submission: 's', judge: 'metric', verdict: 7 });
    expect(metric).toMatchObject({ family: 'metric', reference: 'checked-truth', final: 7 });
    expect(
      judgmentRecord({ task: 't', submission: 's', judge: 'g', verdict: 'missing' }),
    ).toMatchObject({ status: 'missing', gate: { passed: false, reason: 'missing' }, final: 0 });
    expect(
      judgmentRecord({
        task: 't',
        submission: 's',
        judge: 'g',
        verdict: 'gate-failed',
        gateReason: 'too-large',
      }),
    ).toMatchObject({ status: 'gate-failed', gate: { reason: 'too-large' }, final: 0 });
    expect(
      judgmentRecord({ task: 't', submission: 's', judge: 'g', verdict: 'failed' }),
    ).toMatchObject({
      status: 'failed',
      total: null,
      final: null,
      failure: { code: 'invalid-reply' },
    });
  });

  it('makes schema-valid manifests, with overrides', () => {
    const m = submissionManifest({ id: 'acme-1', workflow: 'specialized', attempts: 3 });
    expect(SubmissionManifest.parse(m)).toEqual(m);
    expect(m.workflow.kind).toBe('specialized');
    const s = suiteManifest('suite-a', ['a', 'b']);
    expect(SuiteManifest.parse(s)).toEqual(s);
    expect(s.taskCount).toBe(2);
    expect(() => suiteManifest('suite-a', ['a'], { track: 'nope' })).toThrow();
  });
});
