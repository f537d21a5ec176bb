import { lstat, readdir, readFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import type { z } from 'zod';
import type { Problem } from '../errors/problem.ts';
import { ownerKey, ownerNames } from '../ownership/owner-key.ts';
import { readOwnership } from '../ownership/read-ownership.ts';
import { Annotation } from '../schemas/annotation.schema.ts';
import { ArtifactRecord } from '../schemas/audit-record.schema.ts';
import { Field } from '../schemas/common.schema.ts';
import { EffortRecord } from '../schemas/effort-record.schema.ts';
import { StyleRecord } from '../schemas/style-record.schema.ts';
import { SuiteManifest } from '../schemas/suite.schema.ts';
import { SealedBundle } from '../suite/sealed-bundle.ts';
import { sha256 } from '../util/sha256.ts';
import { readSubmissionManifest } from '../validate/read-submission-manifest.ts';
import { TRACKS } from '../tracks/registry.ts';
import type { LoadedJudgeRun } from '../tracks/track.ts';
import type {
  LeaderboardInputs,
  LoadedSubmission,
  LoadedSuiteInfo,
  LocatedAnnotation,
} from './leaderboard-inputs.ts';
import { jsonErrorMessage } from '../util/json-error-message.ts';
import { compareCodeUnits } from '../util/compare-code-units.ts';
import { parseRunFile, RESULT_FILES, RESULTS_DIR } from '../results/results-layout.ts';

/** Where the inputs live. Display paths in problems and in the inputs hash are
 * `submissions/…`, `suites/…`, `annotations/…` whatever the real folders are, so the board does
 * not depend on where the repository is checked out. */
export interface LeaderboardSources {
  submissionsDir: string;
  suitesDir: string;
  annotationsDir: string;
  /**
   * Entries not committed yet (`refig leaderboard --with DIR=RESULTS`): a submission folder and
   * the results folder `refig evaluate --out` wrote. Each is read as `submissions/<folder name>`
   * with those results, replacing a same-named folder of `submissionsDir`, so the provisional
   * board is the one the entry gets once merged (same inputs, same bytes).
   */
  uncommitted?: readonly { dir: string; resultsDir: string }[];
}

/** Largest input file read (a 1,000-task judgments file is about 2 MB): anything bigger is
 * refused and reported, so one runaway file cannot exhaust memory. */
export const MAX_INPUT_FILE_BYTES = 64 * 1024 * 1024;

/**
 * Reads every input of the leaderboard: submission manifests and results records, suite
 * manifests with each task's field, and annotation files. Nothing throws for bad content: every
 * unreadable file, bad line or invalid manifest becomes a problem naming the file (and line) and
 * the rule, and a submission with an invalid manifest is left out while the others load.
 * Directory listings are sorted, so the result never depends on file-system order.
 */
export async function loadLeaderboardInputs(
  sources: LeaderboardSources,
): Promise<LeaderboardInputs> {
  const problems: Problem[] = [];
  const files = new Map<string, string>();
  const reader = new InputReader(problems, files);

  const suites: LoadedSuiteInfo[] = [];
  for (const name of await listDir(sources.suitesDir, 'dirs')) {
    const suite = await reader.suite(join(sources.suitesDir, name), `suites/${name}`);
    if (suite) suites.push(suite);
  }

  // Who owns each folder and when it was merged: data in the repository, written on merge.
  const ownershipPath = join(sources.submissionsDir, 'OWNERSHIP.json');
  const ownership = await readOwnership(ownershipPath, 'submissions/OWNERSHIP.json');
  problems.push(...ownership.problems);
  if (ownership.present && ownership.problems.length === 0) {
    files.set('submissions/OWNERSHIP.json', sha256(await readFile(ownershipPath)));
  }

  const submissions: LoadedSubmission[] = [];
  const excludedSubmissions: string[] = [];
  const uncommitted = new Map((sources.uncommitted ?? []).map((u) => [basename(u.dir), u]));
  const names = [
    ...new Set([...(await listDir(sources.submissionsDir, 'dirs')), ...uncommitted.keys()]),
  ].sort();
  for (const name of names) {
    const extra = uncommitted.get(name);
    const sub = await reader.submission(
      extra?.dir ?? join(sources.submissionsDir, name),
      `submissions/${name}`,
      name,
      extra?.resultsDir,
    );
    if (!sub) {
      excludedSubmissions.push(name);
      continue;
    }
    const entry = ownership.record.submissions[name];
    submissions.push({
      ...sub,
      owner: ownerKey(entry),
      ownerNames: entry ? ownerNames(entry) : undefined,
      mergedAt: entry?.mergedAt ?? null,
      firstMergeKey: entry ? mergeKey(entry.firstMergedAt, entry.firstMerge) : null,
      lastMergeKey: entry ? mergeKey(entry.mergedAt, entry.merge) : null,
      // a mark for an earlier merge does not vouch for the results merged since
      verified:
        entry?.verified && entry.verified.merge === entry.merge
          ? { date: entry.verified.date, by: entry.verified.by }
          : null,
    });
  }

  const annotations: LocatedAnnotation[] = [];
  for (const name of await listDir(sources.annotationsDir, 'files')) {
    if (!name.endsWith('.jsonl')) continue;
    annotations.push(
      ...(await reader.annotations(join(sources.annotationsDir, name), `annotations/${name}`)),
    );
  }

  return {
    submissions,
    suites,
    annotations,
    files: [...files.entries()]
      .sort(([a], [b]) => compareCodeUnits(a, b))
      .map(([path, hash]) => ({ path, sha256: hash })),
    problems,
    excludedSubmissions,
  };
}

/** A sort key for a merge: date, then its number in the record (zero-padded). */
function mergeKey(date: string, number: number): string {
  return `${date}#${String(number).padStart(12, '0')}`;
}

async function listDir(dir: string, kind: 'dirs' | 'files'): Promise<string[]> {
  let entries;
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw err;
  }
  return entries
    .filter((e) => (kind === 'dirs' ? e.isDirectory() : e.isFile()) && !e.name.startsWith('.'))
    .map((e) => e.name)
    .sort();
}

/** Reads files, records their hashes and collects problems. */
class InputReader {
  constructor(
    private readonly problems: Problem[],
    private readonly files: Map<string, string>,
  ) {}

  /** File text, or undefined when absent (not a problem) or unreadable (a problem). */
  private async text(path: string, display: string): Promise<string | undefined> {
    let size: number;
    try {
      // lstat: a link is refused, never followed (it could point at any file of the host).
      const info = await lstat(path);
      if (!info.isFile()) {
        this.problem('error', 'input-not-a-file', display, 'expected a regular file (not a link)');
        return undefined;
      }
      size = info.size;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      this.problem('error', 'input-unreadable', display, (err as Error).message);
      return undefined;
    }
    if (size > MAX_INPUT_FILE_BYTES) {
      this.problem(
        'error',
        'input-too-large',
        display,
        `file is ${size} bytes; the limit is ${MAX_INPUT_FILE_BYTES}`,
      );
      return undefined;
    }
    const bytes = await readFile(path);
    this.files.set(display, sha256(bytes));
    return bytes.toString('utf8');
  }

  private problem(
    severity: Problem['severity'],
    rule: string,
    file: string,
    message: string,
    line?: number,
  ): void {
    this.problems.push({ severity, rule, file, message, ...(line === undefined ? {} : { line }) });
  }

  /** Parses JSONL text line by line against `schema`, keeping line numbers. */
  private jsonl<S extends z.ZodType>(
    text: string,
    display: string,
    schema: S,
  ): { value: z.infer<S>; line: number }[] {
    const out: { value: z.infer<S>; line: number }[] = [];
    const lines = text.split('\n');
    const last = lines.length - 1; // '' when the text ends with a newline
    for (let i = 0; i < lines.length; i++) {
      const raw = lines[i]!;
      if (raw.trim() === '') continue;
      let json: unknown;
      try {
        json = JSON.parse(raw);
      } catch (err) {
        // A last line without its newline that does not parse is an interrupted append (see
        // readJsonl); a complete one (a hand-written file without final newline) is kept.
        if (i === last)
          this.problem(
            'warning',
            'jsonl-truncated-tail',
            display,
            'last line is cut off (interrupted write?); it is ignored',
            i + 1,
          );
        else
          this.problem(
            'error',
            'jsonl-parse',
            display,
            `not valid JSON: ${jsonErrorMessage(err)}`,
            i + 1,
          );
        continue;
      }
      const parsed = schema.safeParse(json);
      if (parsed.success) out.push({ value: parsed.data, line: i + 1 });
      else {
        const issues = parsed.error.issues
          .slice(0, 3)
          .map((x) => `${x.path.join('.') || '(record)'}: ${x.message}`);
        this.problem('error', 'jsonl-schema', display, issues.join('; '), i + 1);
      }
    }
    return out;
  }

  async suite(dir: string, display: string): Promise<LoadedSuiteInfo | undefined> {
    // A folder without suite.json (e.g. suites/scripts) is simply not a suite.
    const text = await this.text(join(dir, 'suite.json'), `${display}/suite.json`);
    if (text === undefined) return undefined;
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch (err) {
      this.problem(
        'error',
        'suite-json',
        `${display}/suite.json`,
        `not valid JSON: ${jsonErrorMessage(err)}`,
      );
      return undefined;
    }
    const parsed = SuiteManifest.safeParse(json);
    if (!parsed.success) {
      for (const issue of parsed.error.issues.slice(0, 10)) {
        this.problem(
          'error',
          'suite-schema',
          `${display}/suite.json`,
          `${issue.path.join('.') || '(manifest)'}: ${issue.message}`,
        );
      }
      return undefined;
    }
    const manifest = parsed.data;
    const fields: (Field | null)[] = [];
    const splits: (string | null)[] = [];
    const verified: (boolean | null)[] = [];
    for (const task of manifest.tasks) {
      const taskDisplay = `${display}/${task}/task.json`;
      const taskText = await this.text(join(dir, task, 'task.json'), taskDisplay);
      let field: Field | null = null;
      let split: string | null = null;
      let hasTruth: boolean | null = null;
      if (taskText !== undefined) {
        try {
          const t = JSON.parse(taskText) as Record<string, unknown>;
          const f = Field.safeParse(t.field);
          if (f.success) field = f.data;
          hasTruth = t.hasTruth === true;
          if (t.split === 'hand-curated' || t.split === 'augmented') split = t.split;
        } catch (err) {
          this.problem(
            'warning',
            'task-json',
            taskDisplay,
            `not valid JSON (${jsonErrorMessage(err)}); the task counts with no field`,
          );
        }
      } else if (!manifest.remote) {
        // A remote suite's task files live in the fetch cache; a local one should have them.
        this.problem(
          'warning',
          'task-no-json',
          taskDisplay,
          'task listed in suite.json has no task.json; it counts with no field, and whether it has checked truth is taken from each judgment record',
        );
      }
      fields.push(field);
      splits.push(split);
      verified.push(hasTruth);
    }
    const sealedTasks = await this.sealedTasks(join(dir, 'sealed.json'), `${display}/sealed.json`);
    return {
      manifest,
      fields,
      splits,
      ...(TRACKS[manifest.track].leaderboard.checkedTruth ? { verified } : {}),
      ...(sealedTasks ? { sealedTasks } : {}),
    };
  }

  /** The task ids a suite's `sealed.json` holds material for (undefined when it has none). */
  private async sealedTasks(path: string, display: string): Promise<string[] | undefined> {
    const text = await this.text(path, display);
    if (text === undefined) return undefined;
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch (err) {
      this.problem('error', 'sealed-json', display, `not valid JSON: ${jsonErrorMessage(err)}`);
      return undefined;
    }
    const parsed = SealedBundle.safeParse(json);
    if (!parsed.success) {
      this.problem('error', 'sealed-json', display, 'not a sealed bundle (refig suite seal)');
      return undefined;
    }
    return Object.keys(parsed.data.tasks).sort();
  }

  async submission(
    dir: string,
    display: string,
    folder: string,
    resultsDir?: string,
  ): Promise<LoadedSubmission | undefined> {
    const manifestDisplay = `${display}/submission.yml`;
    const text = await this.text(join(dir, 'submission.yml'), manifestDisplay);
    if (text === undefined) {
      this.problem(
        'error',
        'submission-no-manifest',
        display,
        'submission folder has no submission.yml; left out of the board',
      );
      return undefined;
    }
    const read = readSubmissionManifest(text, manifestDisplay);
    this.problems.push(...read.problems);
    if (!read.value) {
      this.problem(
        'error',
        'submission-left-out',
        manifestDisplay,
        'invalid submission.yml; the submission is left out of the board',
      );
      return undefined;
    }
    if (read.value.id !== folder) {
      this.problem(
        'error',
        'submission-id-mismatch',
        manifestDisplay,
        `id "${read.value.id}" differs from the folder name "${folder}"; left out of the board`,
      );
      return undefined;
    }
    const results = resultsDir ?? join(dir, RESULTS_DIR);
    const track = TRACKS[read.value.track];
    const runs: LoadedJudgeRun[] = [];
    for (const judge of await listDir(join(results, RESULT_FILES.judgments), 'dirs')) {
      for (const file of await listDir(join(results, RESULT_FILES.judgments, judge), 'files')) {
        const run = parseRunFile(file);
        const fileDisplay = `${display}/results/judgments/${judge}/${file}`;
        if (run === null) {
          this.problem(
            'warning',
            'judgment-file-name',
            fileDisplay,
            'expected run-<k>.jsonl; file ignored',
          );
          continue;
        }
        const runText = await this.text(
          join(results, RESULT_FILES.judgments, judge, file),
          fileDisplay,
        );
        if (runText === undefined) continue;
        // Each track's run files hold its own record schema (a style entry's: the LLM vision channel's).
        const records = this.jsonl(runText, fileDisplay, track.judgmentRecordSchema).map(
          ({ value, line }) => {
            if (value.judge !== judge || value.run !== run || value.submission !== folder) {
              this.problem(
                'warning',
                'judgment-misfiled',
                fileDisplay,
                `record says judge "${value.judge}", run ${value.run}, submission "${value.submission}"; the file's place wins`,
                line,
              );
            }
            return { ...value, judge, run, submission: folder };
          },
        );
        runs.push({ judge, run, records });
      }
    }
    const records = async <S extends z.ZodType>(name: string, schema: S) => {
      const t = await this.text(join(results, name), `${display}/results/${name}`);
      return t === undefined
        ? []
        : this.jsonl(t, `${display}/results/${name}`, schema).map((r) => r.value);
    };
    const { judgments, styleJudgments } = track.leaderboard.placeJudgments(runs);
    return {
      id: folder,
      manifest: read.value,
      judgments,
      artifacts: await records(RESULT_FILES.artifacts, ArtifactRecord),
      effort: await records(RESULT_FILES.effort, EffortRecord),
      style: await records(RESULT_FILES.style, StyleRecord),
      ...(styleJudgments ? { styleJudgments } : {}),
    };
  }

  async annotations(path: string, display: string): Promise<LocatedAnnotation[]> {
    const text = await this.text(path, display);
    if (text === undefined) return [];
    return this.jsonl(text, display, Annotation).map(({ value, line }) => ({
      annotation: value,
      file: display,
      line,
    }));
  }
}
