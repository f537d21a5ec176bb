import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { corruptButZipDeck, calibrationDeck } from '../../render/test-support/build-test-decks.ts';
import { main } from '../main.ts';
import { silentProgress } from '../../util/progress.ts';

const work = mkdtempSync(join(tmpdir(), 'figboard-render-cli-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

async function refig(
  args: string[],
  cwd = work,
): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const sink = (append: (s: string) => void) =>
    ({ write: (s: string) => (append(String(s)), true) }) as unknown as NodeJS.WritableStream;
  const code = await main(['node', 'refig', ...args], {
    stdout: sink((s) => (stdout += s)),
    stderr: sink((s) => (stderr += s)),
    cwd,
    env: {},
    progress: () => silentProgress,
  });
  return { code, stdout, stderr };
}

describe('refig render', () => {
  it('prints one JSON line per file in argument order, numbers name collisions, exits 0 although some fail', async () => {
    const cwd = mkdtempSync(join(work, 'case-'));
    for (const d of ['a', 'b']) mkdirSync(join(cwd, d));
    copyFileSync(calibrationDeck('fig01-000', 'faithful'), join(cwd, 'a', 'deck.pptx'));
    copyFileSync(calibrationDeck('fig01-001', 'pptxgenjs'), join(cwd, 'b', 'deck.pptx'));
    copyFileSync(calibrationDeck('fig01-002', 'twoslides'), join(cwd, 'two slides.pptx'));
    writeFileSync(join(cwd, 'broken.pptx'), await corruptButZipDeck());
    const res = await refig(
      [
        'render',
        'a/deck.pptx',
        'b/deck.pptx',
        'two slides.pptx',
        'broken.pptx',
        '--out',
        'renders',
        '--dpi',
        '30',
        '--sandbox',
        'none',
      ],
      cwd,
    );
    expect(res.code).toBe(0);
    expect(res.stderr).toBe('');
    expect(res.stdout).toMatchInlineSnapshot(`
      "{"detail":null,"file":"a/deck.pptx","height":168,"name":"deck","pages":1,"passed":true,"png":"deck.png","reason":null,"width":401}
      {"detail":null,"file":"b/deck.pptx","height":248,"name":"deck-2","pages":1,"passed":true,"png":"deck-2.png","reason":null,"width":400}
      {"detail":"the PDF has 2 pages, expected exactly 1 (the PNG shows page 1)","file":"two slides.pptx","height":200,"name":"two_slides","pages":2,"passed":false,"png":"two_slides.png","reason":"render-page-count","width":401}
      {"detail":"LibreOffice wrote no PDF; LibreOffice said: Error: source file could not be loaded","file":"broken.pptx","height":null,"name":"broken","pages":null,"passed":false,"png":null,"reason":"render-failed","width":null}
      "
    `);
    expect(readdirSync(join(cwd, 'renders')).sort()).toEqual([
      'deck-2.png',
      'deck.png',
      'two_slides.png',
    ]);
    // Nothing but the inputs and the output folder in the working folder.
    expect(readdirSync(cwd).sort()).toEqual([
      'a',
      'b',
      'broken.pptx',
      'renders',
      'two slides.pptx',
    ]);
  });

  it('refuses bad usage with exit 2 and a message naming the flag or file, before rendering anything', async () => {
    const missingOut = await refig(['render', 'x.pptx']);
    expect(missingOut.code).toBe(2);
    expect(missingOut.stderr).toContain("error: required option '--out <dir>' not specified");

    const badDpi = await refig(['render', 'x.pptx', '--out', 'o', '--dpi', '9000']);
    expect(badDpi.code).toBe(2);
    expect(badDpi.stderr).toMatchInlineSnapshot(`
      "refig: [usage] --dpi: invalid value for --dpi (expected an integer 10…1200, got "9000")
      "
    `);

    const badSandbox = await refig(['render', 'x.pptx', '--out', 'o', '--sandbox', 'docker']);
    expect(badSandbox.code).toBe(2);
    expect(badSandbox.stderr).toContain('expected auto, bwrap or none');

    const missing = await refig(['render', 'nope.pptx', 'also-missing.pptx', '--out', 'o']);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatchInlineSnapshot(`
      "refig: [usage] refig render: cannot render: nope.pptx: no such file; also-missing.pptx: no such file (expected existing .pptx files, got 2 unusable path(s))
      "
    `);
    expect(readdirSync(work).filter((f) => f === 'o')).toEqual([]);
  });

  it('documents its flags and the naming rule in --help', async () => {
    const help = await refig(['render', '--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toMatchInlineSnapshot(`
      "Usage: refig render [options] <file...>

      render decks to PNG through LibreOffice (first slide, one-page render gate), one
      JSON line per file

      Arguments:
        file              .pptx files

      Options:
        --out <dir>       folder for the PNGs (created if missing; nothing is written
                          elsewhere)
        --dpi <d>         PNG resolution in dots per inch (10…1200) (default: "150")
        --workers <n>     parallel LibreOffice processes, each with its own profile
                          (1…64) (default: "2")
        --timeout <s>     seconds a deck may take; a soffice call of n decks gets 30 s
                          start-up + n × this (1…3600) (default: "60")
        --batch-size <n>  decks per soffice call (1…200) (default: "200")
        --sandbox <mode>  auto | bwrap | none: run LibreOffice under bubblewrap
                          without network (auto: when it works here) (default: "auto")
        -h, --help        display help for command

      Output names: DIR/<name>.png where <name> is the file name without .pptx, with characters outside
      [A-Za-z0-9._-] replaced by "_". When two files have the same name, the first (in argument order)
      keeps it and later ones get the lowest free "-2", "-3", … suffix; each JSON line says which name it got.

      Exit status: 0 when every file was processed (even if some failed to render), 2 on usage errors.
      Example:
        npx refig render submissions/*/artifacts/*/output.pptx --out renders --workers 2

      "
    `);
  });
});
