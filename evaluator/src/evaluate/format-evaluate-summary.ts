import { compareCodeUnits } from '../util/compare-code-units.ts';
import { AXES } from '../judge/rubric.ts';
import type { NotScoredTask } from '../schemas/not-scored.schema.ts';
import type { RefigSummary, StyleSummary } from '../schemas/summary.schema.ts';
import { describeNotScored } from '../suite/sealed-access.ts';

const fmt = (x: number | null, d = 1) => (x === null ? '–' : x.toFixed(d));

/**
 * The human summary `refig evaluate` prints: tasks, gate failures by reason, missing tasks,
 * and per judge the mean final score with axis means per run.
 */
export function formatEvaluateSummary(s: RefigSummary): string {
  const out: string[] = [];
  const t = s.tasks;
  out.push(
    `${s.submission} · suite ${s.suite.name} ${s.suite.version} · ${t.total} tasks: ${t.present} with an artifact, ${t.missing.length} missing`,
  );
  const reasons = Object.entries(t.gateFailures).sort(([a], [b]) => compareCodeUnits(a, b));
  out.push(
    `gate: ${t.gatePassed} passed, ${t.gateFailed.length} failed${reasons.length ? ` (${reasons.map(([r, n]) => `${r} ${n}`).join(', ')})` : ''}${t.capped ? ` · ${t.capped} capped at the flattening cap` : ''}`,
  );
  if (t.missing.length > 0) out.push(`missing (score 0): ${t.missing.join(', ')}`);
  out.push(...notScoredBlock(t.notScored ?? []));
  for (const g of t.gateFailed)
    out.push(
      `  gate failed ${g.task}: ${g.reason ?? '?'}${g.detail ? ` — ${g.detail.slice(0, 160)}` : ''}`,
    );
  const flags = Object.entries(t.flags).sort(([a], [b]) => compareCodeUnits(a, b));
  if (flags.length) out.push(`audit flags: ${flags.map(([f, n]) => `${f} ${n}`).join(', ')}`);
  out.push('');
  out.push(
    ['judge', 'run', 'mean', ...AXES, 'ok', 'failed', 'cost']
      .map((h, i) => (i === 0 ? h.padEnd(18) : h.padStart(7)))
      .join(''),
  );
  for (const j of s.judges) {
    if (j.status === 'skipped') {
      out.push(`${j.id.padEnd(18)}skipped: ${j.note ?? ''}`);
      continue;
    }
    for (const r of j.runs) {
      const cells = [
        String(r.run),
        fmt(r.mean),
        ...AXES.map((a) => fmt(r.axes[a])),
        String(r.ok),
        String(r.failed),
        r.costUsd === null ? '–' : `$${r.costUsd.toFixed(3)}`,
      ];
      out.push(
        `${(r.run === 1 ? `${j.id}${j.primary ? '*' : ''}` : '').padEnd(18)}${cells.map((c) => c.padStart(7)).join('')}`,
      );
    }
    if (j.runs.length > 1)
      out.push(`${''.padEnd(18)}${'mean'.padStart(7)}${fmt(j.mean).padStart(7)}`);
    if (j.status === 'stopped') out.push(`${''.padEnd(18)}stopped: ${j.note ?? ''}`);
    for (const r of j.runs)
      if (r.failedTasks.length)
        out.push(
          `${''.padEnd(18)}run ${r.run} failed judgments (no score, excluded): ${r.failedTasks.join(', ')}`,
        );
  }
  out.push(`* primary judge: ${s.primaryJudge}`);
  return `${out.join('\n')}\n`;
}

/**
 * The human summary of a style-track evaluation (the style pipeline's own summary, read
 * defensively: only the fields it documents are used).
 */
export function formatStyleSummary(s: StyleSummary): string {
  const x = s as StyleSummary & {
    suite?: { name?: string; version?: string };
    tasks?: {
      total?: number;
      ok?: number;
      missing?: string[];
      failed?: { task: string; code: string }[];
      sealed?: string[];
      notScored?: NotScoredTask[];
    };
    scores?: { S?: number; code?: number; vision?: number };
    defects?: Record<string, number>;
    llmVision?: {
      judge: string;
      family: string;
      runs: number;
      status: string;
      note: string | null;
      records: { ok: number; failed: number; noCandidate: number };
      vision: number | null;
    }[];
  };
  const out: string[] = [];
  const t = x.tasks ?? {};
  out.push(
    `${s.submission} · suite ${x.suite?.name ?? '?'} ${x.suite?.version ?? ''} · ${t.total ?? '?'} tasks: ${t.ok ?? '?'} scored, ${t.missing?.length ?? 0} missing, ${t.failed?.length ?? 0} failed`,
  );
  if (x.scores)
    out.push(
      `S = ${fmt(x.scores.S ?? null)} (code ${fmt(x.scores.code ?? null)}, vision ${fmt(x.scores.vision ?? null)}); missing and failed tasks count 0`,
    );
  if (t.missing?.length) out.push(`missing (score 0): ${t.missing.join(', ')}`);
  for (const f of t.failed ?? []) out.push(`  failed ${f.task}: ${f.code}`);
  out.push(
    ...notScoredBlock(
      t.notScored ?? (t.sealed ?? []).map((task) => ({ task, code: 'suite-key-missing' as const })),
    ),
  );
  const defects = Object.entries(x.defects ?? {}).sort(([a], [b]) => compareCodeUnits(a, b));
  if (defects.length)
    out.push(`vision defects: ${defects.map(([k, n]) => `${k} ${n}`).join(', ')}`);
  for (const j of x.llmVision ?? [])
    out.push(
      `LLM vision judge ${j.judge} (${j.family}, ${j.runs} run${j.runs === 1 ? '' : 's'}): S_vision ${fmt(j.vision)} over ${j.records.ok} judged record(s); ${j.records.failed} failed (no score), ${j.records.noCandidate} without a rendering${j.status === 'stopped' ? ` — STOPPED: ${j.note ?? ''}` : ''}`,
    );
  return `${out.join('\n')}\n`;
}

/**
 * Hidden tasks a run could not score, one line per cause: `NOT SCORED [code] (cause; left out of
 * the means): a, b`.
 */
function notScoredBlock(list: readonly NotScoredTask[]): string[] {
  const byCode = new Map<string, string[]>();
  for (const n of list) byCode.set(n.code, [...(byCode.get(n.code) ?? []), n.task]);
  return [...byCode.entries()]
    .sort(([a], [b]) => compareCodeUnits(a, b))
    .map(
      ([code, tasks]) =>
        `NOT SCORED [${code}] (${describeNotScored(code as NotScoredTask['code'])}; left out of the means, never 0): ${tasks.join(', ')}`,
    );
}
