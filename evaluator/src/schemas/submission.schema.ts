import { z } from 'zod';
import { Id, Sha256 } from './common.schema.ts';

// Descriptions are attached with `.describe()` (not only TSDoc) because they go into the published
// `schemas/submission.schema.json`, which editors show while a submitter writes `submission.yml`.

export const SubmissionModel = z
  .object({
    name: z
      .string()
      .min(1)
      .max(200)
      .describe('Model name as shown on the board, e.g. "Claude Sonnet 4.5".'),
    provider: z
      .string()
      .min(1)
      .max(200)
      .describe('Who serves the model, e.g. "anthropic", "openai", "local".'),
    /** Dated snapshot / exact version string of the model. */
    snapshot: z
      .string()
      .min(1)
      .max(200)
      .describe('Dated snapshot or exact version string of the model.'),
    reasoningEffort: z
      .string()
      .max(50)
      .optional()
      .describe('Reasoning effort setting, if the model has one (e.g. "high").'),
  })
  .strict()
  .describe(
    'The model behind the agent. Name, snapshot and reasoning effort are part of the configuration identity.',
  );

export const SubmissionHarness = z
  .object({
    name: z.string().min(1).max(200).describe('Agent harness, e.g. "Claude Code" or "Codex CLI".'),
    version: z.string().min(1).max(100).describe('Harness version used for the whole run.'),
  })
  .strict()
  .describe('The agent harness. Name and version are part of the configuration identity.');

export const SubmissionWorkflow = z
  .object({
    name: z
      .string()
      .min(1)
      .max(200)
      .describe('Short workflow name, e.g. "direct-prompt" or "pptx-skill".'),
    /** `direct` = one prompt; `specialized` = a figure-specific workflow; `other`. */
    kind: z
      .enum(['direct', 'specialized', 'other'])
      .describe(
        'direct = one plain prompt; specialized = a figure-specific workflow or skill; other.',
      ),
    description: z
      .string()
      .max(2000)
      .default('')
      .describe('What the workflow does, in a few sentences.'),
  })
  .strict()
  .describe('How the agent was driven. Part of the configuration identity.');

/**
 * `submissions/<id>/submission.yml`: who submitted what, and the configuration identity
 * (model, harness, workflow) the leaderboard groups by.
 */
/**
 * What a row is: an agent `entry` (ranked), or one of the maintainers' reference lines — a
 * `baseline` without a model (raster paste, OCR, a classical pipeline) or an `upper-reference`
 * (e.g. the task's own reference code) — shown beside the ranking, never ranked in it.
 */
export const SubmissionRole = z.enum(['entry', 'baseline', 'upper-reference']);
export type SubmissionRole = z.infer<typeof SubmissionRole>;

export const SubmissionManifest = z
  .object({
    /** Equals the folder name under `submissions/`. */
    id: Id.describe('Submission id; must equal the folder name under submissions/.'),
    /** Which benchmark track: `refig` (figure → PPTX) or `style` (style transfer). */
    track: z
      .enum(['refig', 'style'])
      .describe(
        'refig = figure to one editable PPTX slide; style = plot new data in a reference style.',
      ),
    /** Suite the artifacts answer, with its version. */
    suite: z
      .object({
        name: Id.describe('Suite folder name under suites/, e.g. "refig-sample".'),
        version: z.string().min(1).describe('Suite version from its suite.json.'),
      })
      .strict()
      .describe('The task suite the artifacts answer.'),
    /** Team or person name shown on the board (plain text; never rendered as HTML). */
    team: z.string().min(1).max(200).describe('Team or person shown on the board (plain text).'),
    /** E-mail address or GitHub handle for questions about the entry. */
    contact: z
      .string()
      .min(1)
      .max(200)
      .describe('E-mail address or GitHub handle for questions about the entry.'),
    model: SubmissionModel,
    harness: SubmissionHarness,
    workflow: SubmissionWorkflow,
    /** Attempts per task; 1 = single attempt (the only kind ranked on the board). */
    attempts: z
      .number()
      .int()
      .min(1)
      .max(100)
      .describe(
        'Attempts per task; 1 = single attempt. Entries with more attempts are shown, not ranked.',
      ),
    /** Date the agent run produced the results, YYYY-MM-DD: information only. */
    date: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, 'YYYY-MM-DD')
      .describe(
        'Date your run produced the results, YYYY-MM-DD (quote it in YAML so it stays a string). Shown as information; the board orders entries by their merge date.',
      ),
    /** License of the submitted artifacts (SPDX id). */
    license: z
      .string()
      .min(1)
      .max(100)
      .describe('License of the submitted artifacts as an SPDX id, e.g. "CC-BY-4.0".'),
    links: z
      .object({
        report: z.string().url().optional().describe('URL of a write-up or paper.'),
        code: z.string().url().optional().describe('URL of the agent code or workflow.'),
      })
      .strict()
      .default({})
      .describe('Optional links shown on the submission page.'),
    /** True for the maintainers' bundled sample entries; the site badges them. */
    sample: z
      .boolean()
      .default(false)
      .describe(
        "True only for the maintainers' bundled sample entries (the site badges them); refused from anyone else.",
      ),
    /** Reference lines (baseline, upper reference) are the maintainers'; shown, never ranked. */
    role: SubmissionRole.default('entry').describe(
      "entry (default: an agent's results, ranked) or, for the maintainers' reference lines only, baseline or upper-reference (shown beside the ranking with a badge, never given a rank or tie group).",
    ),
    /** Instead of inline artifacts: one archive fetched and verified by SHA-256. */
    archive: z
      .object({
        url: z
          .string()
          .url()
          .describe(
            'https URL of a tar or gzip-compressed tar (.tar, .tar.gz, .tgz; detected from the bytes) holding artifacts/<task-id>/…',
          ),
        sha256: Sha256.describe('SHA-256 of the archive bytes (64 lower-case hex digits).'),
      })
      .strict()
      .optional()
      .describe(
        'For large artifact sets: one archive fetched and verified by SHA-256 instead of inline files.',
      ),
  })
  .strict()
  .superRefine((m, ctx) => {
    for (const issue of emptySlugIssues(m)) ctx.addIssue({ code: 'custom', ...issue });
  })
  .describe('FigBoard submission manifest: submissions/<id>/submission.yml.');
export type SubmissionManifest = z.infer<typeof SubmissionManifest>;

/**
 * Cross-script look-alikes of Latin letters, after lower-casing: the common Cyrillic and Greek
 * confusables of Unicode's UTS #39 table (a compact subset, not the whole `confusables.txt`).
 * Fullwidth and other compatibility forms need no entry: NFKC folds them first.
 */
const CONFUSABLE: Record<string, string> = {
  а: 'a',
  в: 'b',
  е: 'e',
  ё: 'e',
  з: '3',
  к: 'k',
  м: 'm',
  н: 'h',
  о: 'o',
  р: 'p',
  с: 'c',
  т: 't',
  у: 'y',
  х: 'x',
  ѕ: 's',
  і: 'i',
  ї: 'i',
  ј: 'j',
  ԁ: 'd',
  һ: 'h',
  ԛ: 'q',
  ԝ: 'w',
  ӏ: 'l',
  α: 'a',
  β: 'b',
  ε: 'e',
  η: 'n',
  ι: 'i',
  κ: 'k',
  ν: 'v',
  ο: 'o',
  ρ: 'p',
  τ: 't',
  υ: 'u',
  χ: 'x',
  γ: 'y',
  ϲ: 'c',
  ϳ: 'j',
};
const CONFUSABLE_RE = new RegExp(`[${Object.keys(CONFUSABLE).join('')}]`, 'g');

/**
 * The identity form of a name: NFKC, lower case, invisible characters dropped, cross-script
 * look-alikes mapped to their Latin skeleton, and every run of anything but letters, digits
 * and dots (in any script: an all-CJK name keeps its characters) one `-`. Names that look alike
 * get one slug, so one row and one owner.
 */
function slug(s: string): string {
  return s
    .normalize('NFKC')
    .toLowerCase()
    .replace(/\p{Default_Ignorable_Code_Point}/gu, '')
    .replace(CONFUSABLE_RE, (c) => CONFUSABLE[c]!)
    .replace(/[^\p{L}\p{N}.]+/gu, '-')
    .replace(/^-+|-+$/g, '');
}

/** The manifest fields that make up a configuration's identity, as JSON paths. */
const IDENTITY_FIELDS = [
  ['model', 'name'],
  ['model', 'snapshot'],
  ['model', 'reasoningEffort'],
  ['harness', 'name'],
  ['harness', 'version'],
  ['workflow', 'name'],
] as const;

/** Issues for identity fields whose slug is empty (a name of only punctuation or symbols). */
function emptySlugIssues(
  m: Pick<SubmissionManifest, 'model' | 'harness' | 'workflow'>,
): { path: string[]; message: string }[] {
  return IDENTITY_FIELDS.flatMap(([a, b]) => {
    const v = (m[a] as Record<string, unknown>)[b];
    return typeof v === 'string' && slug(v) === ''
      ? [
          {
            path: [a, b],
            message: `${a}.${b} "${v}" has no letter or digit, so it names no configuration (its slug is empty); use a name with letters or digits`,
          },
        ]
      : [];
  });
}

/**
 * The names part of a configuration: model, harness and workflow names as slugs. Rows whose
 * names slug alike look alike on the board, so one such name belongs to one owner: a second
 * owner's entry with the same names is refused (validation) or left out (leaderboard).
 */
export function configurationNames(
  m: Pick<SubmissionManifest, 'model' | 'harness' | 'workflow'>,
): string {
  return `${slug(m.model.name)}__${slug(m.harness.name)}__${slug(m.workflow.name)}`;
}

/**
 * Configuration identity, the leaderboard's unit: model + snapshot + reasoning effort, harness +
 * version, workflow. Two entries that differ in any of them are two rows, e.g.
 * `model-x@2026-01-01+high__claude-code@2.0.1__pptx-skill`.
 */
export function configurationId(
  m: Pick<SubmissionManifest, 'model' | 'harness' | 'workflow'>,
): string {
  const effort = m.model.reasoningEffort ? `+${slug(m.model.reasoningEffort)}` : '';
  return `${slug(m.model.name)}@${slug(m.model.snapshot)}${effort}__${slug(m.harness.name)}@${slug(m.harness.version)}__${slug(m.workflow.name)}`;
}
