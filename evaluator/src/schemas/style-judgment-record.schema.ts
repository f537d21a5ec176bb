import { z } from 'zod';
import { RecordScorers } from './common.schema.ts';
import { Points100 } from './points.schema.ts';
import { JudgeSettings, Usage } from './judgment-record.schema.ts';
import { DefectSeverity } from './style-record.schema.ts';

const Box = z.tuple([z.number(), z.number(), z.number(), z.number()]);

/** One defect an LLM vision judge found in a style candidate, with its evidence. */
export const StyleJudgeDefect = z.object({
  severity: DefectSeverity,
  /** [x, y, w, h] in the sandbox's rendering of the candidate's figure.py (top-left origin). */
  candidateBox: Box,
  /** [x, y, w, h] of the compared region in the task's reference.png. */
  referenceBox: Box,
  description: z.string(),
  /** Cited lines of the candidate's figure.py (1-based, sorted; each one exists in the file). */
  lines: z.array(z.number().int().min(1)),
  /** Numbers the judge cited that are not lines of figure.py: clipped from `lines`, kept as evidence. */
  droppedLines: z.array(z.number().int()),
});
export type StyleJudgeDefect = z.infer<typeof StyleJudgeDefect>;

/**
 * One line of a style entry's `results/judgments/<judge-id>/run-<k>.jsonl`: one LLM vision
 * judge's verdict on one style candidate in one run (FigMirror §4.2's vision channel asked of a
 * model). Written only by the style vision stage (`evaluator/src/style/judge-style-vision.ts`);
 * the file is sorted by task at the end of a run, one record per task.
 *
 * A style track record of its own rather than a `JudgmentRecord`: that one is the refig rubric
 * (T/S/L/E/V subscores, gate, flattening cap, s = g·min(Q, c)), read by every refig statistic;
 * a style verdict has none of those and has what they lack (boxes in two images, cited lines).
 * The common part (judge, family, model, run, usage, settings, scorers, inputHash) has the same
 * names and meaning.
 *
 * status: `ok` = judged; `missing` = the entry has no figure.py for the task and
 * `candidate-failed` = its script failed in the sandbox (no rendering to show: vision and S are
 * 0, as in style.jsonl, and no judge is asked); `failed` = the judge never gave a valid reply
 * after retries (vision and S null, left out of means and counted apart — never a silent 0).
 */
export const StyleJudgmentRecord = z.object({
  task: z.string(),
  submission: z.string(),
  judge: z.string(),
  family: z.string(),
  model: z.string(),
  run: z.number().int().min(1),
  split: z.enum(['hand-curated', 'augmented']),
  status: z.enum(['ok', 'missing', 'candidate-failed', 'failed']),
  /** S_code of the style record judged (the judge does not change it). */
  code: Points100,
  /**
   * S_vision with this judge: 100 − 5/10/25 per minor/major/critical defect over the
   * deterministic detectors' defects (shown to the judge as already found) and the judge's own,
   * floor 0. Null when `failed`.
   */
  vision: Points100.nullable(),
  /** S = 0.35·S_code + 0.65·vision; null when `failed`. */
  S: Points100.nullable(),
  /** Deterministic defects shown to the judge as already found (their penalties are in `vision`). */
  known: z.number().int(),
  /** The judge's defects (empty unless `ok`). */
  defects: z.array(StyleJudgeDefect),
  /** The rendering judged (sha256 of the PNG the sandbox drew from figure.py) and its size. */
  render: z
    .object({ width: z.number().int(), height: z.number().int(), sha256: z.string() })
    .nullable(),
  /** The reference image shown (reference.png of the task). */
  reference: z
    .object({ width: z.number().int(), height: z.number().int(), sha256: z.string() })
    .nullable(),
  /** One line per attempt (`1: invalid-json: …`, `2: ok`). */
  attempts: z.array(z.string()),
  usage: Usage.nullable(),
  /** Why a `failed` record has no score (last problem after all attempts); null otherwise. */
  failure: z.object({ code: z.string(), message: z.string() }).nullable(),
  /** Scorer versions that decided the record: `style-code`, `style-vision`, `style-llm-vision`. */
  scorers: RecordScorers,
  /** The judge settings that decided the verdict (model, server, reasoning effort, thinking, temperature, output limit). */
  settings: JudgeSettings,
  /** Content hash of the style record judged, the reference, the judge's identity, the run and the scorer versions. */
  inputHash: z.string(),
});
export type StyleJudgmentRecord = z.infer<typeof StyleJudgmentRecord>;
