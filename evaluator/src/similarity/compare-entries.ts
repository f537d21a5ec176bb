import type { AuditRecord } from '../schemas/audit-record.schema.ts';
import { hammingDistance } from './render-dhash.ts';

/** What is compared of one task of an entry: the deck's bytes, its layout and its rendering. */
export interface TaskFingerprint {
  /** SHA-256 of the deck (the audit records it). */
  deck: string | null;
  /** The slide's objects as layout keys (`layoutKeys`): kind, geometry, quantised box, text. */
  layout: readonly string[];
  /** 64-bit difference hash of the rendering (`renderDhash`). */
  render: string | null;
}

/** An entry's fingerprint: one per task it has an artifact for. */
export type EntryFingerprint = ReadonlyMap<string, TaskFingerprint>;

/** How alike two entries of one suite are, task by task. */
export interface EntrySimilarity {
  /** Tasks both entries have an artifact for. */
  commonTasks: number;
  /** Tasks where the two decks are byte for byte the same. */
  identicalDecks: number;
  /** Tasks where the decks differ as files but share `NEAR_LAYOUT` of their objects (a re-saved or lightly edited copy). */
  nearDecks: number;
  /** Mean layout similarity (Jaccard of the layout keys) over the tasks where either slide has objects. */
  layoutSimilarity: number | null;
  /** Tasks where both renderings could be hashed, and those within `NEAR_BITS` bits of each other. */
  renderCompared: number;
  nearRenders: number;
  /**
   * `identical`: at least half of the common tasks (and at least three) have byte-identical
   * decks; `near-duplicate`: identical and near-identical decks together make at least half
   * (and three); else null. Renderings alone never decide: two faithful reconstructions of the
   * same figure look alike without being copies — their objects sit at different coordinates.
   */
  verdict: 'identical' | 'near-duplicate' | null;
}

/** Share of the layout keys two decks must share to count as the same deck re-saved or retouched. */
export const NEAR_LAYOUT = 0.8;
/** Renderings whose difference hashes differ in at most this many of 64 bits look the same. */
export const NEAR_BITS = 6;
const MIN_TASKS = 3;
/** Boxes are compared on a 1/500 grid of the slide: a copy keeps them, an independent build rarely does. */
const GRID = 500;

/**
 * The layout keys of a slide: one per object — kind, geometry, its box on a 1/500 grid of the
 * slide and its text (lower case, spaces collapsed). Independent agents almost never place many
 * objects on the same grid cells; a copy opened and saved again keeps them all.
 */
export function layoutKeys(audit: Pick<AuditRecord, 'objects' | 'slideSize'>): string[] {
  const cx = audit.slideSize?.cx || 1;
  const cy = audit.slideSize?.cy || 1;
  const q = (v: number, d: number) => Math.round((v / d) * GRID);
  return (audit.objects ?? []).map(
    (o) =>
      `${o.kind}|${o.geometry ?? ''}|${q(o.box.x, cx)},${q(o.box.y, cy)},${q(o.box.w, cx)},${q(o.box.h, cy)}|${o.text.toLowerCase().replace(/\s+/g, ' ').trim()}`,
  );
}

/** Jaccard similarity of two multisets of keys (1 when both are empty). */
function jaccard(a: readonly string[], b: readonly string[]): number {
  if (a.length === 0 && b.length === 0) return 1;
  const count = (xs: readonly string[]) => {
    const m = new Map<string, number>();
    for (const x of xs) m.set(x, (m.get(x) ?? 0) + 1);
    return m;
  };
  const ma = count(a);
  const mb = count(b);
  let both = 0;
  for (const [k, n] of ma) both += Math.min(n, mb.get(k) ?? 0);
  return both / (a.length + b.length - both);
}

/**
 * Compares a new entry with an existing one of the same suite: identical decks (content hashes),
 * near-identical decks (the same objects at the same places: a copy re-saved or retouched), and
 * near-identical renderings (difference hashes of the PNGs), task by task.
 */
export function compareEntries(a: EntryFingerprint, b: EntryFingerprint): EntrySimilarity {
  let commonTasks = 0;
  let identicalDecks = 0;
  let nearDecks = 0;
  let layoutTasks = 0;
  let layoutSum = 0;
  let renderCompared = 0;
  let nearRenders = 0;
  for (const [task, fa] of a) {
    const fb = b.get(task);
    if (!fb) continue;
    commonTasks++;
    const identical = fa.deck !== null && fa.deck === fb.deck;
    if (identical) identicalDecks++;
    if (fa.layout.length + fb.layout.length > 0) {
      const j = identical ? 1 : jaccard(fa.layout, fb.layout);
      layoutTasks++;
      layoutSum += j;
      if (!identical && j >= NEAR_LAYOUT) nearDecks++;
    }
    if (fa.render !== null && fb.render !== null) {
      renderCompared++;
      if (hammingDistance(fa.render, fb.render) <= NEAR_BITS) nearRenders++;
    }
  }
  const half = (n: number) => n >= MIN_TASKS && n * 2 >= commonTasks;
  return {
    commonTasks,
    identicalDecks,
    nearDecks,
    layoutSimilarity: layoutTasks > 0 ? layoutSum / layoutTasks : null,
    renderCompared,
    nearRenders,
    verdict: half(identicalDecks)
      ? 'identical'
      : half(identicalDecks + nearDecks)
        ? 'near-duplicate'
        : null,
  };
}
