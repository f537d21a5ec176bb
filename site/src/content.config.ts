// Content collections: the site's data comes in through these loaders, which read the data
// folder and validate every file with the evaluator's zod 4 schemas (Astro's bundled zod is v3,
// so the schemas are applied here rather than mixed into Astro's `schema` option).
import { defineCollection } from 'astro:content';
import type { Loader } from 'astro/loaders';
import { FigboardError, formatProblem } from '@figboard/evaluator/errors';
import { readSiteConfig } from './config/site-config.ts';
import { getSiteData } from './data/site-data-cache.ts';
import type { SiteData } from './data/load-site-data.ts';

function figboardLoader(
  name: string,
  entries: (d: SiteData) => { id: string; data: Record<string, unknown> }[],
  report = false,
): Loader {
  return {
    name: `figboard-${name}`,
    load: async ({ store, logger }) => {
      let data: SiteData;
      try {
        data = await getSiteData(readSiteConfig().dataDir);
      } catch (err) {
        // Astro prints only message and hint: put where/expected/got into the message
        if (err instanceof FigboardError)
          throw new Error(`FigBoard site: ${err.describe()}`, { cause: err });
        throw err;
      }
      store.clear();
      for (const e of entries(data)) store.set({ id: e.id, data: e.data });
      if (report) {
        for (const p of data.problems) logger.warn(formatProblem(p));
        logger.info(
          `${data.tasks.length} tasks, ${data.submissions.length} submissions, ${data.media.length} images from ${data.dataDir}`,
        );
      }
    },
  };
}

/** Board-level data (everything but per-task results), plus the input problems. */
const board = defineCollection({
  loader: figboardLoader(
    'board',
    (d) => {
      const { tasks: _tasks, problems: boardProblems, ...rest } = d.board;
      return [
        {
          id: 'board',
          data: {
            ...rest,
            boardProblems: boardProblems ?? [],
            problems: d.problems,
            dataDir: d.dataDir,
          },
        },
      ];
    },
    true,
  ),
});

// Per-task and per-submission data (10,000 results with audits for a 10 × 1,000 board) is NOT a
// collection: Astro bundles the whole content store into the server build as one JS module, and
// an 8 MB store made the bundling step take longer than rendering every page. Task and
// submission pages read the same validated data from `getSiteData` (src/data/board-entry.ts).
export const collections = { board };
