import { lstat, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parseAgentLog } from '../../effort/parse-agent-log.ts';
import { priceFor } from '../../effort/price-table.ts';
import { appendJsonl, readJsonl, repairJsonlTail } from '../../records/jsonl-file.ts';
import { RESULT_FILES } from '../../results/results-layout.ts';
import type { ArtifactRecord } from '../../schemas/audit-record.schema.ts';
import { EffortRecord } from '../../schemas/effort-record.schema.ts';
import { scorersFor } from '../../scorers/record-scorers.ts';
import type { LoadedTask } from '../../suite/load-suite.ts';
import { hashInputs } from '../../util/hash-inputs.ts';
import { sha256 } from '../../util/sha256.ts';
import { latestByTask, type RefigRun } from './refig-run.ts';

/** Largest agent log parsed for effort (bounded memory); a bigger one is reported, not read. */
const MAX_AGENT_LOG_BYTES = 64 * 1024 * 1024;

/** Step 6: effort and cost from each task's agent log. */
export async function recordEffort(
  run: RefigRun,
  tasks: readonly LoadedTask[],
  artifacts: ReadonlyMap<string, ArtifactRecord>,
): Promise<void> {
  const { manifest, rescoring } = run;
  const effortFile = join(run.resultsDir, RESULT_FILES.effort);
  await repairJsonlTail(effortFile);
  const effortDone = latestByTask((await readJsonl(effortFile, EffortRecord)).records);
  const prices = priceFor(manifest.model.name, run.options.config.prices);
  const effortScorers = scorersFor('effort', run.versions);
  for (const task of tasks) {
    if (artifacts.get(task.id)!.status === 'missing') continue;
    const logPath = join(run.artifactsDir, task.id, 'output.jsonl');
    const info = await lstat(logPath).catch(() => null);
    const tooLarge = info?.isFile() && info.size > MAX_AGENT_LOG_BYTES;
    const content = info?.isFile() && !tooLarge ? await readFile(logPath, 'utf8') : null;
    const inputHash = hashInputs({
      record: 'effort',
      scorers: effortScorers,
      log: content === null ? (tooLarge ? `too-large:${info!.size}` : null) : sha256(content),
      prices: prices ?? null,
    });
    const prevEffort = effortDone.get(task.id);
    if (prevEffort?.inputHash === inputHash) continue;
    rescoring.note(
      RESULT_FILES.effort,
      prevEffort?.scorers,
      effortScorers,
      prevEffort !== undefined,
    );
    const effort = tooLarge
      ? {
          ...parseAgentLog(''),
          problems: [
            `output.jsonl is ${info!.size} bytes, over the ${MAX_AGENT_LOG_BYTES}-byte limit: not parsed`,
          ],
        }
      : content === null
        ? {
            ...parseAgentLog(''),
            format: 'missing' as const,
            problems: ['no output.jsonl for this task'],
          }
        : parseAgentLog(content, prices);
    await appendJsonl(effortFile, EffortRecord, [
      { ...effort, task: task.id, submission: manifest.id, scorers: effortScorers, inputHash },
    ]);
    run.work.effortParsed += 1;
  }
  rescoring.announce(RESULT_FILES.effort, run.ports.log);
}
