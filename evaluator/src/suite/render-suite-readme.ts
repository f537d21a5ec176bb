import type { SuiteManifest } from '../schemas/suite.schema.ts';
import type { RefigTask } from '../schemas/task.schema.ts';
import type { WithheldFigure } from './import-repository-figures.ts';

const cell = (s: string) => s.replace(/\|/g, '\\|').replace(/\n/g, ' ');

/** How many of a refig suite's tasks have checked truth, public (`truth.json`) or sealed. */
export interface TruthCounts {
  public: number;
  hidden: number;
}

/**
 * The README of a repository-figure suite: what it is, the license policy, and for every task
 * its origin (repository, path, pinned commit) and license — the attribution that MIT,
 * Apache-2.0 and BSD-3-Clause ask for — plus the withheld figures. Generated, so it never
 * drifts from `task.json`.
 */
export function renderSuiteReadme(
  manifest: SuiteManifest,
  tasks: readonly RefigTask[],
  withheld: readonly WithheldFigure[],
  intro: string,
  truth?: TruthCounts,
): string {
  const lines = [
    `# ${manifest.name} ${manifest.version}`,
    '',
    intro.trim(),
    '',
    `${manifest.taskCount} tasks. Statistics: \`npx refig suite stats suites/${manifest.name}\`. Integrity: \`npx refig suite verify suites/${manifest.name}\`.`,
    '',
    ...(truth ? truthSection(manifest.taskCount, truth) : []),
    '## License policy',
    '',
    manifest.licensePolicy,
    '',
    ...(tasks.every((t) => t.source.kind === 'repository')
      ? [
          'The images are unmodified copies of the upstream files (same bytes as at the pinned commit; `task.json` records their SHA-256). Each remains under its upstream license, listed below; the task metadata is MIT like the rest of FigBoard.',
          '',
        ]
      : tasks.some((t) => t.source.kind === 'arxiv')
        ? [
            "Images were taken from each paper's versioned source package: PDF and EPS figures rendered on white (first page), raster figures kept as published (transparency flattened onto white). `task.json` records the SHA-256, the source path inside the package and the selection evidence. Each image remains under its paper's license, listed below.",
            '',
          ]
        : []),
    '## Tasks',
    '',
    '| task | figure | origin | license |',
    '|---|---|---|---|',
  ];
  for (const t of tasks) {
    const origin =
      t.source.kind === 'repository'
        ? `[${t.source.repository}/${t.source.path}](${t.source.url}) @ \`${t.source.commit.slice(0, 12)}\``
        : t.source.kind === 'arxiv'
          ? `[arXiv:${t.source.arxivId}${t.source.version}](${t.source.abstractUrl})`
          : t.source.origin;
    const license = t.license.url
      ? `[${cell(t.license.name)}](${t.license.url})`
      : cell(t.license.name);
    lines.push(
      `| \`${t.id}\` | ${cell(t.caption)} (${t.image.width}×${t.image.height} ${t.image.format}) | ${origin} | ${license} |`,
    );
  }
  if (withheld.length > 0) {
    lines.push(
      '',
      '## Withheld figures',
      '',
      'Not committed: the policy above does not establish that their license covers them. Their provenance is kept in `withheld.json` so they can be fetched from upstream for local use.',
      '',
    );
    lines.push('| id | origin | reason |', '|---|---|---|');
    for (const w of withheld)
      lines.push(
        `| \`${w.id}\` | [${w.repository}/${w.path}](${w.url}) @ \`${w.commit.slice(0, 12)}\` | ${cell(w.reason)} |`,
      );
  }
  if (tasks.some((t) => t.source.kind === 'repository'))
    lines.push(
      '',
      'Provenance rows as received: `MANIFEST.tsv` (repository, path, commit, license, note).',
    );
  lines.push('');
  return lines.join('\n');
}

/** What the metric judge ranks on this suite: only tasks with checked truth (metric 7). */
function truthSection(taskCount: number, truth: TruthCounts): string[] {
  const checked = truth.public + truth.hidden;
  return [
    '## Checked truth',
    '',
    `${checked} of ${taskCount} tasks have checked truth: ${truth.public} public (\`truth.json\` beside the image) and ${truth.hidden} in the hidden split (truth sealed in \`sealed.json\`, opened only with the maintainers' key; without it those tasks are listed as not scored, never scored against anything else). The metric judge ranks a task only against checked truth; ${checked === taskCount ? 'every task here is ranked' : `the other ${taskCount - checked} are unverified: \`refig score\` gives them a labelled preview and the board never ranks them`}. How the truth was made and checked, and the agreement of the double-annotated figures: \`TRUTH.md\`.`,
    '',
  ];
}
