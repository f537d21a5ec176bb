/**
 * A short, stable task id from a corpus file name `owner__repo__rest.ext`: the owner is dropped
 * (repository names are distinctive enough), everything is lower-cased, runs of other
 * characters become `-`, and a word or phrase repeated right after itself is dropped
 * (`detr__DETR.png` → `detr`, `TinyBERT-tinybert_overview` → `tinybert-overview`,
 * `pnp-vqa-pnp_vqa` → `pnp-vqa`).
 * Pure function of the name, so rebuilding the suite gives the same ids.
 */
export function taskIdFromFileName(fileName: string): string {
  const base = fileName.replace(/^.*\//, '').replace(/\.[A-Za-z0-9]+$/, '');
  const parts = base.split('__');
  const kept = parts.length >= 3 ? parts.slice(1) : parts;
  const words = kept
    .join('-')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((w) => w !== '');
  const id = dropRepeats(words).join('-');
  if (id === '') throw new Error(`taskIdFromFileName: no usable characters in "${fileName}"`);
  return id;
}

/** Removes phrases that immediately repeat themselves, longest first: a b a b c → a b c. */
function dropRepeats(words: string[]): string[] {
  let out = [...words];
  for (let changed = true; changed; ) {
    changed = false;
    for (let n = Math.floor(out.length / 2); n >= 1 && !changed; n--) {
      for (let i = 0; i + 2 * n <= out.length; i++) {
        if (out.slice(i, i + n).join('-') === out.slice(i + n, i + 2 * n).join('-')) {
          out = [...out.slice(0, i + n), ...out.slice(i + 2 * n)];
          changed = true;
          break;
        }
      }
    }
  }
  return out;
}
