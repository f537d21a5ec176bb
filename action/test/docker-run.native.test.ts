import { spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';

// action/docker-run.sh runs the image the way the Actions runner runs a container action. The
// real docker daemon is not available in tests, so a stand-in `docker` on PATH records its
// arguments and environment and plays the container (writes an output and a summary line).
const SCRIPT = fileURLToPath(new URL('../docker-run.sh', import.meta.url));
const dirs: string[] = [];
afterEach(() => {
  while (dirs.length) rmSync(dirs.pop()!, { recursive: true, force: true });
});

describe('action/docker-run.sh', () => {
  it('passes INPUT_* and listed secrets by name only, and hands outputs and the summary back', () => {
    const dir = mkdtempSync(join(tmpdir(), 'figboard-docker-run-'));
    dirs.push(dir);
    const fake = join(dir, 'docker');
    writeFileSync(
      fake,
      `#!/usr/bin/env bash
printf '%s\\n' "$@" > "${dir}/args.txt"
files=$(printf '%s\\n' "$@" | sed -n 's#^\\(.*\\):/github/file_commands$#\\1#p')
echo "valid=true" >> "$files/output"
echo "## scorecard" >> "$files/summary"
exit 3
`,
    );
    chmodSync(fake, 0o755);
    writeFileSync(join(dir, 'out.txt'), 'earlier=1\n');
    writeFileSync(join(dir, 'summary.md'), '');
    const res = spawnSync('bash', [SCRIPT], {
      env: {
        PATH: `${dir}:/usr/bin:/bin`,
        GITHUB_WORKSPACE: dir,
        GITHUB_OUTPUT: join(dir, 'out.txt'),
        GITHUB_STEP_SUMMARY: join(dir, 'summary.md'),
        'INPUT_SHARD-INDEX': '1',
        INPUT_SUBMISSIONS: 'submissions/x; rm -rf /',
        FIGBOARD_PASS_ENV: 'OPENAI_API_KEY',
        OPENAI_API_KEY: 'sk-canary-never-on-the-command-line',
        UNRELATED_SECRET: 'not-passed',
      },
      encoding: 'utf8',
    });
    expect(res.status).toBe(3); // the container's exit status is the step's
    const args = readFileSync(join(dir, 'args.txt'), 'utf8');
    expect(args).toContain('-e\nINPUT_SHARD-INDEX\n');
    expect(args).toContain('-e\nINPUT_SUBMISSIONS\n');
    expect(args).toContain('-e\nOPENAI_API_KEY\n');
    expect(args).not.toContain('sk-canary');
    expect(args).not.toContain('rm -rf');
    expect(args).not.toContain('UNRELATED_SECRET');
    expect(args).toContain(`${dir}:/github/workspace`);
    expect(args.trim().split('\n').at(-1)).toBe('figboard-action:local');
    expect(readFileSync(join(dir, 'out.txt'), 'utf8')).toBe('earlier=1\nvalid=true\n');
    expect(readFileSync(join(dir, 'summary.md'), 'utf8')).toBe('## scorecard\n');
    // Exactly the security options bubblewrap needs, and nothing broader.
    expect(args).toContain(
      '--security-opt\nseccomp=unconfined\n--security-opt\napparmor=unconfined\n--security-opt\nno-new-privileges\n',
    );
    expect(args).not.toMatch(/--privileged|--cap-add|--pid|--network\nhost/);
  });

  it('--check-sandbox runs refig sandbox check in the image with the same options, failing loudly', () => {
    const dir = mkdtempSync(join(tmpdir(), 'figboard-docker-run-'));
    dirs.push(dir);
    const fake = join(dir, 'docker');
    writeFileSync(
      fake,
      `#!/usr/bin/env bash\nprintf '%s\\n' "$@" > "${dir}/args.txt"\necho "FAIL seccomp filter" ; exit 1\n`,
    );
    chmodSync(fake, 0o755);
    const res = spawnSync('bash', [SCRIPT, '--check-sandbox'], {
      env: { PATH: `${dir}:/usr/bin:/bin`, GITHUB_WORKSPACE: dir },
      encoding: 'utf8',
    });
    expect(res.status).toBe(1);
    expect(readFileSync(join(dir, 'args.txt'), 'utf8').trim().split('\n')).toEqual([
      'run',
      '--rm',
      '--security-opt',
      'seccomp=unconfined',
      '--security-opt',
      'apparmor=unconfined',
      '--security-opt',
      'no-new-privileges',
      '--entrypoint',
      'node',
      'figboard-action:local',
      '/figboard/evaluator/bin/refig.js',
      'sandbox',
      'check',
    ]);
  });
});
