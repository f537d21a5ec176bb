import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import type { Problem } from '@figboard/evaluator/errors';
import { RefigTask } from '@figboard/evaluator/schemas';

/** What a task page shows about where a figure comes from and whether it may be shared. */
export interface TaskMeta {
  /** Where the figure comes from; `other` keeps string fields of a provenance kind this site does not know yet. */
  source:
    | {
        kind: 'arxiv';
        arxivId: string;
        version: string;
        title: string;
        authors: string[];
        abstractUrl: string;
        pdfUrl: string;
      }
    | {
        kind: 'repository';
        repository: string;
        path: string;
        commit: string;
        url: string;
        title: string;
      }
    | { kind: 'synthetic'; title: string; generator: string; origin: string }
    | { kind: 'other'; label: string; fields: [string, string][] }
    | null;
  license: {
    name: string;
    url: string | null;
    redistributable: boolean;
    spdx: string | null;
    evidence: string | null;
  } | null;
  caption: string | null;
  label: string | null;
  selectionScore: number | null;
  /** Source image file inside the task folder, or null when none is present. */
  imageFile: string | null;
  image: { width: number; height: number; bytes: number } | null;
}

const MAX_TASK_JSON_BYTES = 1024 * 1024;
const IMAGE_CANDIDATES = ['source.png', 'source.jpg', 'source.jpeg', 'reference.png'];

// Looser view used when task.json does not match RefigTask (e.g. a provenance kind added after
// this site was built): the page still shows the license and whatever string fields exist.
const LooseTask = z.object({
  source: z.record(z.string(), z.unknown()).optional(),
  license: z
    .object({
      name: z.string(),
      url: z.string().nullable().optional(),
      redistributable: z.boolean(),
    })
    .optional(),
  caption: z.string().optional(),
  label: z.string().nullable().optional(),
  image: z.object({ file: z.string() }).partial().optional(),
});

/**
 * Reads `suites/<suite>/<task>/task.json` (schema `RefigTask`) and finds the source image. Never
 * throws for bad data: problems are returned with the file and rule, and the page shows what
 * could be read. A task without a readable license is treated as not redistributable.
 */
export async function readTaskMeta(
  dataDir: string,
  suite: string,
  task: string,
): Promise<{ meta: TaskMeta; problems: Problem[] }> {
  const dir = join(dataDir, 'suites', suite, task);
  const file = join(dir, 'task.json');
  const problems: Problem[] = [];
  const meta: TaskMeta = {
    source: null,
    license: null,
    caption: null,
    label: null,
    selectionScore: null,
    imageFile: null,
    image: null,
  };
  let json: unknown;
  try {
    const st = await stat(file);
    if (st.size > MAX_TASK_JSON_BYTES) {
      problems.push({
        severity: 'warning',
        rule: 'task-json-too-large',
        file,
        message: 'task.json is too large; provenance not shown',
        expected: `≤ ${MAX_TASK_JSON_BYTES} bytes`,
        got: `${st.size} bytes`,
      });
    } else {
      json = JSON.parse(await readFile(file, 'utf8'));
    }
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    problems.push({
      severity: 'warning',
      rule: code === 'ENOENT' ? 'task-json-missing' : 'task-json-invalid',
      file,
      message:
        code === 'ENOENT'
          ? 'no task.json: provenance and license unknown, source image withheld'
          : `not valid JSON: ${(err as Error).message}`,
    });
  }
  if (json !== undefined) {
    const strict = RefigTask.safeParse(json);
    if (strict.success) {
      const t = strict.data;
      const src = t.source;
      meta.source =
        src.kind === 'arxiv'
          ? {
              kind: 'arxiv',
              arxivId: src.arxivId,
              version: src.version,
              title: src.title,
              authors: src.authors,
              abstractUrl: src.abstractUrl,
              pdfUrl: src.pdfUrl,
            }
          : src.kind === 'repository'
            ? {
                kind: 'repository',
                repository: src.repository,
                path: src.path,
                commit: src.commit,
                url: src.url,
                title: src.title,
              }
            : { kind: 'synthetic', title: src.title, generator: src.generator, origin: src.origin };
      meta.license = {
        name: t.license.name,
        url: t.license.url,
        redistributable: t.license.redistributable,
        spdx: t.license.spdx ?? null,
        evidence: t.license.evidence ?? null,
      };
      meta.caption = t.caption;
      meta.label = t.label;
      meta.selectionScore = t.selection.score;
      meta.image = { width: t.image.width, height: t.image.height, bytes: t.image.bytes };
      meta.imageFile = t.image.file;
    } else {
      for (const issue of strict.error.issues.slice(0, 5)) {
        problems.push({
          severity: 'warning',
          rule: 'task-json-schema',
          file,
          message: `${issue.path.join('.') || '(root)'}: ${issue.message}`,
        });
      }
      const loose = LooseTask.safeParse(json);
      if (loose.success) {
        const l = loose.data;
        if (l.license)
          meta.license = {
            name: l.license.name,
            url: l.license.url ?? null,
            redistributable: l.license.redistributable,
            spdx: null,
            evidence: null,
          };
        meta.caption = l.caption ?? null;
        meta.label = l.label ?? null;
        if (l.source) {
          const fields = Object.entries(l.source)
            .filter((e): e is [string, string] => typeof e[1] === 'string')
            .sort(([a], [b]) => a.localeCompare(b));
          meta.source = { kind: 'other', label: String(l.source.kind ?? 'unknown'), fields };
        }
        if (l.image?.file && IMAGE_CANDIDATES.includes(l.image.file)) meta.imageFile = l.image.file;
      }
    }
  }
  // The file named in task.json wins; otherwise look for the usual names.
  const candidates = meta.imageFile ? [meta.imageFile] : IMAGE_CANDIDATES;
  meta.imageFile = null;
  for (const name of candidates) {
    try {
      if ((await stat(join(dir, name))).isFile()) {
        meta.imageFile = name;
        break;
      }
    } catch {
      // not there: try the next name
    }
  }
  if (meta.imageFile === null) {
    problems.push({
      severity: 'warning',
      rule: 'task-image-missing',
      file: dir,
      message: `no source image (${candidates.join(', ')})`,
    });
  }
  return { meta, problems };
}
