// The compare page's data for one suite (either track): entries and their per-task scores (JSON).
import type { APIRoute, GetStaticPaths } from 'astro';
import { loadBoard, loadSubmissions, loadTasks } from '../../../data/board-entry.ts';
import { compareDataFor } from '../../../data/compare-data.ts';
import { suitePaths } from '../../../data/suite-pages.ts';
import { siteUrl } from '../../../lib/site-url.ts';

export const getStaticPaths = (async () => {
  const board = await loadBoard();
  return [...suitePaths(board, 'refig'), ...suitePaths(board, 'style')];
}) satisfies GetStaticPaths;

export const GET: APIRoute = async ({ props }) => {
  const body = compareDataFor(
    await loadBoard(),
    await loadTasks(),
    await loadSubmissions(),
    (props as { suite: string }).suite,
    { tasks: siteUrl('tasks/'), submissions: siteUrl('submissions/') },
  );
  return new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json' } });
};
