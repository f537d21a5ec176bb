import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { stringify as toYaml } from 'yaml';
import {
  Annotation,
  configurationId,
  StyleRecord,
  StyleTask,
  SubmissionManifest,
  SuiteManifest,
} from '@figboard/evaluator/schemas';
import { SCORER_VERSIONS, scorersFor } from '@figboard/evaluator/scorers';
import { stableStringify } from '@figboard/evaluator/util';
import { seededRandom, type SeededRandom } from './seeded-random.ts';

/** What the style part of the fixture wrote. */
export interface StyleFixtureSummary {
  suite: string;
  tasks: string[];
  /** Style submissions, sorted by id. */
  submissions: string[];
  /** Their configuration ids on the board, in the order of `submissions`. */
  configurations: string[];
  /** Style pairs written to `annotations/fixture-style.jsonl`. */
  annotations: number;
}

type Rgb = [number, number, number];
type Write = (rel: string, data: string | Buffer) => Promise<void>;

const STYLE_SUITE = 'style-bench';
const CHART_TYPES = ['grouped-bar', 'bar', 'stacked-bar'];
const PALETTES: Rgb[][] = [
  [
    [141, 90, 63],
    [214, 160, 98],
    [96, 124, 79],
  ],
  [
    [27, 158, 119],
    [217, 95, 2],
    [117, 112, 179],
  ],
  [
    [31, 78, 140],
    [190, 48, 116],
    [240, 150, 30],
  ],
];
const DEFAULT_PALETTE: Rgb[] = [
  [31, 119, 180],
  [255, 127, 14],
  [44, 160, 44],
];
const STYLE_CONFIGS = [
  { model: 'Claude Opus 4.6', provider: 'anthropic', harness: 'Claude Code', hv: '2.1.0' },
  { model: 'GPT-5.5', provider: 'openai', harness: 'Codex', hv: '0.130.0' },
  { model: 'MiniMax-M3', provider: 'minimax', harness: 'Claude Code', hv: '2.1.0' },
  { model: 'MiMo-v2.5', provider: 'xiaomi', harness: 'Claude Code', hv: '2.1.0' },
];
const WORKFLOW = {
  name: 'FigMirror skill',
  kind: 'specialized' as const,
  description: 'The FigMirror skill: measure the reference, draw, review, redraw.',
};

const slug = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^a-z0-9.]+/g, '-')
    .replace(/^-+|-+$/g, '');
const r1 = (x: number) => Math.round(x * 10) / 10;
const sha256 = (b: Buffer | string) => createHash('sha256').update(b).digest('hex');

/** A bar chart: background, axes, groups of bars in a palette (a stand-in for a matplotlib PNG). */
async function drawBarsPng(
  values: number[][],
  palette: Rgb[],
  opts: { width: number; height: number; background: Rgb; grid: boolean; stacked: boolean },
): Promise<Buffer> {
  const { width, height } = opts;
  const px = Buffer.alloc(width * height * 3);
  for (let i = 0; i < width * height; i++) px.set(opts.background, i * 3);
  const fill = (x0: number, y0: number, w: number, h: number, c: Rgb) => {
    const xa = Math.max(0, Math.round(x0));
    const ya = Math.max(0, Math.round(y0));
    const xb = Math.min(width, Math.round(x0 + w));
    const yb = Math.min(height, Math.round(y0 + h));
    for (let y = ya; y < yb; y++) for (let x = xa; x < xb; x++) px.set(c, (y * width + x) * 3);
  };
  const left = width * 0.12;
  const bottom = height * 0.86;
  const top = height * 0.08;
  const plotW = width * 0.82;
  const plotH = bottom - top;
  if (opts.grid)
    for (let k = 1; k <= 4; k++) fill(left, bottom - (plotH * k) / 4.4, plotW, 1, [200, 200, 200]);
  const groupW = plotW / values.length;
  values.forEach((group, g) => {
    let stack = 0;
    group.forEach((v, s) => {
      const h = plotH * v;
      const c = palette[s % palette.length]!;
      if (opts.stacked) {
        fill(left + g * groupW + groupW * 0.2, bottom - stack - h, groupW * 0.6, h, c);
        stack += h;
      } else {
        const w = (groupW * 0.8) / group.length;
        fill(left + g * groupW + groupW * 0.1 + s * w, bottom - h, w * 0.92, h, c);
      }
    });
  });
  fill(left, top, 2, plotH, [40, 40, 40]);
  fill(left, bottom, plotW, 2, [40, 40, 40]);
  return sharp(px, { raw: { width, height, channels: 3 } })
    .png({ compressionLevel: 6 })
    .toBuffer();
}

/** Moves each colour of `palette` towards matplotlib's defaults by `drift` (0 = the same). */
const drifted = (palette: Rgb[], drift: number): Rgb[] =>
  palette.map(
    (c, i) => c.map((v, k) => Math.round(v + (DEFAULT_PALETTE[i]![k]! - v) * drift)) as Rgb,
  );

/**
 * Writes the style part of the site fixture: a style suite of `tasks` references (task.json,
 * reference.png, data.csv), `configurations` style submissions (manifest, `artifacts/<task>/
 * output.png`, `results/style.jsonl` with S, S_code, S_vision and boxed defects), and human style
 * pairs (`track: "style"`) between them, two annotators on some pairs, decided by the candidates'
 * S with annotator noise (unless `annotations` is false). Seeded apart from the refig part, so adding it left those bytes alone.
 */
export async function generateStyleFixture(
  write: Write,
  opts: { seed: number; configurations: number; tasks: number; annotations: boolean },
): Promise<StyleFixtureSummary> {
  const rng: SeededRandom = seededRandom(opts.seed + 7919);
  const N = Math.max(2, Math.min(opts.configurations, STYLE_CONFIGS.length));
  const size = { width: 320, height: 220 };

  // 1. references
  const tasks = Array.from({ length: opts.tasks }, (_, t) => ({
    id: `ref-${String(t + 1).padStart(2, '0')}`,
    chartType: CHART_TYPES[t % CHART_TYPES.length]!,
    split: t % 2 === 0 ? ('hand-curated' as const) : ('augmented' as const),
    palette: PALETTES[t % PALETTES.length]!,
    background: (t % 3 === 1 ? [246, 244, 238] : [255, 255, 255]) as Rgb,
    grid: t % 2 === 0,
    difficulty: rng.normal() * 6,
  }));
  for (const t of tasks) {
    const values = Array.from({ length: 4 }, () =>
      Array.from({ length: 3 }, () => 0.15 + rng.next() * 0.2),
    );
    const png = await drawBarsPng(values, t.palette, {
      ...size,
      background: t.background,
      grid: t.grid,
      stacked: t.chartType === 'stacked-bar',
    });
    const csv = `group,series,value\n${values
      .flatMap((g, gi) => g.map((v, s) => `g${gi + 1},s${s + 1},${r1(v * 100)}`))
      .join('\n')}\n`;
    await write(`suites/${STYLE_SUITE}/${t.id}/reference.png`, png);
    await write(`suites/${STYLE_SUITE}/${t.id}/data.csv`, csv);
    const task = StyleTask.parse({
      id: t.id,
      track: 'style',
      split: t.split,
      chartType: t.chartType,
      title: `Generated ${t.chartType} reference ${t.id}`,
      provenance: {
        kind: 'synthetic',
        source: 'FigBoard site fixture (generated)',
        url: null,
        license: 'MIT',
        note: 'generated for the site tests',
      },
      files: { 'data.csv': sha256(csv), 'reference.png': sha256(png) },
    });
    await write(`suites/${STYLE_SUITE}/${t.id}/task.json`, `${stableStringify(task, 2)}\n`);
  }
  await write(
    `suites/${STYLE_SUITE}/suite.json`,
    `${stableStringify(
      SuiteManifest.parse({
        name: STYLE_SUITE,
        version: '1.0.0',
        track: 'style',
        description: 'Generated style suite for the site tests.',
        taskCount: tasks.length,
        tasks: tasks.map((t) => t.id),
        licensePolicy: 'Generated references under MIT.',
        imageStats: null,
        remote: null,
        sample: false,
      }),
      2,
    )}\n`,
  );

  // 2. style submissions: outputs drift from the reference palette as skill falls
  const configs = STYLE_CONFIGS.slice(0, N).map((c, i) => ({
    ...c,
    submission: `style-${slug(c.model)}-${slug(c.harness)}`,
    skill: 88 - 9 * i + rng.normal() * 2,
  }));
  const S = new Map<string, number[]>();
  const ids = new Map<string, string>();
  for (const c of configs) {
    const manifest = SubmissionManifest.parse({
      id: c.submission,
      track: 'style',
      suite: { name: STYLE_SUITE, version: '1.0.0' },
      team: `Style team ${c.model}`,
      contact: `@style-${slug(c.model)}`,
      model: { name: c.model, provider: c.provider, snapshot: `${slug(c.model)}-2026-04-01` },
      harness: { name: c.harness, version: c.hv },
      workflow: WORKFLOW,
      attempts: 1,
      date: '2026-05-01',
      license: 'CC-BY-4.0',
      links: { report: `https://example.org/reports/${c.submission}` },
    });
    ids.set(c.submission, configurationId(manifest));
    await write(
      `submissions/${c.submission}/submission.yml`,
      toYaml(manifest, { sortMapEntries: true }),
    );
    const lines: string[] = [];
    const scores: number[] = [];
    for (const [ti, t] of tasks.entries()) {
      // the last configuration fails on the last reference (no output): S 0, no picture
      const failed = c === configs[N - 1] && ti === tasks.length - 1;
      const quality = Math.min(100, Math.max(0, c.skill + t.difficulty + rng.normal() * 5));
      let render: StyleRecord['render'] = null;
      const defects: StyleRecord['defects'] = [];
      if (!failed) {
        const values = Array.from({ length: 4 }, () =>
          Array.from({ length: 3 }, () => 0.15 + rng.next() * 0.25),
        );
        const png = await drawBarsPng(values, drifted(t.palette, 1 - quality / 100), {
          ...size,
          background: quality > 70 ? t.background : [255, 255, 255],
          grid: quality > 60 ? t.grid : !t.grid,
          stacked: t.chartType === 'stacked-bar' && quality > 55,
        });
        await write(`submissions/${c.submission}/artifacts/${t.id}/output.png`, png);
        render = { ...size, sha256: sha256(png) };
        if (quality < 80)
          defects.push({
            kind: 'palette-mismatch',
            severity: quality < 60 ? 'major' : 'minor',
            box: [40, 20, 260, 170],
            detail: 'series colours differ from the reference palette',
          });
        if (quality < 65)
          defects.push({
            kind: 'text-overlap',
            severity: 'minor',
            box: [150, 190, 60, 16],
            detail: 'tick label overlaps the axis label',
          });
      }
      const penalty = defects.reduce((s, d) => s + (d.severity === 'major' ? 10 : 5), 0);
      const vision = failed ? 0 : Math.max(0, 100 - penalty);
      const total = 12;
      const met = failed ? 0 : Math.max(0, Math.min(total, Math.round((quality / 100) * total)));
      const code = failed ? 0 : r1((100 * met) / total);
      const s = r1(0.35 * code + 0.65 * vision);
      scores.push(s);
      lines.push(
        stableStringify(
          StyleRecord.parse({
            task: t.id,
            submission: c.submission,
            split: t.split,
            status: failed ? 'failed' : 'ok',
            S: s,
            code,
            vision,
            criteria: { met, total, details: [] },
            defects,
            failure: failed ? { code: 'no-png', message: 'figure.py wrote no PNG' } : null,
            scorers: scorersFor('style', SCORER_VERSIONS),
            inputHash: `s-${c.submission}-${t.id}`,
            render,
          }),
        ),
      );
    }
    S.set(c.submission, scores);
    await write(`submissions/${c.submission}/results/style.jsonl`, `${lines.join('\n')}\n`);
  }

  // 3. human style pairs: the higher S wins with annotator noise; some pairs labelled twice
  const pairs: string[] = [];
  let minute = 0;
  for (const [ti, t] of tasks.entries()) {
    for (let a = 0; a < configs.length; a++) {
      for (let b = a + 1; b < configs.length; b++) {
        if (rng.next() > 0.75) continue;
        const twice = rng.next() < 0.5;
        for (const annotator of twice
          ? ['style-annotator-1', 'style-annotator-2']
          : [`style-annotator-${1 + ((ti + a + b) % 3)}`]) {
          const d =
            S.get(configs[a]!.submission)![ti]! -
            S.get(configs[b]!.submission)![ti]! +
            rng.normal() * 8;
          const choice = Math.abs(d) < 2 ? 'tie' : d > 0 ? 'A' : 'B';
          const flip = rng.next() < 0.5;
          const [x, y] = flip ? [configs[b]!, configs[a]!] : [configs[a]!, configs[b]!];
          pairs.push(
            stableStringify(
              Annotation.parse({
                track: 'style',
                task: t.id,
                a: x.submission,
                b: y.submission,
                shownOrder: rng.next() < 0.5 ? 'AB' : 'BA',
                choice: choice === 'tie' ? 'tie' : (choice === 'A') !== flip ? 'A' : 'B',
                tieKind: choice === 'tie' ? 'shared-success' : null,
                reason: 'generated fixture style judgment',
                annotator,
                time: new Date(Date.UTC(2026, 4, 12, 9, 0) + 60_000 * minute++).toISOString(),
              }),
            ),
          );
        }
      }
    }
  }
  if (opts.annotations) await write('annotations/fixture-style.jsonl', `${pairs.join('\n')}\n`);
  const sorted = [...configs].sort((p, q) => p.submission.localeCompare(q.submission));
  return {
    suite: STYLE_SUITE,
    tasks: tasks.map((t) => t.id),
    submissions: sorted.map((c) => c.submission),
    configurations: sorted.map((c) => ids.get(c.submission)!),
    annotations: opts.annotations ? pairs.length : 0,
  };
}
