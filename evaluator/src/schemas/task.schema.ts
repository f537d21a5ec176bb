import { z } from 'zod';
import { Field, Id, Sha256 } from './common.schema.ts';

/** Where a figure comes from: an arXiv paper (ORBIT) or a code repository (corpus figures). */
export const ArxivSource = z
  .object({
    kind: z.literal('arxiv'),
    arxivId: z.string().regex(/^(\d{4}\.\d{4,5}|[a-z-]+(\.[A-Z]{2})?\/\d{7})$/),
    version: z.string().regex(/^v\d+$/),
    title: z.string(),
    authors: z.array(z.string()),
    published: z.string(),
    primaryCategory: z.string(),
    categories: z.array(z.string()),
    abstractUrl: z.string().url(),
    pdfUrl: z.string().url(),
    sourceUrl: z.string().url(),
  })
  .strict();

export const RepositorySource = z
  .object({
    kind: z.literal('repository'),
    /** owner/name on GitHub. */
    repository: z.string().regex(/^[A-Za-z0-9_.-]+\/[A-Za-z0-9_.-]+$/),
    path: z.string(),
    commit: z.string().regex(/^[0-9a-f]{40}$/),
    url: z.string().url(),
    title: z.string(),
  })
  .strict();

export const TaskSource = z.discriminatedUnion('kind', [ArxivSource, RepositorySource]);
export type TaskSource = z.infer<typeof TaskSource>;

export const ImageInfo = z
  .object({
    /** File name inside the task folder, e.g. `source.png`. */
    file: z.string().regex(/^source\.(png|jpg|jpeg)$/),
    sha256: Sha256,
    format: z.enum(['png', 'jpeg']),
    width: z.number().int().positive(),
    height: z.number().int().positive(),
    bytes: z.number().int().positive(),
    megapixels: z.number().positive(),
  })
  .strict();
export type ImageInfo = z.infer<typeof ImageInfo>;

/** `suites/<suite>/<task-id>/task.json` for the refig track (ReFigBench Table 8 provenance). */
export const RefigTask = z
  .object({
    id: Id,
    track: z.literal('refig'),
    source: TaskSource,
    license: z.object({ name: z.string(), url: z.string().url().nullable(), redistributable: z.boolean() }).strict(),
    caption: z.string(),
    label: z.string().nullable(),
    /** Path of the figure inside the paper's source package or the repository. */
    sourcePath: z.string(),
    field: Field.nullable(),
    image: ImageInfo,
    selection: z.object({ score: z.number(), evidence: z.array(z.string()) }).strict(),
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
      fill: z.string().optional(),
      row: z.number().optional(),
      col: z.number().optional(),
    }),
  ),
  edges: z.array(
    z.object({
      from: z.string(),
      to: z.string(),
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
});
export type Truth = z.infer<typeof Truth>;
