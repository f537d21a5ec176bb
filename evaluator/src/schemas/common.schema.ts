import { z } from 'zod';

/** A box in slide space (EMU) or pixel space, [x, y, width, height]. */
export const Box = z.object({ x: z.number(), y: z.number(), w: z.number(), h: z.number() });
export type Box = z.infer<typeof Box>;

/** A point in slide space (EMU) or pixel space. */
export const Point = z.object({ x: z.number(), y: z.number() });
export type Point = z.infer<typeof Point>;

/** Task and submission ids: lower-case words, digits, dots, dashes and underscores; never a path. */
export const Id = z
  .string()
  .regex(
    /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/,
    'letters, digits, ".", "_" or "-", starting with a letter or digit, at most 128 characters',
  )
  .refine((s) => s !== '.' && s !== '..' && !s.includes('..'), 'must not contain ".."');

export const Sha256 = z.string().regex(/^[0-9a-f]{64}$/, '64 lower-case hex digits');

/** arXiv subject areas the ReFigBench suites cover. */
export const Field = z.enum(['cs.AI', 'cs.CL', 'cs.CV', 'cs.LG']);
export type Field = z.infer<typeof Field>;

/** The five rubric axes of ReFigBench (text, structure, layout, editability, visual). */
export const AxisName = z.enum(['T', 'S', 'L', 'E', 'V']);
export type AxisName = z.infer<typeof AxisName>;

/**
 * The versions of the scorers that decided a results record, e.g. `{ "audit": 1, "metric": 2 }`
 * (see `evaluator/src/scorers/scorer-registry.ts`). Part of the record's input hash; a record of
 * another version is re-scored by `refig evaluate` and never ranked with current ones.
 */
export const RecordScorers = z
  .record(z.string(), z.number().int().min(1))
  .describe(
    'The versions of the scorers that decided this record (see evaluator/src/scorers/scorer-registry.ts); absent in records made before versions were recorded.',
  );

export const Subscores = z.object({
  T: z.number(),
  S: z.number(),
  L: z.number(),
  E: z.number(),
  V: z.number(),
});
export type Subscores = z.infer<typeof Subscores>;
