/**
 * Builds the bundled sample data from the calibration fixtures (test/fixtures/calibration/):
 *   1. suites/refig-sample/  — the 6 synthetic calibration figures as a sample suite
 *   2. submissions/sample-*  — 4 sample submissions whose artifacts are the calibration decks
 *
 * Run from the repository root:  npx tsx suites/scripts/build-samples.ts
 * Output is deterministic (seeded numbers, sorted keys, no clock), so re-running changes nothing.
 * The generating scripts (output.py / output.js) and agent logs are illustrative: they were not
 * executed to produce the decks, which come from the calibration set as they are.
 */
import { copyFile, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { stringify as toYaml } from 'yaml';
import { createRng } from '../../evaluator/src/stats/create-rng.ts';
import { SubmissionManifest } from '../../evaluator/src/schemas/submission.schema.ts';
import { RefigTask, Truth } from '../../evaluator/src/schemas/task.schema.ts';
import { buildSuiteManifest, writeSuiteManifest } from '../../evaluator/src/suite/build-suite-manifest.ts';
import { probeImage } from '../../evaluator/src/suite/probe-image.ts';
import { sha256File } from '../../evaluator/src/util/sha256.ts';
import { stableStringify } from '../../evaluator/src/util/stable-stringify.ts';

const ROOT = join(import.meta.dirname, '..', '..');
const CAL = join(ROOT, 'test', 'fixtures', 'calibration');
const SUITE = join(ROOT, 'suites', 'refig-sample');
const TASKS = ['fig01-000', 'fig01-001', 'fig01-002', 'fig01-003', 'fig01-004', 'fig01-005'];
const SUITE_VERSION = '1.0.0';

/** Seeded numbers (mulberry32 from the statistics core), so the logs are plausible but reproducible. */
const rng = (seed: number) => createRng(seed).next;
const int = (r: () => number, lo: number, hi: number) => lo + Math.floor(r() * (hi - lo + 1));
const hex = (r: () => number, n: number) => Array.from({ length: n }, () => Math.floor(r() * 16).toString(16)).join('');
const uuid = (r: () => number) => `${hex(r, 8)}-${hex(r, 4)}-4${hex(r, 3)}-a${hex(r, 3)}-${hex(r, 12)}`;

// ---------------------------------------------------------------------------------------------
// 1. The sample suite
// ---------------------------------------------------------------------------------------------
async function buildSuite(): Promise<Map<string, Truth>> {
  const truths = new Map<string, Truth>();
  await rm(SUITE, { recursive: true, force: true });
  const tasks: RefigTask[] = [];
  for (const id of TASKS) {
    const from = join(CAL, id);
    const dir = join(SUITE, id);
    await mkdir(dir, { recursive: true });
    await copyFile(join(from, 'source.png'), join(dir, 'source.png'));
    await copyFile(join(from, 'truth.json'), join(dir, 'truth.json'));
    const truth = Truth.parse(JSON.parse(await readFile(join(from, 'truth.json'), 'utf8')));
    truths.set(id, truth);
    const image = await probeImage(join(dir, 'source.png'), 'source.png');
    const groups = truth.groups.length;
    const task = RefigTask.parse({
      id,
      track: 'refig',
      source: {
        kind: 'synthetic',
        title: `Synthetic overview figure ${id}`,
        generator: 'FigBoard calibration generator (matplotlib): boxes, directed edges, optional groups, with a ground-truth annotation',
        origin: `test/fixtures/calibration/${id}/source.png`,
      },
      license: {
        name: 'MIT',
        url: 'https://spdx.org/licenses/MIT.html',
        redistributable: true,
        spdx: 'MIT',
        evidence: 'synthetic figure generated for FigBoard; MIT like the rest of the repository',
      },
      caption: `Synthetic method overview: ${truth.nodes.length} modules, ${truth.edges.length} directed edges${groups ? `, ${groups} group${groups > 1 ? 's' : ''}` : ''}.`,
      label: null,
      sourcePath: `test/fixtures/calibration/${id}/source.png`,
      field: null,
      image,
      selection: { score: 0, evidence: ['synthetic calibration figure (not ranked by ORBIT); ground truth in truth.json'] },
      hasTruth: true,
    });
    await writeFile(join(dir, 'task.json'), stableStringify(task, 2) + '\n');
    tasks.push(task);
  }
  const manifest = buildSuiteManifest(
    {
      name: 'refig-sample',
      version: SUITE_VERSION,
      track: 'refig',
      description: 'Sample suite: the 6 synthetic calibration figures with ground-truth annotations (truth.json)',
      licensePolicy: 'Synthetic figures generated for FigBoard, MIT licensed; every image is redistributable.',
      redistributableOnly: true,
      sample: true,
    },
    tasks,
  );
  await writeSuiteManifest(SUITE, manifest);
  await writeFile(
    join(SUITE, 'README.md'),
    [
      '# refig-sample 1.0.0 (sample)',
      '',
      'A small **sample** suite for trying FigBoard end to end: the 6 synthetic overview figures of the',
      'calibration set (`test/fixtures/calibration/fig01-00{0..5}/source.png`), each with its ground-truth',
      'annotation `truth.json` (nodes with text and pixel boxes, directed edges, groups). Provenance kind',
      '`synthetic`; MIT licensed. The sample submissions in `submissions/sample-*` answer this suite.',
      '',
      'Rebuilt by `npx tsx suites/scripts/build-samples.ts`; check with `npx refig suite verify suites/refig-sample`.',
      '',
      '| task | modules | edges | groups | size |',
      '|---|---|---|---|---|',
      ...tasks.map((t) => {
        const truth = truths.get(t.id)!;
        return `| \`${t.id}\` | ${truth.nodes.length} | ${truth.edges.length} | ${truth.groups.length} | ${t.image.width}×${t.image.height} |`;
      }),
      '',
    ].join('\n'),
  );
  return truths;
}

// ---------------------------------------------------------------------------------------------
// 2. Generating code (illustrative; mirrors how each calibration deck was made)
// ---------------------------------------------------------------------------------------------
const SLIDE_W = 12192000;
const py = (s: string) => JSON.stringify(s);

function pythonPptx(truth: Truth, variant: 'faithful' | 'textdrop' | 'shuffled' | 'reversed' | 'twoslides' | 'raster'): string {
  const head = [
    '# Reconstructs the source figure as one editable slide with python-pptx.',
    'from pptx import Presentation',
    'from pptx.util import Emu, Pt',
    'from pptx.dml.color import RGBColor',
    'from pptx.enum.shapes import MSO_SHAPE, MSO_CONNECTOR',
    '',
    `IMG_W, IMG_H = ${truth.width}, ${truth.height}`,
    `SLIDE_W = ${SLIDE_W}`,
    'SCALE = SLIDE_W / IMG_W  # EMU per source pixel',
    'E = lambda px: Emu(int(round(px * SCALE)))',
    '',
    'prs = Presentation()',
    'prs.slide_width = Emu(SLIDE_W)',
    'prs.slide_height = E(IMG_H)',
    'slide = prs.slides.add_slide(prs.slide_layouts[6])  # blank layout',
    '',
  ];
  if (variant === 'raster') {
    return [...head, '# Baseline: paste the source image as one picture covering the slide.', "slide.shapes.add_picture('/work/input.png', 0, 0, prs.slide_width, prs.slide_height)", "prs.save('/work/out/output.pptx')", ''].join('\n');
  }
  let nodes = truth.nodes.map((n) => ({ ...n }));
  if (variant === 'shuffled') {
    // positions permuted: each node takes the next node's box
    const boxes = nodes.map((n) => n.bbox);
    nodes = nodes.map((n, i) => ({ ...n, bbox: boxes[(i + 1) % boxes.length]! }));
  }
  if (variant === 'textdrop') nodes = nodes.map((n, i) => (i % 2 === 1 ? { ...n, text: '' } : n));
  const edges = truth.edges.map((e) => (variant === 'reversed' ? { ...e, from: e.to, to: e.from } : e));
  const lines = [
    ...head,
    '# (id, text, x, y, w, h, fill) in source pixels, read off the figure',
    'NODES = [',
    ...nodes.map((n) => `    (${py(n.id)}, ${py(n.text)}, ${n.bbox.map((v) => Math.round(v)).join(', ')}, ${py(n.fill ?? '#ffffff')}),`),
    ']',
    '# (from, to, dashed)',
    'EDGES = [',
    ...edges.map((e) => `    (${py(e.from)}, ${py(e.to)}, ${e.dashed ? 'True' : 'False'}),`),
    ']',
    '',
  ];
  if (truth.groups.length > 0) {
    lines.push('GROUPS = [');
    for (const g of truth.groups) lines.push(`    (${py(g.text)}, ${(g.bbox ?? [0, 0, 0, 0]).map((v) => Math.round(v)).join(', ')}),`);
    lines.push(']', 'for text, x, y, w, h in GROUPS:', '    box = slide.shapes.add_shape(MSO_SHAPE.RECTANGLE, E(x), E(y), E(w), E(h))', '    box.fill.background()', '    box.line.dash_style = 7  # dash', '    label = slide.shapes.add_textbox(E(x + 10), E(y + 5), E(w / 3), E(30))', '    label.text_frame.text = text', '');
  }
  lines.push(
    'shapes = {}',
    'for nid, text, x, y, w, h, fill in NODES:',
    '    shp = slide.shapes.add_shape(MSO_SHAPE.ROUNDED_RECTANGLE, E(x), E(y), E(w), E(h))',
    '    shp.fill.solid()',
    '    shp.fill.fore_color.rgb = RGBColor.from_string(fill[1:])',
    '    shp.text_frame.text = text',
    '    shp.text_frame.paragraphs[0].runs[0].font.size = Pt(14) if text else None',
    '    shapes[nid] = shp',
    '',
    '# Arrows are real connectors glued to the boxes, so they follow when a box is moved.',
    'for a, b, dashed in EDGES:',
    '    c = slide.shapes.add_connector(MSO_CONNECTOR.STRAIGHT, 0, 0, 0, 0)',
    '    c.begin_connect(shapes[a], 3)',
    '    c.end_connect(shapes[b], 1)',
    '    if dashed:',
    '        c.line.dash_style = 7',
    '    c.line._get_or_add_ln().append(c.line._ln.makeelement("{http://schemas.openxmlformats.org/drawingml/2006/main}tailEnd", {"type": "triangle"}))',
    '',
  );
  if (variant === 'twoslides') lines.push("# Notes slide for the reviewer (a second slide breaks the one-slide contract)", 'notes = prs.slides.add_slide(prs.slide_layouts[1])', "notes.shapes.title.text = 'Reconstruction notes'", '');
  lines.push("prs.save('/work/out/output.pptx')", '');
  return lines.join('\n');
}

function pptxgenjs(truth: Truth): string {
  const inch = (px: number) => +(((px * SLIDE_W) / truth.width) / 914400).toFixed(3);
  const out = [
    '// Reconstructs the source figure as one slide with PptxGenJS (pptx skill toolchain).',
    "const pptxgen = require('pptxgenjs');",
    '',
    'const pptx = new pptxgen();',
    `pptx.defineLayout({ name: 'FIG', width: ${inch(truth.width)}, height: ${inch(truth.height)} });`,
    "pptx.layout = 'FIG';",
    'const slide = pptx.addSlide();',
    '',
  ];
  for (const g of truth.groups) {
    const [x, y, w, h] = g.bbox ?? [0, 0, 0, 0];
    out.push(`slide.addShape(pptx.shapes.RECTANGLE, { x: ${inch(x)}, y: ${inch(y)}, w: ${inch(w)}, h: ${inch(h)}, line: { color: '555555', dashType: 'dash' } });`);
    out.push(`slide.addText(${JSON.stringify(g.text)}, { x: ${inch(x + 10)}, y: ${inch(y + 5)}, w: ${inch(w / 3)}, h: ${inch(30)}, fontSize: 11, italic: true });`);
  }
  out.push('const nodes = [');
  for (const n of truth.nodes) out.push(`  { text: ${JSON.stringify(n.text)}, x: ${inch(n.bbox[0])}, y: ${inch(n.bbox[1])}, w: ${inch(n.bbox[2])}, h: ${inch(n.bbox[3])}, fill: '${(n.fill ?? '#ffffff').slice(1)}' },`);
  out.push('];', 'for (const n of nodes) {', "  slide.addText(n.text, { shape: pptx.shapes.ROUNDED_RECTANGLE, x: n.x, y: n.y, w: n.w, h: n.h, fill: { color: n.fill }, align: 'center', fontSize: 14 });", '}', '');
  out.push('// Arrows drawn as plain line shapes between the box edges (PptxGenJS has no glued connectors).', 'const arrows = [');
  for (const e of truth.edges) {
    const [sx, sy] = e.start ?? [0, 0];
    const [ex, ey] = e.end ?? [0, 0];
    out.push(`  { x1: ${inch(sx)}, y1: ${inch(sy)}, x2: ${inch(ex)}, y2: ${inch(ey)}, dashed: ${e.dashed ? 'true' : 'false'} },`);
  }
  out.push(
    '];',
    'for (const a of arrows) {',
    '  slide.addShape(pptx.shapes.LINE, {',
    '    x: Math.min(a.x1, a.x2), y: Math.min(a.y1, a.y2), w: Math.abs(a.x2 - a.x1), h: Math.abs(a.y2 - a.y1),',
    '    flipH: a.x2 < a.x1, flipV: a.y2 < a.y1,',
    "    line: { color: '6C8EBF', width: 1.5, endArrowType: 'triangle', dashType: a.dashed ? 'dash' : 'solid' },",
    '  });',
    '}',
    '',
    "pptx.writeFile({ fileName: '/work/out/output.pptx' });",
    '',
  );
  return out.join('\n');
}

// ---------------------------------------------------------------------------------------------
// 3. Agent logs in the real formats
// ---------------------------------------------------------------------------------------------
const jsonl = (events: unknown[]) => events.map((e) => JSON.stringify(e)).join('\n') + '\n';

/** Claude Code `--output-format stream-json --verbose`: init, assistant/user pairs, result. */
function claudeCodeLog(seed: number, script: 'output.py' | 'output.js', skill: boolean): string {
  const r = rng(seed);
  const session = uuid(r);
  const model = 'sample-a-2026-01';
  const steps: { tool: string; input: Record<string, unknown>; result: string }[] = [
    { tool: 'Read', input: { file_path: '/work/input.png' }, result: '[image: /work/input.png]' },
    ...(skill ? [{ tool: 'Skill', input: { command: 'pptx' }, result: 'Launching skill: pptx' }] : []),
    { tool: 'Write', input: { file_path: `/work/out/${script}`, content: '…' }, result: `File created successfully at: /work/out/${script}` },
    { tool: 'Bash', input: { command: script === 'output.py' ? 'cd /work/out && python3 output.py' : 'cd /work/out && node output.js', description: 'Build the slide' }, result: '' },
    ...(skill
      ? [
          { tool: 'Bash', input: { command: 'cd /work/out && soffice --headless --convert-to pdf output.pptx && pdftoppm -png -r 80 output.pdf check', description: 'Render the slide to compare with the source' }, result: 'convert /work/out/output.pptx -> /work/out/output.pdf using filter : impress_pdf_Export' },
          { tool: 'Read', input: { file_path: '/work/out/check-1.png' }, result: '[image: /work/out/check-1.png]' },
          { tool: 'Edit', input: { file_path: `/work/out/${script}`, old_string: 'Pt(14)', new_string: 'Pt(13)' }, result: `The file /work/out/${script} has been updated.` },
          { tool: 'Bash', input: { command: 'cd /work/out && python3 output.py && rm -f output.pdf check-1.png', description: 'Rebuild after the font fix' }, result: '' },
        ]
      : []),
  ];
  const events: unknown[] = [
    {
      type: 'system',
      subtype: 'init',
      cwd: '/work',
      session_id: session,
      tools: ['Task', 'Bash', 'Glob', 'Grep', 'Read', 'Edit', 'Write', 'TodoWrite', ...(skill ? ['Skill'] : [])],
      mcp_servers: [],
      model,
      permissionMode: 'bypassPermissions',
      apiKeySource: 'none',
      claude_code_version: '2.1.167',
      output_style: 'default',
    },
  ];
  let input = 0;
  let cacheWrite = 0;
  let cacheRead = 0;
  let output = 0;
  steps.forEach((s, i) => {
    const usage = { input_tokens: int(r, 3, 12), cache_creation_input_tokens: i === 0 ? int(r, 9000, 14000) : int(r, 200, 2600), cache_read_input_tokens: i === 0 ? 0 : int(r, 12000, 30000), output_tokens: int(r, 60, s.tool === 'Write' ? 2400 : 400) };
    input += usage.input_tokens;
    cacheWrite += usage.cache_creation_input_tokens;
    cacheRead += usage.cache_read_input_tokens;
    output += usage.output_tokens;
    const toolId = `toolu_01${hex(r, 22)}`;
    events.push({
      type: 'assistant',
      message: { id: `msg_01${hex(r, 22)}`, type: 'message', role: 'assistant', model, content: [{ type: 'tool_use', id: toolId, name: s.tool, input: s.input }], stop_reason: null, stop_sequence: null, usage },
      parent_tool_use_id: null,
      session_id: session,
    });
    events.push({ type: 'user', message: { role: 'user', content: [{ tool_use_id: toolId, type: 'tool_result', content: s.result, is_error: false }] }, parent_tool_use_id: null, session_id: session });
  });
  const final = { input_tokens: int(r, 3, 8), cache_creation_input_tokens: int(r, 100, 600), cache_read_input_tokens: int(r, 20000, 32000), output_tokens: int(r, 40, 160) };
  input += final.input_tokens;
  cacheWrite += final.cache_creation_input_tokens;
  cacheRead += final.cache_read_input_tokens;
  output += final.output_tokens;
  const text = `Saved /work/out/output.pptx (one slide) and /work/out/${script}.`;
  events.push({ type: 'assistant', message: { id: `msg_01${hex(r, 22)}`, type: 'message', role: 'assistant', model, content: [{ type: 'text', text }], stop_reason: 'end_turn', stop_sequence: null, usage: final }, parent_tool_use_id: null, session_id: session });
  const durationMs = int(r, skill ? 150_000 : 60_000, skill ? 420_000 : 180_000);
  // Illustrative prices (USD per million tokens): input 3, cache write 3.75, cache read 0.30, output 15.
  const cost = (input * 3 + cacheWrite * 3.75 + cacheRead * 0.3 + output * 15) / 1e6;
  events.push({
    type: 'result',
    subtype: 'success',
    is_error: false,
    duration_ms: durationMs,
    duration_api_ms: Math.round(durationMs * 0.8),
    num_turns: steps.length + 1,
    result: text,
    session_id: session,
    total_cost_usd: Math.round(cost * 1e6) / 1e6,
    usage: { input_tokens: input, cache_creation_input_tokens: cacheWrite, cache_read_input_tokens: cacheRead, output_tokens: output, server_tool_use: { web_search_requests: 0 } },
    permission_denials: [],
  });
  return jsonl(events);
}

/** Codex `codex exec --json`: thread.started, turn.started, items, turn.completed with usage. */
function codexLog(seed: number, twoSlides: boolean): string {
  const r = rng(seed);
  const events: unknown[] = [{ type: 'thread.started', thread_id: uuid(r) }, { type: 'turn.started' }];
  let n = 0;
  const item = (it: Record<string, unknown>) => events.push({ type: 'item.completed', item: { id: `item_${n++}`, ...it } });
  item({ type: 'reasoning', text: '**Reading the figure and planning the slide layout**' });
  events.push({ type: 'item.started', item: { id: `item_${n}`, type: 'command_execution', command: "bash -lc 'file /work/input.png'", aggregated_output: '', exit_code: null, status: 'in_progress' } });
  item({ type: 'command_execution', command: "bash -lc 'file /work/input.png'", aggregated_output: '/work/input.png: PNG image data\n', exit_code: 0, status: 'completed' });
  item({ type: 'file_change', changes: [{ path: '/work/out/output.py', kind: 'add' }], status: 'completed' });
  item({ type: 'command_execution', command: "bash -lc 'cd /work/out && python3 output.py'", aggregated_output: '', exit_code: 0, status: 'completed' });
  if (twoSlides) item({ type: 'reasoning', text: '**Adding a notes slide with the reconstruction summary**' });
  item({ type: 'agent_message', text: 'Wrote /work/out/output.py and /work/out/output.pptx.' });
  events.push({ type: 'turn.completed', usage: { input_tokens: int(r, 18000, 42000), cached_input_tokens: int(r, 6000, 16000), output_tokens: int(r, 1500, 5200) } });
  return jsonl(events);
}

/** The raster baseline is a script, not an agent: its log is its own, in no known agent format. */
function baselineLog(task: string): string {
  return jsonl([
    { event: 'baseline.start', tool: 'raster-paste', task },
    { event: 'picture.added', source: '/work/input.png', covers: 'full slide' },
    { event: 'baseline.saved', file: '/work/out/output.pptx' },
  ]);
}

// ---------------------------------------------------------------------------------------------
// 4. Submissions
// ---------------------------------------------------------------------------------------------
type Artifact = { variant: string; code: 'output.py' | 'output.js'; codeText: string; log: string | null } | null;

interface SampleSpec {
  id: string;
  manifest: Omit<SubmissionManifest, 'id' | 'track' | 'suite' | 'attempts' | 'date' | 'license' | 'links' | 'sample' | 'team' | 'contact' | 'role'> & { role?: 'baseline' };
  readme: string;
  artifact: (task: string, index: number, truth: Truth) => Artifact;
}

const MODEL_A = { name: 'Sample Model A', provider: 'sample', snapshot: 'sample-a-2026-01', reasoningEffort: 'high' };

const SAMPLES: SampleSpec[] = [
  {
    id: 'sample-cc-specialized',
    manifest: {
      model: MODEL_A,
      harness: { name: 'Claude Code', version: '2.1.167' },
      workflow: { name: 'pptx-skill', kind: 'specialized', description: 'A PPTX skill: build with python-pptx, render with LibreOffice, compare with the source, fix, rebuild.' },
    },
    readme: 'Connector-rich python-pptx reconstructions (the calibration `faithful` decks: shapes + attached connectors), with Claude Code stream-json logs.',
    artifact: (task, i, truth) => ({ variant: 'faithful', code: 'output.py', codeText: pythonPptx(truth, 'faithful'), log: claudeCodeLog(1000 + i, 'output.py', true) }),
  },
  {
    id: 'sample-cc-direct',
    manifest: {
      model: MODEL_A,
      harness: { name: 'Claude Code', version: '2.1.167' },
      workflow: { name: 'direct-prompt', kind: 'direct', description: 'One prompt: reconstruct the figure as one editable slide with a general PPTX library.' },
    },
    readme: 'PptxGenJS reconstructions (the calibration `pptxgenjs` decks: arrows as plain line shapes, no connectors), with Claude Code stream-json logs. Paired with sample-cc-specialized it gives a workflow effect.',
    artifact: (task, i, truth) => ({ variant: 'pptxgenjs', code: 'output.js', codeText: pptxgenjs(truth), log: claudeCodeLog(2000 + i, 'output.js', false) }),
  },
  {
    id: 'sample-codex-direct',
    manifest: {
      model: MODEL_A,
      harness: { name: 'Codex CLI', version: '0.137.0' },
      workflow: { name: 'direct-prompt', kind: 'direct', description: 'One prompt: reconstruct the figure as one editable slide with a general PPTX library.' },
    },
    readme: 'A deliberately weak entry: labels dropped, positions shuffled, arrows reversed, one deck with two slides and one task missing entirely; Codex `exec --json` logs. Paired with sample-cc-direct it gives a harness effect.',
    artifact: (task, i, truth) => {
      const plan = ['textdrop', 'shuffled', 'reversed', 'twoslides', null, 'shuffled'] as const;
      const variant = plan[i];
      if (!variant) return null;
      return { variant, code: 'output.py', codeText: pythonPptx(truth, variant), log: codexLog(3000 + i, variant === 'twoslides') };
    },
  },
  {
    id: 'sample-raster-baseline',
    manifest: {
      model: { name: 'none', provider: 'none', snapshot: 'none' },
      harness: { name: 'baseline', version: '1.0.0' },
      workflow: { name: 'raster-paste', kind: 'direct', description: 'Not an agent: pastes the source image as one full-slide picture (the flattening cap applies).' },
      // a reference line beside the sample entries, never ranked among them
      role: 'baseline',
    },
    readme: 'The raster-paste baseline (the calibration `raster` decks). Its log is a plain script log in no known agent format, so effort is reported as unknown.',
    artifact: (task, i, truth) => ({ variant: 'raster', code: 'output.py', codeText: pythonPptx(truth, 'raster'), log: baselineLog(task) }),
  },
];

async function buildSubmission(spec: SampleSpec, truths: Map<string, Truth>): Promise<void> {
  const dir = join(ROOT, 'submissions', spec.id);
  // Only the files this script owns are replaced; evaluation results (results/) are kept.
  await rm(join(dir, 'artifacts'), { recursive: true, force: true });
  await mkdir(dir, { recursive: true });
  const manifest = SubmissionManifest.parse({
    id: spec.id,
    track: 'refig',
    suite: { name: 'refig-sample', version: SUITE_VERSION },
    team: 'FigBoard maintainers (sample entry)',
    contact: 'figboard-maintainers',
    ...spec.manifest,
    attempts: 1,
    date: '2026-01-15',
    license: 'MIT',
    links: {},
    sample: true,
  });
  const files: string[] = ['submission.yml', 'README.md'];
  await writeFile(join(dir, 'submission.yml'), `# SAMPLE entry built from the FigBoard calibration set (not a real agent run).\n${toYaml(manifest, { sortMapEntries: false, lineWidth: 0 }).replace(/^date: (\S+)$/m, 'date: "$1"')}`);
  await writeFile(
    join(dir, 'README.md'),
    [
      `# ${spec.id} (sample)`,
      '',
      'This is a **sample** submission built from the calibration set (`test/fixtures/calibration/`) for the sample suite `suites/refig-sample`; it is not a real agent run.',
      '',
      spec.readme,
      '',
      'The decks are the calibration decks as they are; `output.py` / `output.js` and `output.jsonl` are illustrative (the scripts were not executed to make the decks). Rebuilt by `npx tsx suites/scripts/build-samples.ts`.',
      '',
    ].join('\n'),
  );
  for (const [i, task] of TASKS.entries()) {
    const a = spec.artifact(task, i, truths.get(task)!);
    if (!a) continue;
    const out = join(dir, 'artifacts', task);
    await mkdir(out, { recursive: true });
    await copyFile(join(CAL, task, 'variants', `${a.variant}.pptx`), join(out, 'output.pptx'));
    await writeFile(join(out, a.code), a.codeText);
    files.push(`artifacts/${task}/output.pptx`, `artifacts/${task}/${a.code}`);
    if (a.log !== null) {
      await writeFile(join(out, 'output.jsonl'), a.log);
      files.push(`artifacts/${task}/output.jsonl`);
    }
  }
  // SHA256SUMS in `sha256sum` format, paths relative to the submission folder, sorted.
  const sums: string[] = [];
  for (const f of files.sort()) sums.push(`${await sha256File(join(dir, f))}  ${f}`);
  await writeFile(join(dir, 'SHA256SUMS'), sums.join('\n') + '\n');
  console.log(`${relative(ROOT, dir)}: ${files.length} files`);
}

const truths = await buildSuite();
console.log(`suites/refig-sample: ${truths.size} tasks`);
for (const spec of SAMPLES) await buildSubmission(spec, truths);
