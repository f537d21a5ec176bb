import { llmJudgeSettings } from '../config/llm-judge-settings.ts';
import type { LoadedConfig } from '../config/load-config.ts';
import type { Problem } from '../errors/problem.ts';
import type { LeaderboardInputs } from './leaderboard-inputs.ts';
import type { JudgeInfo, LeaderboardOptions } from './leaderboard-options.ts';

/** The part of `buildLeaderboard`'s options that `figboard.yml` decides. */
export type BoardSettings = Pick<
  LeaderboardOptions,
  'primaryJudge' | 'judges' | 'rubric' | 'harnessOrder'
>;

/**
 * The board's settings from `figboard.yml`: the judges (runnable ones with the settings their
 * ranked verdicts must carry, skipped ones as configured), the rubric, the harness order, and
 * the primary judge. The one rule for the primary judge, for the published board
 * (`refig leaderboard`) and the Action's provisional boards alike: `override` (the
 * `--primary-judge` flag) when given; else the configured primary — unless it has no judgment
 * records yet while the metric judge has some (an LLM judge not run yet), then the metric judge,
 * with a warning in `notes` naming `configFile`.
 */
export function boardSettingsFromConfig(
  inputs: LeaderboardInputs,
  config: LoadedConfig,
  opts: { override?: string; configFile: string },
): { settings: BoardSettings; notes: Problem[] } {
  const hasRecords = (judge: string) =>
    inputs.submissions.some((s) =>
      s.judgments.some((j) => j.judge === judge && j.records.length > 0),
    );
  const notes: Problem[] = [];
  let primaryJudge = opts.override ?? config.primary;
  if (
    opts.override === undefined &&
    primaryJudge !== 'metric' &&
    !hasRecords(primaryJudge) &&
    hasRecords('metric')
  ) {
    notes.push({
      severity: 'warning',
      rule: 'primary-judge-fallback',
      file: opts.configFile,
      message: `primary judge "${primaryJudge}" has no judgment records yet; the board ranks by the metric judge`,
    });
    primaryJudge = 'metric';
  }
  const judges: JudgeInfo[] = [
    ...config.judges.map((j) => ({
      id: j.id,
      family: j.family,
      model: j.model,
      runs: j.runs,
      ...(j.kind === 'llm' ? { settings: llmJudgeSettings(j.config) } : {}),
    })),
    ...config.skipped.map((j) => ({
      id: j.id,
      family: j.family,
      model: j.model,
      settings: j.settings,
    })),
  ];
  return {
    settings: {
      primaryJudge,
      judges,
      rubric: config.scoring.rubric,
      harnessOrder: config.leaderboard.harnessOrder,
    },
    notes,
  };
}
