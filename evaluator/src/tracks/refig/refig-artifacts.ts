import { readFile } from 'node:fs/promises';
import type { Problem } from '../../errors/problem.ts';
import { openZip } from '../../pptx/open-zip.ts';
import { PptxPackage } from '../../pptx/pptx-package.ts';
import { PptxReadError } from '../../pptx/pptx-read-error.ts';
import { readPresentation } from '../../pptx/read-presentation.ts';
import { ReaderLimits } from '../../pptx/reader-limits.ts';
import type { TrackArtifacts } from '../track.ts';

/** What `refig validate` checks of a refig task folder: one deck, its code and its agent log. */
export const REFIG_ARTIFACTS: TrackArtifacts = {
  output: 'output.pptx',
  outputNoun: 'deck',
  async checkOutput(path, where) {
    const count = await slideCount(path, where, ReaderLimits.parse({}));
    if (count === null || count === 1) return [];
    return [
      {
        severity: 'warning',
        rule: 'slide-count',
        file: where,
        message: `the deck has ${count} slides: the gate refuses it and the task scores 0`,
        expected: 'exactly one slide',
        got: `${count} slides`,
        hint: 'ReFigBench scores one slide; put the figure on a single slide',
      },
    ];
  },
  checkTaskFolder(has, folder) {
    const problems: Problem[] = [];
    if (has.has('output.py') && has.has('output.js')) {
      problems.push({
        severity: 'error',
        rule: 'ambiguous-code',
        file: folder,
        message: 'both output.py and output.js present',
        expected: 'the one script that generated output.pptx',
        got: 'output.py and output.js',
      });
    }
    if (!has.has('output.pptx')) {
      if (!has.has('error.log')) {
        problems.push({
          severity: 'warning',
          rule: 'no-output',
          file: folder,
          message: 'no output.pptx and no error.log: the task scores 0',
          hint: 'add error.log saying what went wrong, or remove the folder',
        });
      }
    } else if (!has.has('output.py') && !has.has('output.js')) {
      problems.push({
        severity: 'warning',
        rule: 'missing-code',
        file: folder,
        message: 'output.pptx has no generating code (output.py or output.js)',
      });
    }
    if (has.has('output.pptx') && !has.has('output.jsonl')) {
      problems.push({
        severity: 'warning',
        rule: 'missing-agent-log',
        file: folder,
        message: 'no agent log (output.jsonl): effort and cost will be reported as missing',
      });
    }
    return problems;
  },
};

/** Slides in `p:sldIdLst`, or null when the deck cannot be read (the evaluator's gate says why). */
async function slideCount(
  path: string,
  where: string,
  limits: ReaderLimits,
): Promise<number | null> {
  try {
    const bytes = await readFile(path);
    if (bytes.length > limits.maxFileBytes) return null;
    return readPresentation(new PptxPackage(openZip(bytes, limits, where), limits)).slideCount;
  } catch (err) {
    if (err instanceof PptxReadError) return null;
    throw err;
  }
}
