import { cp, mkdir, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { LoadedConfig } from '@figboard/evaluator/config';
import { summarizeResults } from '@figboard/evaluator/evaluate';
import { FigboardError } from '@figboard/evaluator/errors';
import { readJsonl } from '@figboard/evaluator/records';
import type { SubmissionManifest } from '@figboard/evaluator/schemas';
import { RefigSummary } from '@figboard/evaluator/schemas';
import { stableStringify, writeFileAtomic } from '@figboard/evaluator/util';
import {
  listResultFiles,
  RESULT_FILES,
  recordSchemaFor,
  writeSummary,
} from '@figboard/evaluator/results';
import { compareCodeUnits } from '@figboard/evaluator/util';
import { ACTION_TRACKS } from './tracks/index.ts';

/**
 * Combines the `results/` folders several shards wrote for one submission into exactly the
 * files one unsharded run writes: every JSONL file holds the union of the shards' records, one
 * per task, sorted by task id and serialised the way the evaluator canonicalises them; renders
 * are copied; `summary.json` is rebuilt from the merged files with the evaluator's own
 * summariser. A task that two shards both scored differently is an error (shards overlap).
 *
 * Kept on purpose beside `evaluateSubmission`, which could also produce the merged folder: it
 * would have to score the whole submission again, downloading its archives and calling every
 * LLM judge a second time, where merging only reads what the shards already wrote.
 */
export async function mergeShardResults(opts: {
  shardResultDirs: readonly string[];
  outResultsDir: string;
  manifest: SubmissionManifest;
  /** Suite task ids (the denominator of the summary). */
  tasks: readonly string[];
  config: LoadedConfig;
}): Promise<RefigSummary> {
  if (!ACTION_TRACKS[opts.manifest.track].mergesShards) {
    throw new FigboardError(
      `merging shards is not implemented for the ${opts.manifest.track} track`,
      {
        code: 'merge-style',
        where: opts.manifest.id,
        hint: 'score style submissions with shard-count 1',
      },
    );
  }
  const records = new Map<string, Map<string, { line: string; shard: string }>>();
  const copies = new Map<string, string>();
  const shardSummaries: RefigSummary[] = [];
  for (const dir of opts.shardResultDirs) {
    for (const rel of await listResultFiles(dir)) {
      const schema = recordSchemaFor(rel);
      if (schema) {
        const read = await readJsonl(join(dir, rel), schema);
        if (read.problems.some((p) => p.severity === 'error')) {
          throw new FigboardError('a shard wrote unreadable records', {
            code: 'merge-bad-shard',
            where: join(dir, rel),
            got: read.problems[0]!.message,
          });
        }
        const byTask = records.get(rel) ?? new Map<string, { line: string; shard: string }>();
        for (const r of read.records) {
          const line = stableStringify(r);
          const prev = byTask.get(r.task);
          if (prev && prev.line !== line) {
            throw new FigboardError(
              `task ${r.task} was scored by two shards with different results`,
              {
                code: 'merge-overlap',
                where: rel,
                expected: 'each task in exactly one shard (same shard-count in every job)',
                got: `${prev.shard} and ${dir}`,
              },
            );
          }
          byTask.set(r.task, { line, shard: dir });
        }
        records.set(rel, byTask);
      } else if (rel === RESULT_FILES.summary) {
        const parsed = RefigSummary.safeParse(JSON.parse(await readFile(join(dir, rel), 'utf8')));
        if (parsed.success) shardSummaries.push(parsed.data);
      } else if (rel.startsWith(`${RESULT_FILES.renders}/`)) {
        copies.set(rel, join(dir, rel));
      }
    }
  }

  await rm(opts.outResultsDir, { recursive: true, force: true });
  await mkdir(opts.outResultsDir, { recursive: true });
  for (const [rel, byTask] of [...records].sort(([a], [b]) => (a < b ? -1 : 1))) {
    const sorted = [...byTask.entries()]
      .sort(([a], [b]) => compareCodeUnits(a, b))
      .map(([, v]) => `${v.line}\n`);
    await mkdir(join(opts.outResultsDir, rel, '..'), { recursive: true });
    await writeFileAtomic(join(opts.outResultsDir, rel), sorted.join(''));
  }
  for (const [rel, from] of [...copies].sort(([a], [b]) => (a < b ? -1 : 1))) {
    await mkdir(join(opts.outResultsDir, rel, '..'), { recursive: true });
    await cp(from, join(opts.outResultsDir, rel));
  }

  // The judges that ran: the union over shards; a judge that stopped in any shard stopped.
  const judges = new Map(opts.config.judges.map((j) => [j.id, j]));
  const runners = new Map<
    string,
    {
      judge: (typeof opts.config.judges)[number];
      runs: number;
      status: 'ran' | 'stopped';
      note: string | null;
    }
  >();
  for (const s of shardSummaries) {
    for (const j of s.judges) {
      const judge = judges.get(j.id);
      if (!judge || j.status === 'skipped') continue;
      const prev = runners.get(j.id);
      const stopped = j.status === 'stopped' || prev?.status === 'stopped';
      runners.set(j.id, {
        judge,
        runs: Math.max(prev?.runs ?? 0, j.runs.length),
        status: stopped ? 'stopped' : 'ran',
        note: prev?.note ?? j.note,
      });
    }
  }
  // Map keeps first-seen order: the order the shards (and so an unsharded run) listed the judges in.
  const ordered = [...runners.values()];
  // Hidden tasks a shard could not score (sealed truth, no key) stay out of the denominator and
  // are listed, as one unsharded run lists them.
  const notScored = shardSummaries.flatMap((s) => s.tasks.notScored ?? []);
  const unscored = new Set(notScored.map((n) => n.task));
  const summary = await summarizeResults({
    resultsDir: opts.outResultsDir,
    manifest: opts.manifest,
    tasks: [...opts.tasks].filter((t) => !unscored.has(t)).sort(),
    notScored,
    config: opts.config,
    runners: ordered,
  });
  await writeSummary(opts.outResultsDir, summary);
  return summary;
}
