import { mkdir, writeFile } from 'node:fs/promises';
import { join, relative, resolve } from 'node:path';
import type { Command } from 'commander';
import { loadTaskFolder } from '../../evaluate/load-task-folder.ts';
import { drawFigureGraph } from '../../figure-graph/draw-figure-graph.ts';
import { extractFigureGraph } from '../../figure-graph/extract-figure-graph.ts';
import { readFigureWords } from '../../figure-graph/read-figure-words.ts';
import { createTesseractOcr } from '../../ocr/tesseract-ocr.ts';
import { startTruthEditor } from '../../truth-editor/truth-editor-server.ts';
import { checkTruthFile, cropTiles, stampTruthFile } from '../../truth-editor/check-truth-file.ts';
import { figureGraphFromTruth } from '../../figure-graph/figure-graph-from-truth.ts';
import type { FigureGraph } from '../../schemas/figure-graph.schema.ts';
import type { Truth } from '../../schemas/task.schema.ts';
import { stableStringify } from '../../util/stable-stringify.ts';
import type { CliContext } from '../context.ts';
import { intFlag } from '../int-flag.ts';
import type { RegisterCommand } from './command.ts';
import { loadJudgingConfig } from '../../config/load-judging-config.ts';

interface DraftFlags {
  task: string;
  out?: string;
  overlay?: string;
  config?: string;
  truthFormat?: boolean;
}

/** `refig truth draft`: a figure's graph drafted by the extractor, for a maintainer to check. */
export const registerTruth: RegisterCommand = (program: Command, ctx: CliContext, setExit) => {
  const truth = program
    .command('truth')
    .description(
      'ground truth of a figure (truth.json): drafting it from the figure, checking it in a browser',
    );
  truth
    .command('draft')
    .description(
      "write truth.draft.json next to a task's source image: the figure's graph recovered from the raster",
    )
    .requiredOption('--task <dir>', 'task folder: source.png|jpg, optional task.json')
    .option('--out <file>', 'where to write the draft (default: <task>/truth.draft.json)')
    .option('--overlay <png>', 'also draw the draft over the figure into this PNG, to look at')
    .option('--config <file>', 'OCR settings (scoring.ocr) from this figboard.yml')
    .option(
      '--truth-format',
      "write the draft in truth.json's format (no confidences): a starting point to correct by hand",
    )
    .addHelpText(
      'after',
      '\nThe draft is what the figure-graph extractor recovers from the image: labels (tesseract OCR\n' +
        'grouped into text blocks), modules (boxes with their text), free labels (kind "label"),\n' +
        'groups (containers with captions) and relations (lines and arrows snapped to nodes,\n' +
        'directed by their arrowheads), every element with a confidence (low = doubtful). It is\n' +
        "truth.json's format, so a maintainer turns it into truth.json by checking it: fix, add,\n" +
        'delete, relabel or reverse what is wrong. It is NOT ground truth until checked.\n' +
        'Example:\n  npx refig truth draft --task suites/refig-real/clip --overlay /tmp/clip-draft.png\n',
    )
    .action(async (flags: DraftFlags) => {
      const dir = resolve(ctx.cwd, flags.task);
      const task = await loadTaskFolder(dir);
      const { config } = await loadJudgingConfig(ctx, flags.config);
      const ocr = createTesseractOcr({ ...(ctx.env.PATH ? { searchPath: ctx.env.PATH } : {}) });
      const { words } = await readFigureWords(task.imagePath, ocr, config.scoring.ocr);
      const graph = await extractFigureGraph(task.imagePath, {
        id: task.id,
        words,
        minWordConfidence: config.scoring.ocr.minConfidence,
      });
      const out = flags.out ? resolve(ctx.cwd, flags.out) : join(dir, 'truth.draft.json');
      await writeFile(
        out,
        `${stableStringify(flags.truthFormat ? truthFromGraph(graph) : graph, 2)}\n`,
      );
      if (flags.overlay) {
        const overlay = resolve(ctx.cwd, flags.overlay);
        await writeFile(overlay, await drawFigureGraph(task.imagePath, graph, task.imagePath));
      }
      const modules = graph.nodes.filter((n) => n.kind === 'module').length;
      const directed = graph.edges.filter((e) => e.directed).length;
      ctx.stdout.write(
        `${relative(ctx.cwd, out) || out}: ${graph.nodes.length} nodes (${modules} modules, ${graph.nodes.length - modules} labels), ` +
          `${graph.edges.length} relations (${directed} directed), ${graph.groups.length} groups; ` +
          `${graph.extractor.name} ${graph.extractor.version}\n`,
      );
    });
  truth
    .command('check')
    .description(
      'check a truth file against its task (schema, id, image size, geometry) and draw it over the figure, whole and in zoomed crops with a pixel grid',
    )
    .requiredOption('--task <dir>', 'task folder: source.png|jpg and task.json')
    .option(
      '--truth <file>',
      'the truth to check (default: <task>/truth.json; may lie outside the repository)',
    )
    .option('--overlay <png>', 'draw the truth over the whole figure into this PNG')
    .option(
      '--crops <dir>',
      'write zoomed crops (tile-<row>-<col>.png) with a pixel grid and the truth drawn over',
    )
    .option('--tile <px>', 'largest crop side in source pixels', '600')
    .option(
      '--region <x,y,w,h>',
      'also draw this one region (source pixels) zoomed, into --region-out',
    )
    .option('--region-out <png>', 'where --region is drawn', 'region.png')
    .option('--grid <px>', 'grid step in source pixels (default: about an eighth of a crop)')
    .option(
      '--stamp',
      'when it validates, write provenance (checked by, date, method) into the truth file',
    )
    .option('--checked-by <who>', 'provenance.checkedBy for --stamp', 'maintainer')
    .addHelpText(
      'after',
      "\nThe annotation protocol of a suite's TRUTH.md: draft (refig truth draft --truth-format),\n" +
        'correct the JSON by looking at the figure in zoomed crops with the truth drawn over it,\n' +
        'then --stamp to record who checked it. Exit 1 when the truth does not validate.\n' +
        'Example:\n  npx refig truth check --task suites/refig-real/detr --crops /tmp/detr-crops --overlay /tmp/detr.png\n',
    )
    .action(
      async (flags: {
        task: string;
        truth?: string;
        overlay?: string;
        crops?: string;
        tile: string;
        region?: string;
        regionOut: string;
        grid?: string;
        stamp?: boolean;
        checkedBy: string;
      }) => {
        const dir = resolve(ctx.cwd, flags.task);
        const checked = await checkTruthFile(
          dir,
          flags.truth ? resolve(ctx.cwd, flags.truth) : undefined,
        );
        const shown = relative(ctx.cwd, checked.file) || checked.file;
        for (const p of checked.problems) ctx.stderr.write(`${shown}: ${p}\n`);
        for (const w of checked.warnings) ctx.stderr.write(`${shown}: warning ${w}\n`);
        if (!checked.truth || !checked.counts) {
          ctx.stderr.write(
            `${shown}: ${checked.problems.length} problem(s); nothing drawn or written\n`,
          );
          setExit(1);
          return;
        }
        const c = checked.counts;
        ctx.stdout.write(
          `${shown}: valid — ${c.modules} modules (${c.nested} nested), ${c.labels} labels, ` +
            `${c.relations} relations (${c.directed} one-way, ${c.bidirectional} both ways, ${c.undirected} undirected, ${c.atGroups} at a group), ${c.groups} groups\n`,
        );
        const graph = figureGraphFromTruth(checked.truth);
        const draw = (o: Parameters<typeof drawFigureGraph>[3]) =>
          drawFigureGraph(checked.imagePath, graph, checked.imagePath, {
            confidences: false,
            ...o,
          });
        const gridFor = (side: number) =>
          flags.grid ? intFlag('--grid', flags.grid, 1, 100_000) : niceStep(side / 8);
        if (flags.overlay) {
          await writeFile(resolve(ctx.cwd, flags.overlay), await draw({}));
          ctx.stdout.write(`overlay: ${flags.overlay}\n`);
        }
        if (flags.crops) {
          const out = resolve(ctx.cwd, flags.crops);
          await mkdir(out, { recursive: true });
          const tile = intFlag('--tile', flags.tile, 50, 100_000);
          const tiles = cropTiles(checked.width, checked.height, tile);
          const rows = [...new Set(tiles.map((t) => t[1]))];
          const cols = [...new Set(tiles.map((t) => t[0]))];
          for (const t of tiles) {
            const name = `tile-${rows.indexOf(t[1]) + 1}-${cols.indexOf(t[0]) + 1}.png`;
            const width = Math.min(
              1600,
              Math.max(t[2], Math.round(t[2] * Math.min(4, 1400 / t[2]))),
            );
            await writeFile(
              join(out, name),
              await draw({ region: t, width, grid: gridFor(Math.max(t[2], t[3])) }),
            );
          }
          ctx.stdout.write(
            `crops: ${tiles.length} tile(s) of at most ${tile} px in ${flags.crops}\n`,
          );
        }
        if (flags.region) {
          const r = flags.region.split(',').map(Number);
          if (r.length !== 4 || r.some((v) => !Number.isFinite(v)) || r[2]! <= 0 || r[3]! <= 0) {
            ctx.stderr.write(
              `--region: expected x,y,w,h in source pixels, got "${flags.region}"\n`,
            );
            setExit(2);
            return;
          }
          const region = r as [number, number, number, number];
          const width = Math.min(
            1600,
            Math.max(region[2], Math.round(region[2] * Math.min(8, 1400 / region[2]))),
          );
          await writeFile(
            resolve(ctx.cwd, flags.regionOut),
            await draw({ region, width, grid: gridFor(Math.max(region[2], region[3])) }),
          );
          ctx.stdout.write(`region: ${flags.regionOut}\n`);
        }
        if (flags.stamp) {
          await stampTruthFile(checked, dir, {
            checkedBy: flags.checkedBy,
            date: new Date().toISOString().slice(0, 10),
            method: 'refig truth check (zoomed crops with a grid, truth drawn over)',
          });
          ctx.stdout.write(`stamped: checked by ${flags.checkedBy}\n`);
        }
      },
    );
  truth
    .command('edit')
    .description(
      "check a figure's truth in a browser: a local editor that saves a validated truth.json",
    )
    .requiredOption('--task <dir>', 'task folder: source.png|jpg, truth.json or truth.draft.json')
    .option('--port <n>', 'port on 127.0.0.1 (0 = any free port)', '8765')
    .option('--checked-by <who>', 'who checks the truth (provenance.checkedBy)', 'maintainer')
    .addHelpText(
      'after',
      '\nServes http://127.0.0.1:PORT/ (this machine only): the figure with truth.json, or else the\n' +
        "extractor's truth.draft.json (run `refig truth draft` first), drawn over it. Select, move and\n" +
        'resize boxes; add, delete and relabel nodes; mark a node a free label; add, delete and reverse\n' +
        'edges, toggle directed; add groups and change their members. Save validates the graph (schema,\n' +
        'ids, boxes inside the image) and writes <task>/truth.json with provenance (drafted by, checked\n' +
        'by, date); task.json, if any, then records hasTruth. Stop with Ctrl-C.\n' +
        'Example:\n  npx refig truth edit --task suites/refig-real/detr --checked-by "Jane Doe"\n',
    )
    .action(async (flags: { task: string; port: string; checkedBy: string }) => {
      const port = intFlag('--port', flags.port, 0, 65535);
      const editor = await startTruthEditor({
        taskDir: resolve(ctx.cwd, flags.task),
        port,
        checkedBy: flags.checkedBy,
        today: () => new Date().toISOString().slice(0, 10),
      });
      ctx.stdout.write(`truth editor for ${flags.task}: ${editor.url} (Ctrl-C to stop)\n`);
      await new Promise<void>(() => {
        // runs until the process is interrupted
      });
    });
};

/** A round grid step near `v`: 10, 20, 25, 50, 100, 200, 250, 500 … */
function niceStep(v: number): number {
  const p = 10 ** Math.floor(Math.log10(Math.max(1, v)));
  for (const m of [1, 2, 2.5, 5, 10]) if (m * p >= v) return m * p;
  return 10 * p;
}

/** A draft in truth.json's format: confidences and the extractor's name dropped. */
function truthFromGraph(graph: FigureGraph): Truth {
  return {
    id: graph.id,
    width: graph.width,
    height: graph.height,
    nodes: graph.nodes.map((n) => ({
      id: n.id,
      text: n.text,
      bbox: n.bbox,
      ...(n.kind === 'label' ? { kind: 'label' as const } : {}),
    })),
    edges: graph.edges.map((e) => ({
      from: e.from,
      to: e.to,
      ...(e.directed ? {} : { directed: false }),
      ...(e.dashed ? { dashed: true } : {}),
    })),
    groups: graph.groups.map((g) => ({ id: g.id, text: g.text, bbox: g.bbox, members: g.members })),
  };
}
