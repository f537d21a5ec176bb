import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { UsageError } from '../errors/index.ts';
import { Summary } from '../schemas/summary.schema.ts';
import { TRACKS, trackFor } from './registry.ts';

// A style summary as `refig evaluate` writes it: the committed one of the bundled style sample.
const STYLE_SUMMARY = JSON.parse(
  readFileSync(
    join(import.meta.dirname, '../../../submissions/sample-style-default/results/summary.json'),
    'utf8',
  ),
) as Record<string, unknown>;

describe('the track registry', () => {
  it('finds each track by the id submission.yml gives', () => {
    expect(trackFor('refig', 'submission.yml')).toBe(TRACKS.refig);
    expect(trackFor('style', 'submission.yml').id).toBe('style');
    expect(TRACKS.style.recordFiles).toEqual(['style.jsonl']);
  });

  it('refuses an unknown track naming the file and the tracks there are', () => {
    expect(() => trackFor('chart', 'submissions/x/submission.yml')).toThrow(UsageError);
    expect(() => trackFor('toString', 'submissions/x/submission.yml')).toThrow(
      /unknown track "toString": available: refig, style/,
    );
  });
});

describe('the style summary schema', () => {
  it('reads the style summary refig evaluate writes', () => {
    expect(Summary.parse(STYLE_SUMMARY)).toEqual(STYLE_SUMMARY);
  });

  it('is a real schema, not an envelope: a summary without its scores is refused', () => {
    const { scores: _scores, ...noScores } = STYLE_SUMMARY;
    expect(Summary.safeParse(noScores).success).toBe(false);
    expect(Summary.safeParse({ ...STYLE_SUMMARY, tasks: { total: 'three' } }).success).toBe(false);
  });
});
