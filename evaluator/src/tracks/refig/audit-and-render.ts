import { lstat } from 'node:fs/promises';
import { join } from 'node:path';
import { applyRenderGate } from '../../audit/apply-render-gate.ts';
import { environmentErrorFrom } from '../../errors/environment-error.ts';
import { appendJsonl } from '../../records/jsonl-file.ts';
import type { RenderJob } from '../../render/renderer.ts';
import { RESULT_FILES } from '../../results/results-layout.ts';
import {
  ArtifactRecord,
  type AuditRecord,
  type RenderResult,
} from '../../schemas/audit-record.schema.ts';
import { scorersFor } from '../../scorers/record-scorers.ts';
import type { LoadedTask } from '../../suite/load-suite.ts';
import { sha256File } from '../../util/sha256.ts';
import { deckInputHash, missingDeckInputHash } from './artifact-input-hash.ts';
import type { RefigRun } from './refig-run.ts';

/** Decks audited (and held in memory) per round before they are rendered as one batch. */
const ROUND_SIZE = 200;

/**
 * Step 4: gate + audit + render per task, resumed from artifacts.jsonl. Returns every task's
 * artifact record (reused or new).
 */
export async function auditAndRender(
  run: RefigRun,
  tasks: readonly LoadedTask[],
  previous: ReadonlyMap<string, ArtifactRecord>,
): Promise<Map<string, ArtifactRecord>> {
  const { manifest, ports, options, scoring, work, rescoring } = run;
  const artifactsFile = join(run.resultsDir, RESULT_FILES.artifacts);
  const rendersDir = join(run.resultsDir, RESULT_FILES.renders);
  const artifactScorers = scorersFor('artifact', run.versions);
  const artifacts = new Map<string, ArtifactRecord>();
  const todo: { task: LoadedTask; deck: string; deckSha: string; inputHash: string }[] = [];
  for (const task of tasks) {
    const deck = join(run.artifactsDir, task.id, 'output.pptx');
    const info = await lstat(deck).catch(() => null);
    if (!info?.isFile()) {
      const record: ArtifactRecord = {
        task: task.id,
        submission: manifest.id,
        status: 'missing',
        audit: null,
        scorers: artifactScorers,
        inputHash: missingDeckInputHash(artifactScorers),
      };
      const prev = previous.get(task.id);
      if (!prev || prev.inputHash !== record.inputHash) {
        rescoring.note(RESULT_FILES.artifacts, prev?.scorers, artifactScorers, prev !== undefined);
        await appendJsonl(artifactsFile, ArtifactRecord, [record]);
      }
      artifacts.set(task.id, record);
      continue;
    }
    const deckSha = await sha256File(deck);
    const inputHash = deckInputHash(deckSha, artifactScorers, scoring);
    const prev = previous.get(task.id);
    const renderOk = prev?.audit?.render?.passed
      ? await exists(join(rendersDir, `${task.id}.png`))
      : true;
    if (
      prev &&
      prev.inputHash === inputHash &&
      prev.status === 'ok' &&
      renderOk &&
      !renderAgain(prev, options.retryFailed ?? false)
    ) {
      artifacts.set(task.id, prev);
      work.reusedArtifacts += 1;
    } else {
      rescoring.note(RESULT_FILES.artifacts, prev?.scorers, artifactScorers, prev !== undefined);
      todo.push({ task, deck, deckSha, inputHash });
    }
  }
  rescoring.announce(RESULT_FILES.artifacts, ports.log);
  if (todo.length === 0) return artifacts;
  const bar = ports.progress();
  bar.start(todo.length, 'audit+render');
  for (let i = 0; i < todo.length; i += ROUND_SIZE) {
    const round = todo.slice(i, i + ROUND_SIZE);
    // Records are appended one by one, in a chain: each task is saved as soon as it is final
    // (renders report through onResult), so a killed run redoes at most the decks in flight.
    let saving: Promise<void> = Promise.resolve();
    let saveError: unknown = null;
    const save = (t: (typeof todo)[number], audit: AuditRecord) => {
      const record: ArtifactRecord = {
        task: t.task.id,
        submission: manifest.id,
        status: 'ok',
        audit,
        scorers: artifactScorers,
        inputHash: t.inputHash,
      };
      artifacts.set(record.task, record);
      work.audited += 1;
      bar.tick(t.task.id);
      saving = saving
        .then(() =>
          saveError === null ? appendJsonl(artifactsFile, ArtifactRecord, [record]) : undefined,
        )
        .catch((err: unknown) => {
          saveError ??= err; // e.g. a full disk: reported after the renders in flight settle
        });
    };
    const audits = new Map<string, AuditRecord>();
    for (const t of round) {
      const audit = await ports.auditDeck(t.deck, {
        name: `artifacts/${t.task.id}/output.pptx`,
        cap: scoring.cap,
      });
      if (audit.gate.passed) audits.set(t.task.id, audit);
      else save(t, audit); // refused by the reader: nothing to render
    }
    const byId = new Map(round.map((t) => [t.task.id, t] as const));
    const jobs: RenderJob[] = round
      .filter((t) => audits.has(t.task.id))
      .map((t) => ({ id: t.task.id, path: t.deck }));
    const done = new Set<string>();
    const finish = (id: string, render: RenderResult) => {
      if (done.has(id)) return;
      done.add(id);
      // The render gate: a deck that does not render (or renders to ≠ 1 page) fails g(P).
      save(byId.get(id)!, applyRenderGate(audits.get(id)!, render, scoring.cap));
    };
    if (jobs.length > 0) {
      let results: Map<string, RenderResult>;
      try {
        results = await ports.renderer.render(jobs, {
          outDir: rendersDir,
          dpi: scoring.render.dpi,
          workers: options.workers,
          timeoutMs: scoring.render.timeoutSeconds * 1000,
          onResult: finish,
          measureRasters: true,
        });
      } catch (err) {
        // The machine failed (disk full, a broken LibreOffice): keep what finished, record
        // nothing for the rest, and stop — a re-run renders them again.
        await saving;
        bar.stop();
        throw environmentErrorFrom(err, 'rendering decks') ?? err;
      }
      // A renderer that does not stream results still returns them all.
      for (const job of jobs)
        finish(
          job.id,
          results.get(job.id) ?? {
            passed: false,
            reason: 'render-failed',
            detail: 'the renderer returned no result for this deck',
            pages: null,
            png: null,
            width: null,
            height: null,
          },
        );
    }
    await saving;
    if (saveError !== null) {
      bar.stop();
      throw environmentErrorFrom(saveError, `writing ${artifactsFile}`) ?? saveError;
    }
  }
  bar.stop();
  return artifacts;
}

/**
 * Whether a recorded render failure is done again: with `--retry-failed` every render failure
 * (render-failed, render-timeout); always one that older versions recorded for an error of the
 * machine ("renderer error: …"), which was never the deck's fault.
 */
function renderAgain(prev: ArtifactRecord, retryFailed: boolean): boolean {
  const gate = prev.audit?.gate;
  if (!gate || gate.passed) return false;
  if (gate.detail?.startsWith('renderer error:')) return true;
  return retryFailed && (gate.reason === 'render-failed' || gate.reason === 'render-timeout');
}

async function exists(path: string): Promise<boolean> {
  return (await lstat(path).catch(() => null))?.isFile() ?? false;
}
