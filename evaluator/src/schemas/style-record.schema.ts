import { z } from 'zod';

export const DefectSeverity = z.enum(['minor', 'major', 'critical']);

export const Defect = z.object({
  kind: z.enum(['text-overlap', 'text-clipped', 'text-off-canvas', 'missing-element', 'chart-type-changed', 'palette-mismatch', 'llm']),
  severity: DefectSeverity,
  /** Pixel box [x, y, w, h] in the candidate's PNG (top-left origin). */
  box: z.tuple([z.number(), z.number(), z.number(), z.number()]).nullable(),
  detail: z.string(),
});
export type Defect = z.infer<typeof Defect>;

/** One line of `results/style.jsonl`: one style-track candidate scored against its task. */
export const StyleRecord = z.object({
  task: z.string(),
  submission: z.string(),
  split: z.enum(['hand-curated', 'augmented']),
  status: z.enum(['ok', 'missing', 'failed']),
  /** S = 0.35·S_code + 0.65·S_vision (0 when missing or failed). */
  S: z.number(),
  code: z.number(),
  vision: z.number(),
  criteria: z.object({ met: z.number().int(), total: z.number().int(), details: z.array(z.object({ id: z.string(), met: z.boolean(), expected: z.unknown(), got: z.unknown() })) }),
  defects: z.array(Defect),
  failure: z.object({ code: z.string(), message: z.string() }).nullable(),
  inputHash: z.string(),
});
export type StyleRecord = z.infer<typeof StyleRecord>;
