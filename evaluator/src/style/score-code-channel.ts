import type { FigureSummary, StyleCriterion } from '../schemas/style-task.schema.ts';
import { round } from '../util/round.ts';
import type { Introspection, PixelBox } from './introspection.schema.ts';
import { buildStyleProfile, mainAxesInOrder, valuesMatch } from './style-profile.ts';

export interface CodeChannelResult {
  /** 100 × met / total (100 when the reference has no applicable departures at all). */
  score: number;
  met: number;
  /** Applicable criteria (see `notApplicable`). */
  total: number;
  details: { id: string; met: boolean; expected: unknown; got: unknown }[];
  /** Criteria left out because the target data has fewer series or panels than the reference. */
  notApplicable: string[];
}

/** What the code channel needs beyond the criteria to tell which of them apply. */
export interface CodeChannelContext {
  /**
   * How many panels the target data asks for (a panel-per-group layout), when the task says so:
   * criteria of reference panels past that count do not apply (the data decides the count; a
   * candidate that draws fewer panels than its data needs still misses them).
   */
  dataPanels?: number;
  /** The reference's figure summary (panel boxes), to place each panel at the grid's edges. */
  reference?: FigureSummary;
  /**
   * The drawn marks leave out series or values of the target data (check-data-fidelity.ts): the
   * task is failed, every criterion counts as missed and none is "not applicable".
   */
  dataMissing?: boolean;
}

const SERIES_CRITERION = /^axes\[(\d+)\]\.series\[(\d+)\]\./;
const PANEL_CRITERION = /^axes\[(\d+)\]\./;
const LABEL_SIDES = /^axes\[(\d+)\]\.ticks\.([xy])\.labelSides$/;

/**
 * Whether each panel sits on the bottom row and in the left column of its figure (by its pixel
 * box, 2 px slack): in a shared-axis grid only those panels carry x / y tick labels, so where a
 * panel's tick labels go follows from its place in the grid, which the data's panel count sets.
 */
function gridEdges(boxes: (PixelBox | null)[]): { bottom: boolean; left: boolean }[] {
  const known = boxes.filter((b): b is PixelBox => b !== null);
  const maxBottom = Math.max(...known.map((b) => b[1] + b[3]));
  const minLeft = Math.min(...known.map((b) => b[0]));
  return boxes.map((b) => ({
    bottom: b !== null && b[1] + b[3] >= maxBottom - 2,
    left: b !== null && b[0] <= minLeft + 2,
  }));
}

/**
 * Code channel S_code: the share of the task's criteria the candidate's drawn figure meets
 * (colours by CIEDE2000, numbers within tolerance, categories exactly). An attribute the
 * candidate does not have at all (no grid, no legend, a missing panel) is not met. The one
 * exception is the colour of series j when the candidate draws fewer than j+1 series in that
 * panel but at least one: the target data decides the series count, so that criterion does not
 * apply (a candidate that draws no series at all still misses every colour). Likewise, with a
 * `context`: criteria of panels past the target data's panel count, and the tick-label sides of a
 * panel whose place on the grid's bottom row or left column differs from the reference panel's
 * (a 2 × 2 grid's top-left panel hides its x labels; drawn 1 × 2 it shows them). None of these
 * exceptions holds when `context.dataMissing`: a figure that does not draw its data fails.
 */
export function scoreCodeChannel(
  criteria: readonly StyleCriterion[],
  candidate: Introspection,
  context: CodeChannelContext = {},
): CodeChannelResult {
  const profile = buildStyleProfile(candidate);
  const refEdges = context.reference ? gridEdges(context.reference.axes.map((a) => a.box)) : null;
  const candEdges = gridEdges(mainAxesInOrder(candidate).map((a) => a.box));
  const seriesCount = new Map<number, number>();
  for (const path of profile.keys()) {
    const m = SERIES_CRITERION.exec(path);
    if (m)
      seriesCount.set(Number(m[1]), Math.max(seriesCount.get(Number(m[1])) ?? 0, Number(m[2]) + 1));
  }
  const details: CodeChannelResult['details'] = [];
  const notApplicable: string[] = [];
  for (const c of criteria) {
    if (context.dataMissing) {
      details.push({
        id: c.id,
        met: false,
        expected: c.expected,
        got: profile.get(c.id)?.value ?? null,
      });
      continue;
    }
    const m = SERIES_CRITERION.exec(c.id);
    if (m) {
      const have = seriesCount.get(Number(m[1])) ?? 0;
      if (have > 0 && Number(m[2]) >= have) {
        notApplicable.push(c.id);
        continue;
      }
    }
    const panel = PANEL_CRITERION.exec(c.id);
    if (panel && context.dataPanels !== undefined && Number(panel[1]) >= context.dataPanels) {
      notApplicable.push(c.id);
      continue;
    }
    const sides = LABEL_SIDES.exec(c.id);
    if (sides && refEdges) {
      const k = Number(sides[1]);
      const edge = sides[2] === 'x' ? 'bottom' : 'left';
      const ref = refEdges[k];
      const cand = candEdges[k];
      if (ref && cand && ref[edge] !== cand[edge]) {
        notApplicable.push(c.id);
        continue;
      }
    }
    const got = profile.get(c.id)?.value ?? null;
    details.push({
      id: c.id,
      met: valuesMatch(c.kind, got, c.expected, c.tolerance),
      expected: c.expected,
      got,
    });
  }
  const met = details.filter((d) => d.met).length;
  const total = details.length;
  return {
    score: total === 0 ? 100 : round((100 * met) / total, 2),
    met,
    total,
    details,
    notApplicable,
  };
}
