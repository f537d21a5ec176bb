import { afterEach, describe, expect, it } from 'vitest';
import { buildSofficeEnv, SOFFICE_ENV_KEYS } from './soffice-env.ts';

describe('buildSofficeEnv', () => {
  afterEach(() => {
    delete process.env.FIGBOARD_CANARY_SECRET;
  });

  it('builds the environment from scratch: nothing of the parent gets in', () => {
    process.env.FIGBOARD_CANARY_SECRET = 'sk-canary-0000';
    const env = buildSofficeEnv({ home: '/private/home', tmp: '/private/tmp' });
    expect(Object.keys(env).sort()).toEqual([...SOFFICE_ENV_KEYS].sort());
    expect(JSON.stringify(env)).not.toContain('sk-canary');
    expect(env).toMatchInlineSnapshot(`
      {
        "HOME": "/private/home",
        "LANG": "C.UTF-8",
        "LC_ALL": "C.UTF-8",
        "PATH": "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin",
        "SAL_USE_VCLPLUGIN": "svp",
        "TMPDIR": "/private/tmp",
      }
    `);
  });
});
