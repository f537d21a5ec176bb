import { z } from 'zod';
import { Id, Sha256 } from './common.schema.ts';
import { StyleTaskData } from './target-data.schema.ts';

/** Which source a style reference comes from (FigMirror §4.1): replotted by hand, or enriched code. */
export const StyleSplit = z.enum(['hand-curated', 'augmented']);
export type StyleSplit = z.infer<typeof StyleSplit>;

/**
 * `suites/<suite>/<task-id>/task.json` for the style track. The task folder also holds
 * `reference.png` (shown to agents), `data.csv` (the target data, shown to agents),
 * `reference.py` + its data (evaluator-only: never in a released task) and `criteria.json`.
 */
export const StyleTask = z
  .object({
    id: Id,
    track: z.literal('style'),
    /** hand-curated | augmented; scores are reported per split. */
    split: StyleSplit,
    /** The specific construction, e.g. `grouped-bar`, `multi-panel-line`, `heatmap`. */
    chartType: z.string().min(1).max(100),
    /** One line describing the figure. */
    title: z.string().max(300),
    provenance: z
      .object({
        /** synthetic (made for FigBoard), paper (replotted from a paper), repository (plotting code). */
        kind: z.enum(['synthetic', 'paper', 'repository']),
        /** Where the reference comes from, in words (paper title + arXiv id, repository + path …). */
        source: z.string().min(1).max(500),
        url: z.string().url().nullable(),
        /** License of the reference figure and code (SPDX id or license name). */
        license: z.string().min(1).max(100),
        /** Where the license text is (repository kind: the license file at the pinned commit). */
        licenseUrl: z.string().url().optional(),
        /** The license allows copying and redistributing the reference code and figure. */
        redistributable: z.boolean().optional(),
        /** Repository kind: `owner/name`, the file's path and the commit it was read at. */
        repository: z.string().min(1).max(200).optional(),
        path: z.string().min(1).max(500).optional(),
        commit: z
          .string()
          .regex(/^[0-9a-f]{40}$/)
          .optional(),
        note: z.string().max(1000).default(''),
      })
      .strict(),
    /** The CSV layout and, for generated target data, the variations applied (FigMirror B.3). */
    data: StyleTaskData.optional(),
    /** SHA-256 of every file of the task folder except task.json itself, by file name. */
    files: z.record(z.string().regex(/^[A-Za-z0-9][A-Za-z0-9._-]*$/), Sha256),
  })
  .strict();
export type StyleTask = z.infer<typeof StyleTask>;

/** [x, y, w, h] in PNG pixels, top-left origin. */
export const StylePixelBox = z.tuple([z.number(), z.number(), z.number(), z.number()]);

export const CriterionKind = z.enum(['color', 'number', 'category', 'boolean']);
export type CriterionKind = z.infer<typeof CriterionKind>;

export const CriterionValue = z.union([z.string().max(200), z.number().finite(), z.boolean()]);
export type CriterionValue = z.infer<typeof CriterionValue>;

/** How close a candidate's value must be: colours by CIEDE2000, numbers by absolute/relative error. */
export const Tolerance = z
  .object({
    /** Largest CIEDE2000 difference still counted as the same colour. */
    deltaE: z.number().positive().optional(),
    /** Largest |got − expected| / |expected|. */
    relative: z.number().nonnegative().optional(),
    /** Largest |got − expected|. */
    absolute: z.number().nonnegative().optional(),
  })
  .strict();
export type Tolerance = z.infer<typeof Tolerance>;

/** One code-channel criterion: an attribute where the reference departs from matplotlib's defaults. */
export const StyleCriterion = z
  .object({
    /** Attribute path in the style profile, e.g. `axes[0].grid.y.linestyle`, `text.title.weight`. */
    id: z.string().min(1).max(200),
    kind: CriterionKind,
    /** The reference's value. */
    expected: CriterionValue,
    /** matplotlib's default for the attribute (null when only the default-style twin knew it). */
    default: CriterionValue.nullable(),
    tolerance: Tolerance,
    /** What showed the departure: the defaults table, the default-style twin run, or both. */
    basis: z.enum(['defaults', 'default-twin', 'both']),
    description: z.string().max(300),
  })
  .strict();
export type StyleCriterion = z.infer<typeof StyleCriterion>;

export const FigureElementKind = z.enum([
  'legend',
  'colorbar',
  'errorbars',
  'band',
  'refline',
  'twin-axes',
  'inset-axes',
]);
export type FigureElementKind = z.infer<typeof FigureElementKind>;

/** What the vision channel compares: chart types, signature elements and palette of a drawn figure. */
export const FigureSummary = z
  .object({
    canvas: z
      .object({ width: z.number().int().nonnegative(), height: z.number().int().nonnegative() })
      .strict(),
    /** Main axes (panels), in reading order (subplot row, column). */
    axes: z.array(
      z
        .object({
          box: StylePixelBox.nullable(),
          chartTypes: z.array(z.string().max(20)),
          /** Colours of the data series (bars, lines, markers, wedges …) in drawing order. */
          palette: z.array(z.string().max(10)),
          /** Colormaps of heatmaps / contours, with five samples each. */
          colormaps: z.array(
            z.object({ name: z.string().max(100), samples: z.array(z.string().max(10)) }).strict(),
          ),
          seriesBox: StylePixelBox.nullable(),
        })
        .strict(),
    ),
    /** Signature elements present in the figure, each with where it is. */
    elements: z.array(
      z.object({ kind: FigureElementKind, box: StylePixelBox.nullable() }).strict(),
    ),
  })
  .strict();
export type FigureSummary = z.infer<typeof FigureSummary>;

/**
 * `criteria.json`: extracted ONCE per task from `reference.py` (`refig style extract-criteria`)
 * and shared by every candidate, so all methods are scored against the same target.
 */
export const StyleCriteria = z
  .object({
    schemaVersion: z.literal(1),
    task: Id,
    generator: z.object({ scorer: z.string(), matplotlib: z.string() }).strict(),
    criteria: z.array(StyleCriterion),
    reference: FigureSummary,
  })
  .strict();
export type StyleCriteria = z.infer<typeof StyleCriteria>;
