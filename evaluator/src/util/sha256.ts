import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';

/** Hex SHA-256 of bytes or a string. */
export function sha256(data: string | Uint8Array): string {
  return createHash('sha256').update(data).digest('hex');
}

/** Hex SHA-256 of a file, streamed so large files do not sit in memory. */
export async function sha256File(path: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}
