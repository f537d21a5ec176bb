// The list of judgeable tasks for the annotate page (small: one short entry per task).
import type { APIRoute } from 'astro';
import { loadTasks } from '../../../data/board-entry.ts';
import { annotationPool } from '../../../data/annotation-pool.ts';

export const GET: APIRoute = async () => {
  const pool = annotationPool(await loadTasks());
  const body = {
    tasks: pool.map((t) => ({ suite: t.suite, task: t.task, candidates: t.candidates.length })),
  };
  return new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json' } });
};
