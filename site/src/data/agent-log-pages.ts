import { readSiteConfig } from '../config/site-config.ts';
import { type Transcript, transcriptIndex } from './agent-transcript.ts';
import { loadSubmissions } from './board-entry.ts';

/** The agent logs of this build that have a transcript page, keyed `<submission>/<task>`. */
export async function agentLogs(): Promise<Map<string, Transcript>> {
  const rows = (await loadSubmissions()).flatMap((s) =>
    s.tasks
      .filter((t) => t.files.includes('output.jsonl'))
      .map((t) => ({ submission: s.id, task: t.task })),
  );
  return transcriptIndex(readSiteConfig().dataDir, rows);
}

/** The site path of a transcript page. */
export const agentLogPath = (submission: string, task: string) => `logs/${submission}/${task}/`;
