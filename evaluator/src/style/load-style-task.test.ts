import { mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadStyleTask } from './load-style-task.ts';

const made: string[] = [];
async function taskDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'figboard-style-task-'));
  made.push(dir);
  return dir;
}
afterEach(async () => {
  for (const d of made.splice(0)) await rm(d, { recursive: true, force: true });
});

describe('loadStyleTask reads task files through the bounded, link-refusing read', () => {
  it('refuses a data.csv that is a symbolic link (never follows it to a host file)', async () => {
    const dir = await taskDir();
    await writeFile(join(dir, 'host-secret.csv'), 'x,y\n1,2\n');
    await symlink(join(dir, 'host-secret.csv'), join(dir, 'data.csv'));
    await expect(loadStyleTask(dir)).rejects.toThrow(/data\.csv is not a regular file/);
    await expect(loadStyleTask(dir)).rejects.toMatchObject({ code: 'style-task-invalid' });
  });

  it('refuses a criteria.json that is a symbolic link, naming the file', async () => {
    const dir = await taskDir();
    await writeFile(join(dir, 'data.csv'), 'x,y\n1,2\n');
    await writeFile(join(dir, 'elsewhere.json'), '{}');
    await symlink(join(dir, 'elsewhere.json'), join(dir, 'criteria.json'));
    await expect(loadStyleTask(dir)).rejects.toThrow(/criteria\.json is not a regular file/);
  });
});
