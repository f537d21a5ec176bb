import { join } from 'node:path';
import { RUNNER_TASK_FILES } from '../../validate/runner-files.ts';
import { ARTIFACT_FILES } from '../../validate/submission-rules.ts';
import type { AgentTask } from '../track.ts';

/**
 * The FigMirror task instruction (PlotTwin-Bench, Appendix B.7, Table 5: the launch template),
 * word for word in its task framing — style transfer, not reproduction; the panel contract; the
 * chart-type rule — with this benchmark's two files in place of the paper's `inputs/` names
 * (`reference.png` for `inputs/reference_raw.png`, `data.csv` for `inputs/data.txt`). Left out:
 * what belongs to the FigMirror skill itself (skill dir, loop policy, Stage-0 preprocessing, the
 * Drawer/Reviewer iteration files, the other files of the final bundle). The finalization sentence
 * keeps the two files a FigBoard submission holds, and the last sentence is FigBoard's (the same
 * rule as the refig instruction's last sentence): only the two inputs may be read.
 * `{out}` is the task folder, the agent's working directory; `{input}` is `{out}/reference.png`.
 */
export const FIGMIRROR_INSTRUCTION =
  'Workspace: {out} - reference.png – reference figure (do not modify) - data.csv – TARGET DATA (CSV). This is the data that MUST be plotted. TASK: STYLE TRANSFER, NOT REPRODUCTION. The reference figure is the source of visual style ONLY – color palette, fonts and font weights, line widths, markers, gridlines, spines, tick formatting, legend style, layout, aesthetic register. The reference’s data values are irrelevant; do NOT plot them. Plot data.csv. TRANSFER PANEL CONTRACT. When data.csv contains a panel/facet/group column, that data column owns the output panel set. Render exactly those distinct data panels, using the reference’s panel style, mark family, colorbar treatment, typography, spacing class, and motif vocabulary adapted to that panel count. If the reference has six panels and data.csv has four panels, draw a four-panel figure in the same visual family instead of adding synthetic or extrapolated panels. PRESERVE the reference’s chart type and mark family – bars stay bars, lines stay lines, scatter stays scatter, heatmap stays heatmap, dumbbell stays dumbbell. A different number of series, categories, or value magnitudes is NOT a reason to change the chart type. Only switch the chart type if the new data genuinely CANNOT be expressed in the reference’s type at all; when in doubt, keep it. Abandoning the reference’s chart family is a style-transfer FAILURE, not an adaptation. Before exiting, write `figure.py` and `output.png` in the workspace. The final `figure.py` is the benchmark evaluation entrypoint. It must be self-contained except for data.csv, which it reads from its working directory, and it must NOT depend on its own filename being `figure.py`; downstream evaluators may copy or wrap it before execution. `output.png` is the figure `figure.py` saves. You may only read reference.png and data.csv. Do not open any other files.';

/** The two files a style agent gets: never reference.py, reference_data.csv, criteria.json or task.json. */
const STYLE_AGENT_INPUTS = ['reference.png', 'data.csv'] as const;

/**
 * A style agent's task (PlotTwin-Bench, Appendix B.6: "a method sees only the reference image
 * and target data"): `reference.png` and `data.csv` in its task folder, which is also its working
 * directory and output folder; it writes `figure.py` (reading `data.csv` from its working
 * directory, as the evaluator's sandbox runs it) and the `output.png` that script saves.
 */
export const STYLE_AGENT_TASK: AgentTask = {
  instructions: { figmirror: FIGMIRROR_INSTRUCTION },
  defaultInstruction: 'figmirror',
  tasks: (suite) => {
    const loaded = new Set(suite.styleTasks.map((t) => t.id));
    return suite.taskDirs
      .filter((t) => loaded.has(t.id))
      .map((t) => ({
        id: t.id,
        inputs: STYLE_AGENT_INPUTS.map((name) => ({ name, from: join(t.dir, name) })),
        primaryInput: 'reference.png',
      }));
  },
  outDir: '.',
  scaffold: {},
  outputs: [...ARTIFACT_FILES.style, ...RUNNER_TASK_FILES.style],
  primary: 'figure.py',
  missingLabel: 'no figure',
  exclusive: [],
  stdoutAs: null,
};
