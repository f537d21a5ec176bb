import { copyFile, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { z } from 'zod';
import type { Problem } from '../errors/problem.ts';
import { FigboardError, UsageError } from '../errors/index.ts';
import { Field } from '../schemas/common.schema.ts';
import { RefigTask } from '../schemas/task.schema.ts';
import { stableStringify } from '../util/stable-stringify.ts';
import {
  buildSuiteManifest,
  type SuiteHeader,
  writeSuiteManifest,
} from './build-suite-manifest.ts';
import { compareIds } from './load-suite.ts';
import { judgeRepositoryLicense, REPOSITORY_LICENSE_POLICY } from './judge-repository-license.ts';
import { type CorpusRow, parseCorpusManifest } from './parse-corpus-manifest.ts';
import { probeImage, sourceFileName } from './probe-image.ts';
import { taskIdFromFileName } from './task-id-from-file-name.ts';

/** A figure left out of the suite, with the provenance needed to fetch it from upstream. */
const WithheldFigure = z.object({
  id: z.string(),
  repository: z.string(),
  path: z.string(),
  commit: z.string(),
  url: z.string(),
  license: z.string(),
  reason: z.string(),
});
export type WithheldFigure = z.infer<typeof WithheldFigure>;
const WithheldList = z.array(WithheldFigure);

/** The `withheld.json` an import wrote (none: an empty list). Throws on a malformed file. */
export async function readWithheld(path: string): Promise<WithheldFigure[]> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw err;
  }
  const parsed = WithheldList.safeParse(JSON.parse(text));
  if (!parsed.success)
    throw new UsageError('withheld.json is not a list of withheld figures', {
      code: 'withheld-schema',
      where: path,
      got: parsed.error.issues[0]?.message,
    });
  return parsed.data;
}

export interface ImportRepositoryOptions {
  /** Corpus MANIFEST.tsv (columns local_path, repo, path_in_repo, commit, license_of_repo, note). */
  manifestPath: string;
  /** Folder that `local_path` is relative to (the corpus root). */
  corpusDir: string;
  /** Only rows whose local_path starts with this prefix are figures (default `figures/`). */
  prefix?: string;
  outDir: string;
  header: Omit<SuiteHeader, 'track' | 'licensePolicy'> & { licensePolicy?: string };
}

const githubFileUrl = (repo: string, commit: string, path: string) =>
  `https://github.com/${repo}/blob/${commit}/${path.split('/').map(encodeURIComponent).join('/')}`;

/**
 * Builds a refig suite from figures committed to public code repositories (the corpus):
 * one task per figure with repository provenance (repository, path, pinned commit, permalink),
 * the license string verbatim plus the policy decision, and the image copied byte for byte.
 * Figures the policy does not allow are withheld: no folder, only a provenance record in
 * `withheld.json`. The corpus MANIFEST rows are copied beside the suite (`MANIFEST.tsv`).
 * One unreadable figure is reported and the others are still imported.
 */
export async function importRepositoryFigures(
  opts: ImportRepositoryOptions,
): Promise<{ tasks: RefigTask[]; withheld: WithheldFigure[]; problems: Problem[] }> {
  const prefix = opts.prefix ?? 'figures/';
  const manifestText = await readFile(opts.manifestPath, 'utf8');
  const { rows: allRows, problems } = parseCorpusManifest(manifestText, opts.manifestPath);
  const rows = allRows
    .filter((r) => r.localPath.startsWith(prefix))
    .sort((a, b) => compareIds(a.localPath, b.localPath));

  const ids = new Map<string, CorpusRow>();
  for (const row of rows) {
    const id = taskIdFromFileName(basename(row.localPath));
    const other = ids.get(id);
    if (other) {
      throw new FigboardError('two corpus figures map to the same task id', {
        code: 'task-id-collision',
        where: `${opts.manifestPath}:${row.line}`,
        expected: 'distinct ids',
        got: `"${id}" from ${other.localPath} and ${row.localPath}`,
        hint: 'rename one of the files in the corpus',
      });
    }
    ids.set(id, row);
  }

  // At most one figure per paper: a second figure of the same arXiv id or paper title is refused.
  const papers = new Map<string, CorpusRow>();
  for (const row of ids.values()) {
    for (const key of paperKeys(row)) {
      const other = papers.get(key);
      if (other && other !== row)
        problems.push({
          severity: 'error',
          rule: 'corpus-paper-twice',
          file: `${opts.manifestPath}:${row.line}`,
          message: `a second figure of the same paper (${key}): ${other.localPath} and ${row.localPath}; at most one figure per paper`,
          hint: 'keep the figure that best shows the method and drop the other row',
        });
      else papers.set(key, row);
    }
  }
  const refused = new Set(
    problems.filter((p) => p.rule === 'corpus-paper-twice').map((p) => p.file),
  );

  const tasks: RefigTask[] = [];
  const withheld: WithheldFigure[] = [];
  await mkdir(opts.outDir, { recursive: true });
  for (const [id, row] of [...ids.entries()].sort(([a], [b]) => compareIds(a, b))) {
    if (refused.has(`${opts.manifestPath}:${row.line}`)) continue;
    const field = row.field === undefined ? null : Field.safeParse(row.field);
    if (field && !field.success) {
      problems.push({
        severity: 'error',
        rule: 'corpus-field',
        file: `${opts.manifestPath}:${row.line}`,
        message: `unknown field "${row.field}"`,
        expected: Field.options.join(', '),
      });
      continue;
    }
    const judgement = judgeRepositoryLicense(row.license, row.pathInRepo);
    const url = githubFileUrl(row.repository, row.commit, row.pathInRepo);
    const taskDir = join(opts.outDir, id);
    if (!judgement.redistributable) {
      withheld.push({
        id,
        repository: row.repository,
        path: row.pathInRepo,
        commit: row.commit,
        url,
        license: row.license,
        reason: judgement.evidence,
      });
      await rm(taskDir, { recursive: true, force: true });
      continue;
    }
    const src = join(opts.corpusDir, row.localPath);
    try {
      const probed = await probeImage(src, 'source.png');
      const file = sourceFileName(probed.format);
      await rm(taskDir, { recursive: true, force: true });
      await mkdir(taskDir, { recursive: true });
      await copyFile(src, join(taskDir, file));
      const task = RefigTask.parse({
        id,
        track: 'refig',
        source: {
          kind: 'repository',
          repository: row.repository,
          path: row.pathInRepo,
          commit: row.commit,
          url,
          title: row.note,
          ...(row.paperTitle
            ? { paper: { arxivId: row.arxivId ?? null, title: row.paperTitle } }
            : {}),
        },
        license: {
          name: row.license,
          url: judgement.licenseFile
            ? githubFileUrl(row.repository, row.commit, judgement.licenseFile)
            : `https://spdx.org/licenses/${judgement.spdx}.html`,
          redistributable: true,
          spdx: judgement.spdx,
          evidence: judgement.evidence,
        },
        caption: row.note,
        label: null,
        sourcePath: row.pathInRepo,
        // The field comes from the corpus row (the paper's arXiv category); without one it is
        // left unknown rather than guessed, which would bias Tables 9/10.
        field: field?.success ? field.data : null,
        image: { ...probed, file },
        selection: {
          score: 0,
          evidence: [
            `hand-curated corpus figure (not ranked by ORBIT): "${row.note}"`,
            ...(row.overviewNote ? [`overview: ${row.overviewNote}`] : []),
          ],
        },
        hasTruth: false,
      });
      await writeFile(join(taskDir, 'task.json'), `${stableStringify(task, 2)}\n`);
      tasks.push(task);
    } catch (err) {
      problems.push({
        severity: 'error',
        rule: err instanceof FigboardError ? err.code : 'import-failed',
        file: src,
        message: `figure not imported: ${(err as Error).message}`,
        ...(err instanceof FigboardError ? { expected: err.expected, got: err.got } : {}),
      });
    }
  }

  const header: SuiteHeader = {
    licensePolicy: REPOSITORY_LICENSE_POLICY,
    redistributableOnly: true,
    ...opts.header,
    track: 'refig',
  };
  await writeSuiteManifest(opts.outDir, buildSuiteManifest(header, tasks));
  await writeFile(join(opts.outDir, 'withheld.json'), `${stableStringify(withheld, 2)}\n`);
  const tsvHeader = manifestText.split(/\r?\n/)[0]!;
  const kept = manifestText
    .split(/\r?\n/)
    .filter((l, i) => i > 0 && l.startsWith(prefix))
    .sort(compareIds);
  await writeFile(join(opts.outDir, 'MANIFEST.tsv'), `${[tsvHeader, ...kept].join('\n')}\n`);
  return { tasks, withheld, problems };
}

/** Keys a paper is known by: its arXiv id and its normalised title. */
function paperKeys(row: CorpusRow): string[] {
  const keys: string[] = [];
  if (row.arxivId) keys.push(`arXiv ${row.arxivId}`);
  if (row.paperTitle)
    keys.push(
      `"${row.paperTitle
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, ' ')
        .trim()}"`,
    );
  return keys;
}
