import { describe, expect, it } from 'vitest';
import { roundDeep } from './round-deep.ts';

describe('roundDeep (util/round-deep.ts)', () => {
  const value = { a: 0.123456, b: [1 / 3, -0, 7], c: { d: Number.NaN, e: Infinity }, f: 'x' };

  it('rounds every non-integer number deeply to 4 decimals, −0 to 0, integers and strings as they are', () => {
    const out = roundDeep(value, 'keep');
    expect(out.a).toBe(0.1235);
    expect(out.b).toEqual([0.3333, 0, 7]);
    expect(Object.is(out.b[1], -0)).toBe(false);
    expect(out.f).toBe('x');
    expect(roundDeep(1 / 3, 'keep', 2)).toBe(0.33);
  });

  it("names the NaN policy: 'zero' for record fields, 'keep' (JSON null) for the board", () => {
    expect(roundDeep(value, 'zero').c).toEqual({ d: 0, e: 0 });
    const kept = roundDeep(value, 'keep').c;
    expect(Number.isNaN(kept.d)).toBe(true);
    expect(kept.e).toBe(Infinity);
    expect(JSON.stringify(kept)).toBe('{"d":null,"e":null}');
  });
});
