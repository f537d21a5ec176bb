import { LineCounter, parseDocument, type Document } from 'yaml';
import type { z } from 'zod';
import type { Problem } from '../errors/problem.ts';
import { SubmissionManifest } from '../schemas/submission.schema.ts';
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
      problems.push(issueToProblem(issue, doc, lineCounter, file));
    return { problems, raw };
  }
  return { value: parsed.data, raw, problems };
}

function issueToProblem(
  issue: z.core.$ZodIssue,
  doc: Document,
  lc: LineCounter,
  file: string,
): Problem {
  const path = issue.path.map((p) => (typeof p === 'symbol' ? String(p) : p));
  const dotted = path.length ? path.join('.') : '(top level)';
  const pos = yamlPosition(
    doc,
    path,
    lc,
    issue.code === 'unrecognized_keys' ? (issue as { keys?: string[] }).keys?.[0] : undefined,
  );
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
    const got = getIn(doc.toJS(), path);
    p.got = got === undefined ? 'nothing (missing)' : describeType(got);
    if (got === undefined) p.message = `${dotted}: required field is missing`;
    if (path.at(-1) === 'date' && got instanceof Date)
      p.hint = 'quote the date: date: "2026-01-31"';
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
  if (p.got === undefined && issue.code !== 'unrecognized_keys') {
    const got = getIn(doc.toJS(), path);
    if (got !== undefined) p.got = describeType(got);
  }
  if (issue.code === 'unrecognized_keys')
    p.hint = 'remove the key or check its spelling against schemas/submission.schema.json';
  return p;
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
