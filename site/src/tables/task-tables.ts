import { AXES } from '@figboard/evaluator/judge';
import type { SubmissionEntry, TaskEntry } from '../data/load-site-data.ts';
import { int, num, usd } from '../lib/format.ts';
import { siteUrl } from '../lib/site-url.ts';
import type { TableModel } from './table-model.ts';

const taskHref = (suite: string, id: string) => siteUrl(`tasks/${suite}/${id}/`);

/** One page of the task index: each task's field, mean and best score, failures. */
export function taskIndexTable(tasks: readonly TaskEntry[], page: number): TableModel {
  return {
    id: `tasks-page-${page}`,
    caption: `Tasks (page ${page})`,
    rowHeader: 'task',
    sortedBy: { key: 'task', direction: 'ascending' },
    columns: [
      { key: 'task', label: 'Task' },
      { key: 'suite', label: 'Suite' },
      { key: 'field', label: 'Field' },
      {
        key: 'split',
        label: 'Split',
        description: 'hidden: the checked truth is sealed (scored only with the maintainers’ key)',
      },
      { key: 'results', label: 'Configurations', numeric: true },
      {
        key: 'mean',
        label: 'Mean',
        numeric: true,
        description: 'Mean final score over configurations',
      },
      { key: 'best', label: 'Best', numeric: true },
      { key: 'failures', label: 'Gate failures', numeric: true },
    ],
    rows: tasks.map((t) => {
      const finals = t.results.map((r) => r.final).filter((x): x is number => x !== null);
      const mean = finals.length ? finals.reduce((a, b) => a + b, 0) / finals.length : null;
      return {
        cells: {
          task: { v: t.id, href: taskHref(t.suite, t.id) },
          suite: { v: t.suite },
          field: { v: t.field },
          split: { v: t.hidden ? 'hidden' : 'public' },
          results: { v: t.results.length },
          mean: { v: mean === null ? null : Number(mean.toFixed(2)), t: num(mean) },
          best: {
            v: finals.length ? Math.max(...finals) : null,
            t: num(finals.length ? Math.max(...finals) : null),
          },
          failures: { v: t.results.filter((r) => !r.gate.passed).length },
        },
      };
    }),
  };
}

/** Every (task, configuration) result in long format — the CSV behind the task pages. */
export function taskResultsTable(tasks: readonly TaskEntry[]): TableModel {
  return {
    id: 'task-results',
    caption: 'Per-task results of every configuration',
    rowHeader: 'task',
    columns: [
      { key: 'suite', label: 'Suite' },
      { key: 'task', label: 'Task' },
      { key: 'field', label: 'Field' },
      { key: 'submission', label: 'Submission' },
      { key: 'configuration', label: 'Configuration' },
      { key: 'final', label: 'Final', numeric: true },
      ...AXES.map((a) => ({ key: a, label: a, numeric: true })),
      { key: 'gate', label: 'Gate passed' },
      { key: 'reason', label: 'Gate reason' },
      { key: 'cap', label: 'Cap', numeric: true },
    ],
    rows: tasks.flatMap((t) =>
      t.results.map((r) => ({
        cells: {
          suite: { v: t.suite },
          task: { v: t.id },
          field: { v: t.field },
          submission: { v: r.submission },
          configuration: { v: r.configuration },
          final: { v: r.final },
          T: { v: r.subscores?.T ?? null },
          S: { v: r.subscores?.S ?? null },
          L: { v: r.subscores?.L ?? null },
          E: { v: r.subscores?.E ?? null },
          V: { v: r.subscores?.V ?? null },
          gate: { v: r.gate.passed ? 'yes' : 'no' },
          reason: { v: r.gate.reason },
          cap: { v: r.cap },
        },
      })),
    ),
  };
}

/** A submission's per-task scores and effort (turns, tool calls, tokens, cost, duration). */
export function submissionTasksTable(s: SubmissionEntry): TableModel {
  return {
    id: `submission-${s.id}-tasks`,
    caption: `Per-task results of ${s.id}`,
    rowHeader: 'task',
    sortedBy: { key: 'task', direction: 'ascending' },
    columns: [
      { key: 'suite', label: 'Suite', show: false },
      { key: 'task', label: 'Task' },
      { key: 'final', label: 'Final', numeric: true },
      { key: 'gate', label: 'Gate' },
      { key: 'turns', label: 'Turns', numeric: true },
      { key: 'tools', label: 'Tool calls', numeric: true },
      { key: 'tokens', label: 'Total tokens', numeric: true },
      { key: 'cost', label: 'Cost', numeric: true },
      { key: 'duration', label: 'Duration (s)', numeric: true },
    ],
    rows: s.tasks.map((t) => ({
      cells: {
        suite: { v: t.suite },
        task: { v: t.task, href: taskHref(t.suite, t.task) },
        final: { v: t.final, t: num(t.final) },
        gate: { v: t.gate.passed ? 'passed' : `failed: ${t.gate.reason ?? 'unknown'}` },
        turns: { v: t.effort?.turns ?? null, t: int(t.effort?.turns ?? null) },
        tools: { v: t.effort?.toolCalls ?? null, t: int(t.effort?.toolCalls ?? null) },
        tokens: { v: t.effort?.totalTokens ?? null, t: int(t.effort?.totalTokens ?? null) },
        cost: { v: t.effort?.costUsd ?? null, t: usd(t.effort?.costUsd ?? null) },
        duration: {
          v: t.effort?.durationMs == null ? null : t.effort.durationMs / 1000,
          t: num(t.effort?.durationMs == null ? null : t.effort.durationMs / 1000, 0),
        },
      },
    })),
  };
}

/**
 * The task × entry matrix of one index page (SWE-bench's and Terminal-Bench's per-task view):
 * a row per task, a column per submission that has results on the suite, each cell the final
 * score linking to that entry's result on the task page. Column order: best mean first.
 */
export function taskMatrixTable(
  tasks: readonly TaskEntry[],
  page: number,
  entries: readonly { submission: string; label: string }[],
): TableModel {
  return {
    id: `task-matrix-${page}`,
    caption: `Task × entry scores (page ${page})`,
    description:
      'Each cell is the entry’s final score on the task (— none); it links to that result on the task page.',
    rowHeader: 'task',
    columns: [
      { key: 'task', label: 'Task' },
      ...entries.map((e, i) => ({ key: `e${i}`, label: e.label, numeric: true })),
    ],
    rows: tasks.map((t) => {
      const bySub = new Map(t.results.map((r) => [r.submission, r]));
      return {
        cells: {
          task: { v: t.id, href: taskHref(t.suite, t.id) },
          ...Object.fromEntries(
            entries.map((e, i) => {
              const r = bySub.get(e.submission);
              const anchor = `r-${e.submission.replace(/[^A-Za-z0-9_-]/g, '-')}`;
              return [
                `e${i}`,
                r
                  ? {
                      v: r.final,
                      t: num(r.final),
                      href: `${taskHref(t.suite, t.id)}#${anchor}`,
                      title: `${e.label} on ${t.id}`,
                    }
                  : { v: null, t: '—' },
              ];
            }),
          ),
        },
      };
    }),
  };
}
