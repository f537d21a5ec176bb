import { open } from 'node:fs/promises';
import { runProcessGroup } from '../untrusted/run-process-group.ts';

export interface PopplerTools {
  pdfinfo: string;
  pdftoppm: string;
  /** Environment for the poppler processes (built from scratch, like soffice's). */
  env: Record<string, string>;
  timeoutMs: number;
}

export interface PdfInfo {
  pages: number;
  /** Size of the first page in PDF points (1/72 inch). */
  widthPts: number;
  heightPts: number;
}

/** Parses `pdfinfo` output. Returns null when the page count is missing (not a readable PDF). */
export function parsePdfInfo(text: string): PdfInfo | null {
  const pages = /^Pages:\s+(\d+)\s*$/m.exec(text);
  if (!pages) return null;
  const size = /^Page size:\s+([\d.]+) x ([\d.]+) pts/m.exec(text);
  return {
    pages: Number(pages[1]),
    widthPts: size ? Number(size[1]) : 0,
    heightPts: size ? Number(size[2]) : 0,
  };
}

/** Page count and first-page size of a PDF via `pdfinfo`; an Error with poppler's message otherwise. */
export async function readPdfInfo(pdf: string, tools: PopplerTools): Promise<PdfInfo> {
  const out = await runProcessGroup(tools.pdfinfo, [pdf], {
    env: tools.env,
    timeoutMs: tools.timeoutMs,
  });
  const info = out.code === 0 ? parsePdfInfo(out.stdoutTail) : null;
  if (!info) {
    const why =
      out.spawnError ??
      (out.timedOut ? 'pdfinfo timed out' : out.stderrTail.trim() || `pdfinfo exit ${out.code}`);
    throw new Error(`unreadable PDF: ${why}`);
  }
  return info;
}

/**
 * The resolution actually used: the requested dpi, lowered (deterministically) when the page is
 * so large that the PNG would exceed `maxPixels` — a deck may declare a 56-inch slide.
 */
export function effectiveDpi(info: PdfInfo, dpi: number, maxPixels: number): number {
  const inches2 = (info.widthPts / 72) * (info.heightPts / 72);
  if (inches2 <= 0) return dpi;
  const cap = Math.floor(Math.sqrt(maxPixels / inches2));
  return Math.max(1, Math.min(dpi, cap));
}

/**
 * Renders the FIRST page of a PDF to `<outPrefix>.png` with `pdftoppm -png -singlefile`.
 * Returns the PNG's path; throws an Error with poppler's message on failure.
 */
export async function renderFirstPage(
  pdf: string,
  outPrefix: string,
  dpi: number,
  tools: PopplerTools,
): Promise<string> {
  const out = await runProcessGroup(
    tools.pdftoppm,
    ['-png', '-r', String(dpi), '-f', '1', '-l', '1', '-singlefile', pdf, outPrefix],
    {
      env: tools.env,
      timeoutMs: tools.timeoutMs,
    },
  );
  if (out.code !== 0) {
    const why =
      out.spawnError ??
      (out.timedOut ? 'pdftoppm timed out' : out.stderrTail.trim() || `pdftoppm exit ${out.code}`);
    throw new Error(`PDF to PNG failed: ${why}`);
  }
  return `${outPrefix}.png`;
}

/** Width and height from a PNG's IHDR chunk; null when the bytes are not a PNG. */
export function readPngSize(bytes: Uint8Array): { width: number; height: number } | null {
  const sig = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (bytes.length < 24 || sig.some((b, i) => bytes[i] !== b)) return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return { width: view.getUint32(16), height: view.getUint32(20) };
}

/** `readPngSize` of a file, reading only its first 24 bytes. */
export async function readPngFileSize(
  path: string,
): Promise<{ width: number; height: number } | null> {
  const fh = await open(path, 'r');
  try {
    const buf = Buffer.alloc(24);
    const { bytesRead } = await fh.read(buf, 0, 24, 0);
    return readPngSize(buf.subarray(0, bytesRead));
  } finally {
    await fh.close();
  }
}
