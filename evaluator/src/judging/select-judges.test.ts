import { describe, expect, it } from 'vitest';
import type { LoadedConfig } from '../config/load-config.ts';
import { UsageError } from '../errors/index.ts';
import { selectJudges, type TrackJudges } from './select-judges.ts';

const llm = (id: string, tracks: string[]) => ({
  id,
  kind: 'llm',
  family: id,
  model: id,
  runs: 1,
  config: { tracks },
});
const config = {
  judges: [
    { id: 'metric', kind: 'metric', family: 'metric', model: 'metric', runs: 1 },
    llm('both', ['refig', 'style']),
    llm('refig-only', ['refig']),
    llm('style-only', ['style']),
  ],
  skipped: [{ id: 'keyless', reason: 'environment variable K is not set' }],
} as unknown as LoadedConfig;

const REFIG: TrackJudges = {
  track: 'refig',
  metricIsChannel: false,
  otherTrackLine: (id) => `x ${id}`,
};
const STYLE: TrackJudges = {
  track: 'style',
  metricIsChannel: true,
  otherTrackLine: (id) => `x ${id}`,
};

describe('one judge selection for both tracks', () => {
  it('keeps the judges of the track: refig with the metric judge, style LLM judges only', () => {
    const log: string[] = [];
    const ids = (t: TrackJudges) =>
      selectJudges({ config, log: (l) => log.push(l) }, t).map((j) => j.id);
    expect(ids(REFIG)).toEqual(['metric', 'both', 'refig-only']);
    expect(ids(STYLE)).toEqual(['both', 'style-only']);
    expect(log).toContain('x style-only');
    expect(log).toContain('x refig-only');
    expect(log).toContain('judge keyless skipped: environment variable K is not set');
  });

  it('on the style track "metric" names the channel that always runs; unknown ids are refused', () => {
    const pick = (judges: string[], t: TrackJudges) =>
      selectJudges({ config, judges, log: () => {} }, t).map((j) => j.id);
    expect(pick(['metric', 'style-only'], STYLE)).toEqual(['style-only']);
    expect(pick(['metric'], REFIG)).toEqual(['metric']);
    expect(() => pick(['nope'], STYLE)).toThrow(UsageError);
    expect(() => pick(['nope'], STYLE)).toThrow(/unknown judge "nope"/);
    expect(() => selectJudges({ config, runs: 0, log: () => {} }, REFIG)).toThrow(
      /invalid number of runs/,
    );
  });
});
