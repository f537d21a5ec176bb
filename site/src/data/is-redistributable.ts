/**
 * Licenses whose text allows copying and redistributing a figure (ReFigBench's ethics rule), by
 * SPDX id or by the name the style tasks use for the Matplotlib gallery license.
 */
const PERMISSIVE =
  /^(?:MIT|Apache-2\.0|BSD-[23]-Clause|ISC|PSF-2\.0|CC0-1\.0|CC-BY-(?:SA-)?[34]\.0|Unlicense|matplotlib(?: license)?)$/i;

/** What a task says about sharing its image: its own verdict and/or the license it names. */
interface LicenseClaim {
  /** The task's verdict (`license.redistributable` on refig, `provenance.redistributable` on style). */
  redistributable?: boolean | null;
  /** SPDX id or license name. */
  license?: string | null;
}

/**
 * The one rule for publishing a task's image (refig source, style reference): the task's own
 * `redistributable` verdict when it gives one (curators checked the license file; `false` always
 * withholds), otherwise the license it names must be on the permissive list. A task that says
 * nothing is not published.
 */
export function isRedistributable(claim: LicenseClaim | null | undefined): boolean {
  if (!claim) return false;
  if (typeof claim.redistributable === 'boolean') return claim.redistributable;
  return typeof claim.license === 'string' && PERMISSIVE.test(claim.license.trim());
}
