import { copyFile, mkdir, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { LoadedConfig } from '@figboard/evaluator/config';
import {
  estimateJudgingCost,
  type JudgeHistory,
  type JudgeToEstimate,
} from '@figboard/evaluator/judge';
import type { LeaderboardInputs, LoadedSubmission } from '@figboard/evaluator/leaderboard';
import type { BundleInsights } from '@figboard/evaluator/schemas';
import { configurationId } from '@figboard/evaluator/schemas';
import {
  compareEntries,
  type EntryFingerprint,
  layoutKeys,
  type TaskFingerprint,
} from '@figboard/evaluator/similarity';
import { renderDhash } from '@figboard/evaluator/similarity';
import { stableStringify } from '@figboard/evaluator/util';
import { RESULTS_DIR, RESULT_FILES } from '@figboard/evaluator/results';
import { errorLogFirstLine } from '@figboard/evaluator/validate';
import { ACTION_TRACKS, type TrackId } from './tracks/index.ts';

/** Best and worst tasks whose renderings travel in the bundle (each end). */
const PREVIEWS_PER_END = 3;
/** A rendering larger than this is not copied (a preview, not an archive). */
const MAX_PREVIEW_BYTES = 4 * 1024 * 1024;
/** Entries listed as alike, most alike first. */
const MAX_SIMILAR = 10;

type Entry = BundleInsights['entries'][number];

/**
 * What the maintainer's comment shows beside the scores, for each entry of the pull request:
 * entries already on its suite that it resembles (identical decks, near-identical decks,
 * renderings), the renderings of its best and worst tasks (copied into `previews/` for the bot
 * to publish), what judging it with each configured LLM judge of its track would cost, and the
 * tasks it did not answer (crashed, with the error.log's first line, or never run). Everything is
 * derived from data in the repository and the entry's trusted results, never from the clock.
 */
export async function buildBundleInsights(opts: {
  repoDir: string;
  inputs: LeaderboardInputs;
  entries: readonly string[];
  config: LoadedConfig;
  primaryJudge: string;
  outDir: string;
}): Promise<BundleInsights> {
  const { inputs, repoDir } = opts;
  const fingerprints = new Map<string, Promise<EntryFingerprint>>();
  const fingerprintOf = (s: LoadedSubmission) => {
    let f = fingerprints.get(s.id);
    if (!f) {
      f = fingerprint(repoDir, s);
      fingerprints.set(s.id, f);
    }
    return f;
  };
  const entries: Entry[] = [];
  for (const id of [...opts.entries].sort()) {
    const sub = inputs.submissions.find((s) => s.id === id);
    if (!sub) continue;
    const suite = sub.manifest.suite.name;
    const track = ACTION_TRACKS[sub.manifest.track];

    // 1. entries of the same suite it resembles
    const similar: Entry['similar'] = [];
    if (track.comparesDecks) {
      const mine = await fingerprintOf(sub);
      for (const other of inputs.submissions) {
        if (opts.entries.includes(other.id) || other.manifest.suite.name !== suite) continue;
        if (other.manifest.track !== track.id) continue;
        const s = compareEntries(mine, await fingerprintOf(other));
        if (s.commonTasks === 0) continue;
        similar.push({
          submission: other.id,
          configuration: configurationId(other.manifest),
          team: other.manifest.team,
          ...s,
          layoutSimilarity: s.layoutSimilarity === null ? null : round(s.layoutSimilarity),
        });
      }
      const rank = (v: Entry['similar'][number]['verdict']) =>
        v === 'identical' ? 0 : v === 'near-duplicate' ? 1 : 2;
      similar.sort(
        (a, b) =>
          rank(a.verdict) - rank(b.verdict) ||
          b.identicalDecks + b.nearDecks - (a.identicalDecks + a.nearDecks) ||
          (b.layoutSimilarity ?? 0) - (a.layoutSimilarity ?? 0) ||
          (a.submission < b.submission ? -1 : 1),
      );
    }

    // 2. best and worst tasks by the primary judge's run 1, with their renderings
    const previews: Entry['previews'] = [];
    const judged = (
      sub.judgments.find((j) => j.judge === opts.primaryJudge && j.run === 1)?.records ?? []
    )
      .filter((r) => r.final !== null && r.status !== 'missing')
      .map((r) => ({ task: r.task, final: r.final! }));
    const byScore = [...judged].sort((a, b) => b.final - a.final || (a.task < b.task ? -1 : 1));
    const best = byScore.slice(0, PREVIEWS_PER_END);
    const worst = byScore.slice(PREVIEWS_PER_END).reverse().slice(0, PREVIEWS_PER_END);
    for (const [kind, list] of [
      ['best', best],
      ['worst', worst],
    ] as const) {
      for (const t of list) {
        const src = join(
          repoDir,
          'submissions',
          id,
          RESULTS_DIR,
          RESULT_FILES.renders,
          `${t.task}.png`,
        );
        const size = (await stat(src).catch(() => null))?.size ?? 0;
        let file: string | null = null;
        if (size > 0 && size <= MAX_PREVIEW_BYTES && /^[A-Za-z0-9._-]+$/.test(t.task)) {
          file = `previews/${id}/${t.task}.png`;
          await mkdir(join(opts.outDir, 'previews', id), { recursive: true });
          await copyFile(src, join(opts.outDir, file));
        }
        previews.push({ task: t.task, kind, final: t.final, file });
      }
    }

    // 3. what judging it with the LLM judges of its track would cost
    const estimate = estimateJudgingCost(
      llmJudges(opts.config, track.id),
      await track.judgeRequests(repoDir, sub, opts.config),
      judgeHistory(inputs.submissions.filter((s) => !opts.entries.includes(s.id))),
    );

    // 4. the tasks it did not answer: crashed (an error.log, quoted) or never run (no folder)
    // (an entry delivered as an archive has no artifacts folder here: its tasks stay unexplained)
    const unanswered: NonNullable<Entry['unanswered']> = [];
    const artifacts = join(repoDir, 'submissions', id, 'artifacts');
    const inRepo = (await stat(artifacts).catch(() => null))?.isDirectory() ?? false;
    for (const task of inRepo ? track.unanswered(sub) : []) {
      const dir = join(artifacts, task);
      if (!/^[A-Za-z0-9._-]+$/.test(task)) continue;
      const log = join(dir, 'error.log');
      if ((await stat(log).catch(() => null))?.isFile())
        unanswered.push({ task, kind: 'crashed', firstLine: await errorLogFirstLine(log) });
      else if (!(await stat(dir).catch(() => null)))
        unanswered.push({ task, kind: 'never-run', firstLine: null });
    }
    entries.push({
      submission: id,
      suite,
      similar: similar.slice(0, MAX_SIMILAR),
      previews,
      estimate,
      unanswered,
    });
  }
  const insights: BundleInsights = { schemaVersion: 1, entries };
  await mkdir(opts.outDir, { recursive: true });
  await writeFile(join(opts.outDir, 'insights.json'), `${stableStringify(insights, 2)}\n`);
  return insights;
}

const round = (x: number) => Math.round(x * 1e4) / 1e4;

/** Deck hash, layout and rendering hash of every task an entry has a deck that passed the gate for. */
async function fingerprint(repoDir: string, sub: LoadedSubmission): Promise<EntryFingerprint> {
  const out = new Map<string, TaskFingerprint>();
  for (const rec of [...sub.artifacts].sort((a, b) => (a.task < b.task ? -1 : 1))) {
    const audit = rec.audit;
    if (!audit?.gate.passed || !/^[A-Za-z0-9._-]+$/.test(rec.task)) continue;
    const png = join(
      repoDir,
      'submissions',
      sub.id,
      RESULTS_DIR,
      RESULT_FILES.renders,
      `${rec.task}.png`,
    );
    const exists = (await stat(png).catch(() => null))?.isFile() ?? false;
    out.set(rec.task, {
      deck: audit.sha256,
      layout: layoutKeys(audit),
      render: exists ? await renderDhash(png) : null,
    });
  }
  return out;
}

/**
 * The configured LLM judges of the track (`tracks:` of each), runnable or skipped for want of a
 * key: what approval would start.
 */
function llmJudges(config: LoadedConfig, track: TrackId): JudgeToEstimate[] {
  return [
    ...config.judges.flatMap((j) =>
      j.kind === 'llm' && j.config.tracks.includes(track)
        ? [{ id: j.id, model: j.model, runs: j.runs, prices: j.config.prices }]
        : [],
    ),
    ...config.skipped
      .filter((j) => j.tracks.includes(track))
      .map((j) => ({ id: j.id, model: j.model, runs: j.runs, prices: j.prices })),
  ].sort((a, b) => (a.id < b.id ? -1 : 1));
}

/** Tokens earlier verdicts of each judge used (ok records that report usage). */
function judgeHistory(subs: readonly LoadedSubmission[]): Map<string, JudgeHistory> {
  const out = new Map<string, JudgeHistory>();
  for (const s of subs)
    for (const run of s.judgments)
      for (const r of run.records) {
        if (r.status !== 'ok' || !r.usage) continue;
        const h = out.get(r.judge) ?? { judgments: 0, inputTokens: 0, outputTokens: 0 };
        h.judgments++;
        h.inputTokens += r.usage.inputTokens;
        h.outputTokens += r.usage.outputTokens;
        out.set(r.judge, h);
      }
  return out;
}
