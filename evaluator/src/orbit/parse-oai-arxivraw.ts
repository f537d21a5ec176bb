import { FigboardError } from '../errors/index.ts';
import { parseSafeXml, squash, xmlText } from './parse-safe-xml.ts';

/** What ORBIT reads from an OAI-PMH arXivRaw record: versions and the license. */
export interface ArxivRawRecord {
  arxivId: string;
  /** Versions in the order listed, e.g. `['v1', 'v2']`. */
  versions: string[];
  /** The latest version, or null when the record lists none. */
  latestVersion: string | null;
  /** License URL exactly as arXiv records it, or null when the record has none. */
  license: string | null;
  categories: string[];
}

/** Parses an OAI-PMH `GetRecord` response with `metadataPrefix=arXivRaw`. */
export function parseOaiArxivRaw(xml: string, where: string): ArxivRawRecord {
  const doc = parseSafeXml(xml, where, ['version']);
  const oai = doc['OAI-PMH'] as Record<string, unknown> | undefined;
  if (!oai) throw new FigboardError('not an OAI-PMH response', { code: 'oai-format', where, expected: '<OAI-PMH>' });
  if (oai.error !== undefined) {
    const err = oai.error as Record<string, unknown> | string;
    const code = typeof err === 'object' ? String(err['@_code'] ?? '') : '';
    throw new FigboardError(`OAI-PMH error ${code}: ${squash(xmlText(err))}`, { code: 'oai-error', where, got: code });
  }
  const raw = ((((oai.GetRecord as Record<string, unknown>)?.record as Record<string, unknown>)?.metadata as Record<string, unknown>)?.arXivRaw ?? null) as Record<string, unknown> | null;
  if (!raw) throw new FigboardError('OAI record has no arXivRaw metadata', { code: 'oai-format', where, expected: 'GetRecord/record/metadata/arXivRaw' });
  const versions = ((raw.version as Record<string, unknown>[] | undefined) ?? []).map((v) => String(v['@_version'] ?? '')).filter((v) => /^v\d+$/.test(v));
  const latest = versions.length ? versions.reduce((a, b) => (Number(b.slice(1)) > Number(a.slice(1)) ? b : a)) : null;
  const license = squash(xmlText(raw.license));
  return {
    arxivId: squash(xmlText(raw.id)),
    versions,
    latestVersion: latest,
    license: license === '' ? null : license,
    categories: squash(xmlText(raw.categories)).split(' ').filter((c) => c !== ''),
  };
}
