import type { Flag } from '../schemas/audit-record.schema.ts';
import type { PptxPackage } from '../pptx/pptx-package.ts';

/** At most this many flags of one code are listed; a last one says how many more there were. */
export const MAX_FLAGS_PER_CODE = 20;

/**
 * Flags about the whole package, sorted by code then target:
 * - `macros`: a VBA project part (`vbaProject.bin`) or a macro-enabled content type;
 * - `embedded-object`: OLE object parts under `ppt/embeddings/` (`*.bin`);
 * - `external-relationship`: every relationship with `TargetMode="External"` in any `.rels`
 *   part (hyperlinks, linked images, linked media, OLE links) — the renderer must never follow
 *   them, and the audit never does.
 */
export function packageFlags(pkg: PptxPackage): Flag[] {
  const macros: Flag[] = [];
  const embedded: Flag[] = [];
  const external: Flag[] = [];
  for (const entry of pkg.zip.entries) {
    const lower = entry.name.toLowerCase();
    if (/(^|\/)vbaproject\.bin$/.test(lower))
      macros.push({
        code: 'macros',
        target: entry.name,
        detail: 'the package holds a VBA macro project',
      });
    if (lower.startsWith('ppt/embeddings/') && lower.endsWith('.bin'))
      embedded.push({
        code: 'embedded-object',
        target: entry.name,
        detail: 'embedded OLE object part',
      });
    if (lower.endsWith('.rels') && !entry.isDirectory) {
      // Most .rels parts have no external target; skip parsing those.
      if (!pkg.text(entry.name).includes('External')) continue;
      for (const rel of pkg.relsOfRelsPart(entry.name)) {
        if (!rel.external) continue;
        const type = rel.type.slice(rel.type.lastIndexOf('/') + 1);
        const target = rel.target.length > 200 ? `${rel.target.slice(0, 197)}...` : rel.target;
        external.push({
          code: 'external-relationship',
          target: `${entry.name}#${rel.id}`,
          detail: `${type} relationship to external target ${JSON.stringify(target)}`,
        });
      }
    }
  }
  const macroTypes = pkg.allContentTypes().filter((t) => /macroEnabled|vbaProject/i.test(t));
  if (macroTypes.length > 0)
    macros.push({
      code: 'macros',
      target: '[Content_Types].xml',
      detail: `macro-enabled content type ${[...new Set(macroTypes)].sort().join(', ')}`,
    });
  return [...capped(macros), ...capped(embedded), ...capped(external)];
}

function capped(flags: Flag[]): Flag[] {
  const sorted = [...flags].sort((a, b) =>
    (a.target ?? '') < (b.target ?? '') ? -1 : (a.target ?? '') > (b.target ?? '') ? 1 : 0,
  );
  if (sorted.length <= MAX_FLAGS_PER_CODE) return sorted;
  const kept = sorted.slice(0, MAX_FLAGS_PER_CODE);
  kept.push({
    code: sorted[0]!.code,
    target: null,
    detail: `… and ${sorted.length - MAX_FLAGS_PER_CODE} more`,
  });
  return kept;
}
