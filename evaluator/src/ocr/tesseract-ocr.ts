import { spawn } from 'node:child_process';
import { FigboardError } from '../errors/index.ts';
import type { Ocr, OcrOptions, OcrWord } from './ocr.ts';
import { parseTesseractTsv } from './parse-tesseract-tsv.ts';

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
 * (no temp files) and reading TSV from stdout; killed after `timeoutMs`.
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
    recognize(png: Uint8Array, opts: OcrOptions = {}): Promise<OcrWord[]> {
      const psm = String(opts.pageSegMode ?? 11);
      const lang = opts.language ?? 'eng';
      return new Promise((resolve, reject) => {
        const child = spawn(binary, ['stdin', 'stdout', '--psm', psm, '-l', lang, 'tsv'], {
          stdio: ['pipe', 'pipe', 'pipe'],
          env: { PATH: searchPath, OMP_THREAD_LIMIT: '1', LANG: 'C.UTF-8' },
        });
        const out: Buffer[] = [];
        let outBytes = 0;
        let err = '';
        let settled = false;
        const fail = (e: FigboardError) => {
          if (settled) return;
          settled = true;
          child.kill('SIGKILL');
          reject(e);
        };
        const timer = setTimeout(
          () =>
            fail(
              new FigboardError(`tesseract did not finish within ${timeoutMs} ms`, {
                code: 'ocr-timeout',
                hint: 'the image may be huge; the task is scored without OCR text',
              }),
            ),
          timeoutMs,
        );
        child.on('error', (e) =>
          fail(
            new FigboardError(`could not run ${binary}: ${e.message}`, {
              code: 'ocr-unavailable',
              expected: 'tesseract-ocr installed (scripts/install-system.sh)',
              got: (e as NodeJS.ErrnoException).code ?? 'error',
              hint: 'install tesseract-ocr and tesseract-ocr-eng, or score with truth.json',
              cause: e,
            }),
          ),
        );
        child.stdout.on('data', (chunk: Buffer) => {
          outBytes += chunk.length;
          if (outBytes > maxOutputBytes)
            fail(
              new FigboardError('tesseract produced too much output', {
                code: 'ocr-output-too-large',
                expected: `≤ ${maxOutputBytes} bytes`,
              }),
            );
          else out.push(chunk);
        });
        child.stderr.on('data', (chunk: Buffer) => {
          if (err.length < 4000) err += chunk.toString('utf8');
        });
        child.on('close', (code) => {
          clearTimeout(timer);
          if (settled) return;
          settled = true;
          if (code !== 0) {
            reject(
              new FigboardError(`tesseract exited with code ${code}`, {
                code: 'ocr-failed',
                got: err.trim().slice(0, 500),
              }),
            );
            return;
          }
          resolve(parseTesseractTsv(Buffer.concat(out).toString('utf8')));
        });
        child.stdin.on('error', () => {
          /* the process may exit before reading all input; reported through 'close' */
        });
        child.stdin.end(Buffer.from(png));
      });
    },
  };
}
