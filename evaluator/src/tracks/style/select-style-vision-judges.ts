import type { ResolvedJudge } from '../../config/load-config.ts';
import { llmJudgeSettings } from '../../config/llm-judge-settings.ts';
import type { EvaluatePorts } from '../../evaluate/evaluate-ports.ts';
import { selectJudges } from '../../judging/select-judges.ts';
import type { StyleVisionJudgeEntry } from '../../style/judge-style-vision.ts';
import type { EvaluateOptions } from '../track.ts';

/**
 * The LLM judges that judge style entries: the runnable LLM judges of figboard.yml whose
 * `tracks` include `style` (default: every one), or those named by `--judges` (`metric` names the
 * deterministic channel, which always runs). A judge whose key is unset is skipped with a line.
 */
export function selectStyleVisionJudges(
  options: EvaluateOptions,
  ports: EvaluatePorts,
): StyleVisionJudgeEntry[] {
  const chosen = selectJudges(
    { config: options.config, judges: options.judges, runs: options.runs, log: ports.log },
    {
      track: 'style',
      metricIsChannel: true,
      otherTrackLine: (id) => `judge ${id} skipped for the style track (tracks: [refig])`,
    },
  );
  return chosen
    .filter((j): j is Extract<ResolvedJudge, { kind: 'llm' }> => j.kind === 'llm')
    .map((j) => {
      const c = j.config;
      return {
        id: j.id,
        family: j.family,
        model: j.model,
        runs: options.runs ?? j.runs,
        concurrency: c.concurrency,
        maxAttempts: c.maxAttempts,
        ...(c.temperature !== undefined ? { temperature: c.temperature } : {}),
        ...(c.reasoningEffort !== undefined ? { reasoningEffort: c.reasoningEffort } : {}),
        ...(c.thinking !== undefined ? { thinking: c.thinking } : {}),
        ...(c.maxOutputTokens !== undefined ? { maxOutputTokens: c.maxOutputTokens } : {}),
        prices: c.prices ?? null,
        settings: llmJudgeSettings(c),
        client: ports.createJudgeClient(j),
      };
    });
}
