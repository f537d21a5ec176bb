import type { RefigTask } from '../schemas/task.schema.ts';

/** Who a refig suite's figures come from and how much of it rests on checked truth. */
export interface ProvenanceStats {
  /** Distinct source repositories (repository tasks only). */
  repositories: number;
  /** Distinct papers (by arXiv id, else title), and how many of them carry an arXiv id. */
  papers: number;
  papersWithArxiv: number;
  /** Tasks per license (SPDX id, or the license name), most first. */
  licenses: { license: string; tasks: number }[];
  /** Tasks with checked truth in the repository (`truth.json`): the public split. */
  publicTruth: number;
  /** Tasks whose truth exists only sealed in `sealed.json`: the hidden split. */
  hidden: number;
  /** Tasks without checked truth: never ranked by the metric judge. */
  unverified: number;
}

/**
 * Provenance and verification counts of a refig suite (`refig suite stats`): repositories,
 * papers, licenses, and the public / hidden / unverified split of its tasks.
 */
export function computeProvenanceStats(
  tasks: readonly RefigTask[],
  sealedTasks: ReadonlySet<string>,
): ProvenanceStats {
  const repos = new Set<string>();
  const papers = new Set<string>();
  let withArxiv = 0;
  const licenses = new Map<string, number>();
  let publicTruth = 0;
  let hidden = 0;
  for (const t of tasks) {
    if (t.source.kind === 'repository') {
      repos.add(t.source.repository.toLowerCase());
      const paper = t.source.paper;
      if (paper) {
        const key = paper.arxivId ?? paper.title.toLowerCase();
        if (!papers.has(key) && paper.arxivId) withArxiv++;
        papers.add(key);
      }
    } else if (t.source.kind === 'arxiv' && !papers.has(t.source.arxivId)) {
      papers.add(t.source.arxivId);
      withArxiv++;
    }
    const lic = t.license.spdx ?? t.license.name;
    licenses.set(lic, (licenses.get(lic) ?? 0) + 1);
    if (sealedTasks.has(t.id)) hidden++;
    else if (t.hasTruth) publicTruth++;
  }
  return {
    repositories: repos.size,
    papers: papers.size,
    papersWithArxiv: withArxiv,
    licenses: [...licenses]
      .map(([license, n]) => ({ license, tasks: n }))
      .sort((a, b) => b.tasks - a.tasks || (a.license < b.license ? -1 : 1)),
    publicTruth,
    hidden,
    unverified: tasks.length - publicTruth - hidden,
  };
}
