// Generates the Inputs and Outputs tables of action/README.md from action.yml, so the usage
// documentation can never drift from what the Action accepts (the actions/checkout practice).
// Run: npx tsx action/scripts/render-readme.ts --write   (a test fails when README.md is stale)
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parse } from 'yaml';

const here = join(import.meta.dirname, '..');
const BEGIN =
  '<!-- action-docs: generated from action.yml by action/scripts/render-readme.ts; do not edit -->';
const END = '<!-- action-docs: end -->';

interface ActionYml {
  inputs: Record<string, { description: string; required?: boolean; default?: string }>;
  outputs: Record<string, { description: string }>;
}

const cell = (s: string) =>
  s
    .replace(/\|/g, '\\|')
    .replace(/\s*\n\s*/g, ' ')
    .trim();

/** The generated block: one table of inputs (name, default, description) and one of outputs. */
export function renderActionDocs(actionYml: string): string {
  const doc = parse(actionYml) as ActionYml;
  const lines = [
    BEGIN,
    '',
    '### Inputs',
    '',
    '| input | default | description |',
    '| --- | --- | --- |',
  ];
  for (const [name, spec] of Object.entries(doc.inputs)) {
    const def = spec.required
      ? '**required**'
      : spec.default === '' || spec.default === undefined
        ? ''
        : `\`${cell(spec.default)}\``;
    lines.push(`| \`${name}\` | ${def} | ${cell(spec.description)} |`);
  }
  lines.push('', '### Outputs', '', '| output | description |', '| --- | --- |');
  for (const [name, spec] of Object.entries(doc.outputs))
    lines.push(`| \`${name}\` | ${cell(spec.description)} |`);
  lines.push('', END);
  return lines.join('\n');
}

/** README.md with its generated block replaced by the current one. */
export function updateReadme(readme: string, actionYml: string): string {
  const start = readme.indexOf(BEGIN);
  const end = readme.indexOf(END);
  if (start < 0 || end < start)
    throw new Error(`action/README.md: the markers ${BEGIN} … ${END} are missing`);
  return readme.slice(0, start) + renderActionDocs(actionYml) + readme.slice(end + END.length);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const readmePath = join(here, 'README.md');
  const next = updateReadme(
    readFileSync(readmePath, 'utf8'),
    readFileSync(join(here, 'action.yml'), 'utf8'),
  );
  if (process.argv.includes('--write')) writeFileSync(readmePath, next);
  else process.stdout.write(next);
}
