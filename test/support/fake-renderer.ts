import { copyFile, mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { RenderJob, Renderer, RenderOptions } from '@figboard/evaluator/render';
import type { RenderResult } from '@figboard/evaluator/schemas';

/**
 * A renderer for in-process tests of the pipelines around rendering (resume, records, judges):
 * every deck "renders" to a copy of one fixed PNG, reported through `onResult` one by one as
 * the LibreOffice adapter does. What a real render looks like is tested against LibreOffice in
 * the native project. `calls` lists the deck ids of each render call.
 */
export function createFakeRenderer(png: string, size: { width: number; height: number }) {
  const calls: string[][] = [];
  const renderer: Renderer = {
    async render(jobs: readonly RenderJob[], options: RenderOptions) {
      calls.push(jobs.map((j) => j.id));
      await mkdir(options.outDir, { recursive: true });
      const out = new Map<string, RenderResult>();
      for (const job of jobs) {
        await copyFile(png, join(options.outDir, `${job.id}.png`));
        const result: RenderResult = {
          passed: true,
          reason: null,
          detail: null,
          pages: 1,
          png: `${job.id}.png`,
          ...size,
        };
        out.set(job.id, result);
        options.onResult?.(job.id, result);
      }
      return out;
    },
  };
  return { renderer, calls };
}
