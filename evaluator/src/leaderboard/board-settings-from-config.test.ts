import { describe, expect, it } from 'vitest';
import { defaultConfig } from '../config/load-config.ts';
import { boardInputs } from './board-inputs.testkit.ts';
import { boardSettingsFromConfig } from './board-settings-from-config.ts';

const tasks = ['t1', 't2'];
const config = (judges: Record<string, number[][]>) =>
  boardInputs(tasks, [
    { submission: 'a', model: 'A', harness: 'h', workflow: 'direct', judgments: judges },
  ]);
// The configured primary is an LLM judge that this host cannot run (no API key): the Action's
// old rule then ranked by the metric judge even when the LLM judge's records were committed.
const gptPrimary = { ...defaultConfig(), primary: 'gpt', effectivePrimary: 'metric' };

describe('boardSettingsFromConfig (the primary-judge rule of every board)', () => {
  it('ranks by the configured primary when it has records, runnable here or not', () => {
    const { settings, notes } = boardSettingsFromConfig(
      config({ metric: [[50, 60]], gpt: [[40, 70]] }),
      gptPrimary,
      { configFile: 'figboard.yml' },
    );
    expect(settings.primaryJudge).toBe('gpt');
    expect(notes).toEqual([]);
  });

  it('falls back to the metric judge, with a warning, while the primary has no records', () => {
    const { settings, notes } = boardSettingsFromConfig(
      config({ metric: [[50, 60]] }),
      gptPrimary,
      { configFile: 'conf/figboard.yml' },
    );
    expect(settings.primaryJudge).toBe('metric');
    expect(notes).toEqual([
      expect.objectContaining({
        severity: 'warning',
        rule: 'primary-judge-fallback',
        file: 'conf/figboard.yml',
      }),
    ]);
  });

  it('keeps the configured primary when no judge has records, and obeys an override', () => {
    expect(
      boardSettingsFromConfig(config({}), gptPrimary, { configFile: 'f' }).settings.primaryJudge,
    ).toBe('gpt');
    const forced = boardSettingsFromConfig(config({ metric: [[50, 60]] }), gptPrimary, {
      override: 'gpt',
      configFile: 'f',
    });
    expect([forced.settings.primaryJudge, forced.notes]).toEqual(['gpt', []]);
  });

  it('passes the rubric and harness order of figboard.yml', () => {
    const { settings } = boardSettingsFromConfig(config({}), defaultConfig(), { configFile: 'f' });
    expect(settings.rubric).toEqual(defaultConfig().scoring.rubric);
    expect(settings.harnessOrder).toEqual(defaultConfig().leaderboard.harnessOrder);
    expect(settings.judges?.map((j) => j.id)).toEqual(['metric']);
  });
});
