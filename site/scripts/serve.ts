// `npm run preview -w site`: serves site/dist (or FIGBOARD_SITE_OUT) at the configured base.
import { readSiteConfig } from '../src/config/site-config.ts';
import { startStaticServer } from './static-server.ts';

const config = readSiteConfig();
const port = Number(process.env.PORT ?? 4321);
const s = await startStaticServer(config.outDir, { port, base: config.base });
process.stdout.write(`FigBoard site: ${s.url} (serving ${config.outDir}; Ctrl+C to stop)\n`);
