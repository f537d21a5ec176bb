import { KNOWN_NAMESPACES } from './parse-xml.ts';

/**
 * The one rule that picks a branch of `mc:AlternateContent`, shared by the audit (which reads the
 * branch) and the render sanitizer (which rewrites the deck so LibreOffice draws that same branch):
 * the first `mc:Choice` whose required namespaces are all understood, else the `mc:Fallback`.
 * LibreOffice decides by matching the Requires prefixes as strings; left to itself it can draw
 * the other branch (issue 22, "hidden raster").
 */

/** Namespaces whose content the reader fully understands: a `mc:Choice` requiring only these is taken. */
const UNDERSTOOD = new Set(
  Object.entries(KNOWN_NAMESPACES)
    .filter(([, p]) => p === 'p' || p === 'a' || p === 'r' || p === 'mc')
    .map(([uri]) => uri),
);

/** The markup-compatibility namespace of `mc:AlternateContent`, `mc:Choice`, `mc:Fallback`. */
export const MC_NAMESPACE = 'http://schemas.openxmlformats.org/markup-compatibility/2006';

/** True when a `mc:Choice` requiring these namespace URIs is taken (an unresolved prefix is never understood). */
export function choiceIsUnderstood(requiredUris: readonly string[]): boolean {
  return requiredUris.every((u) => UNDERSTOOD.has(u));
}
