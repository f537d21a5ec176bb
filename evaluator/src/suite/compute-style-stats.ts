import type { StyleTask } from '../schemas/style-task.schema.ts';
import type { VariationDimension } from '../schemas/target-data.schema.ts';
import { compareCodeUnits } from '../util/compare-code-units.ts';

/** One chart type's row of FigMirror Figures 5/8: references per split. */
export interface ChartTypeRow {
  chartType: string;
  handCurated: number;
  augmented: number;
  total: number;
  /** Share of the suite, 0..1. */
  share: number;
}

/** The composition of a style suite: chart types by split (Figures 5/8), splits, and variations. */
export interface StyleSuiteStats {
  tasks: number;
  splits: { 'hand-curated': number; augmented: number };
  /** Most common chart type first; ties by name. */
  chartTypes: ChartTypeRow[];
  /** How often each Table 4 dimension was varied, most common first (tasks with generated data). */
  dimensions: { dimension: VariationDimension; tasks: number }[];
  /** Tasks whose target data records how many dimensions were varied: 1, 2 and 3. */
  dimensionsPerTask: Record<'1' | '2' | '3', number>;
  /** Licenses and how many tasks carry each. */
  licenses: { license: string; tasks: number; redistributable: number }[];
}

/** Statistics of a style suite's tasks (what `refig suite stats` prints for the style track). */
export function computeStyleStats(tasks: readonly StyleTask[]): StyleSuiteStats {
  const byType = new Map<string, ChartTypeRow>();
  const dims = new Map<VariationDimension, number>();
  const perTask = { '1': 0, '2': 0, '3': 0 };
  const licenses = new Map<string, { tasks: number; redistributable: number }>();
  for (const t of tasks) {
    const row = byType.get(t.chartType) ?? {
      chartType: t.chartType,
      handCurated: 0,
      augmented: 0,
      total: 0,
      share: 0,
    };
    if (t.split === 'hand-curated') row.handCurated++;
    else row.augmented++;
    row.total++;
    byType.set(t.chartType, row);
    const v = t.data?.variation;
    if (v) {
      for (const d of v.dimensions) dims.set(d, (dims.get(d) ?? 0) + 1);
      perTask[String(v.dimensions.length) as '1' | '2' | '3']++;
    }
    const l = licenses.get(t.provenance.license) ?? { tasks: 0, redistributable: 0 };
    l.tasks++;
    if (t.provenance.redistributable) l.redistributable++;
    licenses.set(t.provenance.license, l);
  }
  const n = tasks.length;
  const cmp = compareCodeUnits;
  return {
    tasks: n,
    splits: {
      'hand-curated': tasks.filter((t) => t.split === 'hand-curated').length,
      augmented: tasks.filter((t) => t.split === 'augmented').length,
    },
    chartTypes: [...byType.values()]
      .map((r) => ({ ...r, share: n ? Math.round((1e4 * r.total) / n) / 1e4 : 0 }))
      .sort((a, b) => b.total - a.total || cmp(a.chartType, b.chartType)),
    dimensions: [...dims.entries()]
      .map(([dimension, count]) => ({ dimension, tasks: count }))
      .sort((a, b) => b.tasks - a.tasks || cmp(a.dimension, b.dimension)),
    dimensionsPerTask: perTask,
    licenses: [...licenses.entries()]
      .map(([license, v]) => ({ license, ...v }))
      .sort((a, b) => b.tasks - a.tasks || cmp(a.license, b.license)),
  };
}
