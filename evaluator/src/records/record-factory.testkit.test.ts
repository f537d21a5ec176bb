import { describe, expect, it } from 'vitest';
import { ArtifactRecord } from '../schemas/audit-record.schema.ts';
import { EffortRecord } from '../schemas/effort-record.schema.ts';
import { JudgmentRecord } from '../schemas/judgment-record.schema.ts';
import { SubmissionManifest } from '../schemas/submission.schema.ts';
import { SuiteManifest } from '../schemas/suite.schema.ts';
import {
  artifactRecord,
  effortRecord,
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

  it('makes schema-valid artifact and effort records, present, gate-failed and missing', () => {
    for (const spec of [
      { counts: { connectors: 3 }, largestPictureCoverage: 0.4, cap: 50 },
      { gateFailed: { reason: 'multiple-slides' as const, detail: '2 slides' } },
      { missing: true },
    ]) {
      const a = artifactRecord({ task: 't', submission: 's', ...spec });
      expect(ArtifactRecord.parse(a)).toEqual(a);
    }
    expect(artifactRecord({ task: 't', submission: 's', missing: true })).toMatchObject({
      status: 'missing',
      audit: null,
    });
    expect(
      artifactRecord({ task: 't', submission: 's', counts: { connectors: 3 } }).audit?.counts,
    ).toMatchObject({ connectors: 3, shapes: 0 });
    const cc = effortRecord({
      task: 't',
      submission: 's',
      format: 'claude-code',
      turns: 4,
      inputTokens: 100,
      cacheWriteTokens: 1000,
      cacheReadTokens: 5000,
      outputTokens: 2000,
    });
    expect(EffortRecord.parse(cc)).toEqual(cc);
    expect(cc).toMatchObject({ totalTokens: 8100, durationMs: null, problems: [] });
    const none = effortRecord({ task: 't', submission: 's', format: 'missing', turns: 9 });
    expect(EffortRecord.parse(none)).toEqual(none);
    expect(none).toMatchObject({ turns: null, totalTokens: null, problems: ['no output.jsonl'] });
  });
});
