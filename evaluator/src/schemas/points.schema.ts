import { z } from 'zod';

/** A score on the 100-point scale: a rubric total, a final score, a cap, S, S_code, S_vision. */
export const Points100 = z.number().min(0).max(100);
