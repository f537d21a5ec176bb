import { createServer, type AddressInfo } from 'node:net';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { runRefig } from '../../../../test/support/run-refig.ts';
import { testdir } from '../../../../test/support/testdir.ts';
import { FigureGraph } from '../../schemas/figure-graph.schema.ts';

const CAL = join(import.meta.dirname, '../../../../test/fixtures/calibration');

describe('refig truth draft (real tesseract and OpenCV)', () => {
  it('writes a schema-valid truth.draft.json next to the source image and says what it holds', async () => {
    const { dir, cleanup } = await testdir({
      'fig/source.png': new Uint8Array(await readFile(join(CAL, 'fig01-003/source.png'))),
    });
    try {
      const res = await runRefig(
        ['truth', 'draft', '--task', 'fig', '--overlay', 'draft.png'],
        dir,
      );
      expect(res.err).toBe('');
      expect(res.code).toBe(0);
      expect(res.out).toMatchInlineSnapshot(`
        "fig/truth.draft.json: 4 nodes (4 modules, 0 labels), 3 relations (3 directed), 0 groups; figboard-figure-graph 1.1.0
        "
      `);
      const graph = FigureGraph.parse(
        JSON.parse(await readFile(join(dir, 'fig/truth.draft.json'), 'utf8')),
      );
      expect(graph.id).toBe('fig');
      expect(graph.nodes.map((n) => n.text)).toEqual([
        'Transformer Block',
        'Readout',
        'Student Model',
        'Teacher Model',
      ]);
      expect(graph.edges.map((e) => `${e.from}>${e.to}`)).toEqual(['n1>n2', 'n2>n3', 'n3>n4']);
      const overlay = await sharp(join(dir, 'draft.png')).metadata();
      expect([overlay.format, overlay.width]).toEqual(['png', 1800]);
    } finally {
      await cleanup();
    }
  });

  it('a folder without a source image is a usage error naming the file', async () => {
    const { dir, cleanup } = await testdir({ 'empty/readme.txt': 'nothing here' });
    try {
      const res = await runRefig(['truth', 'draft', '--task', 'empty'], dir);
      expect(res.code).toBe(2);
      expect(res.err).toContain('task-image-missing');
      expect(res.err).toContain(join('empty', 'source.png'));
    } finally {
      await cleanup();
    }
  });

  it('--help says the draft is not ground truth until checked', async () => {
    const res = await runRefig(['truth', 'draft', '--help'], process.cwd());
    expect(res.code).toBe(0);
    expect(res.out).toContain('It is NOT ground truth until checked.');
  });
});

describe('refig truth edit (argument errors; the editor itself: test/site/truth-editor.e2e.native.test.ts)', () => {
  it('a folder without a source image, a broken draft and a bad port are errors naming file and rule', async () => {
    const { dir, cleanup } = await testdir({
      'empty/readme.txt': 'nothing here',
      'broken/source.png': new Uint8Array(await readFile(join(CAL, 'fig01-003/source.png'))),
      'broken/truth.draft.json': '{"id": "broken", "nodes": 3}',
      'calib/source.png': new Uint8Array(await readFile(join(CAL, 'fig01-003/source.png'))),
    });
    try {
      const empty = await runRefig(['truth', 'edit', '--task', 'empty', '--port', '0'], dir);
      expect(empty.code).not.toBe(0);
      expect(empty.err).toContain('[task-image-missing]');
      expect(empty.err).toContain(join('empty', 'source.png'));
      const broken = await runRefig(['truth', 'edit', '--task', 'broken', '--port', '0'], dir);
      expect(broken.code).not.toBe(0);
      expect(broken.err).toMatch(/\[truth-draft-json-schema\] .*broken\/truth\.draft\.json/);
      const port = await runRefig(['truth', 'edit', '--task', 'broken', '--port', 'x'], dir);
      expect(port.code).toBe(2);
      expect(port.err).toContain('--port');
      // a port already taken names the option to change
      const busy = createServer();
      await new Promise<void>((ok) => busy.listen(0, '127.0.0.1', () => ok()));
      try {
        const taken = (busy.address() as AddressInfo).port;
        const inUse = await runRefig(
          ['truth', 'edit', '--task', 'calib', '--port', String(taken)],
          dir,
        );
        expect(inUse.code).toBe(2);
        expect(inUse.err).toContain(`[port-in-use] port ${taken} on 127.0.0.1 is in use`);
        expect(inUse.err).toContain('--port');
      } finally {
        busy.close();
      }
    } finally {
      await cleanup();
    }
  });
});
