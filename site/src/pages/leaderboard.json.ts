// The board file itself, republished byte for byte (the site never rewrites it).
import type { APIRoute } from 'astro';
import { readSiteConfig } from '../config/site-config.ts';
import { getSiteData } from '../data/site-data-cache.ts';

export const GET: APIRoute = async () => {
  const data = await getSiteData(readSiteConfig().dataDir);
  return new Response(new Uint8Array(data.leaderboardBytes), {
    headers: { 'Content-Type': 'application/json' },
  });
};
