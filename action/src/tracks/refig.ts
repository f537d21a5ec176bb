import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { judgeSystemPrompt, objectSummary, slideTextDataBlock } from '@figboard/evaluator/judge';
import type { TaskToJudge } from '@figboard/evaluator/judge';
import { stableStringify } from '@figboard/evaluator/util';
import type { ActionTrack } from './action-track.ts';

const SAFE = /^[A-Za-z0-9._-]+$/;

/** The refig track: one slide deck per task, sharded and merged, decks compared for likeness. */
export const REFIG_ACTION_TRACK: ActionTrack = {
  id: 'refig',
  // tasks that load (hash checked): a broken task is left out the same way in every job
  suiteTaskIds: (suite) => suite.tasks.map((t) => t.id),
  mergesShards: true,
  unanswered: (sub) =>
    sub.artifacts
      .filter((a) => a.status !== 'ok')
      .map((a) => a.task)
      .sort(),
  comparesDecks: true,
  /** One request per deck that passed the gate: system prompt, slide summary, both images. */
  async judgeRequests(repoDir, sub, config) {
    const system = judgeSystemPrompt(config.scoring.rubric).length;
    const out: TaskToJudge[] = [];
    for (const rec of sub.artifacts) {
      const audit = rec.audit;
      if (!audit?.gate.passed) continue;
      const source = await sourceSize(repoDir, sub.manifest.suite.name, rec.task);
      const render = audit.render?.width && audit.render.height ? audit.render : null;
      out.push({
        promptChars:
          system +
          300 +
          stableStringify(objectSummary(audit)).length +
          slideTextDataBlock(audit).length,
        images: [source, render ? { width: render.width!, height: render.height! } : source].filter(
          (i): i is { width: number; height: number } => i !== null,
        ),
      });
    }
    return out;
  },
};

/** The source image's size from the task's `task.json` (null when it cannot be read). */
async function sourceSize(
  repoDir: string,
  suite: string,
  task: string,
): Promise<{ width: number; height: number } | null> {
  if (!SAFE.test(suite) || !SAFE.test(task)) return null;
  try {
    const meta = JSON.parse(
      await readFile(join(repoDir, 'suites', suite, task, 'task.json'), 'utf8'),
    ) as { image?: { width?: unknown; height?: unknown } };
    const { width, height } = meta.image ?? {};
    return typeof width === 'number' && typeof height === 'number' ? { width, height } : null;
  } catch {
    return null;
  }
}
