// One CSV per table, generated from the same table models the pages render.
import type { APIRoute, GetStaticPaths } from 'astro';
import { readSiteConfig } from '../../config/site-config.ts';
import { getSiteData } from '../../data/site-data-cache.ts';
import { toCsv } from '../../lib/to-csv.ts';
import { allTables } from '../../tables/all-tables.ts';
import type { TableModel } from '../../tables/table-model.ts';

export const getStaticPaths = (async () => {
  const data = await getSiteData(readSiteConfig().dataDir);
  return allTables(data).map((table) => ({ params: { table: table.id }, props: { table } }));
}) satisfies GetStaticPaths;

export const GET: APIRoute = ({ props }) =>
  new Response(toCsv((props as { table: TableModel }).table), {
    headers: { 'Content-Type': 'text/csv; charset=utf-8' },
  });
