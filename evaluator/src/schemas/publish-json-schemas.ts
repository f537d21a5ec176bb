import { mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { stableStringify } from '../util/stable-stringify.ts';
import * as schemas from './index.ts';

/**
 * File names that differ from the kebab-cased export name: the manifests people write by hand
 * get the short names docs and editors point at (`schemas/submission.schema.json`).
 */
const FILE_NAMES: Record<string, string> = {
  SubmissionManifest: 'submission',
  SuiteManifest: 'suite',
};

const GENERATED_NOTE =
  'Generated from evaluator/src/schemas/*.schema.ts by `npm run schemas`; do not edit by hand.';

function kebab(name: string): string {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1-$2')
    .toLowerCase();
}

/**
 * JSON Schema (draft 2020-12) text for every zod schema exported from `evaluator/src/schemas/`,
 * keyed by file name (`<name>.schema.json`). The *input* side of each schema is published — what
 * a file may contain before defaults are applied — because that is what editors and external
 * tools validate. Deterministic: keys sorted, two-space indent, trailing newline.
 */
export function buildJsonSchemas(): Map<string, string> {
  const out = new Map<string, string>();
  const names = Object.keys(schemas).sort();
  for (const name of names) {
    const value = (schemas as Record<string, unknown>)[name];
    if (!(value instanceof z.ZodType)) continue; // constants and helper functions
    const file = `${FILE_NAMES[name] ?? kebab(name)}.schema.json`;
    if (out.has(file)) throw new Error(`two schemas map to ${file}; add an entry to FILE_NAMES`);
    const json = z.toJSONSchema(value, {
      io: 'input',
      unrepresentable: 'any',
      target: 'draft-2020-12',
    }) as Record<string, unknown>;
    const doc = { ...json, title: json.title ?? name, $comment: GENERATED_NOTE };
    out.set(file, `${stableStringify(doc, 2)}\n`);
  }
  return out;
}

/**
 * Writes every schema file into `outDir` and removes stale `*.schema.json` files no export
 * produces any more. Returns the file names written.
 */
export async function writeJsonSchemas(outDir: string): Promise<string[]> {
  const files = buildJsonSchemas();
  await mkdir(outDir, { recursive: true });
  for (const existing of await readdir(outDir)) {
    if (existing.endsWith('.schema.json') && !files.has(existing)) await rm(join(outDir, existing));
  }
  for (const [file, text] of files) await writeFile(join(outDir, file), text);
  return [...files.keys()];
}
