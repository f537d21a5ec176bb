import { sharpInput } from '../image/decode-image.ts';

/**
 * A 64-bit difference hash of an image (hex): greyscale, resized to 9×8, each bit says whether a
 * pixel is darker than its right neighbour. Two renderings of the same slide land within a few
 * bits of each other even after re-encoding or a small rendering difference; different slides
 * differ in about half the bits. Null when the image cannot be read.
 */
export async function renderDhash(input: string | Uint8Array): Promise<string | null> {
  try {
    const { data } = await sharpInput(input)
      .flatten({ background: '#ffffff' })
      .greyscale()
      .resize(9, 8, { fit: 'fill', kernel: 'linear' })
      .raw()
      .toBuffer({ resolveWithObject: true });
    let bits = 0n;
    for (let y = 0; y < 8; y++)
      for (let x = 0; x < 8; x++)
        bits = (bits << 1n) | (data[y * 9 + x]! < data[y * 9 + x + 1]! ? 1n : 0n);
    return bits.toString(16).padStart(16, '0');
  } catch {
    return null;
  }
}

/** Bits in which two difference hashes differ (0 … 64). */
export function hammingDistance(a: string, b: string): number {
  let x = BigInt(`0x${a}`) ^ BigInt(`0x${b}`);
  let n = 0;
  while (x > 0n) {
    n += Number(x & 1n);
    x >>= 1n;
  }
  return n;
}
