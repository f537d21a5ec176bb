import { copyFileSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { auditFile } from '../../audit/audit-file.ts';
import { buildDeck, sp } from '../../pptx/test-support/build-deck.ts';
import { stableStringify } from '../../util/stable-stringify.ts';
import { main } from '../main.ts';
import { silentProgress } from '../../util/progress.ts';

const CALIBRATION = resolve(import.meta.dirname, '../../../../test/fixtures/calibration');
const work = mkdtempSync(join(tmpdir(), 'figboard-audit-cli-'));
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

describe('refig audit', () => {
  it('prints one JSON line per file in argument order; gate failures, a missing path included, exit 0', async () => {
    const cwd = mkdtempSync(join(work, 'case-'));
    copyFileSync(join(CALIBRATION, 'fig01-000/variants/faithful.pptx'), join(cwd, 'faithful.pptx'));
    copyFileSync(join(CALIBRATION, 'fig01-000/variants/twoslides.pptx'), join(cwd, 'two.pptx'));
    writeFileSync(join(cwd, 'notes.pptx'), 'not a deck');
    const res = await refig(
      ['audit', 'faithful.pptx', 'missing.pptx', 'two.pptx', 'notes.pptx'],
      cwd,
    );
    expect(res.code).toBe(0);
    expect(res.stderr).toBe('');
    const lines = res.stdout.trimEnd().split('\n');
    expect(lines).toHaveLength(4);
    // Each line is exactly the library's record, keys sorted.
    expect(lines[0]).toBe(
      stableStringify(await auditFile(join(cwd, 'faithful.pptx'), { name: 'faithful.pptx' })),
    );
    const summary = lines.map((l) => {
      const r = JSON.parse(l);
      return `${r.file} passed=${r.gate.passed} reason=${r.gate.reason} slides=${r.slides} connectors=${r.counts.connectors}/${r.counts.connectorsAttached} texts=${r.texts.length} cap=${r.cap}`;
    });
    expect(summary).toMatchInlineSnapshot(`
      [
        "faithful.pptx passed=true reason=null slides=1 connectors=3/3 texts=4 cap=100",
        "missing.pptx passed=false reason=missing slides=null connectors=0/0 texts=0 cap=100",
        "two.pptx passed=false reason=multiple-slides slides=2 connectors=3/3 texts=4 cap=100",
        "notes.pptx passed=false reason=not-a-zip slides=null connectors=0/0 texts=0 cap=100",
      ]
    `);
    expect(JSON.parse(lines[1]!).gate.detail).toBe(
      'missing.pptx: no such file (expected an existing, readable .pptx file)',
    );
    expect(readdirSync(cwd).sort()).toEqual(['faithful.pptx', 'notes.pptx', 'two.pptx']);
  });

  it('adds the object tree with --objects', async () => {
    const cwd = mkdtempSync(join(work, 'case-'));
    writeFileSync(
      join(cwd, 'd.pptx'),
      await buildDeck({ slides: [sp({ id: 2, frame: { x: 1, y: 2, cx: 3, cy: 4 }, text: 'A' })] }),
    );
    const res = await refig(['audit', '--objects', 'd.pptx'], cwd);
    expect(res.code).toBe(0);
    expect(JSON.parse(res.stdout).objects).toMatchInlineSnapshot(`
      [
        {
          "box": {
            "h": 4,
            "w": 3,
            "x": 1,
            "y": 2,
          },
          "dashed": false,
          "depth": 0,
          "end": null,
          "endConnection": null,
          "fill": null,
          "filled": false,
          "flipH": false,
          "flipV": false,
          "fontSizePt": null,
          "geometry": "rect",
          "headArrow": null,
          "id": "2",
          "kind": "shape",
          "lineColor": null,
          "lineWidth": null,
          "name": "Shape 2",
          "parentId": null,
          "placeholder": null,
          "rotation": 0,
          "start": null,
          "startConnection": null,
          "tailArrow": null,
          "text": "A",
        },
      ]
    `);
  });

  it('refuses bad usage with exit 2 before auditing anything', async () => {
    const noOut = await refig(['audit', 'x.pptx', '--render']);
    expect(noOut).toMatchObject({ code: 2, stdout: '' });
    expect(noOut.stderr).toMatchInlineSnapshot(`
      "refig: [usage] --out: --render needs --out <dir> for the PNGs (expected a folder, got nothing) Hint: e.g. --render --out renders
      "
    `);
    const badWorkers = await refig(['audit', 'x.pptx', '--workers', '0']);
    expect(badWorkers).toMatchObject({ code: 2, stdout: '' });
    expect((await refig(['audit'])).code).toBe(2);
  });

  it('documents itself in --help', async () => {
    const res = await refig(['audit', '--help']);
    expect(res.code).toBe(0);
    expect(res.stdout).toMatchInlineSnapshot(`
      "Usage: refig audit [options] <file...>

      gate and object audit of PPTX decks (first slide), one JSON line per file

      Arguments:
        file              .pptx files

      Options:
        --objects         include the flattened object tree of slide 1 (objects)
        --threads <n>     worker threads for the audit (1…64; auto = one per core but
                          one, at most 8, when there are at least 200 files) (default:
                          "auto")
        --render          also render each deck that passes the reader gate (render
                          gate: exactly one page)
        --out <dir>       folder for rendered PNGs (required with --render; nothing is
                          written elsewhere)
        --workers <n>     parallel LibreOffice processes for --render (1…64) (default:
                          "2")
        --dpi <d>         PNG resolution for --render (10…1200) (default: "150")
        --timeout <s>     seconds a deck may take to render (1…3600) (default: "60")
        --sandbox <mode>  auto | bwrap | none: run LibreOffice under bubblewrap
                          without network (auto: when it works here) (default: "auto")
        -h, --help        display help for command

      Each line: file, sha256, bytes, gate {passed, reason, detail}, slides, slideSize {cx, cy}, counts {connectors,
      connectorsAttached, lineShapes, freeforms, groups, pictures, textBoxes, textShapes, shapes, tables, charts,
      otherFrames}, texts, textItems, largestPictureCoverage, pictureAreaRatio, cap, flags [, objects] [, render]
      [, renderedRasterCoverage: with --render, the share of the render owed to images, which c(P) also uses].
      Gate reasons: not-a-zip corrupt-zip too-large too-many-entries entry-too-large unsafe-entry no-presentation
      no-slide multiple-slides xml-doctype xml-malformed invalid-slide-size missing, and with --render render-failed
      render-timeout render-page-count. Slide 1 is audited even when the gate fails for the slide count.

      Exit status: 0 when every file was audited (whatever the gate said, a missing file included),
      2 on usage errors, 70 if the audit itself crashed on a file (a bug; the other files are still audited).
      Examples:
        npx refig audit output.pptx
        npx refig audit submissions/*/artifacts/*/output.pptx --render --out renders --workers 2

      "
    `);
  });
});
