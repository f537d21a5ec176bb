import { z } from 'zod';
import { Field, Id, Sha256 } from './common.schema.ts';

/**
 * Where a figure comes from. Three kinds:
 * - `arxiv`: a paper retrieved by ORBIT (ReFigBench Table 8 "paper identity" and "source links");
 * - `repository`: a figure committed to a public code repository (the corpus figures), pinned to
 *   a commit so the exact bytes can be fetched again;
 * - `synthetic`: a figure FigBoard generated itself (the calibration set).
 */
export const ArxivSource = z
  .object({
    kind: z.literal('arxiv'),
    /** Base identifier without version, e.g. `2106.01234` or `cs/0112017`. */
    arxivId: z.string().regex(/^(\d{4}\.\d{4,5}|[a-z-]+(\.[A-Z]{2})?\/\d{7})$/),
    /** The pinned version, e.g. `v2` (from the listing or the OAI arXivRaw record). */
    version: z.string().regex(/^v\d+$/),
    title: z.string(),
    authors: z.array(z.string()),
    /** First-version submission date as the arXiv API reports it (ISO 8601). */
    published: z.string(),
    primaryCategory: z.string(),
    categories: z.array(z.string()),
    abstractUrl: z.string().url(),
    pdfUrl: z.string().url(),
    sourceUrl: z.string().url(),
    /** Where the version came from: the API listing's id, or an OAI arXivRaw lookup. */
    versionFrom: z.enum(['listing', 'oai-arxivraw']).optional(),
  })
  .strict();

export const RepositorySource = z
  .object({
    kind: z.literal('repository'),
    /** owner/name on GitHub. */
    repository: z.string().regex(/^[A-Za-z0-9_.-]+\/[A-Za-z0-9_.-]+$/),
    /** Path of the file inside the repository at `commit`. */
    path: z.string(),
    commit: z.string().regex(/^[0-9a-f]{40}$/),
    /** Permalink to the file at `commit`. */
    url: z.string().url(),
    /** Short human description of the figure (e.g. "CLIP approach overview"). */
    title: z.string(),
    /**
     * The paper the figure belongs to: its arXiv id (base id, no version) where the repository's
     * README links one, else null, and its title. A suite holds at most one figure per paper.
     */
    paper: z
      .object({
        arxivId: z
          .string()
          .regex(/^(\d{4}\.\d{4,5}|[a-z-]+(\.[A-Z]{2})?\/\d{7})$/)
          .nullable(),
        title: z.string().min(1),
      })
      .strict()
      .optional(),
  })
  .strict();

export const SyntheticSource = z
  .object({
    kind: z.literal('synthetic'),
    title: z.string(),
    /** What produced the figure, e.g. "FigBoard calibration generator (matplotlib)". */
    generator: z.string(),
    /** Where the generated files were taken from, e.g. a fixture folder in this repository. */
    origin: z.string(),
  })
  .strict();

export const TaskSource = z.discriminatedUnion('kind', [
  ArxivSource,
  RepositorySource,
  SyntheticSource,
]);
export type TaskSource = z.infer<typeof TaskSource>;

export const ImageInfo = z
  .object({
    /** File name inside the task folder, e.g. `source.png`. */
    file: z.string().regex(/^source\.(png|jpg|jpeg)$/),
    /** SHA-256 of the image bytes; checked every time the suite is loaded. */
    sha256: Sha256,
    format: z.enum(['png', 'jpeg']),
    width: z.number().int().positive(),
    height: z.number().int().positive(),
    bytes: z.number().int().positive(),
    /** Decoded area width × height / 10^6, rounded to 4 decimals. */
    megapixels: z.number().positive(),
    /** True when the image has an alpha channel (agents should composite it on white). */
    hasAlpha: z.boolean().optional(),
  })
  .strict();
export type ImageInfo = z.infer<typeof ImageInfo>;

/** Rights of the source figure (ReFigBench Table 8 "rights"), copied verbatim from upstream. */
export const TaskLicense = z
  .object({
    /** License string exactly as upstream states it (arXiv license URL text, repository license note). */
    name: z.string(),
    url: z.string().url().nullable(),
    /** True only when the license allows redistributing the image (suite license policy). */
    redistributable: z.boolean(),
    /** Normalised SPDX id when known (`MIT`, `Apache-2.0`, `CC-BY-4.0` …), else null. */
    spdx: z.string().nullable().optional(),
    /** Why `redistributable` has its value, e.g. "MIT, top-level LICENSE covers the file". */
    evidence: z.string().optional(),
  })
  .strict();
export type TaskLicense = z.infer<typeof TaskLicense>;

/** One ranked figure candidate, kept for auditing the selection (ReFigBench Appendix B). */
export const SelectionCandidate = z
  .object({
    /** Path of the graphics file inside the source package (after resolving extensions). */
    path: z.string(),
    caption: z.string(),
    label: z.string().nullable(),
    score: z.number(),
    evidence: z.array(z.string()),
    /** True when the candidate passed the strict signal gate. */
    passedGate: z.boolean(),
  })
  .strict();
export type SelectionCandidate = z.infer<typeof SelectionCandidate>;

/** `suites/<suite>/<task-id>/task.json` for the refig track (ReFigBench Table 8 provenance). */
export const RefigTask = z
  .object({
    id: Id,
    track: z.literal('refig'),
    source: TaskSource,
    license: TaskLicense,
    caption: z.string(),
    label: z.string().nullable(),
    /** Path of the figure inside the paper's source package or the repository. */
    sourcePath: z.string(),
    /** arXiv field bucket; null when unknown (repository and synthetic figures). */
    field: Field.nullable(),
    image: ImageInfo,
    selection: z
      .object({
        score: z.number(),
        evidence: z.array(z.string()),
        /** Top-ranked candidates of the paper (ORBIT only), best first. */
        candidates: z.array(SelectionCandidate).optional(),
        /** ORBIT sampling context: seed and monthly window the paper was drawn from. */
        seed: z.number().int().optional(),
        window: z
          .string()
          .regex(/^\d{4}-\d{2}$/)
          .optional(),
      })
      .strict(),
    /** True when `truth.json` sits beside the image. */
    hasTruth: z.boolean(),
  })
  .strict();
export type RefigTask = z.infer<typeof RefigTask>;

/** Ground-truth annotation of a figure (format of the calibration `truth.json`). */
export const Truth = z.object({
  id: z.string(),
  width: z.number().positive(),
  height: z.number().positive(),
  nodes: z.array(
    z.object({
      id: z.string(),
      text: z.string(),
      /** [x, y, w, h] in source pixels. */
      bbox: z.tuple([z.number(), z.number(), z.number(), z.number()]),
      /**
       * `module` (default): a box with its text; `label`: text with no shape around it (an arrow
       * caption, a title), which a reconstruction need not draw as a shape.
       */
      kind: z.enum(['module', 'label']).optional(),
      /**
       * The module this node is drawn inside (a box holding pictures or smaller boxes): a
       * connector glued to the outer shape relates the outer module, whatever is drawn inside.
       */
      parent: z.string().optional(),
      fill: z.string().optional(),
      row: z.number().optional(),
      col: z.number().optional(),
    }),
  ),
  edges: z.array(
    z.object({
      /** A node id, or a group id when the arrow starts at a whole container (a panel). */
      from: z.string(),
      /** A node id, or a group id when the arrow ends at a whole container (a panel). */
      to: z.string(),
      /** False for a line without arrowheads (from/to is then only the drawing order); default true. */
      directed: z.boolean().optional(),
      /**
       * True for a double-headed arrow: one relation both ways, matched in full by a
       * double-headed connector (or an arrow each way). Implies `directed`.
       */
      bidirectional: z.boolean().optional(),
      dashed: z.boolean().optional(),
      color: z.string().optional(),
      start: z.tuple([z.number(), z.number()]).optional(),
      end: z.tuple([z.number(), z.number()]).optional(),
    }),
  ),
  groups: z
    .array(
      z.object({
        id: z.string(),
        /** Group caption, e.g. "Encoder side". */
        text: z.string().default(''),
        bbox: z.tuple([z.number(), z.number(), z.number(), z.number()]).optional(),
        members: z.array(z.string()),
      }),
    )
    .default([]),
  /**
   * Where the truth came from: the extractor that drafted it (absent when drawn by hand or
   * generated with the figure), who checked it against the figure, and when. Optional: the
   * synthetic calibration truth is generated with its figure and needs no check.
   */
  provenance: z
    .object({
      /** The extractor that drafted the graph (`refig truth draft`), as named in the draft. */
      draftedBy: z.object({ name: z.string(), version: z.string() }).strict().optional(),
      /** Who checked every node, edge and group against the figure (a name or a role). */
      checkedBy: z.string().min(1),
      /** Day of the check, YYYY-MM-DD. */
      date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'expected a date YYYY-MM-DD'),
      /** How it was checked (e.g. "refig truth edit", "by hand from the PNG"). */
      method: z.string().optional(),
      notes: z.string().optional(),
    })
    .strict()
    .optional(),
});
export type Truth = z.infer<typeof Truth>;
