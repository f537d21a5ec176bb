import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { TaskToJudge } from '@figboard/evaluator/judge';
import { numberScriptLines, pngSize, STYLE_VISION_SYSTEM } from '@figboard/evaluator/style';
import type { ActionTrack } from './action-track.ts';

const SAFE = /^[A-Za-z0-9._-]+$/;
/** Characters of the fixed framing around the images, code and known defects of a request. */
const FRAMING_CHARS = 400;
/** Characters per known defect line shown to the judge (its detail is cut at 200). */
const DEFECT_LINE_CHARS = 260;

/**
 * The style track: one `figure.py` per reference, scored in one job (its results are not merged
 * from shards), judged by the LLM vision judges.
 */
export const STYLE_ACTION_TRACK: ActionTrack = {
  id: 'style',
  // every listed task folder: the style pipeline scores each (a broken one as failed)
  suiteTaskIds: (suite) => suite.taskDirs.map((d) => d.id),
  mergesShards: false,
  unanswered: (sub) =>
    sub.style
      .filter((r) => r.status === 'missing')
      .map((r) => r.task)
      .sort(),
  comparesDecks: false,
  /**
   * One request per reference whose script drew a figure (the judges skip the others): system
   * prompt, numbered figure.py, the detectors' defects, the reference and the candidate images.
   */
  async judgeRequests(repoDir, sub) {
    const system = STYLE_VISION_SYSTEM.length;
    const out: TaskToJudge[] = [];
    for (const rec of sub.style) {
      if (rec.status !== 'ok' || !SAFE.test(rec.task)) continue;
      const script = await readFile(
        join(repoDir, 'submissions', sub.id, 'artifacts', rec.task, 'figure.py'),
        'utf8',
      ).catch(() => '');
      const reference = SAFE.test(sub.manifest.suite.name)
        ? await readFile(
            join(repoDir, 'suites', sub.manifest.suite.name, rec.task, 'reference.png'),
          )
            .then((b) => pngSize(b))
            .catch(() => null)
        : null;
      const candidate = rec.render ? { width: rec.render.width, height: rec.render.height } : null;
      out.push({
        promptChars:
          system +
          FRAMING_CHARS +
          numberScriptLines(script).text.length +
          rec.defects.length * DEFECT_LINE_CHARS,
        images: [reference, candidate].filter(
          (i): i is { width: number; height: number } => i !== null,
        ),
      });
    }
    return out;
  },
};
