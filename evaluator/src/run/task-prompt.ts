/**
 * The instruction a refig agent receives for one task: ReFigBench Appendix E, word for word, with
 * the input image and the output folder of this run in place of `/work/input.png` and `/work/out`
 * (the paper's container mounts). `direct` is the python-pptx track (identical in every harness,
 * which is what makes a harness comparison possible); `specialized` the PPTX-skill track.
 */
export const TASK_PROMPTS = {
  direct:
    'Read {input}, then write python-pptx code to replicate the image and generate a PPTX with one page. Every component in the image must be included and editable. Save the Python code to {out}/output.py and the PPTX to {out}/output.pptx. You may only read {input}. Do not open any other files.',
  specialized:
    'Use the pptx skill. Read {input}, then create a PPTX presentation with one page that replicates the image. Every component in the image must be included and editable. Save the source code to {out}/output.js and the PPTX to {out}/output.pptx. You may only read {input}. Do not open any other files.',
} as const;

/**
 * The prompt for one task: a named ReFigBench instruction or any template of the submitter's
 * with `{input}` and `{out}` placeholders (every occurrence is replaced).
 */
export function taskPrompt(template: string, paths: { input: string; out: string }): string {
  return template.replaceAll('{input}', paths.input).replaceAll('{out}', paths.out);
}
