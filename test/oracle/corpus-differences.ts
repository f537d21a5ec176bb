/**
 * Where FigBoard's audit deliberately reads a corpus deck differently from the python-pptx
 * reference (`test/fixtures/corpus/oracle-audit.py`), field by field, and why. The corpus test
 * fails when a listed difference disappears, so this list never goes stale.
 */
export const DELIBERATE_DIFFERENCES: Record<string, { fields: string[]; why: string }> = {
  'pptx/ShapeCrawler__ShapeCrawler__pictures_pictures-case001.pptx': {
    fields: ['largestPictureCoverage', 'pictureAreaRatio'],
    why: 'the layout and master carry user-drawn pictures (p:pic, not placeholders) that PowerPoint draws under the slide; python-pptx`s slide.shapes cannot see them, the audit counts them so a raster hidden in a layout cannot escape the flattening cap',
  },
  'pptx/apache__poi__KEY02.pptx': {
    fields: ['largestPictureCoverage', 'pictureAreaRatio'],
    why: 'the slide inherits a picture background (p:bg/p:bgPr/a:blipFill) from its layout; python-pptx`s slide.background only reads the slide`s own p:bg',
  },
  'pptx/apache__poi__keyframes.pptx': {
    fields: ['largestPictureCoverage', 'pictureAreaRatio'],
    why: 'a full-slide picture sits on the layout (and master), drawn under slide 1; python-pptx does not see layout shapes on the slide',
  },
  'pptx/apache__poi__54542_cropped_bitmap.pptx': {
    fields: ['pictureAreaRatio'],
    why: 'pictures inside rotated groups: the audit rotates them into slide space (group rotations of 12.6° and 313.2°), python-pptx reports unrotated child coordinates',
  },
};

/**
 * Decks that cannot be opened at all (python's zipfile refuses them as well), with the gate
 * reason and the detail the audit must give.
 */
export const BROKEN_DECKS: Record<string, { reason: string; detail: string }> = {
  'pptx/apache__poi__Divino_Revelado.pptx': {
    reason: 'corrupt-zip',
    detail: 'the zip has no end-of-central-directory record',
  },
  'pptx/apache__poi__clusterfuzz-testcase-minimized-POIFuzzer-5205835528404992.pptx': {
    reason: 'corrupt-zip',
    detail: 'central directory record 5 has an empty name',
  },
  'pptx/apache__poi__clusterfuzz-testcase-minimized-POIXSLFFuzzer-5463285576892416.pptx': {
    reason: 'corrupt-zip',
    detail: 'central directory record 15 has an empty name',
  },
  'pptx/apache__poi__clusterfuzz-testcase-minimized-POIXSLFFuzzer-5471515212382208.pptx': {
    reason: 'corrupt-zip',
    detail: 'the central directory lies outside the file',
  },
  'pptx/apache__poi__clusterfuzz-testcase-minimized-POIXSLFFuzzer-6254434927378432.pptx': {
    reason: 'corrupt-zip',
    detail: 'the zip has no end-of-central-directory record',
  },
};
