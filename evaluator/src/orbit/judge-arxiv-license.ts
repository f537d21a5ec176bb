/** How an arXiv license string is treated by the release policy. */
export interface ArxivLicenseJudgement {
  spdx: string | null;
  redistributable: boolean;
  evidence: string;
}

// arXiv's license URLs (https://info.arxiv.org/help/license) and what they allow.
const KNOWN: { pattern: RegExp; spdx: string | null; redistributable: boolean }[] = [
  {
    pattern: /creativecommons\.org\/publicdomain\/zero\/1\.0/,
    spdx: 'CC0-1.0',
    redistributable: true,
  },
  { pattern: /creativecommons\.org\/licenses\/by\/4\.0/, spdx: 'CC-BY-4.0', redistributable: true },
  {
    pattern: /creativecommons\.org\/licenses\/by-sa\/4\.0/,
    spdx: 'CC-BY-SA-4.0',
    redistributable: true,
  },
  { pattern: /creativecommons\.org\/licenses\/by\/3\.0/, spdx: 'CC-BY-3.0', redistributable: true },
  {
    pattern: /creativecommons\.org\/licenses\/by-sa\/3\.0/,
    spdx: 'CC-BY-SA-3.0',
    redistributable: true,
  },
  // NC / ND licenses restrict reuse (commercial use, derivatives): withheld to stay on the safe side.
  {
    pattern: /creativecommons\.org\/licenses\/by-nc-sa\/4\.0/,
    spdx: 'CC-BY-NC-SA-4.0',
    redistributable: false,
  },
  {
    pattern: /creativecommons\.org\/licenses\/by-nc-nd\/4\.0/,
    spdx: 'CC-BY-NC-ND-4.0',
    redistributable: false,
  },
  {
    pattern: /creativecommons\.org\/licenses\/by-nc-sa\/3\.0/,
    spdx: 'CC-BY-NC-SA-3.0',
    redistributable: false,
  },
  {
    pattern: /arxiv\.org\/licenses\/nonexclusive-distrib\/1\.0/,
    spdx: null,
    redistributable: false,
  },
  { pattern: /arxiv\.org\/licenses\/assumed-1991-2003/, spdx: null, redistributable: false },
];

/** The license policy of ORBIT-built suites, copied into their suite.json. */
export const ARXIV_LICENSE_POLICY =
  'Each task records its arXiv license string verbatim (ReFigBench Table 8) and the license is not a sampling filter. ' +
  'Only images under CC0, CC BY or CC BY-SA may be redistributed; for any other license (arXiv non-exclusive ' +
  'distribution, CC BY-NC-*, none recorded) the image stays local and only the provenance record may be published, ' +
  'with this builder as the retrieval script (ReFigBench Appendix D release plan).';

/** Applies the release policy to an arXiv license string (from the OAI arXivRaw record). */
export function judgeArxivLicense(license: string | null): ArxivLicenseJudgement {
  if (license === null)
    return {
      spdx: null,
      redistributable: false,
      evidence: 'no license recorded in arXivRaw: withheld from redistribution',
    };
  for (const k of KNOWN) {
    if (k.pattern.test(license)) {
      return {
        spdx: k.spdx,
        redistributable: k.redistributable,
        evidence: k.redistributable
          ? `${k.spdx} allows redistribution with attribution`
          : `${k.spdx ?? 'arXiv license'} does not allow redistribution: image withheld, provenance only`,
      };
    }
  }
  return {
    spdx: null,
    redistributable: false,
    evidence: `unrecognised license "${license}": withheld from redistribution`,
  };
}
