import { createHash } from 'node:crypto';

/**
 * The shard a task belongs to: the first 32 bits of SHA-256(task id) modulo the shard count.
 * It depends only on the id — not on the task's position in a list — so adding or removing a
 * task never moves the others, and every runner computes the same split on its own.
 */
export function shardOf(taskId: string, shardCount: number): number {
  if (!Number.isInteger(shardCount) || shardCount < 1)
    throw new RangeError(`shard count must be a positive integer, got ${shardCount}`);
  return createHash('sha256').update(taskId).digest().readUInt32BE(0) % shardCount;
}

/** The tasks of shard `index` of `count`, in their original order. */
export function tasksForShard(tasks: readonly string[], index: number, count: number): string[] {
  if (!Number.isInteger(index) || index < 0 || index >= count)
    throw new RangeError(`shard index must be 0…${count - 1}, got ${index}`);
  return tasks.filter((t) => shardOf(t, count) === index);
}
