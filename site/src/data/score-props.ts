import { z } from 'zod';

/** A rendering's T/S/L/E/V subscores as a component receives them (`null`: the judge gave none). */
export const AxisScoresProps = z.object({
  T: z.number().nullable(),
  S: z.number().nullable(),
  L: z.number().nullable(),
  E: z.number().nullable(),
  V: z.number().nullable(),
});

/** The maximum points of each rubric axis (the board's `rubric`). */
export const AxisMaximaProps = z.object({
  T: z.number(),
  S: z.number(),
  L: z.number(),
  E: z.number(),
  V: z.number(),
});

/** Whether a rendering passed the gate, and why not. */
export const GateProps = z.object({ passed: z.boolean(), reason: z.string().nullable() });
