/** Licenses whose figures FigBoard commits to git (the suite's license policy). */
export const REDISTRIBUTABLE_REPOSITORY_LICENSES = [
  'Apache-2.0',
  'BSD-2-Clause',
  'BSD-3-Clause',
  'MIT',
] as const;

/** The written policy for repository figures, copied into `suite.json` and the suite README. */
export const REPOSITORY_LICENSE_POLICY =
  'Images are committed only when the repository license is MIT, Apache-2.0, BSD-2-Clause or BSD-3-Clause AND that ' +
  'license demonstrably covers the file: a top-level license of the repository, or a license file in a ' +
  'folder that contains the figure. Any other case (another license, no license, a license file that ' +
  'sits in a sibling folder) is never committed: the figure is withheld and only its provenance ' +
  'record is published (ReFigBench Appendix D release plan). Each task keeps its license string ' +
  'verbatim, the pinned commit and a permalink, so the original can always be retrieved.';

/** Outcome of checking one corpus row against the policy. */
export interface LicenseJudgement {
  /** SPDX id at the start of the license string, or null. */
  spdx: string | null;
  redistributable: boolean;
  /** Human-readable reason, stored in `task.json` as `license.evidence`. */
  evidence: string;
  /** The license file inside the repository that covers the figure, when one is named. */
  licenseFile: string | null;
}

/**
 * Decides whether a repository figure may be redistributed, from the license column of the
 * corpus MANIFEST.tsv, e.g. `MIT`, `Apache-2.0 (TinyBERT/LICENSE)` or
 * `Apache-2.0 (per-subproject License.txt; vig_pytorch has none; repo has no top-level LICENSE)`.
 * A bare SPDX id means a top-level license. A parenthetical that names license files counts
 * only when one of them sits in a folder that contains the figure's path.
 */
export function judgeRepositoryLicense(license: string, pathInRepo: string): LicenseJudgement {
  const m = /^\s*([A-Za-z0-9.+-]+)\s*(?:\((.*)\))?\s*$/.exec(license);
  const spdx = m?.[1] ?? null;
  const note = m?.[2]?.trim() ?? null;
  const allowed =
    spdx !== null && (REDISTRIBUTABLE_REPOSITORY_LICENSES as readonly string[]).includes(spdx);
  if (!m || spdx === null) {
    return {
      spdx: null,
      redistributable: false,
      evidence: `license string "${license}" is not an SPDX id: withheld`,
      licenseFile: null,
    };
  }
  if (!allowed) {
    return {
      spdx,
      redistributable: false,
      evidence: `${spdx} is not one of ${REDISTRIBUTABLE_REPOSITORY_LICENSES.join(', ')}: withheld`,
      licenseFile: null,
    };
  }
  if (note === null) {
    return {
      spdx,
      redistributable: true,
      evidence: `${spdx}: top-level license of the repository covers the file`,
      licenseFile: null,
    };
  }
  // License files named in the note: tokens that look like a path ending in a license file name.
  const files = [
    ...note.matchAll(
      /([A-Za-z0-9_.\-/]+\/(?:LICENSE|LICENCE|License|Licence|license|COPYING)(?:\.[A-Za-z]+)?)/g,
    ),
  ].map((x) => x[1]!);
  const figureDir = pathInRepo.includes('/')
    ? pathInRepo.slice(0, pathInRepo.lastIndexOf('/') + 1)
    : '';
  for (const file of files) {
    const dir = file.slice(0, file.lastIndexOf('/') + 1);
    if (figureDir.startsWith(dir)) {
      return {
        spdx,
        redistributable: true,
        evidence: `${spdx}: ${file} covers ${pathInRepo}`,
        licenseFile: file,
      };
    }
  }
  const named =
    files.length > 0
      ? `the named license file(s) ${files.join(', ')} do not cover ${pathInRepo}`
      : `no license file covers ${pathInRepo}`;
  return {
    spdx,
    redistributable: false,
    evidence: `${spdx} claimed, but ${named} (upstream note: "${note}"): withheld`,
    licenseFile: null,
  };
}
