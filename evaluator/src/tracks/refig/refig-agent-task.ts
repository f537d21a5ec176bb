import { extname } from 'node:path';
import { TASK_PROMPTS } from '../../run/task-prompt.ts';
import { ARTIFACT_FILES } from '../../validate/submission-rules.ts';
import type { AgentTask } from '../track.ts';

/**
 * A refig agent's task (ReFigBench Appendix D and E): one input image, `input.png` (`input.jpg`
 * for a JPEG figure, its real format), an empty `out/`, and a `package.json` that makes
 * `node output.js` run as CommonJS inside a checkout whose package.json says `"type": "module"`.
 * The agent writes `out/output.pptx` and the code that made it; its stdout is the agent log.
 */
export const REFIG_AGENT_TASK: AgentTask = {
  instructions: TASK_PROMPTS,
  defaultInstruction: 'direct',
  tasks: (suite) =>
    suite.tasks.map((t) => {
      const ext = extname(t.imagePath).toLowerCase();
      const name = ext === '.jpg' || ext === '.jpeg' ? 'input.jpg' : 'input.png';
      return { id: t.id, inputs: [{ name, from: t.imagePath }], primaryInput: name };
    }),
  outDir: 'out',
  scaffold: {
    'package.json': `${JSON.stringify({ private: true, type: 'commonjs', description: 'FigBoard task work folder: output.js runs as CommonJS' }, null, 2)}\n`,
  },
  outputs: ARTIFACT_FILES.refig,
  primary: 'output.pptx',
  missingLabel: 'no deck',
  // both code files: which one the instruction asked for is not knowable here; keep output.py
  // (python-pptx) and report output.js, so the folder stays valid (one code file per task)
  exclusive: [['output.py', 'output.js']],
  stdoutAs: 'output.jsonl',
};
