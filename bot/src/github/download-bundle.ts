import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import JSZip from 'jszip';
import type { Octokit, RepoRef } from './octokit.ts';

const MAX_ENTRIES = 20_000;

/** The part of jszip's StreamHelper used here (not in its type definitions). */
interface JsZipStream {
  on(event: 'data', cb: (chunk: Uint8Array) => void): JsZipStream;
  on(event: 'error', cb: (err: Error) => void): JsZipStream;
  on(event: 'end', cb: () => void): JsZipStream;
  pause(): JsZipStream;
  resume(): JsZipStream;
}

/**
 * Downloads the named artifact of a workflow run and unpacks it into a temporary folder.
 * Returns null when the run has no such artifact (e.g. a run that failed before uploading).
 * The zip is treated as hostile: entry count and total inflated bytes are bounded (counted while
 * inflating, not taken from the headers), and names with `..`, absolute paths or backslashes
 * are skipped.
 */
export async function downloadBundle(
  octokit: Octokit,
  at: RepoRef,
  runId: number,
  artifactName: string,
  maxBytes: number,
): Promise<{ dir: string; cleanup: () => Promise<void> } | null> {
  const list = await octokit.paginate(octokit.rest.actions.listWorkflowRunArtifacts, {
    ...at,
    run_id: runId,
    per_page: 100,
  });
  const artifact = list.find((a) => a.name === artifactName && !a.expired);
  if (!artifact) return null;
  if (artifact.size_in_bytes > maxBytes)
    throw new Error(
      `artifact ${artifactName} is ${artifact.size_in_bytes} bytes, more than ${maxBytes}`,
    );
  const res = await octokit.rest.actions.downloadArtifact({
    ...at,
    artifact_id: artifact.id,
    archive_format: 'zip',
  });
  const bytes = Buffer.from(res.data as ArrayBuffer);
  if (bytes.length > maxBytes)
    throw new Error(`artifact ${artifactName} download is larger than ${maxBytes} bytes`);
  const zip = await JSZip.loadAsync(bytes, { checkCRC32: true });
  const entries = Object.values(zip.files);
  if (entries.length > MAX_ENTRIES)
    throw new Error(`artifact ${artifactName} has more than ${MAX_ENTRIES} entries`);
  const dir = await mkdtemp(join(tmpdir(), 'figboard-bundle-'));
  const cleanup = () => rm(dir, { recursive: true, force: true });
  try {
    let total = 0;
    for (const entry of entries) {
      const name = entry.name;
      if (
        entry.dir ||
        name.startsWith('/') ||
        name.includes('\\') ||
        name.split('/').includes('..') ||
        name.includes('\0')
      )
        continue;
      const chunks: Uint8Array[] = [];
      await new Promise<void>((resolve, reject) => {
        // jszip's internalStream inflates chunk by chunk (async() would inflate everything first).
        const stream = (
          entry as unknown as { internalStream(type: 'uint8array'): JsZipStream }
        ).internalStream('uint8array');
        stream
          .on('data', (chunk: Uint8Array) => {
            total += chunk.length;
            if (total > maxBytes) {
              stream.pause();
              reject(new Error(`artifact ${artifactName} inflates past ${maxBytes} bytes`));
              return;
            }
            chunks.push(chunk);
          })
          .on('error', reject)
          .on('end', () => resolve())
          .resume();
      });
      const target = join(dir, name);
      await mkdir(dirname(target), { recursive: true });
      await writeFile(target, Buffer.concat(chunks));
    }
    return { dir, cleanup };
  } catch (err) {
    await cleanup();
    throw err;
  }
}
