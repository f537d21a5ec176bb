import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { INPUT_DEFAULTS } from '../src/defaults.ts';
import { ActionInput, INPUT_NAMES, OUTPUT_NAMES } from '../src/input.schema.ts';
import { shardOf, tasksForShard } from '../src/shard-tasks.ts';

const actionYml = parseYaml(readFileSync(new URL('../action.yml', import.meta.url), 'utf8')) as {
  inputs: Record<string, { default: string; description: string }>;
  outputs: Record<string, { description: string }>;
  runs: { using: string };
};

describe('deterministic sharding', () => {
  it('assigns a task by its id alone, never by its position', () => {
    const tasks = ['fig01-000', 'fig01-001', 'fig01-002', 'fig01-003', 'fig01-004', 'fig01-005'];
    const shards = tasks.map((t) => shardOf(t, 2));
    expect(shards).toMatchInlineSnapshot(`
      [
        1,
        1,
        1,
        0,
        1,
        1,
      ]
    `);
    expect([...tasks].reverse().map((t) => shardOf(t, 2))).toEqual([...shards].reverse());
    expect(tasksForShard(['new-task', ...tasks], 0, 2).filter((t) => t !== 'new-task')).toEqual(
      tasksForShard(tasks, 0, 2),
    );
  });

  it('partitions any task list: every task in exactly one shard', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.string({ minLength: 1, maxLength: 12 }), { maxLength: 60 }),
        fc.integer({ min: 1, max: 9 }),
        (tasks, count) => {
          const all = Array.from({ length: count }, (_, i) =>
            tasksForShard(tasks, i, count),
          ).flat();
          expect(all.sort()).toEqual([...tasks].sort());
        },
      ),
    );
  });

  it('spreads 1,000 tasks roughly evenly', () => {
    const tasks = Array.from({ length: 1000 }, (_, i) => `task-${i}`);
    const sizes = Array.from({ length: 4 }, (_, i) => tasksForShard(tasks, i, 4).length);
    for (const s of sizes) expect(s).toBeGreaterThan(200);
  });

  it('refuses impossible shard numbers', () => {
    expect(() => tasksForShard(['a'], 2, 2)).toThrow(/shard index/);
    expect(() => shardOf('a', 0)).toThrow(/shard count/);
  });
});

describe('action.yml ↔ input schema', () => {
  it('declares exactly the inputs the schema reads, with the same defaults', () => {
    expect(Object.keys(actionYml.inputs).sort()).toEqual(Object.values(INPUT_NAMES).sort());
    for (const [key, name] of Object.entries(INPUT_NAMES)) {
      expect(String(actionYml.inputs[name]!.default), name).toBe(
        INPUT_DEFAULTS[key as keyof typeof INPUT_DEFAULTS],
      );
      expect(actionYml.inputs[name]!.description.length, name).toBeGreaterThan(10);
    }
    expect(Object.keys(actionYml.outputs).sort()).toEqual(Object.values(OUTPUT_NAMES).sort());
    expect(actionYml.runs.using).toBe('docker');
  });

  it('parses the defaults, and names the input in every error', () => {
    const parsed = ActionInput.parse(INPUT_DEFAULTS);
    expect(parsed).toMatchObject({
      mode: 'evaluate',
      submissions: ['auto'],
      judges: ['metric'],
      shardIndex: 0,
      shardCount: 1,
      workers: 2,
      failOnInvalid: true,
      llmJudged: false,
    });
    const bad = ActionInput.safeParse({
      ...INPUT_DEFAULTS,
      shardCount: 'two',
      mode: 'deploy',
      headSha: 'abc',
    });
    expect(bad.success).toBe(false);
    expect(
      bad.error!.issues.map((i) => INPUT_NAMES[i.path[0] as keyof typeof INPUT_NAMES]).sort(),
    ).toEqual(['head-sha', 'mode', 'shard-count']);
  });
});
