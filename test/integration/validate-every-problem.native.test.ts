// `refig validate` on a copy of a real entry (the OCR baseline on suites/refig-real) broken the
// ways issue 14 saw submitters break theirs: an invalid manifest, the `detr` folder misnamed
// twice (`detr-pipeline`, `DETR`), and a file edited after SHA256SUMS was written. One run must
// report all of it: the manifest problems with their lines, every misnamed folder with what it
// meant, and the hash mismatch at its SHA256SUMS line.
import { cp, mkdtemp, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { runRefig } from '../support/run-refig.ts';

const ROOT = resolve(import.meta.dirname, '../..');
let dir: string | undefined;
afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

it('reports the invalid manifest, both misnamed task folders and the wrong hash in one run', async () => {
  dir = await mkdtemp(join(tmpdir(), 'figboard-validate-all-'));
  await cp(join(ROOT, 'suites/refig-real'), join(dir, 'suites/refig-real'), { recursive: true });
  const sub = join(dir, 'submissions/baseline-refig-ocr');
  await cp(join(ROOT, 'submissions/baseline-refig-ocr'), sub, {
    recursive: true,
    filter: (src) => !src.includes('/results'),
  });
  // misnamed folders: detr → detr-pipeline, plus a copy as DETR
  await rename(join(sub, 'artifacts/detr'), join(sub, 'artifacts/detr-pipeline'));
  await cp(join(sub, 'artifacts/detr-pipeline'), join(sub, 'artifacts/DETR'), { recursive: true });
  // a file edited after SHA256SUMS was written
  await writeFile(join(sub, 'artifacts/clip/output.py'), '# edited by hand\n', { flag: 'a' });
  // the manifest: a misspelt key and an unquoted version YAML reads as a number
  const yml = await readFile(join(sub, 'submission.yml'), 'utf8');
  await writeFile(
    join(sub, 'submission.yml'),
    yml
      .replace('license: MIT', 'licence: MIT')
      .replace(/(suite:\n {2}name: [\w-]+\n {2}version: )[^\n]+/, (_, head) => `${head}1.10`),
  );
  const sums = (await readFile(join(sub, 'SHA256SUMS'), 'utf8')).split('\n');
  const clipLine = sums.findIndex((l) => l.endsWith('  artifacts/clip/output.py')) + 1;

  const r = await runRefig(['validate', 'submissions/baseline-refig-ocr'], dir);
  expect(r.code).toBe(1);
  const lines = r.out.split('\n');
  const find = (re: RegExp) => lines.filter((l) => re.test(l));
  // the manifest
  expect(find(/\[manifest-schema\] license: required field is missing/)).toHaveLength(1);
  expect(
    find(
      /submission\.yml:\d+:1 \[manifest-schema\] unknown key "licence"; did you mean "license"\?/,
    ),
  ).toHaveLength(1);
  expect(
    find(
      /\[manifest-schema\] suite\.version: .* quote it so YAML keeps it as text: version: "1\.10"/,
    ),
  ).toHaveLength(1);
  // both misnamed folders, each with what it meant — checked although the manifest is invalid
  expect(find(/artifacts\/detr-pipeline \[unknown-task\] .*did you mean "detr"\?/)).toHaveLength(1);
  expect(find(/artifacts\/DETR \[unknown-task\] .*did you mean "detr"\?/)).toHaveLength(1);
  // the wrong hash at its SHA256SUMS line, naming the file
  expect(
    find(new RegExp(`SHA256SUMS:${clipLine} \\[hash-mismatch\\] artifacts/clip/output\\.py`)),
  ).toHaveLength(1);
  // the renamed folder's files: listed but absent, present but unlisted
  expect(find(/\[sha256sums-extra\] lists "artifacts\/detr\/output\.pptx"/)).toHaveLength(1);
  expect(find(/artifacts\/detr-pipeline\/output\.pptx \[sha256sums-unlisted\]/)).toHaveLength(1);
  expect(r.out).toMatch(/FAILED: submissions\/baseline-refig-ocr is not valid \(\d+ errors/);
});
