import { z } from 'zod';

/** One table cell: a raw value (for sorting and CSV) and how to show it. */
export const Cell = z.object({
  /** Raw value: what the CSV gets and what sorting compares. */
  v: z.union([z.number(), z.string(), z.null()]),
  /** Display text; defaults to the raw value. Always rendered as text (escaped). */
  t: z.string().optional(),
  /** Internal link (already base-prefixed) or a vetted external http(s) URL. */
  href: z.string().optional(),
  /** Small badge after the text, e.g. "sample". */
  badge: z.string().optional(),
  /** A second, smaller line under the text (e.g. the team name). */
  sub: z.string().optional(),
  /**
   * Trusted SVG markup produced by this site's plot helpers (Observable Plot output, whose text
   * nodes are escaped by the DOM serializer). Never user input.
   */
  svg: z.string().optional(),
  /** Tooltip / accessible description. */
  title: z.string().optional(),
});
export type Cell = z.infer<typeof Cell>;

const Column = z.object({
  key: z.string().regex(/^[A-Za-z0-9_]+$/),
  label: z.string(),
  /** Longer explanation shown as a tooltip and read by screen readers. */
  description: z.string().optional(),
  numeric: z.boolean().default(false),
  sortable: z.boolean().default(true),
  /** Shown in the HTML table. */
  show: z.boolean().default(true),
  /** Included in the CSV download. */
  csv: z.boolean().default(true),
  /** Kept on a phone's row card (tables shown as cards keep the score, CI and rank). */
  card: z.boolean().default(true),
  /** CSV header (defaults to `key`). */
  csvLabel: z.string().optional(),
  /** Direction of the first click on this column's sort button (default: numbers descending, text ascending). */
  firstSort: z.enum(['ascending', 'descending']).optional(),
});

const Row = z.object({
  cells: z.record(z.string(), Cell),
  /** Extra `data-*` attributes on the row (values are escaped by Astro). */
  data: z.record(z.string().regex(/^[a-z0-9-]+$/), z.string()).optional(),
  id: z.string().optional(),
});

/** A table the site shows as HTML and publishes as CSV from the same model. */
export const TableModel = z.object({
  /** File-name-safe id: the CSV is `csv/<id>.csv`. */
  id: z.string().regex(/^[a-z0-9][a-z0-9._-]*$/),
  caption: z.string(),
  description: z.string().optional(),
  columns: z.array(Column),
  rows: z.array(Row),
  /** Column whose cells are row headers (`<th scope="row">`). */
  rowHeader: z.string(),
  /** Column the rows are initially sorted by, and its direction (sets `aria-sort`). */
  sortedBy: z
    .object({ key: z.string(), direction: z.enum(['ascending', 'descending']) })
    .optional(),
});
export type TableModel = z.input<typeof TableModel>;
