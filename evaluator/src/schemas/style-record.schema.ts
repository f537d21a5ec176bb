import { z } from 'zod';
import { RecordScorers } from './common.schema.ts';
import { Points100 } from './points.schema.ts';

export const DefectSeverity = z.enum(['minor', 'major', 'critical']);
export type DefectSeverity = z.infer<typeof DefectSeverity>;

/** Points the vision channel deducts per defect (FigMirror §4.2): 5 / 10 / 25. */
export const DEFECT_PENALTY: Record<DefectSeverity, number> = { minor: 5, major: 10, critical: 25 };

/** One vision-channel finding, always with its evidence box. */
export const Defect = z.object({
  kind: z.enum([
    'text-overlap',
    'text-clipped',
    'text-off-canvas',
    'missing-element',
    'chart-type-changed',
    'palette-mismatch',
    'data-missing',
    'llm',
  ]),
  severity: DefectSeverity,
  /** Pixel box [x, y, w, h] in the candidate's PNG (top-left origin). */
  box: z.tuple([z.number(), z.number(), z.number(), z.number()]).nullable(),
  detail: z.string(),
  /** Where the compared element is in the REFERENCE PNG (missing elements, chart type, palette), when known. */
  referenceBox: z.tuple([z.number(), z.number(), z.number(), z.number()]).nullable().optional(),
});
export type Defect = z.infer<typeof Defect>;

/** One line of `results/style.jsonl`: one style-track candidate scored against its task. */
export const StyleRecord = z.object({
  task: z.string(),
  submission: z.string(),
  split: z.enum(['hand-curated', 'augmented']),
  status: z.enum(['ok', 'missing', 'failed']),
  /** S = 0.35·S_code + 0.65·S_vision (0 when missing or failed). */
  S: Points100,
  /** S_code = 100 × share of the task's criteria the candidate meets. */
  code: Points100,
  /** S_vision = 100 − 5/10/25 per minor/major/critical defect, floor 0. */
  vision: Points100,
  criteria: z.object({
    met: z.number().int(),
    total: z.number().int(),
    details: z.array(
      z.object({ id: z.string(), met: z.boolean(), expected: z.unknown(), got: z.unknown() }),
    ),
  }),
  defects: z.array(Defect),
  /** Why a candidate scored 0: `missing`, `timeout`, `memory`, `process-limit`, `file-size`, `network`, `crash`, `no-png`, `output-too-large`, `invalid-output`, `task-invalid`. */
  failure: z.object({ code: z.string(), message: z.string() }).nullable(),
  /** Scorer versions that decided the record: `style-code` and `style-vision`. */
  scorers: RecordScorers.optional(),
  /** Content hash of the candidate script, task data, criteria, harness and scorer versions: a resumed run skips equal hashes. */
  inputHash: z.string(),
  /** The PNG the sandbox rendered from the candidate's script (not the submitted output.png). */
  render: z
    .object({ width: z.number().int(), height: z.number().int(), sha256: z.string() })
    .nullable()
    .optional(),
});
export type StyleRecord = z.infer<typeof StyleRecord>;
