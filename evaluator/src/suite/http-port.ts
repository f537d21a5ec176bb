/** The slice of an HTTP response FigBoard reads. */
export interface HttpResponse {
  status: number;
  header(name: string): string | null;
  /** The body as a byte stream (read at most once). */
  body: AsyncIterable<Uint8Array>;
  /** Releases the connection without reading the body. */
  discard(): Promise<void>;
}

/** Network access as a port: the CLI passes `fetchHttp`; tests point it at a local server. */
export interface HttpPort {
  get(
    url: string,
    options?: { headers?: Record<string, string>; timeoutMs?: number },
  ): Promise<HttpResponse>;
}

/** The `HttpPort` adapter over Node's built-in fetch (undici). Redirects are followed. */
export const fetchHttp: HttpPort = {
  async get(url, options = {}) {
    const res = await fetch(url, {
      headers: options.headers,
      redirect: 'follow',
      signal: options.timeoutMs ? AbortSignal.timeout(options.timeoutMs) : undefined,
    });
    const stream = res.body;
    return {
      status: res.status,
      header: (name) => res.headers.get(name),
      body: (stream ?? (async function* () {})()) as AsyncIterable<Uint8Array>,
      discard: async () => {
        await stream?.cancel().catch(() => {});
      },
    };
  },
};
