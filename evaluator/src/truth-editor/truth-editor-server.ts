import { lstat, readFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, relative, resolve, sep } from 'node:path';
import { FigboardError, UsageError } from '../errors/index.ts';
import type { Problem } from '../errors/problem.ts';
import { FigureGraph } from '../schemas/figure-graph.schema.ts';
import { RefigTask, Truth } from '../schemas/task.schema.ts';
import { validateTruth } from '../suite/validate-truth.ts';
import { TASK_JSON_MAX_BYTES, TRUTH_JSON_MAX_BYTES } from '../suite/load-suite.ts';
import { probeImage } from '../suite/probe-image.ts';
import { readJsonFile } from '../suite/read-json-file.ts';
import { stableStringify } from '../util/stable-stringify.ts';
import { writeFileAtomic } from '../util/write-file-atomic.ts';
import { TRUTH_EDITOR_PAGE } from './truth-editor-page.ts';

/** What the editor is started with. */
export interface TruthEditorOptions {
  /** The task folder: source image, optional task.json, truth.json, truth.draft.json. */
  taskDir: string;
  /** TCP port on 127.0.0.1; 0 picks a free one. */
  port: number;
  /** Who checks the truth (a name or role), written into `provenance.checkedBy` on save. */
  checkedBy: string;
  /** Today as YYYY-MM-DD (a port, so tests fix the date). */
  today: () => string;
}

/** A running editor. */
export interface TruthEditor {
  url: string;
  close: () => Promise<void>;
}

/** The editor's document: truth.json's format, every node with its kind and edge with `directed`. */
interface EditorState {
  taskId: string;
  width: number;
  height: number;
  /** Where the document came from: the checked truth, the extractor's draft, or nothing yet. */
  source: 'truth' | 'draft' | 'empty';
  truth: Truth;
  /** Extractor confidences of the draft's nodes (by id) and edges (by index), for display. */
  confidence: { nodes: Record<string, number>; edges: number[] };
  draftedBy: { name: string; version: string } | null;
  checkedBy: string;
}

const IMAGE_TYPES: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
};

/** Reads the task folder once at start: the image (inside the folder, a regular file) and the
 * document to edit (truth.json, else truth.draft.json, else an empty graph). */
async function loadEditorState(
  dir: string,
  checkedBy: string,
): Promise<{ state: EditorState; imagePath: string; imageType: string }> {
  const problems: Problem[] = [];
  const taskFile = join(dir, 'task.json');
  const task = await readJsonFile(taskFile, taskFile, RefigTask, 'task-json', TASK_JSON_MAX_BYTES);
  if (task.exists) problems.push(...task.problems);
  let imagePath: string | null = null;
  for (const name of task.value
    ? [task.value.image.file]
    : ['source.png', 'source.jpg', 'source.jpeg']) {
    const candidate = resolve(dir, name);
    // The editor serves this one file: refuse a name that leads out of the task folder.
    if (relative(dir, candidate).startsWith('..') || !candidate.startsWith(dir + sep)) {
      problems.push({
        severity: 'error',
        rule: 'truth-editor-path-outside-task',
        file: taskFile,
        message: `the image "${name}" lies outside the task folder`,
      });
      continue;
    }
    const info = await lstat(candidate).catch(() => null);
    if (info?.isFile()) {
      imagePath = candidate;
      break;
    }
  }
  if (!imagePath) {
    problems.push({
      severity: 'error',
      rule: 'task-image-missing',
      file: join(dir, 'source.png'),
      message: 'the task has no source image (a regular file inside the task folder)',
    });
  }
  const truthFile = join(dir, 'truth.json');
  const truth = await readJsonFile(truthFile, truthFile, Truth, 'truth-json', TRUTH_JSON_MAX_BYTES);
  const draftFile = join(dir, 'truth.draft.json');
  const draft = await readJsonFile(
    draftFile,
    draftFile,
    FigureGraph,
    'truth-draft-json',
    TRUTH_JSON_MAX_BYTES,
  );
  if (truth.exists) problems.push(...truth.problems);
  else if (draft.exists) problems.push(...draft.problems);
  const errors = problems.filter((p) => p.severity === 'error');
  if (errors.length || !imagePath) {
    throw new FigboardError(errors.map((p) => `[${p.rule}] ${p.file}: ${p.message}`).join('\n'), {
      code: 'truth-editor-task',
      where: dir,
      hint: 'a task folder holds source.png|jpg, optional task.json, truth.json, truth.draft.json',
    });
  }
  const probed = await probeImage(
    imagePath,
    imagePath.endsWith('.png') ? 'source.png' : 'source.jpg',
  );
  const taskId = task.value?.id ?? dir.split(sep).pop() ?? 'task';
  const empty: Truth = {
    id: taskId,
    width: probed.width,
    height: probed.height,
    nodes: [],
    edges: [],
    groups: [],
  };
  let doc: Truth = empty;
  let source: EditorState['source'] = 'empty';
  const confidence: EditorState['confidence'] = { nodes: {}, edges: [] };
  if (truth.value) {
    doc = truth.value;
    source = 'truth';
  } else if (draft.value) {
    const g = draft.value;
    source = 'draft';
    doc = {
      id: taskId,
      width: g.width,
      height: g.height,
      nodes: g.nodes.map((n) => ({
        id: n.id,
        text: n.text,
        bbox: n.bbox,
        kind: n.kind,
        ...(n.fill !== undefined ? { fill: n.fill } : {}),
      })),
      edges: g.edges.map((e) => ({
        from: e.from,
        to: e.to,
        directed: e.directed,
        ...(e.dashed !== undefined ? { dashed: e.dashed } : {}),
        ...(e.start ? { start: e.start } : {}),
        ...(e.end ? { end: e.end } : {}),
      })),
      groups: g.groups.map((gr) => ({
        id: gr.id,
        text: gr.text,
        bbox: gr.bbox,
        members: gr.members,
      })),
    };
    for (const n of g.nodes) confidence.nodes[n.id] = n.confidence;
    confidence.edges = g.edges.map((e) => e.confidence);
  }
  const draftedBy = truth.value?.provenance?.draftedBy ?? draft.value?.extractor ?? null;
  return {
    state: {
      taskId,
      width: probed.width,
      height: probed.height,
      source,
      truth: doc,
      confidence,
      draftedBy,
      checkedBy,
    },
    imagePath,
    imageType: IMAGE_TYPES[imagePath.split('.').pop()!.toLowerCase()] ?? 'application/octet-stream',
  };
}

/** Largest request body the editor reads (a truth.json is far smaller). */
const MAX_BODY_BYTES = TRUTH_JSON_MAX_BYTES;

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) throw new Error(`body larger than ${MAX_BODY_BYTES} bytes`);
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function send(res: ServerResponse, status: number, type: string, body: string | Buffer): void {
  res.writeHead(status, {
    'content-type': type,
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
    // The page is self-contained: no script, style or image from anywhere else.
    'content-security-policy':
      "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; connect-src 'self'",
  });
  res.end(body);
}

const json = (res: ServerResponse, status: number, value: unknown) =>
  send(res, status, 'application/json; charset=utf-8', JSON.stringify(value));

/**
 * Validates a posted truth and writes it: the zod schema, the task's id and image size, and the
 * geometry rules of `refig suite verify` ({@link checkTruthGeometry}); on success `provenance` is
 * set (drafted by the draft's extractor, checked by the editor's user, today) and `task.json`,
 * when there is one, records `hasTruth: true`.
 */
async function saveTruth(
  dir: string,
  state: EditorState,
  options: TruthEditorOptions,
  body: string,
): Promise<{ status: number; value: unknown }> {
  let posted: unknown;
  try {
    posted = JSON.parse(body);
  } catch (err) {
    return {
      status: 400,
      value: { ok: false, problems: [`not valid JSON: ${(err as Error).message}`] },
    };
  }
  const truthFile = join(dir, 'truth.json');
  const checked = validateTruth(posted, {
    taskId: state.taskId,
    width: state.width,
    height: state.height,
    file: truthFile,
  });
  if (checked.truth === null)
    return {
      status: 422,
      value: { ok: false, problems: checked.problems },
    };
  const truth = checked.truth;
  const checkedBy = (truth.provenance?.checkedBy ?? options.checkedBy).trim() || options.checkedBy;
  const saved: Truth = {
    ...truth,
    provenance: {
      ...(state.draftedBy ? { draftedBy: state.draftedBy } : {}),
      checkedBy,
      date: options.today(),
      method: 'refig truth edit',
      ...(truth.provenance?.notes ? { notes: truth.provenance.notes } : {}),
    },
  };
  await writeFileAtomic(truthFile, `${stableStringify(saved, 2)}\n`);
  const taskFile = join(dir, 'task.json');
  const task = await readJsonFile(taskFile, taskFile, RefigTask, 'task-json', TASK_JSON_MAX_BYTES);
  if (task.value && !task.value.hasTruth) {
    const raw = JSON.parse(await readFile(taskFile, 'utf8')) as Record<string, unknown>;
    raw.hasTruth = true;
    await writeFileAtomic(taskFile, `${stableStringify(raw, 2)}\n`);
  }
  state.truth = saved;
  state.source = 'truth';
  return {
    status: 200,
    value: {
      ok: true,
      file: truthFile,
      nodes: saved.nodes.length,
      edges: saved.edges.length,
      groups: saved.groups.length,
      warnings: checked.warnings,
    },
  };
}

/**
 * Starts the truth editor: a local HTTP server on 127.0.0.1 serving one page that draws the
 * figure with its drafted (or checked) nodes, edges and groups, lets a maintainer edit them, and
 * saves a validated `truth.json` into the task folder. It serves exactly three things (the page,
 * the state, the task's own image) and accepts one write (the truth); requests for another host
 * name (DNS rebinding) or a cross-origin POST are refused.
 */
export async function startTruthEditor(options: TruthEditorOptions): Promise<TruthEditor> {
  const dir = resolve(options.taskDir);
  const { state, imagePath, imageType } = await loadEditorState(dir, options.checkedBy);
  let saving = Promise.resolve();
  const server = createServer((req, res) => {
    const port = (server.address() as AddressInfo).port;
    const allowedHosts = [`127.0.0.1:${port}`, `localhost:${port}`];
    if (!allowedHosts.includes(req.headers.host ?? '')) {
      json(res, 403, { ok: false, problems: ['unexpected Host header'] });
      return;
    }
    const path = new URL(req.url ?? '/', `http://${req.headers.host}`).pathname;
    const handle = async () => {
      if (req.method === 'GET' && path === '/') {
        send(res, 200, 'text/html; charset=utf-8', TRUTH_EDITOR_PAGE);
      } else if (req.method === 'GET' && path === '/api/state') {
        json(res, 200, state);
      } else if (req.method === 'GET' && path === '/image') {
        send(res, 200, imageType, await readFile(imagePath));
      } else if (req.method === 'POST' && path === '/api/save') {
        const origin = req.headers.origin;
        if (
          !(req.headers['content-type'] ?? '').startsWith('application/json') ||
          (origin !== undefined && !allowedHosts.some((h) => origin === `http://${h}`))
        ) {
          json(res, 403, { ok: false, problems: ['cross-origin or non-JSON save refused'] });
          return;
        }
        const body = await readBody(req);
        // One save at a time: two tabs never interleave their writes.
        const result = saving.then(() => saveTruth(dir, state, options, body));
        saving = result.then(
          () => undefined,
          () => undefined,
        );
        const { status, value } = await result;
        json(res, status, value);
      } else {
        json(res, 404, { ok: false, problems: [`no such route: ${req.method} ${path}`] });
      }
    };
    handle().catch((err: Error) => {
      if (!res.headersSent) json(res, 400, { ok: false, problems: [err.message] });
      else res.destroy();
    });
  });
  await new Promise<void>((ok, fail) => {
    server.once('error', (err: NodeJS.ErrnoException) =>
      fail(
        err.code === 'EADDRINUSE'
          ? new UsageError(`port ${options.port} on 127.0.0.1 is in use`, {
              code: 'port-in-use',
              hint: 'pass --port <n> with a free port (--port 0 picks one)',
              cause: err,
            })
          : err,
      ),
    );
    server.listen(options.port, '127.0.0.1', () => ok());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () =>
      new Promise<void>((ok) => {
        server.closeAllConnections();
        server.close(() => ok());
      }),
  };
}
