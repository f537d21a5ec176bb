import { lstat, mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ArchiveError } from '../archive/archive-error.ts';
import type { ArchiveLimits } from '../archive/archive-limits.ts';
import { extractArchive } from '../archive/extract-archive.ts';
import { FigboardError } from '../errors/index.ts';
import {
  appendJsonl,
  canonicalizeJsonl,
  readJsonl,
  repairJsonlTail,
} from '../records/jsonl-file.ts';
import type { Field } from '../schemas/common.schema.ts';
import { type RefigTask, RefigTask as RefigTaskSchema } from '../schemas/task.schema.ts';
import { buildSuiteManifest, writeSuiteManifest } from '../suite/build-suite-manifest.ts';
import type { HttpPort } from '../suite/http-port.ts';
import { compareIds, listTaskFolders, loadSuite } from '../suite/load-suite.ts';
import { probeImage } from '../suite/probe-image.ts';
import { renderSuiteReadme } from '../suite/render-suite-readme.ts';
import { sha256 } from '../util/sha256.ts';
import { stableStringify } from '../util/stable-stringify.ts';
import { assignField } from './assign-field.ts';
import type { Clock } from './clock.ts';
import { findFigureCandidates } from './find-figure-candidates.ts';
import { ARXIV_LICENSE_POLICY, judgeArxivLicense } from './judge-arxiv-license.ts';
import { shuffle, shuffledWindows, windowRng } from './monthly-windows.ts';
import { AcceptedRecord, OrbitIdentity, SkipRecord } from './orbit-records.ts';
import { type ArxivListingEntry, parseArxivAtom } from './parse-arxiv-atom.ts';
import { type ArxivRawRecord, parseOaiArxivRaw } from './parse-oai-arxivraw.ts';
import { PoliteHttp } from './polite-http.ts';
import { rankCandidates } from './rank-candidates.ts';
import type { FigureRasterizer } from './rasterize-figure.ts';
import { writeFileAtomic } from '../util/write-file-atomic.ts';

/** Everything `buildOrbitSuite` needs. Base URLs are parameters so tests use a local server. */
export interface OrbitOptions {
  outDir: string;
  identity: OrbitIdentity;
  /** Stop after this many accepted tasks (counting tasks already in `outDir`). */
  limit: number;
  /** Stop after scanning this many papers in this run (a safety valve). */
  maxPapers?: number;
  /** arXiv API query endpoint, e.g. `http://export.arxiv.org/api/query`. */
  apiBase: string;
  /** OAI-PMH endpoint, e.g. `http://export.arxiv.org/oai2`. */
  oaiBase: string;
  /** Source packages: `${sourceBase}/${id}${version}`, e.g. `https://arxiv.org/e-print`. */
  sourceBase: string;
  /** Canonical arXiv site written into task.json links (never the test server). */
  canonicalBase?: string;
  http: HttpPort;
  clock: Clock;
  rasterizer: FigureRasterizer;
  /** Polite-client settings; defaults follow arXiv's "one request every 3 seconds". */
  minIntervalMs?: number;
  maxRetries?: number;
  backoffMs?: number;
  userAgent?: string;
  archiveLimits?: Partial<ArchiveLimits>;
  /** Largest source package downloaded. */
  maxSourceBytes?: number;
  onEvent?: (event: OrbitEvent) => void;
  signal?: AbortSignal;
}

export type OrbitEvent =
  | { kind: 'resume'; accepted: number; skipped: number }
  | { kind: 'window'; window: string; total: number }
  | { kind: 'accepted'; arxivId: string; task: string; accepted: number; limit: number }
  | { kind: 'skipped'; arxivId: string; reason: string; detail: string };

export interface OrbitResult {
  accepted: number;
  /** Papers scanned in this run (accepted + skipped). */
  scanned: number;
  skippedByReason: Record<string, number>;
  requests: number;
  retries: number;
  /** True when the candidate pool ran out before `limit`. */
  exhausted: boolean;
}

const STATE = '.orbit';
const MAX_LISTING_BYTES = 20 * 1024 * 1024;
const MAX_TEX_BYTES = 5 * 1024 * 1024;
const MAX_TEX_TOTAL_BYTES = 50 * 1024 * 1024;
/** arXiv caps uploads at 50 MB compressed; inflated packages beyond 512 MiB are refused. */
const ORBIT_ARCHIVE_LIMITS: Partial<ArchiveLimits> = {
  maxInflatedBytes: 512 * 1024 * 1024,
  maxEntryBytes: 200 * 1024 * 1024,
};
const TOP_CANDIDATES = 5;

/** A paper is skipped (recorded, never scanned again) for one of these reasons. */
class Skip extends Error {
  constructor(
    readonly reason: string,
    readonly detail: string,
  ) {
    super(`${reason}: ${detail}`);
  }
}

/** `cs/0112017` → `cs_0112017`: a task id is never a path. */
export const taskIdForArxiv = (arxivId: string) => arxivId.replace(/\//g, '_');

/**
 * ORBIT (ReFigBench §3, Appendix B): builds a refig suite from arXiv.
 *
 * 1. resume: check the recorded identity, reconcile task folders with the accepted/skip lists
 * 2. walk monthly windows shuffled under the seed; inside each, listing pages and papers shuffled
 * 3. per paper: field bucket → pinned version (listing, else OAI arXivRaw) → versioned source
 *    package → safe extraction → `\includegraphics` candidates with captions/labels → ranking
 *    with the strict signal gate → license (OAI arXivRaw) → render on white → task folder
 * 4. record every paper as accepted or skipped (persistent; never scanned twice)
 * 5. finish: canonical record order, suite.json with Table 1 statistics, README
 *
 * Resumable at any point: tasks are written to a staging folder and renamed into place, records
 * are appended line by line, listings and OAI records are cached, so a killed build restarted
 * with the same identity ends with the same bytes as an uninterrupted one.
 */
export async function buildOrbitSuite(options: OrbitOptions): Promise<OrbitResult> {
  const o = options;
  const identity = OrbitIdentity.parse(o.identity);
  const state = join(o.outDir, STATE);
  const canonical = (o.canonicalBase ?? 'https://arxiv.org').replace(/\/+$/, '');
  const http = new PoliteHttp(o.http, o.clock, {
    minIntervalMs: o.minIntervalMs ?? 3000,
    maxRetries: o.maxRetries ?? 4,
    backoffMs: o.backoffMs ?? 5000,
    userAgent: o.userAgent ?? 'FigBoard-ORBIT/0.1 (+https://github.com/figboard)',
    timeoutMs: 120_000,
  });
  const emit = o.onEvent ?? (() => {});
  const result: OrbitResult = {
    accepted: 0,
    scanned: 0,
    skippedByReason: {},
    requests: 0,
    retries: 0,
    exhausted: false,
  };

  // 1. Resume.
  await mkdir(join(state, 'cache', 'listing'), { recursive: true });
  await mkdir(join(state, 'cache', 'oai'), { recursive: true });
  await rm(join(state, 'work'), { recursive: true, force: true });
  await rm(join(state, 'staging'), { recursive: true, force: true });
  await checkIdentity(join(state, 'identity.json'), identity);
  const skipFile = join(state, 'skip.jsonl');
  const acceptedFile = join(state, 'accepted.jsonl');
  await repairJsonlTail(skipFile);
  await repairJsonlTail(acceptedFile);
  const skipped = new Set((await readJsonl(skipFile, SkipRecord)).records.map((r) => r.arxivId));
  const acceptedRecords = (await readJsonl(acceptedFile, AcceptedRecord)).records;
  const accepted = new Set(acceptedRecords.map((r) => r.arxivId));
  await reconcileTaskFolders(o.outDir, acceptedFile, acceptedRecords, accepted);
  result.accepted = accepted.size;
  emit({ kind: 'resume', accepted: accepted.size, skipped: skipped.size });

  const cached = async (kind: 'listing' | 'oai', key: string, url: string): Promise<string> => {
    const file = join(state, 'cache', kind, `${sha256(key)}.xml`);
    try {
      return await readFile(file, 'utf8');
    } catch {
      const text = await http.getText(url, MAX_LISTING_BYTES);
      await writeFileAtomic(file, text);
      return text;
    }
  };
  const oaiRecord = async (arxivId: string): Promise<ArxivRawRecord> => {
    const query = `verb=GetRecord&identifier=${encodeURIComponent(`oai:arXiv.org:${arxivId}`)}&metadataPrefix=arXivRaw`;
    return parseOaiArxivRaw(
      await cached('oai', query, `${o.oaiBase}?${query}`),
      `${o.oaiBase} (${arxivId})`,
    );
  };

  // 2. Walk the shuffled windows.
  const categoryQuery = identity.categories.map((c) => `cat:${c}`).join(' OR ');
  walk: for (const window of shuffledWindows(identity.since, identity.until, identity.seed)) {
    const [y, m] = window.split('-').map(Number) as [number, number];
    const lastDay = new Date(Date.UTC(y, m, 0)).getUTCDate();
    const ym = `${y}${String(m).padStart(2, '0')}`;
    const search = `(${categoryQuery}) AND submittedDate:[${ym}010000 TO ${ym}${lastDay}2359]`;
    const pageQuery = (start: number) =>
      `search_query=${encodeURIComponent(search)}&start=${start}&max_results=${identity.pageSize}&sortBy=submittedDate&sortOrder=ascending`;
    const first = parseArxivAtom(
      await cached('listing', pageQuery(0), `${o.apiBase}?${pageQuery(0)}`),
      `${o.apiBase} (${window})`,
    );
    const pages = Math.min(
      Math.ceil(first.totalResults / identity.pageSize),
      identity.maxPagesPerWindow,
    );
    emit({ kind: 'window', window, total: first.totalResults });
    for (const page of shuffle(
      [...Array(Math.max(pages, 1)).keys()],
      windowRng(identity.seed, window, -1),
    )) {
      const listing =
        page === 0
          ? first
          : parseArxivAtom(
              await cached(
                'listing',
                pageQuery(page * identity.pageSize),
                `${o.apiBase}?${pageQuery(page * identity.pageSize)}`,
              ),
              `${o.apiBase} (${window} page ${page})`,
            );
      const entries = [...listing.entries].sort((a, b) => compareIds(a.arxivId, b.arxivId));
      for (const entry of shuffle(entries, windowRng(identity.seed, window, page))) {
        if (result.accepted >= o.limit) break walk;
        if (o.maxPapers !== undefined && result.scanned >= o.maxPapers) break walk;
        if (o.signal?.aborted)
          throw new FigboardError('ORBIT build aborted', {
            code: 'aborted',
            where: o.outDir,
            hint: 'run the same command again to resume',
          });
        if (accepted.has(entry.arxivId) || skipped.has(entry.arxivId)) continue;
        result.scanned += 1;
        // 3.–4. One paper: accepted or skipped, and recorded either way.
        try {
          const task = await processPaper(entry, window);
          await appendJsonl(acceptedFile, AcceptedRecord, [
            {
              arxivId: entry.arxivId,
              version: (task.source as { version: string }).version,
              window,
              task: task.id,
            },
          ]);
          accepted.add(entry.arxivId);
          result.accepted += 1;
          emit({
            kind: 'accepted',
            arxivId: entry.arxivId,
            task: task.id,
            accepted: result.accepted,
            limit: o.limit,
          });
        } catch (err) {
          if (!(err instanceof Skip)) throw err;
          await appendJsonl(skipFile, SkipRecord, [
            {
              arxivId: entry.arxivId,
              version: entry.version,
              window,
              reason: err.reason,
              detail: err.detail,
            },
          ]);
          skipped.add(entry.arxivId);
          result.skippedByReason[err.reason] = (result.skippedByReason[err.reason] ?? 0) + 1;
          emit({ kind: 'skipped', arxivId: entry.arxivId, reason: err.reason, detail: err.detail });
        } finally {
          await rm(join(state, 'work'), { recursive: true, force: true });
        }
      }
    }
  }
  result.exhausted =
    result.accepted < o.limit && (o.maxPapers === undefined || result.scanned < o.maxPapers);

  // 5. Finish: canonical records, suite.json, README.
  await canonicalizeJsonl(skipFile, SkipRecord, (r) => r.arxivId);
  await canonicalizeJsonl(acceptedFile, AcceptedRecord, (r) => r.arxivId);
  await writeSuiteFiles(o.outDir, identity);
  result.requests = http.stats.requests;
  result.retries = http.stats.retries;
  return result;

  async function processPaper(entry: ArxivListingEntry, window: string): Promise<RefigTask> {
    const field: Field | null = assignField(entry.primaryCategory, entry.categories);
    if (!field)
      throw new Skip(
        'not-in-field',
        `categories ${[...new Set([entry.primaryCategory, ...entry.categories])].join(' ')} are outside ${identity.categories.join(', ')}`,
      );

    // Version pinning: the listing's id suffix, else the OAI arXivRaw record.
    let version = entry.version;
    let versionFrom: 'listing' | 'oai-arxivraw' = 'listing';
    let raw: ArxivRawRecord | null = null;
    if (!version) {
      raw = await lookupOai(entry.arxivId);
      version = raw.latestVersion;
      versionFrom = 'oai-arxivraw';
      if (!version)
        throw new Skip(
          'no-version',
          'neither the listing nor the OAI arXivRaw record names a version',
        );
    }

    // The versioned source package, extracted with every archive bound.
    const work = join(state, 'work');
    await mkdir(work, { recursive: true });
    const pkg = join(work, 'package');
    const url = `${o.sourceBase.replace(/\/+$/, '')}/${entry.arxivId}${version}`;
    try {
      await http.download(url, pkg, o.maxSourceBytes ?? 100 * 1024 * 1024);
    } catch (err) {
      // A permanent answer (404, 403, too large) skips the paper; a transient failure that
      // outlived the retries stops the build so a later run tries again.
      const e = err as FigboardError;
      if (
        e.code === 'http-status' &&
        Number(e.got) >= 400 &&
        Number(e.got) < 500 &&
        e.got !== '429'
      )
        throw new Skip('source-unavailable', `${url}: HTTP ${e.got}`);
      if (e.code === 'download-too-large')
        throw new Skip('source-too-large', `${url}: ${e.got ?? ''}`);
      throw err;
    }
    const tree = join(work, 'tree');
    let files: string[];
    try {
      const extracted = await extractArchive(pkg, tree, {
        limits: { ...ORBIT_ARCHIVE_LIMITS, ...o.archiveLimits },
      });
      if (extracted.kind === 'pdf')
        throw new Skip('pdf-only', 'arXiv serves only a PDF for this version (no TeX source)');
      files = extracted.files;
    } catch (err) {
      if (err instanceof ArchiveError)
        throw new Skip(err.code, err.describe().replace(pkg, 'source package'));
      throw err;
    }

    // Candidates from the TeX.
    const texFiles = new Map<string, string>();
    let texTotal = 0;
    for (const f of files.filter((f) => /\.tex$/i.test(f))) {
      const info = await lstat(join(tree, f));
      // Per-file and total caps: TeX is read into memory, and a package may hold thousands of files.
      if (info.size > MAX_TEX_BYTES || texTotal + info.size > MAX_TEX_TOTAL_BYTES) continue;
      texTotal += info.size;
      texFiles.set(f, await readFile(join(tree, f), 'utf8'));
    }
    if (texFiles.size === 0) throw new Skip('no-tex', `no .tex file among ${files.length} file(s)`);
    const candidates = findFigureCandidates(texFiles, new Set(files));
    if (candidates.length === 0)
      throw new Skip('no-figures', 'no \\includegraphics inside a figure environment');
    const ranked = rankCandidates(candidates);
    const passing = ranked.filter((c) => c.passedGate);
    if (passing.length === 0) {
      const top = ranked[0]!;
      throw new Skip(
        'no-overview-caption',
        `best candidate ${top.path} scored ${top.score}: ${top.evidence.join('; ')}`,
      );
    }

    // Rights (copied verbatim) from arXivRaw.
    raw ??= await lookupOai(entry.arxivId);
    const license = judgeArxivLicense(raw.license);

    // Normalise the top-ranked figure that renders.
    const taskId = taskIdForArxiv(entry.arxivId);
    const staging = join(state, 'staging', taskId);
    await mkdir(staging, { recursive: true });
    const renderNotes: string[] = [];
    for (const chosen of passing) {
      let imageFile: string;
      try {
        imageFile = await o.rasterizer.rasterize(join(tree, chosen.path), join(staging, 'source'));
      } catch (err) {
        renderNotes.push(`could not render ${chosen.path}: ${(err as Error).message}`);
        continue;
      }
      const name = imageFile.endsWith('.png') ? 'source.png' : 'source.jpg';
      let image;
      try {
        image = await probeImage(imageFile, name);
      } catch (err) {
        await rm(imageFile, { force: true });
        renderNotes.push(`rendered ${chosen.path} is unusable: ${(err as Error).message}`);
        continue;
      }
      const task = RefigTaskSchema.parse({
        id: taskId,
        track: 'refig',
        source: {
          kind: 'arxiv',
          arxivId: entry.arxivId,
          version,
          title: entry.title,
          authors: entry.authors,
          published: entry.published,
          primaryCategory: entry.primaryCategory,
          categories: entry.categories,
          abstractUrl: `${canonical}/abs/${entry.arxivId}${version}`,
          pdfUrl: `${canonical}/pdf/${entry.arxivId}${version}`,
          sourceUrl: `${canonical}/e-print/${entry.arxivId}${version}`,
          versionFrom,
        },
        license: {
          name: raw.license ?? '(no license recorded in arXivRaw)',
          url: raw.license && /^https?:\/\//.test(raw.license) ? raw.license : null,
          redistributable: license.redistributable,
          spdx: license.spdx,
          evidence: license.evidence,
        },
        caption: chosen.caption,
        label: chosen.label,
        sourcePath: chosen.path,
        field,
        image,
        selection: {
          score: chosen.score,
          evidence: [...chosen.evidence, ...renderNotes],
          candidates: ranked.slice(0, TOP_CANDIDATES),
          seed: identity.seed,
          window,
        },
        hasTruth: false,
      });
      await writeFile(join(staging, 'task.json'), `${stableStringify(task, 2)}\n`);
      // Atomic hand-over: the task folder appears complete or not at all.
      await rm(join(o.outDir, taskId), { recursive: true, force: true });
      await rename(staging, join(o.outDir, taskId));
      return task;
    }
    throw new Skip('render-failed', renderNotes.join('; '));
  }

  async function lookupOai(arxivId: string): Promise<ArxivRawRecord> {
    try {
      return await oaiRecord(arxivId);
    } catch (err) {
      const e = err as FigboardError;
      if (e.code === 'oai-error' || e.code === 'oai-format' || e.code?.startsWith('xml-'))
        throw new Skip('oai-unavailable', e.message);
      if (
        e.code === 'http-status' &&
        Number(e.got) >= 400 &&
        Number(e.got) < 500 &&
        e.got !== '429'
      )
        throw new Skip('oai-unavailable', `HTTP ${e.got}`);
      throw err;
    }
  }
}

/** The first run records the identity; later runs must match it (or use a new folder). */
async function checkIdentity(file: string, identity: OrbitIdentity): Promise<void> {
  let recorded: unknown;
  try {
    recorded = JSON.parse(await readFile(file, 'utf8'));
  } catch {
    await writeFile(file, `${stableStringify(identity, 2)}\n`);
    return;
  }
  const parsed = OrbitIdentity.safeParse(recorded);
  if (!parsed.success || stableStringify(parsed.data) !== stableStringify(identity)) {
    throw new FigboardError('this folder holds an ORBIT build with different settings', {
      code: 'orbit-identity-mismatch',
      where: file,
      expected: stableStringify(parsed.success ? parsed.data : recorded),
      got: stableStringify(identity),
      hint: 'resume with the recorded seed, windows, categories and page size, or build into a new folder',
    });
  }
}

/**
 * After a kill, a task folder may exist whose accepted record was not yet written: re-record
 * it when it is valid, delete it when it is not. Records without a folder are dropped so the
 * paper is processed again.
 */
async function reconcileTaskFolders(
  outDir: string,
  acceptedFile: string,
  records: AcceptedRecord[],
  accepted: Set<string>,
): Promise<void> {
  const folders = await listTaskFolders(outDir);
  const byTask = new Map(records.map((r) => [r.task, r]));
  for (const id of folders) {
    const suite = await loadSuite(outDir, {
      manifest: {
        name: 'orbit',
        version: '0',
        track: 'refig',
        description: '',
        taskCount: 1,
        tasks: [id],
        licensePolicy: '',
        redistributableOnly: false,
        imageStats: null,
        fieldStats: null,
        remote: null,
        sample: false,
      },
    });
    const loaded = suite.tasks[0];
    if (loaded?.task.source.kind !== 'arxiv') {
      await rm(join(outDir, id), { recursive: true, force: true });
      continue;
    }
    if (!byTask.has(id)) {
      const s = loaded.task.source;
      await appendJsonl(acceptedFile, AcceptedRecord, [
        {
          arxivId: s.arxivId,
          version: s.version,
          window: loaded.task.selection.window ?? '',
          task: id,
        },
      ]);
      accepted.add(s.arxivId);
    }
  }
  const present = new Set(folders);
  for (const r of records) {
    if (!present.has(r.task)) accepted.delete(r.arxivId);
  }
  if (records.some((r) => !present.has(r.task))) {
    const kept = records.filter((r) => present.has(r.task));
    await writeFile(acceptedFile, kept.map((r) => `${stableStringify(r)}\n`).join(''));
  }
}

/** suite.json (with Table 1 statistics) and README for the tasks on disk. */
async function writeSuiteFiles(outDir: string, identity: OrbitIdentity): Promise<void> {
  const ids = await listTaskFolders(outDir);
  const draft = buildSuiteManifest(
    {
      name: identity.suiteName,
      version: identity.suiteVersion,
      track: 'refig',
      description: `ORBIT build: overview figures from arXiv ${identity.categories.join('/')}, windows ${identity.since}..${identity.until}, seed ${identity.seed}`,
      licensePolicy: ARXIV_LICENSE_POLICY,
      redistributableOnly: false,
    },
    [],
  );
  const loaded = await loadSuite(outDir, {
    manifest: { ...draft, tasks: ids, taskCount: ids.length },
  });
  const manifest = buildSuiteManifest(
    {
      name: draft.name,
      version: draft.version,
      track: 'refig',
      description: draft.description,
      licensePolicy: draft.licensePolicy,
      redistributableOnly: false,
    },
    loaded.tasks.map((t) => t.task),
  );
  await writeSuiteManifest(outDir, manifest);
  await writeFile(
    join(outDir, 'README.md'),
    renderSuiteReadme(
      manifest,
      loaded.tasks.map((t) => t.task),
      [],
      `Built by \`refig orbit\` (ReFigBench ORBIT): ${draft.description}. Images whose license does not allow redistribution must not be published; see the license policy.`,
    ),
  );
  // Keep only what the build needs to resume; the scratch folders are gone.
  for (const name of await readdir(join(outDir, STATE))) {
    if (name === 'work' || name === 'staging')
      await rm(join(outDir, STATE, name), { recursive: true, force: true });
  }
}
