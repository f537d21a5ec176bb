import type { RenderResult } from '../schemas/audit-record.schema.ts';
import type { Progress } from '../util/progress.ts';

/** One deck to render. `id` names the output (`<outDir>/<id>.png`) and must be unique in a call. */
export interface RenderJob {
  id: string;
  /** Path of a deck that already passed the safe reader (bounded, one slide). */
  path: string;
}

export interface RenderOptions {
  /** Folder the PNGs are written to; nothing is written outside it (except private temp dirs). */
  outDir: string;
  /** Resolution of the PNG. */
  dpi: number;
  /** Parallel LibreOffice processes, each with its own profile. */
  workers: number;
  /**
   * Time one deck may take. A soffice call on n decks is killed (whole process group) when it
   * runs longer than start-up + n × timeoutMs, or when no deck completes within timeoutMs.
   */
  timeoutMs: number;
  progress?: Progress;
  /**
   * Called once per job as soon as its result is final (in completion order, not job order), so
   * a caller can stream output or append resumable records before the whole call finishes.
   */
  onResult?: (id: string, result: RenderResult) => void;
  /**
   * Also render each deck that holds an image part beside its image-free twin (every image one
   * flat pixel, same soffice call) and record what the render owes to rasters (`rasters`).
   */
  measureRasters?: boolean;
}

/** Defaults the CLI and the pipelines share: 150 dpi, 2 workers, 60 s per deck. */
export const DEFAULT_RENDER_OPTIONS = { dpi: 150, workers: 2, timeoutMs: 60_000 } as const;

/** The renderer port: deck → one-page PDF → PNG. Adapters: LibreOffice (production). */
export interface Renderer {
  /** Renders every job; never throws for a bad deck — each failure is in its RenderResult. */
  render(jobs: readonly RenderJob[], options: RenderOptions): Promise<Map<string, RenderResult>>;
}
