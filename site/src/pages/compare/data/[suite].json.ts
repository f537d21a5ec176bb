// The compare page's data for one suite: configurations and their per-task scores (JSON).
import type { APIRoute, GetStaticPaths } from 'astro';
import { loadBoard, loadTasks } from '../../../data/board-entry.ts';
import { indexBoard } from '../../../data/board-index.ts';
import { compareData } from '../../../data/compare-data.ts';
import { suitePaths } from '../../../data/suite-pages.ts';

export const getStaticPaths = (async () =>
  suitePaths(await loadBoard(), 'refig')) satisfies GetStaticPaths;

export const GET: APIRoute = async ({ props }) => {
  const board = await loadBoard();
  const ix = indexBoard(board);
  const body = compareData(board, await loadTasks(), (props as { suite: string }).suite, ix.label);
  return new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json' } });
};
