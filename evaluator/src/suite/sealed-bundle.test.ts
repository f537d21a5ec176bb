import { describe, expect, it } from 'vitest';
import { FigboardError } from '../errors/index.ts';
import { createCipheriv, createHmac } from 'node:crypto';
import { openSealedTask, parseSuiteKey, sealBundle, SealedBundle } from './sealed-bundle.ts';

const KEY = Buffer.alloc(32, 7);
const OTHER = Buffer.alloc(32, 9);
const files = () =>
  new Map([
    [
      'task-a',
      new Map([
        ['criteria.json', Buffer.from('{"criteria":[]}')],
        ['reference.py', Buffer.from('print(1)\n')],
      ]),
    ],
    ['task-b', new Map([['criteria.json', Buffer.from('{"b":true}')]])],
  ]);

function codeOf(fn: () => unknown): string {
  try {
    fn();
  } catch (err) {
    return err instanceof FigboardError ? err.code : `not a FigboardError: ${String(err)}`;
  }
  return 'no error';
}

describe('sealed bundle (AES-256-GCM)', () => {
  it('opens to the exact bytes sealed, per task, and holds no plaintext', () => {
    const bundle = SealedBundle.parse(JSON.parse(JSON.stringify(sealBundle('s', files(), KEY))));
    const a = openSealedTask(bundle, 'task-a', KEY, 'sealed.json');
    expect(a.get('reference.py')!.toString()).toBe('print(1)\n');
    expect(a.get('criteria.json')!.toString()).toBe('{"criteria":[]}');
    expect([...openSealedTask(bundle, 'task-b', KEY, 'sealed.json').keys()]).toEqual([
      'criteria.json',
    ]);
    const text = JSON.stringify(bundle);
    expect(text).not.toContain('print(1)');
    expect(text).not.toContain(Buffer.from('print(1)').toString('base64'));
  });

  it('is deterministic for the same key and files, and differs under another key', () => {
    expect(JSON.stringify(sealBundle('s', files(), KEY))).toBe(
      JSON.stringify(sealBundle('s', files(), KEY)),
    );
    expect(sealBundle('s', files(), OTHER).tasks['task-a']!['reference.py']!.data).not.toBe(
      sealBundle('s', files(), KEY).tasks['task-a']!['reference.py']!.data,
    );
  });

  it('refuses a wrong key, a flipped bit, and a ciphertext moved to another task', () => {
    const bundle = sealBundle('s', files(), KEY);
    expect(codeOf(() => openSealedTask(bundle, 'task-a', OTHER, 'sealed.json'))).toBe(
      'suite-key-mismatch',
    );
    const flipped = structuredClone(bundle);
    const data = Buffer.from(flipped.tasks['task-a']!['reference.py']!.data, 'base64');
    data[0] = data[0]! ^ 1;
    flipped.tasks['task-a']!['reference.py']!.data = data.toString('base64');
    expect(codeOf(() => openSealedTask(flipped, 'task-a', KEY, 'sealed.json'))).toBe(
      'sealed-file-damaged',
    );
    const moved = structuredClone(bundle);
    moved.tasks['task-b']!['criteria.json'] = moved.tasks['task-a']!['criteria.json']!;
    expect(codeOf(() => openSealedTask(moved, 'task-b', KEY, 'sealed.json'))).toBe(
      'sealed-file-damaged',
    );
  });

  it('pads every plaintext to a power-of-two bucket: sizes tell only the bucket, not the length', () => {
    const key = Buffer.alloc(32, 7);
    const sizes = (n: number) => {
      const b = sealBundle(
        's',
        new Map([['t', new Map([['truth.json', Buffer.alloc(n, 65)]])]]),
        key,
      );
      return Buffer.from(b.tasks.t!['truth.json']!.data, 'base64').length;
    };
    expect(new Set([1, 100, 1000, 1020].map(sizes))).toEqual(new Set([1024]));
    expect(sizes(1021)).toBe(2048);
    expect(sizes(5000)).toBe(8192);
    const bundle = sealBundle('s', new Map([['t', new Map([['a', Buffer.from('hello')]])]]), key);
    expect(openSealedTask(bundle, 't', key, 'sealed.json').get('a')!.toString()).toBe('hello');
  });

  it('still opens a format-1 bundle (unpadded) sealed before padding existed', () => {
    const key = Buffer.alloc(32, 9);
    const aad = Buffer.from('figboard-sealed/1\u0000s\u0000t\u0000a', 'utf8');
    const plain = Buffer.from('old truth');
    const nonce = createHmac('sha256', key).update(aad).update(plain).digest().subarray(0, 12);
    const c = createCipheriv('aes-256-gcm', key, nonce);
    c.setAAD(aad);
    const data = Buffer.concat([c.update(plain), c.final()]);
    const v1 = SealedBundle.parse({
      format: 'figboard-sealed/1',
      cipher: 'aes-256-gcm',
      suite: 's',
      keyCheck: createHmac('sha256', key).update('figboard-key-check').digest('hex').slice(0, 16),
      tasks: {
        t: {
          a: {
            nonce: nonce.toString('base64'),
            tag: c.getAuthTag().toString('base64'),
            data: data.toString('base64'),
          },
        },
      },
    });
    expect(openSealedTask(v1, 't', key, 'sealed.json').get('a')!.toString()).toBe('old truth');
  });

  it('reads a key as 64 hex digits and never echoes a bad one', () => {
    expect(parseSuiteKey(`${'ab'.repeat(32)}\n`, 'FIGBOARD_SUITE_KEY')).toHaveLength(32);
    try {
      parseSuiteKey('secret-but-short', 'FIGBOARD_SUITE_KEY');
      expect.unreachable();
    } catch (err) {
      expect((err as FigboardError).code).toBe('suite-key-invalid');
      expect((err as FigboardError).describe()).not.toContain('secret-but-short');
    }
  });
});
