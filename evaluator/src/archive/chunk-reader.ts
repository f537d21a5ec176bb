/**
 * Pull-style reads over an async stream of byte chunks: exact-size reads for headers, and
 * "up to n bytes" reads that hand out slices of the current chunk without copying, for data.
 */
export class ChunkReader {
  private readonly iterator: AsyncIterator<Uint8Array>;
  private current: Buffer = Buffer.alloc(0);
  private offset = 0;
  private done = false;
  /** Bytes handed out so far. */
  position = 0;

  constructor(source: AsyncIterable<Uint8Array>) {
    this.iterator = source[Symbol.asyncIterator]();
  }

  private async fill(): Promise<boolean> {
    while (this.offset >= this.current.length) {
      if (this.done) return false;
      const next = await this.iterator.next();
      if (next.done) {
        this.done = true;
        return false;
      }
      this.current = Buffer.from(next.value.buffer, next.value.byteOffset, next.value.byteLength);
      this.offset = 0;
    }
    return true;
  }

  /** Up to `n` bytes (at least 1), or null at the end of the stream. */
  async readSome(n: number): Promise<Buffer | null> {
    if (!(await this.fill())) return null;
    const take = Math.min(n, this.current.length - this.offset);
    const out = this.current.subarray(this.offset, this.offset + take);
    this.offset += take;
    this.position += take;
    return out;
  }

  /** Exactly `n` bytes, or whatever was left (shorter) when the stream ended early. */
  async readExact(n: number): Promise<Buffer> {
    const parts: Buffer[] = [];
    let got = 0;
    while (got < n) {
      const part = await this.readSome(n - got);
      if (!part) break;
      parts.push(part);
      got += part.length;
    }
    return parts.length === 1 ? parts[0]! : Buffer.concat(parts, got);
  }

  /** Skips `n` bytes; returns how many were actually skipped. */
  async skip(n: number): Promise<number> {
    let left = n;
    while (left > 0) {
      const part = await this.readSome(left);
      if (!part) break;
      left -= part.length;
    }
    return n - left;
  }

  /** Stops the underlying stream (e.g. when an archive is refused midway). */
  async close(): Promise<void> {
    if (!this.done) {
      this.done = true;
      await this.iterator.return?.();
    }
  }
}
