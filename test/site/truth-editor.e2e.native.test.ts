// End-to-end test of `refig truth edit`: a calibration figure drafted by the real extractor
// (`refig truth draft`: tesseract + OpenCV), the editor served on 127.0.0.1, and Debian's
// Chromium driving it as a maintainer would: reverse an edge, relabel a node, draw a new node,
// save, then read the truth.json written to disk. Also the server's refusals (foreign Host,
// cross-origin or non-JSON save, invalid truth, unknown paths).
import { copyFile, readFile, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { launchChromium } from '../../site/scripts/launch-chromium.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FigureGraph } from '@figboard/evaluator/schemas';
import { Truth } from '@figboard/evaluator/schemas';
import { startTruthEditor, type TruthEditor } from '@figboard/evaluator/testkit';
import { runRefig } from '../support/run-refig.ts';
import { testdir } from '../support/testdir.ts';

const CAL = join(import.meta.dirname, '../fixtures/calibration/fig01-003');

let dir: string;
let cleanup: () => Promise<void>;
let editor: TruthEditor;
let browser: Browser;
let page: Page;
let draft: FigureGraph;

beforeAll(async () => {
  ({ dir, cleanup } = await testdir({}, 'figboard-truth-editor-'));
  await copyFile(join(CAL, 'source.png'), join(dir, 'source.png'));
  const drafted = await runRefig(['truth', 'draft', '--task', '.'], dir);
  expect(drafted.code, drafted.err).toBe(0);
  draft = FigureGraph.parse(JSON.parse(await readFile(join(dir, 'truth.draft.json'), 'utf8')));
  editor = await startTruthEditor({
    taskDir: dir,
    port: 0,
    checkedBy: 'test maintainer',
    today: () => '2026-12-01',
  });
  browser = await launchChromium();
  page = await browser.newPage({ viewport: { width: 1500, height: 900 } });
  await page.goto(editor.url);
  await page.waitForSelector('body[data-ready="1"]');
});

afterAll(async () => {
  await browser?.close();
  await editor?.close();
  await cleanup?.();
});

describe('refig truth edit (real Chromium)', () => {
  it('shows the draft over the figure: every node as a box, every edge as an arrow', async () => {
    expect(draft.nodes.length).toBeGreaterThanOrEqual(4);
    expect(draft.edges.length).toBeGreaterThanOrEqual(3);
    expect(await page.locator('[data-node]').count()).toBe(draft.nodes.length);
    expect(await page.locator('[data-edge]').count()).toBe(draft.edges.length);
    const directed = draft.edges.filter((e) => e.directed).length;
    expect(await page.locator('[data-edge] line[marker-end]').count()).toBe(directed);
    expect(await page.getByTestId('summary').textContent()).toBe(
      `${draft.nodes.length} nodes · ${draft.edges.length} edges (${directed} directed) · ${draft.groups.length} groups`,
    );
    // The image is the task's own figure, served by the editor.
    const natural = await page.evaluate(async () => {
      const img = new Image();
      img.src = '/image';
      await img.decode();
      return [img.naturalWidth, img.naturalHeight];
    });
    expect(natural).toEqual([draft.width, draft.height]);
    // Zoom: 200% draws the figure at twice its pixel size (the page scrolls), fit brings it back.
    await page.getByTestId('zoom').selectOption('2');
    expect((await page.getByTestId('figure').boundingBox())!.width).toBeCloseTo(2 * draft.width, 0);
    await page.getByTestId('zoom').selectOption('fit');
    expect((await page.getByTestId('figure').boundingBox())!.width).toBeLessThan(1500);
  });

  it('reverses an edge, relabels a node, adds a node and saves a schema-valid truth.json', async () => {
    const edge0 = draft.edges[0]!;
    await page.locator('[data-edge="0"] polygon.hit').click();
    await page.getByTestId('edge-reverse').click();
    expect(await page.locator('[data-edge="0"]').getAttribute('data-from')).toBe(edge0.to);
    expect(await page.locator('[data-edge="0"]').getAttribute('data-to')).toBe(edge0.from);

    const first = draft.nodes[0]!;
    await page.locator(`[data-node="${first.id}"] rect.box`).click();
    await page.getByTestId('node-text').fill('Relabelled Block');

    // Draw a new node in an empty corner of the figure (top left, above the row of boxes).
    await page.getByTestId('tool-node').click();
    const box = (await page.getByTestId('figure').boundingBox())!;
    const sx = box.width / draft.width;
    await page.mouse.move(box.x + 40 * sx, box.y + 40 * sx);
    await page.mouse.down();
    await page.mouse.move(box.x + 200 * sx, box.y + 100 * sx, { steps: 5 });
    await page.mouse.up();
    await page.getByTestId('node-text').fill('Added Caption');
    await page.getByTestId('node-kind').selectOption('label');

    await page.getByTestId('save').click();
    await expect
      .poll(() => page.getByTestId('status').textContent())
      .toMatch(/^saved .*truth\.json: /);
    if (process.env.TRUTH_EDITOR_SCREENSHOT)
      await page.screenshot({ path: process.env.TRUTH_EDITOR_SCREENSHOT, fullPage: true });

    const truth = Truth.parse(JSON.parse(await readFile(join(dir, 'truth.json'), 'utf8')));
    expect(truth.provenance).toEqual({
      draftedBy: draft.extractor,
      checkedBy: 'test maintainer',
      date: '2026-12-01',
      method: 'refig truth edit',
    });
    expect(truth.edges[0]).toMatchObject({ from: edge0.to, to: edge0.from, directed: true });
    expect(truth.edges.slice(1).map((e) => [e.from, e.to])).toEqual(
      draft.edges.slice(1).map((e) => [e.from, e.to]),
    );
    expect(truth.nodes.find((n) => n.id === first.id)!.text).toBe('Relabelled Block');
    const added = truth.nodes.find((n) => n.text === 'Added Caption')!;
    expect(added.kind).toBe('label');
    expect(added.bbox[0]).toBeCloseTo(40, -1);
    expect(added.bbox[2]).toBeCloseTo(160, -1);
    expect(truth.nodes).toHaveLength(draft.nodes.length + 1);
  });

  it('toggles directed, deletes an edge, and refuses to save a graph that breaks a rule', async () => {
    await page.locator('[data-edge="1"] polygon.hit').click();
    await page.getByTestId('edge-directed').uncheck();
    expect(await page.locator('[data-edge="1"] line[marker-end]').count()).toBe(0);
    await page.locator('[data-edge="2"] polygon.hit').click();
    await page.getByTestId('delete').click();
    await page.getByTestId('checked-by').fill('');
    await page.getByTestId('save').click();
    await expect
      .poll(() => page.getByTestId('status').textContent())
      .toMatch(/not saved:\n\[truth-json-schema\] provenance\.checkedBy/);
    await page.getByTestId('checked-by').fill('Second Checker');
    await page.getByTestId('save').click();
    await expect.poll(() => page.getByTestId('status').textContent()).toMatch(/^saved /);
    const truth = Truth.parse(JSON.parse(await readFile(join(dir, 'truth.json'), 'utf8')));
    expect(truth.edges).toHaveLength(draft.edges.length - 1);
    expect(truth.edges[1]!.directed).toBe(false);
    expect(truth.provenance?.checkedBy).toBe('Second Checker');
  });

  it('refuses foreign hosts, cross-origin and non-JSON saves, bad truth and unknown paths', async () => {
    const url = new URL(editor.url);
    const base = editor.url.replace(/\/$/, '');
    const before = await readFile(join(dir, 'truth.json'), 'utf8');
    const good = JSON.parse(before);
    const post = (body: string, headers: Record<string, string>) =>
      fetch(`${base}/api/save`, { method: 'POST', body, headers });
    expect((await fetch(`${base}/../../etc/passwd`)).status).toBe(404);
    expect((await fetch(`${base}/source.png`)).status).toBe(404);
    // fetch never sends a made-up Host header; node:http does (a DNS-rebinding page would).
    const foreignHost = await new Promise<number>((ok, fail) =>
      request(
        {
          host: '127.0.0.1',
          port: url.port,
          path: '/api/state',
          headers: { host: 'evil.example' },
        },
        (res) => {
          res.resume();
          ok(res.statusCode ?? 0);
        },
      )
        .on('error', fail)
        .end(),
    );
    expect(foreignHost).toBe(403);
    expect((await post(before, { 'content-type': 'text/plain' })).status).toBe(403);
    expect(
      (await post(before, { 'content-type': 'application/json', origin: 'http://evil.example' }))
        .status,
    ).toBe(403);
    const outside = structuredClone(good);
    outside.nodes[0].bbox = [good.width - 5, 0, 100, 10];
    const res = await post(JSON.stringify(outside), { 'content-type': 'application/json' });
    expect(res.status).toBe(422);
    expect((await res.json()).problems[0]).toMatch(/^\[truth-bbox-outside-image\] /);
    const wrongSize = { ...good, width: good.width + 1 };
    const res2 = await post(JSON.stringify(wrongSize), { 'content-type': 'application/json' });
    expect((await res2.json()).problems).toEqual([
      `[truth-size-mismatch] expected ${good.width}×${good.height}, got ${good.width + 1}×${good.height}`,
    ]);
    expect((await post('{', { 'content-type': 'application/json' })).status).toBe(400);
    // Nothing refused was written.
    expect(await readFile(join(dir, 'truth.json'), 'utf8')).toBe(before);
  });

  it('refuses a task whose image lies outside the task folder', async () => {
    const { dir: other, cleanup: done } = await testdir({}, 'figboard-truth-editor-');
    try {
      await writeFile(
        join(other, 'task.json'),
        (
          await readFile(
            join(import.meta.dirname, '../../suites/refig-real/detr/task.json'),
            'utf8',
          )
        ).replace('"file": "source.png"', '"file": "../source.png"'),
      );
      await expect(
        startTruthEditor({ taskDir: other, port: 0, checkedBy: 'x', today: () => '2026-12-01' }),
      ).rejects.toThrow(/task-json-schema|truth-editor-path-outside-task/);
    } finally {
      await done();
    }
  });
});
