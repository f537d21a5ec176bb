import { UsageError } from '../errors/index.ts';

/** Parses an integer CLI flag within [min, max], or throws a usage error naming the flag and the range. */
export function intFlag(flag: string, value: string, min: number, max: number): number {
  const n = Number(value);
  if (!/^\d+$/.test(value.trim()) || !Number.isInteger(n) || n < min || n > max) {
    throw new UsageError(`invalid value for ${flag}`, {
      where: flag,
      expected: `an integer ${min}…${max}`,
      got: JSON.stringify(value),
    });
  }
  return n;
}
