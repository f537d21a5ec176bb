import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { z } from 'zod';

// bot/app.yml (the GitHub App manifest) and bot/.env.example (the server's settings) are what a
// maintainer creates and configures the app from: they must match what the code listens to
// and reads.
const BOT = join(import.meta.dirname, '..');
const read = (f: string) => readFileSync(join(BOT, f), 'utf8');

const Manifest = z
  .object({
    name: z.string().min(1).max(34),
    description: z.string().min(1),
    url: z.url(),
    public: z.boolean(),
    default_events: z.array(z.string()).min(1),
    default_permissions: z.record(z.string(), z.enum(['read', 'write'])),
  })
  .strict();

describe('bot/app.yml', () => {
  const manifest = Manifest.parse(parse(read('app.yml')));

  it('subscribes to exactly the events the handlers register', () => {
    const registered = [...read('src/index.ts').matchAll(/'([a-z_]+)\.[a-z_]+'/g)].map((m) => m[1]);
    expect(new Set(registered).size).toBeGreaterThan(0);
    expect([...manifest.default_events].sort()).toEqual([...new Set(registered)].sort());
  });

  it('asks for the permissions the REST calls need, and no more', () => {
    expect(manifest.default_permissions).toEqual({
      metadata: 'read',
      // write: the preview renderings are committed to the figboard-previews branch
      contents: 'write',
      pull_requests: 'write',
      issues: 'write',
      checks: 'write',
      actions: 'write',
    });
    // Every REST namespace the bot calls is covered by one of them.
    const calls = new Set([...readAll().matchAll(/\.rest\.([a-z]+)\./g)].map((m) => m[1]!));
    expect(calls.size).toBeGreaterThan(3);
    const covers: Record<string, string> = {
      actions: 'actions',
      checks: 'checks',
      git: 'contents',
      repos: 'contents',
      issues: 'issues',
      pulls: 'pull_requests',
      reactions: 'issues',
    };
    for (const ns of calls) expect(manifest.default_permissions, ns).toHaveProperty(covers[ns]!);
  });
});

describe('bot/.env.example', () => {
  it('lists every variable the server deployment reads', () => {
    const example = read('.env.example');
    const listed = new Set([...example.matchAll(/^#?\s*([A-Z][A-Z0-9_]+)=/gm)].map((m) => m[1]));
    const source = `${read('src/adapters/server.ts')}\n${read('src/config.ts')}`;
    const used = new Set(
      [...source.matchAll(/env\.([A-Z][A-Z0-9_]+)|pick\('([A-Z][A-Z0-9_]+)'\)/g)].map(
        (m) => m[1] ?? m[2],
      ),
    );
    expect(used.size).toBeGreaterThan(5);
    for (const name of used) expect(listed, `${name} is documented`).toContain(name);
  });
});

/** Every source file of the bot, concatenated. */
function readAll(): string {
  return readdirSync(join(BOT, 'src'), { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.ts'))
    .map((f) => read(join('src', f)))
    .join('\n');
}
