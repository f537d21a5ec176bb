import { copyFile, mkdtemp, readdir, readFile, rename, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { FigboardError } from '../errors/index.ts';
import { MAX_SOURCE_PIXELS } from '../suite/probe-image.ts';
import { runProcessGroup } from '../untrusted/index.ts';

/** Turns a figure asset into the task image: PNG or JPEG on a white background. */
export interface FigureRasterizer {
  /** Writes the image to `outBase` + `.png` or `.jpg` and returns the file written. */
  rasterize(input: string, outBase: string): Promise<string>;
}

export interface RasterizeOptions {
  /** Resolution for vector figures (PDF, EPS). */
  dpi: number;
  /** Longest side of a rendered vector figure; the DPI is lowered to fit. */
  maxSidePx: number;
  timeoutMs: number;
}

export const DEFAULT_RASTERIZE: RasterizeOptions = { dpi: 200, maxSidePx: 8000, timeoutMs: 60_000 };

/**
 * Runs a converter through the shared process-group runner: no shell, a minimal environment (no
 * secrets, no proxy), a private HOME, and a timeout that kills its whole process group.
 */
async function run(
  cmd: string,
  args: string[],
  cwd: string,
  timeoutMs: number,
): Promise<{ stdout: string; stderr: string }> {
  const o = await runProcessGroup(cmd, args, {
    cwd,
    env: { PATH: '/usr/bin:/bin', HOME: cwd, LANG: 'C.UTF-8' },
    timeoutMs,
    tailBytes: 20_000,
  });
  if (o.spawnError !== null)
    throw new FigboardError(`${cmd} could not start: ${o.spawnError}`, {
      code: 'render-failed',
      where: cmd,
      hint: 'install poppler-utils and ghostscript (scripts/install-system.sh)',
    });
  if (o.timedOut)
    throw new FigboardError(`${cmd} timed out`, {
      code: 'render-timeout',
      where: cmd,
      expected: `≤ ${timeoutMs} ms`,
    });
  if (o.code !== 0)
    throw new FigboardError(`${cmd} failed (exit ${o.code})`, {
      code: 'render-failed',
      where: cmd,
      got: o.stderrTail.trim().split('\n').slice(-3).join(' | '),
    });
  return { stdout: o.stdoutTail, stderr: o.stderrTail };
}

/** DPI so that a page of `wPt`×`hPt` points renders with its longest side ≤ maxSidePx. */
function fitDpi(wPt: number, hPt: number, o: RasterizeOptions): number {
  const longest = Math.max(wPt, hPt, 1);
  return Math.max(10, Math.min(o.dpi, Math.floor((o.maxSidePx * 72) / longest)));
}

/**
 * The adapter over poppler (`pdfinfo`, `pdftoppm`), Ghostscript (`gs -dSAFER`, EPS cropped to
 * its bounding box) and sharp (raster images; transparency flattened onto white). Only the
 * first page of a PDF is used. Output never exceeds `MAX_SOURCE_PIXELS`.
 */
export function createFigureRasterizer(options: Partial<RasterizeOptions> = {}): FigureRasterizer {
  const o = { ...DEFAULT_RASTERIZE, ...options };
  return {
    async rasterize(input, outBase) {
      const lower = input.toLowerCase();
      const work = await mkdtemp(join(tmpdir(), 'figboard-raster-'));
      try {
        if (lower.endsWith('.pdf')) {
          await copyFile(input, join(work, 'in.pdf'));
          const info = await run('pdfinfo', ['-f', '1', '-l', '1', 'in.pdf'], work, o.timeoutMs);
          const m =
            /Page\s+1 size:\s+([\d.]+) x ([\d.]+) pts/.exec(info.stdout) ??
            /Page size:\s+([\d.]+) x ([\d.]+) pts/.exec(info.stdout);
          const dpi = m ? fitDpi(Number(m[1]), Number(m[2]), o) : o.dpi;
          // pdftoppm paints on white paper by default: transparent figures end up on white.
          await run(
            'pdftoppm',
            ['-f', '1', '-l', '1', '-r', String(dpi), '-png', '-singlefile', 'in.pdf', 'out'],
            work,
            o.timeoutMs,
          );
          return await finish(join(work, 'out.png'), outBase);
        }
        if (lower.endsWith('.eps') || lower.endsWith('.ps')) {
          await copyFile(input, join(work, 'in.eps'));
          const head = (await readFile(join(work, 'in.eps')))
            .subarray(0, 64 * 1024)
            .toString('latin1');
          const bb = /%%BoundingBox:\s*(-?[\d.]+)\s+(-?[\d.]+)\s+(-?[\d.]+)\s+(-?[\d.]+)/.exec(
            head,
          );
          const dpi = bb
            ? fitDpi(Number(bb[3]) - Number(bb[1]), Number(bb[4]) - Number(bb[2]), o)
            : o.dpi;
          await run(
            'gs',
            [
              '-dSAFER',
              '-dBATCH',
              '-dNOPAUSE',
              '-dQUIET',
              '-dEPSCrop',
              '-dFirstPage=1',
              '-dLastPage=1',
              '-dTextAlphaBits=4',
              '-dGraphicsAlphaBits=4',
              '-sDEVICE=png16m',
              `-r${dpi}`,
              '-sOutputFile=out.png',
              'in.eps',
            ],
            work,
            o.timeoutMs,
          );
          return await finish(join(work, 'out.png'), outBase);
        }
        if (/\.(png|jpe?g)$/.test(lower)) {
          const meta = await sharp(input, { limitInputPixels: MAX_SOURCE_PIXELS }).metadata();
          if (meta.format === 'jpeg') {
            // JPEG has no transparency: the bytes are kept as published.
            await copyFile(input, `${outBase}.jpg`);
            return `${outBase}.jpg`;
          }
          if (meta.format === 'png' && !meta.hasAlpha) {
            await copyFile(input, `${outBase}.png`);
            return `${outBase}.png`;
          }
          await sharp(input, { limitInputPixels: MAX_SOURCE_PIXELS })
            .flatten({ background: '#ffffff' })
            .png({ compressionLevel: 9 })
            .toFile(join(work, 'out.png'));
          return await finish(join(work, 'out.png'), outBase);
        }
        throw new FigboardError('unsupported figure format', {
          code: 'render-unsupported',
          where: input,
          expected: 'pdf, eps, ps, png or jpeg',
        });
      } finally {
        await rm(work, { recursive: true, force: true });
      }
    },
  };
}

/** Checks the rendered PNG (exists, within the pixel bound) and moves it into place. */
async function finish(png: string, outBase: string): Promise<string> {
  const dir = png.slice(0, png.lastIndexOf('/'));
  if (!(await readdir(dir)).includes('out.png'))
    throw new FigboardError('the converter wrote no image', { code: 'render-failed', where: png });
  const meta = await sharp(png, { limitInputPixels: MAX_SOURCE_PIXELS }).metadata();
  if (!meta.width || !meta.height)
    throw new FigboardError('rendered image is empty', { code: 'render-failed', where: png });
  await rename(png, `${outBase}.png`).catch(async () => {
    await copyFile(png, `${outBase}.png`);
  });
  return `${outBase}.png`;
}
