import type { ResolvedJudge } from '../../config/load-config.ts';
import { llmJudgeSettings } from '../../config/llm-judge-settings.ts';
import { UsageError } from '../../errors/index.ts';
import type { EvaluatePorts } from '../../evaluate/evaluate-ports.ts';
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
  const config = options.config;
  const llm = config.judges.filter(
    (j): j is Extract<ResolvedJudge, { kind: 'llm' }> => j.kind === 'llm',
  );
  const skipped = new Map(config.skipped.map((s) => [s.id, s]));
  let chosen: Extract<ResolvedJudge, { kind: 'llm' }>[];
  if (options.judges && options.judges.length > 0) {
    chosen = [];
    for (const id of options.judges) {
      if (id === 'metric') continue;
      const j = llm.find((x) => x.id === id);
      if (j) chosen.push(j);
      else if (skipped.has(id)) ports.log(`judge ${id} skipped: ${skipped.get(id)!.reason}`);
      else
        throw new UsageError(`unknown judge "${id}"`, {
          code: 'judge-unknown',
          where: '--judges',
          expected: `one of metric, ${[...llm.map((j) => j.id), ...skipped.keys()].join(', ')}`,
          got: id,
        });
    }
  } else {
    chosen = llm;
    for (const s of config.skipped) ports.log(`judge ${s.id} skipped: ${s.reason}`);
  }
  if (options.runs !== undefined && (!Number.isInteger(options.runs) || options.runs < 1)) {
    throw new UsageError('invalid number of runs', {
      where: '--runs',
      expected: 'an integer ≥ 1',
      got: String(options.runs),
    });
  }
  return chosen
    .filter((j) => {
      if (j.config.tracks.includes('style')) return true;
      ports.log(`judge ${j.id} skipped for the style track (tracks: [refig])`);
      return false;
    })
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
