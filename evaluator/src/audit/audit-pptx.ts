import type { AuditRecord, Flag, Gate, PictureBox } from '../schemas/audit-record.schema.ts';
import type { TreeNode } from '../pptx/build-slide-tree.ts';
import type { InheritedPicture } from '../pptx/read-inherited-pictures.ts';
import type { FigboardError } from '../errors/index.ts';
import { buildSlideTree } from '../pptx/build-slide-tree.ts';
import { openZip } from '../pptx/open-zip.ts';
import { PptxPackage } from '../pptx/pptx-package.ts';
import { PptxReadError } from '../pptx/pptx-read-error.ts';
import { readBackgroundColour } from '../pptx/read-background-colour.ts';
import { readInheritedPictures } from '../pptx/read-inherited-pictures.ts';
import { readPresentation } from '../pptx/read-presentation.ts';
import { ReaderLimits } from '../pptx/reader-limits.ts';
import { SlideParts } from '../pptx/slide-parts.ts';
import { sha256 } from '../util/sha256.ts';
import { countObjects, ZERO_COUNTS } from './count-objects.ts';
import { capTexts } from '../util/cap-text.ts';
import { CapConfig, flatteningCap } from './flattening-cap.ts';
import { packageFlags } from './package-flags.ts';
import { pictureCoverage } from './picture-coverage.ts';
import { pictureRegions, rasterUnderlayFlag, visibleTextBoxes } from './raster-underlay.ts';
import { slideFlags } from './slide-flags.ts';

/** Options of {@link auditPptx}. Limits and cap settings are validated and defaulted. */
export interface AuditOptions {
  limits?: Partial<ReaderLimits>;
  cap?: Partial<CapConfig>;
  /** Include the flattened object tree (`objects`) in the record. */
  objects?: boolean;
}

/**
 * The gate g(P) (reader part) and the audit O(P) of one deck, from its bytes. Never throws for a
 * bad deck: every refusal becomes `gate.passed = false` with its reason code and a detail naming
 * the entry and the rule. The audit of slide 1 is computed whenever slide 1 can be read, even
 * when the gate fails for the slide count. Same bytes and options → same record.
 *
 * @param file how the record names the deck (a path as the user gave it, or a task-relative name)
 * @param bytes the deck's bytes
 */
export async function auditPptx(
  file: string,
  bytes: Uint8Array,
  options: AuditOptions = {},
): Promise<AuditRecord> {
  const limits = ReaderLimits.parse(options.limits ?? {});
  const cap = CapConfig.parse(options.cap ?? {});
  const record: AuditRecord = emptyAudit(file, { sha256: sha256(bytes), bytes: bytes.length });
  // The first refusal decides the reason; a later one (slide 1 unreadable after multiple-slides) is appended.
  const fail = (err: PptxReadError) => {
    if (record.gate.passed)
      record.gate = { passed: false, reason: err.reason, detail: describe(err) };
    else record.gate.detail = `${record.gate.detail ?? ''}; also: ${describe(err)}`;
  };
  try {
    // 1. Zip directory: size, entry count, names and declared sizes, before inflating anything.
    const zip = openZip(bytes, limits, file);
    // 2. No entry can inflate past the limits (checked or bounded); no OOXML part has a DTD.
    await zip.verifyAll(limits);
    // 3. The presentation: content type, slide size, slide list, slide 1.
    const pkg = new PptxPackage(zip, limits);
    const pres = readPresentation(pkg);
    record.slides = pres.slideCount;
    record.slideSize = pres.slideSize;
    // 4. The slide-count gate; a deck with several slides is still audited on slide 1.
    if (pres.firstSlide === null) {
      throw new PptxReadError('no-slide', 'the presentation has no slide', {
        where: `${file}!${pres.part}`,
        expected: 'exactly one slide',
        got: '0 slides',
      });
    }
    if (pres.slideCount > 1) {
      fail(
        new PptxReadError('multiple-slides', `the presentation has ${pres.slideCount} slides`, {
          where: `${file}!${pres.part}`,
          expected: 'exactly one slide',
          got: `${pres.slideCount} slides`,
          hint: 'ReFigBench scores one slide; put the figure on a single slide',
        }),
      );
    }
    // 5. Slide 1's object tree, and rasters it inherits (backgrounds, layout/master pictures).
    const parts = new SlideParts(pkg, pres.firstSlide);
    const slide = parts.slide;
    const tree = buildSlideTree(parts, slide);
    capSlideTexts(tree.nodes);
    const inherited = readInheritedPictures(parts, slide, pres.slideSize);
    // 6. Counts, texts, coverage, cap and flags.
    record.counts = countObjects(tree.nodes);
    record.textItems = tree.nodes.flatMap((n) => n.textItems);
    record.texts = record.textItems.map((t) => t.text);
    const coverage = pictureCoverage(
      [...tree.nodes.flatMap((n) => n.rasters), ...inherited],
      pres.slideSize,
    );
    record.largestPictureCoverage = coverage.largest;
    record.pictureAreaRatio = coverage.union;
    record.cap = flatteningCap(coverage.largest, record.counts, cap);
    record.pictureBoxes = pictureBoxes(tree.nodes, inherited, pres.slideSize);
    record.flags = [
      ...slideFlags(tree, pres.slideSize, readBackgroundColour(parts)),
      ...packageFlags(pkg),
    ];
    // 7. FigBoard's raster-underlay rule: visible text lying on large pictures.
    const underlay = rasterUnderlayFlag(
      visibleTextBoxes(record.flags, record.textItems),
      record.pictureBoxes,
      pres.slideSize,
    );
    if (underlay) {
      record.flags.push(underlay);
      record.underlayCap = cap.underlayCappedScore;
    }
    if (options.objects) record.objects = tree.nodes.map((n) => n.object);
  } catch (err) {
    if (!(err instanceof PptxReadError)) throw err;
    fail(err);
  }
  if (options.objects && record.objects === undefined) record.objects = [];
  return record;
}

/** Characters kept of one shape's (or cell's) text, and of all texts of the slide together. A
 * figure's label is a few dozen characters; a 15 MiB text run must not become a 47 MB record. */
export const TEXT_LIMITS = { perText: 10_000, perSlide: 100_000 } as const;

/**
 * Caps every text of the slide tree before anything reads it (counts, flags, judges, records),
 * so a resumed run that reads the stored record scores exactly what an uninterrupted one did.
 */
function capSlideTexts(nodes: ReturnType<typeof buildSlideTree>['nodes']): void {
  const items = nodes.flatMap((n) => n.textItems);
  const capped = capTexts(
    items.map((t) => t.text),
    TEXT_LIMITS.perText,
    TEXT_LIMITS.perSlide,
  );
  items.forEach((t, i) => {
    t.text = capped[i]!;
  });
  const objects = nodes.map((n) => n.object);
  const cappedObjects = capTexts(
    objects.map((o) => o.text),
    TEXT_LIMITS.perText,
    TEXT_LIMITS.perSlide,
  );
  objects.forEach((o, i) => {
    o.text = cappedObjects[i]!;
  });
}

/** The record of a deck that could not be read at all: zero counts, no texts, cap 100. */
export function emptyAudit(
  file: string,
  source: { sha256: string | null; bytes: number | null },
  gate: Gate = { passed: true, reason: null, detail: null },
): AuditRecord {
  return {
    file,
    sha256: source.sha256,
    bytes: source.bytes,
    gate,
    slides: null,
    slideSize: null,
    counts: { ...ZERO_COUNTS },
    texts: [],
    textItems: [],
    largestPictureCoverage: 0,
    pictureAreaRatio: 0,
    cap: 100,
    underlayCap: 100,
    pictureBoxes: [],
    flags: [] as Flag[],
  };
}

/** Every painted raster (slide pictures, picture-filled shapes, inherited ones) as regions. */
function pictureBoxes(
  nodes: readonly TreeNode[],
  inherited: readonly InheritedPicture[],
  canvas: { cx: number; cy: number },
): PictureBox[] {
  return pictureRegions(
    [
      ...nodes.flatMap((n) => n.rasters.map((r) => ({ id: n.object.id, box: r.bounds }))),
      ...inherited.map((p) => ({ id: p.part, box: p.bounds })),
    ],
    canvas,
  );
}

/** "where: message (expected X, got Y). Hint: …" without the code prefix (the code is `gate.reason`). */
export function describe(err: FigboardError): string {
  return err.describe().replace(/^\[[^\]]*\]\s*/, '');
}
