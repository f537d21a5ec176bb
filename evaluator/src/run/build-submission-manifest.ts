import { Document, Scalar } from 'yaml';
import type { Problem } from '../errors/problem.ts';
import { readSubmissionManifest } from '../validate/read-submission-manifest.ts';

/** The fields the runner knows better than the submitter: they are always written by it. */
interface RunnerFields {
  id: string;
  /** The suite's track (`suite.json`): a runner-made manifest answers that suite. */
  track: string;
  suite: { name: string; version: string };
  /** The run date (YYYY-MM-DD), used when the template has none. */
  date: string;
}

/**
 * `submission.yml` for a runner-made submission: the submitter's template (team, contact, model,
 * harness, workflow, license, links, optionally date) plus what the run fixes — the id (the
 * folder name), the suite's track and the suite, and `attempts: 1` (the runner makes exactly one attempt per
 * task). The result is checked against the manifest schema; any problem is returned with its
 * template line instead of a file, so nothing is run with a manifest that would be refused.
 */
export function buildSubmissionManifest(
  template: { text: string; file: string },
  fields: RunnerFields,
): { text: string | null; problems: Problem[] } {
  const read = readSubmissionManifest(template.text, template.file);
  const syntax = read.problems.filter((p) => p.rule === 'yaml-syntax');
  if (syntax.length > 0 || read.raw === undefined) return { text: null, problems: read.problems };
  const raw = (read.raw ?? {}) as Record<string, unknown>;
  const fixed: Record<string, unknown> = {
    id: fields.id,
    track: fields.track,
    suite: { name: fields.suite.name, version: fields.suite.version },
  };
  const { id: _id, track: _track, suite: _suite, attempts: _attempts, ...rest } = raw;
  const merged = {
    ...fixed,
    ...rest,
    attempts: 1,
    date: typeof raw.date === 'string' ? raw.date : fields.date,
  };
  const doc = new Document(merged);
  // quoted, so a YAML 1.1 reader keeps it a string (the docs ask submitters to do the same)
  const date = new Scalar(merged.date);
  date.type = Scalar.QUOTE_DOUBLE;
  doc.set('date', date);
  doc.commentBefore =
    ' yaml-language-server: $schema=../../schemas/submission.schema.json\n Written by refig run (the FigBoard reference runner): one attempt per task.';
  const text = doc.toString({ lineWidth: 100 });
  // check the result as the validator will, reporting template lines where they exist
  const check = readSubmissionManifest(text, template.file);
  if (check.problems.length > 0) {
    const byTemplate = new Map(read.problems.map((p) => [p.message, p] as const));
    return {
      text: null,
      problems: check.problems.map(
        (p) => byTemplate.get(p.message) ?? { ...p, line: undefined, column: undefined },
      ),
    };
  }
  return { text, problems: [] };
}
