import { writeFile } from 'node:fs/promises';
import { join, relative, resolve } from 'node:path';
import type { Command } from 'commander';
import { loadTaskFolder } from '../../evaluate/load-task-folder.ts';
import { drawFigureGraph } from '../../figure-graph/draw-figure-graph.ts';
import { extractFigureGraph } from '../../figure-graph/extract-figure-graph.ts';
import { readFigureWords } from '../../figure-graph/read-figure-words.ts';
import { createTesseractOcr } from '../../ocr/tesseract-ocr.ts';
import { startTruthEditor } from '../../truth-editor/truth-editor-server.ts';
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
}

/** `refig truth draft`: a figure's graph drafted by the extractor, for a maintainer to check. */
export const registerTruth: RegisterCommand = (program: Command, ctx: CliContext) => {
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
      await writeFile(out, `${stableStringify(graph, 2)}\n`);
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
