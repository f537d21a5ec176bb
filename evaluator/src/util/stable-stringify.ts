/**
 * JSON.stringify with object keys sorted recursively, so equal values always give equal bytes.
 * Non-finite numbers are refused: they would silently become `null` and break determinism.
 */
export function stableStringify(value: unknown, indent?: number): string {
  return JSON.stringify(sortKeys(value), null, indent);
}

function sortKeys(value: unknown): unknown {
  if (value === null || typeof value !== 'object') {
    if (typeof value === 'number' && !Number.isFinite(value)) {
      throw new TypeError(`stableStringify: non-finite number ${value}`);
    }
    return value;
  }
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value instanceof Uint8Array) throw new TypeError('stableStringify: binary data is not JSON');
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value).sort()) {
    const v = (value as Record<string, unknown>)[key];
    if (v !== undefined) out[key] = sortKeys(v);
  }
  return out;
}
