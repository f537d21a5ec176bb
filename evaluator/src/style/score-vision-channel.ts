import { DEFECT_PENALTY, type Defect } from '../schemas/style-record.schema.ts';
import { round } from '../util/round.ts';

/** S_vision = 100 − 5 / 10 / 25 per minor / major / critical defect, never below 0 (FigMirror §4.2). */
export function scoreVisionChannel(defects: readonly Defect[]): number {
  const penalty = defects.reduce((sum, d) => sum + DEFECT_PENALTY[d.severity], 0);
  return Math.max(0, 100 - penalty);
}

/** Weights of the combined style score (FigMirror Appendix B.4). */
export const STYLE_WEIGHTS = { code: 0.35, vision: 0.65 } as const;

/** S = 0.35·S_code + 0.65·S_vision, rounded to two decimals. */
export function combineStyleScore(code: number, vision: number): number {
  return round(STYLE_WEIGHTS.code * code + STYLE_WEIGHTS.vision * vision, 2);
}
