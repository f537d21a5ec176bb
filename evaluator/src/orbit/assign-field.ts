import type { Field } from '../schemas/common.schema.ts';

/** The four ReFigBench fields, in the order the bucket map tries them. */
export const ORBIT_FIELDS: readonly Field[] = ['cs.AI', 'cs.CL', 'cs.CV', 'cs.LG'];

/**
 * The fixed bucket map (ReFigBench Appendix B "version and field pinning"): the primary
 * category when it is one of the four fields, otherwise the first cross-listed category that
 * is. Null (paper rejected) when none is — e.g. a stat.ML paper cross-listed only to math.ST.
 */
export function assignField(primaryCategory: string, categories: readonly string[]): Field | null {
  if ((ORBIT_FIELDS as readonly string[]).includes(primaryCategory))
    return primaryCategory as Field;
  for (const c of categories)
    if ((ORBIT_FIELDS as readonly string[]).includes(c)) return c as Field;
  return null;
}
