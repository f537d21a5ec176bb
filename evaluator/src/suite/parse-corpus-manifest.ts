import type { Problem } from '../errors/problem.ts';

/** One row of a corpus `MANIFEST.tsv`: where a file was copied from, and under which license. */
export interface CorpusRow {
  localPath: string;
  repository: string;
  pathInRepo: string;
  commit: string;
  license: string;
  note: string;
  /** Optional columns of a suite corpus: the paper (arXiv id, title), its field, why it is an overview. */
  arxivId?: string;
  paperTitle?: string;
  field?: string;
  overviewNote?: string;
  /** 1-based line number in the TSV, for error messages. */
  line: number;
}

/** Optional columns, read when the header has them. */
const OPTIONAL_COLUMNS = {
  arxiv_id: 'arxivId',
  paper_title: 'paperTitle',
  field: 'field',
  overview_note: 'overviewNote',
} as const;

const COLUMNS = [
  'local_path',
  'repo',
  'path_in_repo',
  'commit',
  'license_of_repo',
  'note',
] as const;

/**
 * Parses a corpus MANIFEST.tsv (columns local_path, repo, path_in_repo, commit,
 * license_of_repo, note; optional arxiv_id, paper_title, field, overview_note). Every malformed row becomes a problem naming its line; good rows are
 * returned regardless.
 */
export function parseCorpusManifest(
  text: string,
  file: string,
): { rows: CorpusRow[]; problems: Problem[] } {
  const lines = text.split(/\r?\n/);
  const problems: Problem[] = [];
  const header = (lines[0] ?? '').split('\t');
  const missing = COLUMNS.filter((c) => !header.includes(c));
  if (missing.length > 0) {
    problems.push({
      severity: 'error',
      rule: 'corpus-manifest-header',
      file: `${file}:1`,
      message: 'missing columns',
      expected: COLUMNS.join(', '),
      got: header.join(', '),
    });
    return { rows: [], problems };
  }
  const col = Object.fromEntries(COLUMNS.map((c) => [c, header.indexOf(c)])) as Record<
    (typeof COLUMNS)[number],
    number
  >;
  const rows: CorpusRow[] = [];
  lines.slice(1).forEach((raw, i) => {
    if (raw.trim() === '') return;
    const cells = raw.split('\t');
    const line = i + 2;
    if (cells.length < header.length) {
      problems.push({
        severity: 'error',
        rule: 'corpus-manifest-row',
        file: `${file}:${line}`,
        message: 'too few columns',
        expected: String(header.length),
        got: String(cells.length),
      });
      return;
    }
    const row: CorpusRow = {
      localPath: cells[col.local_path]!,
      repository: cells[col.repo]!,
      pathInRepo: cells[col.path_in_repo]!,
      commit: cells[col.commit]!,
      license: cells[col.license_of_repo]!,
      note: cells[col.note]!,
      line,
    };
    for (const [name, key] of Object.entries(OPTIONAL_COLUMNS)) {
      const k = header.indexOf(name);
      const v = k >= 0 ? cells[k]?.trim() : undefined;
      if (v) row[key] = v;
    }
    if (!/^[0-9a-f]{40}$/.test(row.commit)) {
      problems.push({
        severity: 'error',
        rule: 'corpus-manifest-commit',
        file: `${file}:${line}`,
        message: 'commit must be a full SHA-1',
        expected: '40 hex digits',
        got: row.commit,
      });
      return;
    }
    rows.push(row);
  });
  return { rows, problems };
}
