import { rm } from 'node:fs/promises';
import { FigboardError } from '../errors/index.ts';
import { DownloadError, downloadToFile } from '../suite/download-to-file.ts';
import type { HttpPort } from '../suite/http-port.ts';
import type { Clock } from './clock.ts';

export interface PoliteHttpOptions {
  /** Minimum time between two requests (arXiv asks for one request every 3 s). */
  minIntervalMs: number;
  /** Retries after the first attempt for 429, 5xx and network errors. */
  maxRetries: number;
  /** First back-off delay; doubled per retry, or the server's Retry-After when longer. */
  backoffMs: number;
  /** Sent with every request, so the service can tell who is crawling. */
  userAgent: string;
  timeoutMs: number;
}

/** Statistics of one polite client, for the build report and the tests. */
export interface PoliteHttpStats {
  requests: number;
  retries: number;
  /** Every wait, in order: spacing between requests and back-off before retries. */
  waits: number[];
}

const RETRYABLE = (status: number) => status === 429 || (status >= 500 && status <= 599);

/**
 * An HTTP client that behaves well towards arXiv: requests are spaced by `minIntervalMs` (through
 * the injected clock), transient failures (429, 5xx, connection errors) are retried with
 * exponential back-off that honours `Retry-After`, and other statuses fail at once. Text bodies
 * and downloads are size-bounded.
 */
export class PoliteHttp {
  readonly stats: PoliteHttpStats = { requests: 0, retries: 0, waits: [] };
  private last = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly http: HttpPort,
    private readonly clock: Clock,
    private readonly options: PoliteHttpOptions,
  ) {}

  private async space(): Promise<void> {
    const wait = this.last + this.options.minIntervalMs - this.clock.now();
    if (wait > 0) {
      this.stats.waits.push(Math.round(wait));
      await this.clock.sleep(wait);
    }
    this.last = this.clock.now();
    this.stats.requests += 1;
  }

  private async backoff(attempt: number, retryAfter: string | null): Promise<void> {
    const fromHeader =
      retryAfter !== null && /^\d+$/.test(retryAfter.trim()) ? Number(retryAfter) * 1000 : 0;
    const delay = Math.min(
      Math.max(this.options.backoffMs * 2 ** attempt, fromHeader),
      10 * 60_000,
    );
    this.stats.retries += 1;
    this.stats.waits.push(delay);
    await this.clock.sleep(delay);
  }

  /** GET a text resource (XML), at most `maxBytes`. */
  async getText(url: string, maxBytes: number): Promise<string> {
    for (let attempt = 0; ; attempt++) {
      await this.space();
      let status: number;
      let retryAfter: string | null = null;
      try {
        const res = await this.http.get(url, {
          headers: { 'user-agent': this.options.userAgent },
          timeoutMs: this.options.timeoutMs,
        });
        status = res.status;
        retryAfter = res.header('retry-after');
        if (status === 200) {
          const chunks: Buffer[] = [];
          let size = 0;
          for await (const chunk of res.body) {
            size += chunk.byteLength;
            if (size > maxBytes) {
              await res.discard();
              throw new FigboardError('response is too large', {
                code: 'response-too-large',
                where: url,
                expected: `≤ ${maxBytes} bytes`,
              });
            }
            chunks.push(Buffer.from(chunk));
          }
          return Buffer.concat(chunks).toString('utf8');
        }
        await res.discard();
      } catch (err) {
        if (err instanceof FigboardError) throw err;
        if (attempt >= this.options.maxRetries)
          throw new FigboardError(`request failed: ${(err as Error).message}`, {
            code: 'download-failed',
            where: url,
            cause: err,
          });
        await this.backoff(attempt, null);
        continue;
      }
      if (!RETRYABLE(status) || attempt >= this.options.maxRetries) {
        throw new FigboardError(`HTTP ${status}`, {
          code: 'http-status',
          where: url,
          expected: '200',
          got: String(status),
        });
      }
      await this.backoff(attempt, retryAfter);
    }
  }

  /** Downloads `url` to `dest` (at most `maxBytes`), retrying transient failures. */
  async download(
    url: string,
    dest: string,
    maxBytes: number,
  ): Promise<{ bytes: number; sha256: string; contentType: string | null }> {
    for (let attempt = 0; ; attempt++) {
      await this.space();
      try {
        return await downloadToFile(this.http, url, dest, {
          maxBytes,
          timeoutMs: this.options.timeoutMs,
          headers: { 'user-agent': this.options.userAgent },
        });
      } catch (err) {
        await rm(dest, { force: true });
        const retryable =
          err instanceof DownloadError &&
          (err.code === 'download-failed' ||
            (err.code === 'http-status' && RETRYABLE(Number(err.got))));
        if (!retryable || attempt >= this.options.maxRetries) throw err;
        await this.backoff(attempt, null);
      }
    }
  }
}
