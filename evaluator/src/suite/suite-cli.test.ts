import { readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { copyToTemp } from '../../../test/orbit/helpers/copy-dir.ts';
import { runCli } from '../../../test/orbit/helpers/run-cli.ts';

const ROOT = join(import.meta.dirname, '..', '..', '..');

describe('refig suite stats', () => {
  it('prints Table 1 and Tables 9/10 for refig-real', async () => {
    const { code, stdout, stderr } = await runCli(['suite', 'stats', 'suites/refig-real'], ROOT);
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(stdout).toMatchInlineSnapshot(`
      "Hidden split: 44 of 125 task(s) have their scoring material sealed in sealed.json: agentbench-architecture, alpro-teaser, clip, coderl-inference, codet5-codet5p-overview, … (39 more)

      Suite refig-real 2.0.0 (refig track, 125 tasks)

      Table 1: image-level statistics (decoded area in megapixels, MP)
      Statistic                                          Value
      -------------------------------------  -----------------
      Source figures                                       125
      File format                            112 PNG / 13 JPEG
      Distinct resolutions                                 125
      Median width × height (px)                   1,762 × 782
      Width range (px)                               587–8,296
      Height range (px)                              236–3,300
      Decoded area, median / 95th pct. (MP)        1.35 / 6.82
      Largest decoded area (MP)                          25.66
      Landscape / portrait / square                120 / 5 / 0

      Table 9: composition by source field
      Field    N   Share
      -----  ---  ------
      cs.AI   10    8.0%
      cs.CL   40   32.0%
      cs.CV   61   48.8%
      cs.LG   14   11.2%
      All    125  100.0%

      Table 10: input image file size by source field
      Field  Images      Total        Mean         P25         P50         P75
      -----  ------  ---------  ----------  ----------  ----------  ----------
      cs.AI      10   3.37 MiB  344.99 KiB  160.97 KiB  267.78 KiB  452.23 KiB
      cs.CL      40   8.90 MiB  227.94 KiB   95.53 KiB  185.26 KiB  275.35 KiB
      cs.CV      61  20.59 MiB  345.72 KiB  134.73 KiB  246.58 KiB  406.84 KiB
      cs.LG      14   3.78 MiB  276.33 KiB  141.45 KiB  244.91 KiB  352.38 KiB
      All       125  36.65 MiB  300.20 KiB  118.84 KiB  229.23 KiB  358.38 KiB

      Provenance and checked truth
      Statistic                                                                      Value
      ------------------------------------------  ----------------------------------------
      Source repositories                                                               83
      Papers (with an arXiv id)                                                  125 (122)
      Licenses                                    Apache-2.0 62 / MIT 52 / BSD-3-Clause 11
      Public split (truth.json)                                                         81
      Hidden split (truth sealed in sealed.json)                                        44
      Without checked truth (never ranked)                                               0
      "
    `);
  });

  it('prints the sample suite, and JSON on request', async () => {
    const text = await runCli(['suite', 'stats', 'suites/refig-sample'], ROOT);
    expect(text.stdout).toMatchInlineSnapshot(`
      "Suite refig-sample 1.0.0 (refig track, 6 tasks)

      Table 1: image-level statistics (decoded area in megapixels, MP)
      Statistic                                    Value
      -------------------------------------  -----------
      Source figures                                   6
      File format                                  6 PNG
      Distinct resolutions                             6
      Median width × height (px)             1,600 × 825
      Width range (px)                       1,400–1,800
      Height range (px)                          700–992
      Decoded area, median / 95th pct. (MP)  1.38 / 1.61
      Largest decoded area (MP)                     1.62
      Landscape / portrait / square            6 / 0 / 0

      Table 9: composition by source field
      Field    N   Share
      -------  -  ------
      unknown  6  100.0%
      All      6  100.0%

      Table 10: input image file size by source field
      Field    Images     Total       Mean        P25        P50        P75
      -------  ------  --------  ---------  ---------  ---------  ---------
      unknown       6  0.27 MiB  45.55 KiB  33.06 KiB  40.05 KiB  57.93 KiB
      All           6  0.27 MiB  45.55 KiB  33.06 KiB  40.05 KiB  57.93 KiB

      Provenance and checked truth
      Statistic                                   Value
      ------------------------------------------  -----
      Source repositories                             0
      Papers (with an arXiv id)                   0 (0)
      Licenses                                    MIT 6
      Public split (truth.json)                       6
      Hidden split (truth sealed in sealed.json)      0
      Without checked truth (never ranked)            0
      "
    `);
    const json = JSON.parse(
      (await runCli(['suite', 'stats', 'suites/refig-sample', '--json'], ROOT)).stdout,
    );
    expect(json.imageStats.formats).toEqual({ png: 6 });
    expect(json.fieldStats.map((r: { field: string }) => r.field)).toEqual(['unknown', 'all']);
  });
});

describe('refig suite readme', () => {
  it("rewrites refig-real's committed README byte for byte (it never drifts from the tasks)", async () => {
    const dir = await copyToTemp(join(ROOT, 'suites', 'refig-real'), 'refig-real');
    const committed = await readFile(join(dir, 'README.md'), 'utf8');
    await writeFile(join(dir, 'README.md'), 'stale');
    const { code, stdout, stderr } = await runCli(['suite', 'readme', 'refig-real'], dirname(dir));
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(stdout).toBe('wrote refig-real/README.md\n');
    const written = await readFile(join(dir, 'README.md'), 'utf8');
    expect(written).toBe(committed);
    expect(written).toContain('125 of 125 tasks have checked truth: 81 public');
    await rm(dirname(dir), { recursive: true });
  });
});

describe('refig suite verify', () => {
  it('passes on both committed suites', async () => {
    const { code, stdout } = await runCli(
      ['suite', 'verify', 'suites/refig-real', 'suites/refig-sample'],
      ROOT,
    );
    expect(stdout).toMatchInlineSnapshot(`
      "ok   suites/refig-real: 125 tasks, every image hash and file verified; 81 with truth.json (schema and geometry checked)
           sealed.json: 44 hidden task(s), 44 sealed file(s), integrity checked; contents not checked without FIGBOARD_SUITE_KEY (hidden: agentbench-architecture, alpro-teaser, clip, coderl-inference, codet5-codet5p-overview, … (39 more))
      ok   suites/refig-sample: 6 tasks, every image hash and file verified; 6 with truth.json (schema and geometry checked)
      "
    `);
    expect(code).toBe(0);
  });

  it('fails a tampered copy, naming the task id and both hashes', async () => {
    const dir = await copyToTemp(join(ROOT, 'suites', 'refig-real'), 'refig-real');
    const image = join(dir, 'detr', 'source.png');
    const bytes = await readFile(image);
    bytes[5000] = bytes[5000]! ^ 0x01;
    await writeFile(image, bytes);
    const { code, stdout, stderr } = await runCli(['suite', 'verify', 'refig-real'], dirname(dir));
    expect(code).toBe(1);
    const intact = /^FAIL refig-real: 1 error\(s\); (\d+)\/(\d+) tasks intact\n/.exec(stdout);
    expect(intact, stdout).not.toBeNull();
    expect(Number(intact![1])).toBe(Number(intact![2]) - 1);
    expect(stderr).toMatchInlineSnapshot(`
      "error refig-real/detr/source.png [image-hash-mismatch] task "detr": image SHA-256 does not match task.json (the image was changed or corrupted) (expected c7a358b2684ba804e5f1f6d8f18f01d1c3717f1987d2914f1510a6c24acdcdb7, got 901b9bca254975b49308b1d9936b20b63e1bf8ee5f7acb93da5c7ca7d4d2b2c1) — restore the original image, or rebuild the task so its provenance records the new bytes
      "
    `);
    await rm(dirname(dir), { recursive: true });
  });

  it('checks every truth.json against the schema and the image, naming the file and the rule', async () => {
    const dir = await copyToTemp(join(ROOT, 'suites', 'refig-sample'), 'refig-sample');
    const truthFile = (id: string) => join(dir, id, 'truth.json');
    const t0 = JSON.parse(await readFile(truthFile('fig01-000'), 'utf8'));
    t0.nodes[0].bbox = [t0.width - 10, 5, 40, 20]; // sticks out on the right
    t0.nodes[1].bbox = [10, 10, 0, 20]; // empty
    t0.nodes[3].id = t0.nodes[2].id; // duplicate id
    t0.edges.push({ from: t0.nodes[0].id, to: 'ghost', end: [5, t0.height + 50] });
    t0.groups = [{ id: 'g', text: 'G', members: [t0.nodes[0].id, 'nobody'] }];
    await writeFile(truthFile('fig01-000'), JSON.stringify(t0));
    const t1 = JSON.parse(await readFile(truthFile('fig01-001'), 'utf8'));
    t1.provenance = { checkedBy: 'maintainer', date: '1 Dec 2026' };
    t1.edges[0].from = 42;
    await writeFile(truthFile('fig01-001'), JSON.stringify(t1));
    const { code, stdout, stderr } = await runCli(
      ['suite', 'verify', 'refig-sample'],
      dirname(dir),
    );
    expect(code).toBe(1);
    expect(stdout).toBe('FAIL refig-sample: 9 error(s); 4/6 tasks intact\n');
    expect(stderr.split(`${dirname(dir)}/`).join('')).toMatchInlineSnapshot(`
      "error refig-sample/fig01-000/truth.json [truth-bbox-outside-image] task "fig01-000": node "n0" lies outside the image (expected inside 0..1800 × 0..756, got [1790, 5, 40, 20] (right 1830, bottom 25)) — truth coordinates are source pixels [x, y, w, h]
      error refig-sample/fig01-000/truth.json [truth-bbox-empty] task "fig01-000": node "n1" has an empty box (expected w > 0 and h > 0, got [10, 10, 0, 20])
      error refig-sample/fig01-000/truth.json [truth-duplicate-id] task "fig01-000": node id "n2" is used twice
      error refig-sample/fig01-000/truth.json [truth-edge-unknown-node] task "fig01-000": edge 2 (n2 → n3) names "n3", which is neither a node nor a group
      error refig-sample/fig01-000/truth.json [truth-edge-unknown-node] task "fig01-000": edge 3 (n0 → ghost) names "ghost", which is neither a node nor a group
      error refig-sample/fig01-000/truth.json [truth-point-outside-image] task "fig01-000": edge 3 (n0 → ghost) end lies outside the image (expected inside 0..1800 × 0..756, got [5, 806])
      error refig-sample/fig01-000/truth.json [truth-group-unknown-member] task "fig01-000": group "g" lists "nobody", which is not a node
      error refig-sample/fig01-001/truth.json [truth-json-schema] edges.0.from: Invalid input: expected string, received number
      error refig-sample/fig01-001/truth.json [truth-json-schema] provenance.date: expected a date YYYY-MM-DD
      "
    `);
    await rm(dirname(dir), { recursive: true });
  });
});
