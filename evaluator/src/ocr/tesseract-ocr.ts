import { FigboardError } from '../errors/index.ts';
import type { Ocr, OcrOptions, OcrWord } from './ocr.ts';
import { parseTesseractTsv } from './parse-tesseract-tsv.ts';
import { runProcessGroup } from '../untrusted/run-process-group.ts';

export interface TesseractOcrOptions {
  /** Executable; default `tesseract` on PATH. */
  binary?: string;
  /** Wall-clock limit per image; the process is killed after it. Default 60 s. */
  timeoutMs?: number;
  /** Largest TSV accepted from the engine (bounded memory). Default 16 MB. */
  maxOutputBytes?: number;
  /** PATH used to find the binary (the CLI passes its own); default the usual system folders. */
  searchPath?: string;
}

/**
 * The OCR adapter: runs `tesseract stdin stdout --psm N -l LANG tsv`, feeding the PNG on stdin
 * (no temp files) and reading TSV from stdout, through the shared process-group runner: the
 * group is killed after `timeoutMs` or when the TSV outgrows `maxOutputBytes`.
 */
export function createTesseractOcr(options: TesseractOcrOptions = {}): Ocr {
  const binary = options.binary ?? 'tesseract';
  const timeoutMs = options.timeoutMs ?? 60_000;
  const maxOutputBytes = options.maxOutputBytes ?? 16 * 1024 * 1024;
  // A minimal environment: the engine needs no secrets, and one thread per process keeps
  // parallel workers from oversubscribing the CPU.
  const searchPath = options.searchPath ?? '/usr/local/bin:/usr/bin:/bin';
  return {
    id: `tesseract(${binary})`,
    async recognize(png: Uint8Array, opts: OcrOptions = {}): Promise<OcrWord[]> {
      const psm = String(opts.pageSegMode ?? 11);
      const lang = opts.language ?? 'eng';
      const o = await runProcessGroup(
        binary,
        ['stdin', 'stdout', '--psm', psm, '-l', lang, 'tsv'],
        {
          env: { PATH: searchPath, OMP_THREAD_LIMIT: '1', LANG: 'C.UTF-8' },
          timeoutMs,
          stdin: png,
          captureStdout: maxOutputBytes,
          tailBytes: 4000,
        },
      );
      if (o.spawnError !== null)
        throw new FigboardError(`could not run ${binary}: ${o.spawnError}`, {
          code: 'ocr-unavailable',
          expected: 'tesseract-ocr installed (scripts/install-system.sh)',
          got: o.spawnErrorCode ?? 'error',
          hint: 'install tesseract-ocr and tesseract-ocr-eng, or score with truth.json',
        });
      if (o.overflow !== null)
        throw new FigboardError('tesseract produced too much output', {
          code: 'ocr-output-too-large',
          expected: `≤ ${maxOutputBytes} bytes`,
        });
      if (o.timedOut)
        throw new FigboardError(`tesseract did not finish within ${timeoutMs} ms`, {
          code: 'ocr-timeout',
          hint: 'the image may be huge; the task is scored without OCR text',
        });
      if (o.code !== 0)
        throw new FigboardError(`tesseract exited with code ${o.code}`, {
          code: 'ocr-failed',
          got: o.stderrTail.trim().slice(0, 500),
        });
      return parseTesseractTsv(o.stdout.toString('utf8'));
    },
  };
}
