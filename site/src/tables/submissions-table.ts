import { roleBadge } from '../data/board-index.ts';
import type { Board } from '../data/load-site-data.ts';
import { configurationLabel } from '../data/configuration-label.ts';
import { siteUrl } from '../lib/site-url.ts';
import type { TableModel } from './table-model.ts';

/** Every submission with its configuration, team, suite and date. */
export function submissionsTable(
  subs: Board['submissions'],
  linked: ReadonlySet<string>,
): TableModel {
  return {
    id: 'submissions',
    caption: 'Submissions',
    rowHeader: 'id',
    sortedBy: { key: 'id', direction: 'ascending' },
    columns: [
      { key: 'id', label: 'Submission' },
      { key: 'configuration', label: 'Configuration' },
      { key: 'track', label: 'Track' },
      { key: 'team', label: 'Team' },
      { key: 'suite', label: 'Suite' },
      { key: 'date', label: 'Date' },
      { key: 'attempts', label: 'Attempts', numeric: true },
      { key: 'license', label: 'License' },
    ],
    rows: [...subs]
      .sort((a, b) => a.id.localeCompare(b.id))
      .map((s) => ({
        cells: {
          id: {
            v: s.id,
            href: linked.has(s.id) ? siteUrl(`submissions/${s.id}/`) : undefined,
            badge: roleBadge(s.role, s.sample) ?? undefined,
          },
          configuration: { v: s.configuration, t: configurationLabel(s) },
          track: { v: s.track },
          team: { v: s.team },
          suite: { v: `${s.suite.name}@${s.suite.version}` },
          date: { v: s.date },
          attempts: { v: s.attempts },
          license: { v: s.license },
        },
      })),
  };
}
