import { createCipheriv, createDecipheriv, createHmac } from 'node:crypto';
import { z } from 'zod';
import { FigboardError } from '../errors/index.ts';

/**
 * Hidden scoring material (issue 16 item 3, FigMirror B.4/B.6): the files of a task that only the
 * evaluator may read — a style task's `criteria.json`, `reference.py`, `reference_data.csv`; a
 * refig task of a hidden split's `truth.json` — sealed with AES-256-GCM in `sealed.json` beside
 * `suite.json`. The key (32 bytes) is held as a repository secret and reaches the trusted job
 * only; the public checkout keeps what a method may see (task.json, reference.png, data.csv).
 *
 * Each file is encrypted on its own, with its suite, task and file name as associated data, so a
 * ciphertext moved to another task or file name fails to open. The nonce is derived from the key
 * and the plaintext (HMAC-SHA-256, first 12 bytes): sealing the same files again gives the same
 * bytes (clean diffs), and one key never meets two plaintexts under one nonce. The price, stated
 * in docs/SECURITY.md: a reader can tell whether a sealed file changed between two commits.
 *
 * Format 2 pads every plaintext before encryption (a 4-byte length, the bytes, zeros up to the
 * next power of two of at least 1 KiB), so a ciphertext's size tells only its size bucket — not,
 * say, how many nodes a sealed truth.json has. Format 1 bundles (no padding) still open.
 */
export const SEALED_FORMAT = 'figboard-sealed/2';
const SEALED_FORMATS = ['figboard-sealed/1', SEALED_FORMAT] as const;
/** Smallest padded size of a sealed file (format 2). */
export const SEALED_MIN_BUCKET = 1024;

/** Length-prefixed and zero-padded to the next power of two ≥ 1 KiB (format 2). */
export function padPlaintext(plain: Buffer): Buffer {
  let size = SEALED_MIN_BUCKET;
  while (size < plain.length + 4) size *= 2;
  const out = Buffer.alloc(size);
  out.writeUInt32BE(plain.length, 0);
  plain.copy(out, 4);
  return out;
}

function unpad(padded: Buffer, where: string): Buffer {
  const n = padded.length >= 4 ? padded.readUInt32BE(0) : -1;
  if (n < 0 || n + 4 > padded.length)
    throw new FigboardError('a sealed file has an impossible length prefix', {
      code: 'sealed-file-damaged',
      where,
    });
  return padded.subarray(4, 4 + n);
}

const B64 = z.string().regex(/^[A-Za-z0-9+/]*={0,2}$/);

export const SealedFile = z.object({ nonce: B64, tag: B64, data: B64 }).strict();

export const SealedBundle = z
  .object({
    format: z.enum(SEALED_FORMATS),
    cipher: z.literal('aes-256-gcm'),
    suite: z.string().min(1).max(200),
    /** HMAC-SHA-256(key, "figboard-key-check"), first 8 bytes hex: tells a wrong key from damage. */
    keyCheck: z.string().regex(/^[0-9a-f]{16}$/),
    /** task id → file name → sealed bytes. */
    tasks: z.record(
      z.string().regex(/^[A-Za-z0-9][A-Za-z0-9._-]*$/),
      z.record(z.string().regex(/^[A-Za-z0-9][A-Za-z0-9._-]*$/), SealedFile),
    ),
  })
  .strict();
export type SealedBundle = z.infer<typeof SealedBundle>;

/** The files a bundle holds for one task, by name. */
export type SealedTaskFiles = Map<string, Buffer>;

/**
 * Reads a suite key: 64 hex digits (32 bytes). `where` names the variable it came from for the
 * error message; the key itself is never echoed.
 */
export function parseSuiteKey(text: string, where: string): Buffer {
  const t = text.trim();
  if (!/^[0-9a-fA-F]{64}$/.test(t))
    throw new FigboardError('the suite key is not 32 bytes in hex', {
      code: 'suite-key-invalid',
      where,
      expected: '64 hexadecimal digits (for example: openssl rand -hex 32)',
      got: `${t.length} characters`,
    });
  return Buffer.from(t, 'hex');
}

function keyCheck(key: Buffer): string {
  return createHmac('sha256', key).update('figboard-key-check').digest('hex').slice(0, 16);
}

function aad(suite: string, task: string, name: string, format: string = SEALED_FORMAT): Buffer {
  return Buffer.from(`${format}\u0000${suite}\u0000${task}\u0000${name}`, 'utf8');
}

/**
 * Seals files per task into a bundle. `files` maps task id → file name → bytes. Deterministic:
 * the same key and files give the same bundle.
 */
export function sealBundle(
  suite: string,
  files: ReadonlyMap<string, ReadonlyMap<string, Buffer>>,
  key: Buffer,
): SealedBundle {
  const tasks: SealedBundle['tasks'] = {};
  for (const task of [...files.keys()].sort()) {
    const out: Record<string, z.infer<typeof SealedFile>> = {};
    const named = files.get(task)!;
    for (const name of [...named.keys()].sort()) {
      const plain = padPlaintext(named.get(name)!);
      const nonce = createHmac('sha256', key)
        .update(aad(suite, task, name))
        .update(plain)
        .digest()
        .subarray(0, 12);
      const cipher = createCipheriv('aes-256-gcm', key, nonce);
      cipher.setAAD(aad(suite, task, name));
      const data = Buffer.concat([cipher.update(plain), cipher.final()]);
      out[name] = {
        nonce: nonce.toString('base64'),
        tag: cipher.getAuthTag().toString('base64'),
        data: data.toString('base64'),
      };
    }
    tasks[task] = out;
  }
  return { format: SEALED_FORMAT, cipher: 'aes-256-gcm', suite, keyCheck: keyCheck(key), tasks };
}

/** Which tasks a bundle holds material for. */
export function sealedTasks(bundle: SealedBundle): string[] {
  return Object.keys(bundle.tasks).sort();
}

/**
 * Opens one task's files. Throws a FigboardError naming the bundle when the key is not the
 * bundle's (`suite-key-mismatch`) or a file does not authenticate (`sealed-file-damaged`).
 */
export function openSealedTask(
  bundle: SealedBundle,
  task: string,
  key: Buffer,
  where: string,
): SealedTaskFiles {
  if (keyCheck(key) !== bundle.keyCheck)
    throw new FigboardError('the suite key does not open this bundle', {
      code: 'suite-key-mismatch',
      where,
      expected: `the key the bundle was sealed with (check ${bundle.keyCheck})`,
      got: `a key with check ${keyCheck(key)}`,
      hint: 'use the suite key of this repository (secret FIGBOARD_SUITE_KEY)',
    });
  const files = new Map<string, Buffer>();
  for (const [name, f] of Object.entries(bundle.tasks[task] ?? {})) {
    try {
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(f.nonce, 'base64'));
      decipher.setAAD(aad(bundle.suite, task, name, bundle.format));
      decipher.setAuthTag(Buffer.from(f.tag, 'base64'));
      const plain = Buffer.concat([
        decipher.update(Buffer.from(f.data, 'base64')),
        decipher.final(),
      ]);
      files.set(name, bundle.format === SEALED_FORMAT ? unpad(plain, where) : plain);
    } catch (err) {
      throw new FigboardError(`sealed file ${task}/${name} does not authenticate`, {
        code: 'sealed-file-damaged',
        where,
        expected: 'an AES-256-GCM ciphertext sealed for this suite, task and file name',
        got: (err as Error).message,
        hint: 'reseal the suite with refig suite seal',
      });
    }
  }
  return files;
}
