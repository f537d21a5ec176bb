import { readFileSync } from 'node:fs';
import Handlebars from 'handlebars';
import type { ValidationReport } from '@figboard/evaluator/schemas';
import { inlineCode } from '@figboard/evaluator/util';
import type { ScorecardView } from './scorecard-view.ts';
import { buildValidationView } from './validation-view.ts';

// One private Handlebars environment: helpers and partials never leak into other users of the
// library. Default HTML escaping stays on for `{{x}}`; `{{{x}}}` is used only for strings the
// view builders already neutralised (see markdown-text.ts in @figboard/evaluator/util).
const hbs = Handlebars.create();
hbs.registerHelper('eq', (a: unknown, b: unknown) => a === b);
const load = (name: string) =>
  readFileSync(new URL(`../templates/${name}.hbs`, import.meta.url), 'utf8');
hbs.registerPartial('scorecard', load('scorecard'));
const compile = (name: string) => hbs.compile(load(name), { strict: false, preventIndent: true });
const reportTemplate = compile('report');
const helpTemplate = compile('help');
const refusalTemplate = compile('refusal');
const badCommitTemplate = compile('bad-commit');

export interface ReportInput {
  marker: string;
  validations: ValidationReport[];
  scorecards: ScorecardView[];
  /** A line saying what happens next (e.g. evaluation running), already neutralised. */
  pending?: string;
  /** True when the PR touches no submission folder at all. */
  outsideOnly?: boolean;
  bundleProblems?: string[];
  /** Notes from the trusted run (already neutralised). */
  notes?: string[];
  footer: string;
}

/** Problem limits tried, largest first, until the comment fits. */
const LIMITS = [Number.POSITIVE_INFINITY, 200, 100, 50, 25, 10, 5, 0];

/**
 * The sticky comment: the marker, a validation section per submission, the scorecards and a
 * footer. Stays under `maxChars` by listing fewer problems (the rest are counted, with a pointer
 * to `refig validate`); as a last resort the text is cut and says so.
 */
export function renderReport(input: ReportInput, maxChars: number): string {
  let body = '';
  for (const limit of LIMITS) {
    body = squeeze(
      reportTemplate({
        ...input,
        validations: input.validations.map((v) => buildValidationView(v, limit)),
        bundleProblems: input.bundleProblems ?? [],
        notes: input.notes ?? [],
      }),
    );
    if (body.length <= maxChars) return body;
  }
  const note = '\n\n… (comment cut at the length limit; the full report is in the workflow run)\n';
  return body.slice(0, maxChars - note.length) + note;
}

/** Reply to `/help`. */
export function renderHelp(approvalLabel: string): string {
  return squeeze(helpTemplate({ approvalLabel }));
}

/** Polite reply when someone without write access runs a maintainer command. */
export function renderRefusal(command: string): string {
  return squeeze(refusalTemplate({ command }));
}

/** Reply to `/approve-judging <arg>` whose argument is not a commit; the argument is neutralised. */
export function renderBadCommit(arg: string): string {
  return squeeze(badCommitTemplate({ arg: inlineCode(arg, 60) }));
}

/** Templates are written for readability; collapse the blank lines their block tags leave. */
function squeeze(s: string): string {
  return `${s.replace(/\n{3,}/g, '\n\n').trim()}\n`;
}
