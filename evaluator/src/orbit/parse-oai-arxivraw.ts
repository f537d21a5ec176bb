import { FigboardError } from '../errors/index.ts';
import { kid, kids, localName, parseRemoteXml, squash } from './parse-safe-xml.ts';

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
  const oai = parseRemoteXml(xml, where);
  if (localName(oai.name) !== 'OAI-PMH')
    throw new FigboardError('not an OAI-PMH response', {
      code: 'oai-format',
      where,
      expected: '<OAI-PMH>',
      got: `<${oai.name}>`,
    });
  const error = kid(oai, 'error');
  if (error) {
    const code = error.attrs.code ?? '';
    throw new FigboardError(`OAI-PMH error ${code}: ${squash(error.text)}`, {
      code: 'oai-error',
      where,
      got: code,
    });
  }
  const raw = kid(kid(kid(kid(oai, 'GetRecord'), 'record'), 'metadata'), 'arXivRaw');
  if (!raw)
    throw new FigboardError('OAI record has no arXivRaw metadata', {
      code: 'oai-format',
      where,
      expected: 'GetRecord/record/metadata/arXivRaw',
    });
  const versions = kids(raw, 'version')
    .map((v) => v.attrs.version ?? '')
    .filter((v) => /^v\d+$/.test(v));
  const latest = versions.length
    ? versions.reduce((a, b) => (Number(b.slice(1)) > Number(a.slice(1)) ? b : a))
    : null;
  const license = squash(kid(raw, 'license')?.text);
  return {
    arxivId: squash(kid(raw, 'id')?.text),
    versions,
    latestVersion: latest,
    license: license === '' ? null : license,
    categories: squash(kid(raw, 'categories')?.text)
      .split(' ')
      .filter((c) => c !== ''),
  };
}
