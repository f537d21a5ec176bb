import { lstat, readFile } from 'node:fs/promises';
import { basename, join, resolve } from 'node:path';
import { FigboardError } from '../errors/index.ts';
import { FigureGraph } from '../schemas/figure-graph.schema.ts';
import { RefigTask, type Truth } from '../schemas/task.schema.ts';
import { TASK_JSON_MAX_BYTES, TRUTH_JSON_MAX_BYTES } from '../suite/load-suite.ts';
import { probeImage } from '../suite/probe-image.ts';
import { readJsonFile } from '../suite/read-json-file.ts';
import { validateTruth } from '../suite/validate-truth.ts';
import { stableStringify } from '../util/stable-stringify.ts';
import { writeFileAtomic } from '../util/write-file-atomic.ts';

/** What `refig truth check` found in one truth file. */
export interface TruthFileCheck {
  taskId: string;
  imagePath: string;
  width: number;
  height: number;
  file: string;
  truth: Truth | null;
  problems: string[];
  warnings: string[];
  /** Counts for the summary line (null when the truth did not validate). */
  counts: {
    modules: number;
    labels: number;
    nested: number;
    relations: number;
    directed: number;
    bidirectional: number;
    undirected: number;
    atGroups: number;
    groups: number;
  } | null;
}

/** The task's image and id: task.json's `image.file`, else `source.png|jpg|jpeg`. */
async function taskImage(dir: string): Promise<{ id: string; imagePath: string }> {
  const taskFile = join(dir, 'task.json');
  const task = await readJsonFile(taskFile, taskFile, RefigTask, 'task-json', TASK_JSON_MAX_BYTES);
  const names = task.value ? [task.value.image.file] : ['source.png', 'source.jpg', 'source.jpeg'];
  for (const name of names) {
    const path = join(dir, name);
    if ((await lstat(path).catch(() => null))?.isFile())
      return { id: task.value?.id ?? basename(resolve(dir)), imagePath: path };
  }
  throw new FigboardError('the task has no source image', {
    code: 'task-image-missing',
    where: dir,
    expected: names.join(' or '),
    hint: 'a task folder holds source.png|jpg and task.json',
  });
}

/**
 * Checks one truth file against its task (the validating save's rules: schema, id, image size,
 * geometry) without writing anything. The file may live outside the task folder: a hidden
 * task's truth is annotated outside the repository and only ever committed sealed.
 */
export async function checkTruthFile(taskDir: string, truthFile?: string): Promise<TruthFileCheck> {
  const { id, imagePath } = await taskImage(taskDir);
  const probed = await probeImage(
    imagePath,
    imagePath.endsWith('.png') ? 'source.png' : 'source.jpg',
  );
  const file = truthFile ?? join(taskDir, 'truth.json');
  const base = { taskId: id, imagePath, width: probed.width, height: probed.height, file };
  const info = await lstat(file).catch(() => null);
  if (!info?.isFile())
    return {
      ...base,
      truth: null,
      problems: [`[truth-missing] ${file} is not a file`],
      warnings: [],
      counts: null,
    };
  if (info.size > TRUTH_JSON_MAX_BYTES)
    return {
      ...base,
      truth: null,
      problems: [`[truth-too-large] ${info.size} bytes (at most ${TRUTH_JSON_MAX_BYTES})`],
      warnings: [],
      counts: null,
    };
  let value: unknown;
  try {
    value = JSON.parse(await readFile(file, 'utf8'));
  } catch (err) {
    return {
      ...base,
      truth: null,
      problems: [`[truth-json] not valid JSON: ${(err as Error).message}`],
      warnings: [],
      counts: null,
    };
  }
  const checked = validateTruth(value, {
    taskId: id,
    width: probed.width,
    height: probed.height,
    file,
  });
  const t = checked.truth;
  const groups = new Set(t?.groups.map((g) => g.id) ?? []);
  return {
    ...base,
    truth: t,
    problems: checked.problems,
    warnings: checked.warnings,
    counts: t
      ? {
          modules: t.nodes.filter((n) => (n.kind ?? 'module') === 'module').length,
          labels: t.nodes.filter((n) => n.kind === 'label').length,
          nested: t.nodes.filter((n) => n.parent !== undefined).length,
          relations: t.edges.length,
          directed: t.edges.filter((e) => e.directed !== false && !e.bidirectional).length,
          bidirectional: t.edges.filter((e) => e.bidirectional).length,
          undirected: t.edges.filter((e) => e.directed === false).length,
          atGroups: t.edges.filter((e) => groups.has(e.from) || groups.has(e.to)).length,
          groups: t.groups.length,
        }
      : null,
  };
}

/**
 * Writes the checked truth back with its provenance (drafted by the extractor of the task's
 * `truth.draft.json` when there is one, checked by `checkedBy`, `date`, method) — atomically —
 * and, when the file is the task's own `truth.json`, sets `hasTruth` in task.json.
 */
export async function stampTruthFile(
  check: TruthFileCheck,
  taskDir: string,
  stamp: { checkedBy: string; date: string; method: string },
): Promise<Truth> {
  if (!check.truth) throw new Error('stampTruthFile: the truth did not validate');
  const draftFile = join(taskDir, 'truth.draft.json');
  const draft = await readJsonFile(
    draftFile,
    draftFile,
    FigureGraph,
    'truth-draft-json',
    TRUTH_JSON_MAX_BYTES,
  );
  const prior = check.truth.provenance;
  const draftedBy = prior?.draftedBy ?? draft.value?.extractor;
  const saved: Truth = {
    ...check.truth,
    provenance: {
      ...(draftedBy ? { draftedBy } : {}),
      checkedBy: stamp.checkedBy,
      date: stamp.date,
      method: stamp.method,
      ...(prior?.notes ? { notes: prior.notes } : {}),
    },
  };
  await writeFileAtomic(check.file, `${stableStringify(saved, 2)}\n`);
  if (resolve(check.file) === resolve(taskDir, 'truth.json')) {
    const taskFile = join(taskDir, 'task.json');
    const task = await readJsonFile(
      taskFile,
      taskFile,
      RefigTask,
      'task-json',
      TASK_JSON_MAX_BYTES,
    );
    if (task.value && !task.value.hasTruth) {
      const raw = JSON.parse(await readFile(taskFile, 'utf8')) as Record<string, unknown>;
      raw.hasTruth = true;
      await writeFileAtomic(taskFile, `${stableStringify(raw, 2)}\n`);
    }
  }
  return saved;
}

/**
 * Tiles covering a figure for zoomed checking: each at most `tile` source pixels a side,
 * overlapping by a tenth so nothing on a seam is seen only cut.
 */
export function cropTiles(
  width: number,
  height: number,
  tile: number,
): [number, number, number, number][] {
  const along = (size: number) => {
    const n = Math.max(1, Math.ceil((size - tile * 0.1) / (tile * 0.9)));
    const step = n === 1 ? 0 : (size - tile) / (n - 1);
    return Array.from({ length: n }, (_, i) =>
      n === 1 ? ([0, size] as const) : ([Math.round(i * step), Math.min(tile, size)] as const),
    );
  };
  return along(height).flatMap(([y, h]) =>
    along(width).map(([x, w]) => [x, y, w, h] as [number, number, number, number]),
  );
}
