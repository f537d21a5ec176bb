import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// No Docker engine runs here, so the image build is checked statically: every COPY source of
// action/Dockerfile must exist in the repository AND survive Dockerfile.dockerignore (a source
// the ignore file drops fails `docker build` with "not found").
const repo = join(import.meta.dirname, '..', '..');
const dockerfile = readFileSync(join(repo, 'action', 'Dockerfile'), 'utf8');
const ignore = readFileSync(join(repo, 'action', 'Dockerfile.dockerignore'), 'utf8');

/** Docker's ignore rules: patterns in order, `!` re-includes, a match on a parent folder counts. */
function excluded(path: string, rules: string): boolean {
  const patterns = rules
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'));
  const toRegex = (p: string) =>
    new RegExp(
      `^${p
        .replace(/[.+^${}()|[\]\\]/g, '\\$&')
        .replace(/\*\*\/?/g, '\u0000')
        .replace(/\*/g, '[^/]*')
        .replace(/\?/g, '[^/]')
        .replace(/\u0000/g, '(?:.*/)?')}$`,
    );
  const prefixes = path.split('/').map((_, i, parts) => parts.slice(0, i + 1).join('/'));
  let out = false;
  for (const raw of patterns) {
    const negate = raw.startsWith('!');
    const re = toRegex(negate ? raw.slice(1) : raw);
    if (prefixes.some((p) => re.test(p))) out = !negate;
  }
  return out;
}

function copySources(text: string): string[] {
  return text
    .split('\n')
    .filter((l) => /^COPY\s/.test(l) && !l.includes('--from='))
    .flatMap((l) => l.trim().split(/\s+/).slice(1, -1));
}

describe('action/Dockerfile base image', () => {
  it('is pinned by digest, never by a tag alone', () => {
    const froms = dockerfile.split('\n').filter((l) => /^FROM\s/i.test(l));
    expect(froms.length).toBeGreaterThan(0);
    for (const from of froms) expect(from).toMatch(/^FROM\s+\S+@sha256:[0-9a-f]{64}(\s|$)/);
  });
});

describe('action/Dockerfile build context', () => {
  it('the ignore matcher follows Docker semantics', () => {
    expect(excluded('site/package.json', 'site/*\n!site/package.json')).toBe(false);
    expect(excluded('site/src/x.ts', 'site/*\n!site/package.json')).toBe(true);
    expect(excluded('site/package.json', 'site')).toBe(true);
    expect(excluded('evaluator/node_modules/x/index.js', '**/node_modules')).toBe(true);
    expect(excluded('evaluator/src/a.test.ts', '**/*.test.ts')).toBe(true);
  });

  it('copies only sources that exist and that the ignore file keeps', () => {
    const sources = copySources(dockerfile);
    expect(sources).toContain('scripts/install-system.sh');
    for (const s of sources) {
      expect(existsSync(join(repo, s)), `${s} exists`).toBe(true);
      expect(excluded(s, ignore), `${s} is in the build context`).toBe(false);
    }
  });

  it('installs system packages, node modules and the compiled bundles through the shared install scripts', () => {
    expect(dockerfile).toMatch(/RUN bash scripts\/install-system\.sh/);
    expect(dockerfile).toMatch(/RUN bash scripts\/install\.sh --production/);
    expect(readFileSync(join(repo, 'scripts', 'install.sh'), 'utf8')).toContain(
      'node evaluator/scripts/build.mjs',
    );
    expect(readFileSync(join(repo, '.ci', 'run'), 'utf8')).toContain('scripts/install.sh');
    expect(readFileSync(join(repo, 'scripts', 'install.sh'), 'utf8')).toContain(
      'scripts/install-system.sh',
    );
  });
});
