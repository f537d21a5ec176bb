// The references the style annotation page can show (small: one short entry per reference).
import type { APIRoute } from 'astro';
import { loadSubmissions } from '../../../data/board-entry.ts';
import { styleAnnotationPool } from '../../../data/style-annotation-pool.ts';

export const GET: APIRoute = async () => {
  const pool = styleAnnotationPool(await loadSubmissions());
  const body = {
    tasks: pool.map((t) => ({ suite: t.suite, task: t.task, candidates: t.candidates.length })),
  };
  return new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json' } });
};
