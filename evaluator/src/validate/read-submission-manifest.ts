import { isMap, LineCounter, parseDocument, type Document, type Node } from 'yaml';
import type { z } from 'zod';
import type { Problem } from '../errors/problem.ts';
import { SubmissionManifest } from '../schemas/submission.schema.ts';
import { didYouMean } from '../util/did-you-mean.ts';
import { yamlPosition } from '../util/yaml-position.ts';

/** What reading `submission.yml` yields: the manifest when it is valid, plus every problem. */
export interface ManifestRead {
  value?: SubmissionManifest;
  /** The parsed YAML even when the schema rejected it (so later checks can still use `id`, `track`). */
  raw?: unknown;
  problems: Problem[];
}

/** Aliases allowed in a manifest: a real one has none; the cap stops "billion laughs" expansion. */
const MAX_ALIASES = 20;

/**
 * Parses `submission.yml` text and validates it against `SubmissionManifest`. Every YAML syntax
 * error and every schema issue becomes a problem with its line and column, so a submitter sees
 * all of them in one run. `file` is the path used in messages.
 */
export function readSubmissionManifest(text: string, file: string): ManifestRead {
  const problems: Problem[] = [];
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, {
    lineCounter,
    prettyErrors: false,
    uniqueKeys: true,
    strict: true,
  });
  for (const err of doc.errors) {
    const pos = lineCounter.linePos(err.pos[0]);
    problems.push({
      severity: 'error',
      rule: 'yaml-syntax',
      file,
      line: pos.line,
      column: pos.col,
      message: firstLine(err.message),
      hint:
        err.code === 'DUPLICATE_KEY'
          ? 'each key may appear once'
          : 'check indentation, quotes and brackets near this position',
    });
  }
  if (doc.errors.length > 0) return { problems };

  let raw: unknown;
  try {
    raw = doc.toJS({ maxAliasCount: MAX_ALIASES });
  } catch (err) {
    problems.push({
      severity: 'error',
      rule: 'yaml-syntax',
      file,
      message: firstLine((err as Error).message),
      hint: 'remove YAML aliases (*name); a manifest needs none',
    });
    return { problems };
  }
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) {
    problems.push({
      severity: 'error',
      rule: 'manifest-schema',
      file,
      line: 1,
      column: 1,
      message: 'the manifest must be a YAML mapping (key: value lines)',
      expected: 'mapping',
      got: describeType(raw),
    });
    return { problems, raw };
  }

  const parsed = SubmissionManifest.safeParse(raw);
  if (!parsed.success) {
    for (const issue of parsed.error.issues)
      problems.push(...issueToProblems(issue, doc, lineCounter, file, text));
    return { problems, raw };
  }
  return { value: parsed.data, raw, problems };
}

function issueToProblems(
  issue: z.core.$ZodIssue,
  doc: Document,
  lc: LineCounter,
  file: string,
  text: string,
): Problem[] {
  const path = issue.path.map((p) => (typeof p === 'symbol' ? String(p) : p));
  const dotted = path.length ? path.join('.') : '(top level)';
  // one problem per unknown key, each at its own line, with the key it most likely meant
  if (issue.code === 'unrecognized_keys') {
    const known = knownKeys(path);
    return ((issue as { keys?: string[] }).keys ?? []).map((key) => {
      const meant = didYouMean(key, known);
      return {
        severity: 'error',
        rule: 'manifest-schema',
        file,
        message: `${path.length ? `${dotted}: ` : ''}unknown key "${key}"${meant ? `; did you mean "${meant}"?` : ''}`,
        ...(yamlPosition(doc, path, lc, key) ?? {}),
        expected: known.length ? `one of ${known.join(', ')}` : undefined,
        got: key,
        hint: meant
          ? `rename it to ${meant}`
          : 'remove the key or check its spelling against schemas/submission.schema.json',
      } satisfies Problem;
    });
  }
  const got = getIn(doc.toJS(), path);
  const missing = issue.code === 'invalid_type' && got === undefined;
  // a missing field has no line of its own: point at its parent's key (`model:` for
  // model.snapshot); a missing top-level field points nowhere rather than at line 1
  const pos = missing
    ? path.length > 1
      ? keyPosition(doc, path.slice(0, -1), lc)
      : undefined
    : yamlPosition(doc, path, lc);
  const p: Problem = {
    severity: 'error',
    rule: 'manifest-schema',
    file,
    message: `${dotted}: ${issue.message}`,
    ...(pos ?? {}),
  };
  if (issue.code === 'invalid_value' && 'values' in issue)
    p.expected = `one of ${(issue.values as unknown[]).map((v) => JSON.stringify(v)).join(', ')}`;
  if (issue.code === 'invalid_type') {
    p.expected = issue.expected;
    p.got = got === undefined ? 'nothing (missing)' : describeType(got);
    if (missing)
      p.message = `${dotted}: required field is missing${path.length > 1 ? ` under ${path.slice(0, -1).join('.')}` : ' (top level)'}`;
    if (path.at(-1) === 'date' && got instanceof Date)
      p.hint = 'quote the date: date: "2026-01-31"';
    else if (issue.expected === 'string' && (typeof got === 'number' || typeof got === 'boolean')) {
      // YAML read it as a number or boolean: 1.10 becomes 1.1, yes becomes true
      const source = sourceText(doc, path, text) ?? String(got);
      p.hint = `quote it so YAML keeps it as text: ${String(path.at(-1))}: "${source.replaceAll('"', '\\"')}"`;
    }
  }
  if (issue.code === 'too_small' || issue.code === 'too_big') {
    const unit =
      issue.origin === 'string' ? ' characters' : issue.origin === 'array' ? ' items' : '';
    const bound = issue.code === 'too_small' ? issue.minimum : issue.maximum;
    p.expected = `${issue.code === 'too_small' ? 'at least' : 'at most'} ${String(bound)}${unit}`;
  }
  if (issue.code === 'invalid_format') {
    p.expected =
      issue.format === 'regex' && 'pattern' in issue
        ? `text matching ${String(issue.pattern)}`
        : `a valid ${issue.format}`;
  }
  if (p.got === undefined && got !== undefined) p.got = describeType(got);
  return [p];
}

/** Line of the key that names `path` (`model:` for ['model']), when the document has it. */
function keyPosition(
  doc: Document,
  path: readonly (string | number)[],
  lc: LineCounter,
): { line: number; column: number } | undefined {
  const parent = (path.length === 1 ? doc.contents : doc.getIn(path.slice(0, -1), true)) as unknown;
  if (!isMap(parent)) return undefined;
  const pair = parent.items.find(
    (it) => (it.key as { value?: unknown } | null)?.value === path.at(-1),
  );
  const key = pair?.key as Node | undefined;
  if (!key?.range) return undefined;
  const pos = lc.linePos(key.range[0]);
  return { line: pos.line, column: pos.col };
}

/** The value exactly as written in the file (so `1.10` stays `1.10`, not the number 1.1). */
function sourceText(
  doc: Document,
  path: readonly (string | number)[],
  text: string,
): string | null {
  const node = doc.getIn(path, true) as Node | undefined;
  if (!node?.range) return null;
  return text.slice(node.range[0], node.range[1]).trim() || null;
}

/** The keys the manifest schema allows at `path` (the object there, optionals unwrapped). */
function knownKeys(path: readonly (string | number)[]): string[] {
  type Shaped = { shape?: Record<string, unknown>; def?: { innerType?: unknown } };
  let node = SubmissionManifest as unknown as Shaped;
  const unwrap = (n: Shaped) => {
    let cur = n;
    while (cur.def?.innerType) cur = cur.def.innerType as Shaped;
    return cur;
  };
  for (const seg of path) {
    const next = unwrap(node).shape?.[String(seg)];
    if (!next) return [];
    node = next as Shaped;
  }
  return Object.keys(unwrap(node).shape ?? {});
}

function getIn(value: unknown, path: (string | number)[]): unknown {
  let cur = value;
  for (const k of path) {
    if (cur === null || typeof cur !== 'object') return undefined;
    cur = (cur as Record<string | number, unknown>)[k];
  }
  return cur;
}

function describeType(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'a list';
  if (v instanceof Date) return 'a date (unquoted YAML date)';
  if (typeof v === 'object') return 'a mapping';
  const json = JSON.stringify(v) ?? String(v);
  return `${typeof v} ${json.length > 60 ? `${json.slice(0, 57)}…` : json}`;
}

function firstLine(s: string): string {
  return s
    .split('\n')[0]!
    .replace(/ at line \d+, column \d+:?$/, '')
    .trim();
}
