import { describe, expect, it } from 'vitest';
import { didYouMean } from './did-you-mean.ts';

const TASKS = [
  'clip',
  'detr',
  'lavis-architecture',
  'mamba-selection',
  'mamba-mamba3',
  'whisper-approach',
];

describe('didYouMean', () => {
  it('finds the task a folder name meant: other case, a longer or shorter name, a typo', () => {
    expect(didYouMean('DETR', TASKS)).toBe('detr');
    expect(didYouMean('detr-pipeline', TASKS)).toBe('detr');
    expect(didYouMean('pipeline-detr', TASKS)).toBe('detr');
    expect(didYouMean('mamba-selection-v2', TASKS)).toBe('mamba-selection');
    expect(didYouMean('whisper-aproach', TASKS)).toBe('whisper-approach');
    expect(didYouMean('lavis-architcture', TASKS)).toBe('lavis-architecture');
    expect(didYouMean('ouptut.pptx', ['output.pptx', 'output.py', 'output.js'])).toBe(
      'output.pptx',
    );
  });

  it('suggests nothing when no candidate is close', () => {
    expect(didYouMean('segment-anything', TASKS)).toBeNull();
    expect(didYouMean('x', TASKS)).toBeNull();
    expect(didYouMean('detr', [])).toBeNull();
    // a prefix that is not at a word boundary is no stem
    expect(didYouMean('detrimental', TASKS)).toBeNull();
  });

  it('suggests manifest keys', () => {
    const keys = [
      'id',
      'track',
      'suite',
      'team',
      'contact',
      'model',
      'harness',
      'workflow',
      'attempts',
      'date',
      'license',
      'links',
      'sample',
      'archive',
    ];
    expect(didYouMean('licence', keys)).toBe('license');
    expect(didYouMean('harnes', keys)).toBe('harness');
    expect(didYouMean('Team', keys)).toBe('team');
    expect(didYouMean('attempt', keys)).toBe('attempts');
  });

  it('does not depend on the order of the candidates', () => {
    const a = didYouMean('mamba-x', ['mamba-selection', 'mamba-mamba3']);
    const b = didYouMean('mamba-x', ['mamba-mamba3', 'mamba-selection']);
    expect(a).toBe(b);
  });
});
