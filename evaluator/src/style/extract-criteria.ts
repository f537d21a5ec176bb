import type { StyleCriteria, StyleCriterion } from '../schemas/style-task.schema.ts';
import { compareCodeUnits } from '../util/compare-code-units.ts';
import type { Introspection } from './introspection.schema.ts';
import { buildStyleProfile, valuesMatch } from './style-profile.ts';
import { summarizeFigure } from './summarize-figure.ts';

/**
 * Format tag of the criteria this extractor writes (`criteria.json` → `generator.scorer`). The
 * code channel's version, which decides scores, is `style-code` in `scorers/scorer-registry.ts`.
 */
const CRITERIA_GENERATOR = 'figboard-style/1';

/**
 * Extracts a task's code-channel criteria (FigMirror §4.2): the reference's departures from an
 * average plot. An attribute becomes a criterion when the reference's value differs (beyond its
 * tolerance) from matplotlib's default for it, or, for an attribute without a known default,
 * from the same script drawn with every rcParams write ignored (the default-style twin). The
 * expected value is the reference's own.
 */
export function extractCriteria(
  task: string,
  reference: Introspection,
  twin: Introspection | null,
): StyleCriteria {
  const ref = buildStyleProfile(reference);
  const tw = twin ? buildStyleProfile(twin) : new Map();
  const criteria: StyleCriterion[] = [];
  for (const entry of [...ref.values()].sort((a, b) => compareCodeUnits(a.path, b.path))) {
    const vsDefault =
      entry.default !== null &&
      !valuesMatch(entry.kind, entry.value, entry.default, entry.tolerance);
    const twinEntry = tw.get(entry.path);
    // A difference from the twin alone counts only where matplotlib's default is unknown: a
    // reference value equal to the default is no departure from an average plot (a default-style
    // candidate meets it for free), even when the script without its style block differs.
    const vsTwin =
      twinEntry !== undefined &&
      !valuesMatch(entry.kind, entry.value, twinEntry.value, entry.tolerance);
    if (!vsDefault && !(vsTwin && entry.default === null)) continue;
    criteria.push({
      id: entry.path,
      kind: entry.kind,
      expected: entry.value,
      default: entry.default ?? twinEntry?.value ?? null,
      tolerance: entry.tolerance,
      basis: vsDefault && vsTwin ? 'both' : vsDefault ? 'defaults' : 'default-twin',
      description: entry.description,
    });
  }
  return {
    schemaVersion: 1,
    task,
    generator: { scorer: CRITERIA_GENERATOR, matplotlib: reference.matplotlib },
    criteria,
    reference: summarizeFigure(reference),
  };
}
