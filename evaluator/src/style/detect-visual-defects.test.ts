import { describe, expect, it } from 'vitest';
import type { IntrospectedText, PixelBox } from './introspection.schema.ts';
import { detectClippedTexts, detectTextOverlaps } from './detect-visual-defects.ts';
import { scoreVisionChannel, combineStyleScore } from './score-vision-channel.ts';

function text(
  role: IntrospectedText['role'],
  content: string,
  box: PixelBox,
  axes: number | null = 0,
): IntrospectedText {
  return {
    role,
    axes,
    text: content,
    box,
    fontsize: 10,
    family: 'DejaVu Sans',
    weight: 'normal',
    style: 'normal',
    color: '#000000',
    rotation: 0,
    clipOn: false,
    shown: true,
  };
}

describe('detectTextOverlaps', () => {
  it('compares rotated labels by their drawn rectangles, not their axis-aligned boxes', () => {
    // An 80 × 14 px label at 30°: its upright box is 76.3 × 52.1. Side by side, two such labels
    // are dx·sin 30° apart across their long side: 35 px → 17.5 px (clear), 20 px → 10 px (< 14).
    const slanted = (content: string, x: number): IntrospectedText => ({
      ...text('xtick', content, [x, 100, 76.28, 52.12]),
      rotation: 30,
    });
    expect(detectTextOverlaps([slanted('Agrifun', 100), slanted('Organiculture', 135)])).toEqual(
      [],
    );
    const close = detectTextOverlaps([slanted('Agrifun', 100), slanted('Organiculture', 120)]);
    expect(close).toHaveLength(1);
    expect(close[0]!.severity).toBe('major');
    // The same boxes upright would overlap either way.
    expect(
      detectTextOverlaps([
        text('xtick', 'A', [100, 100, 76.28, 52.12]),
        text('xtick', 'B', [135, 100, 76.28, 52.12]),
      ]),
    ).toHaveLength(1);
  });

  it('reports nothing for texts that only touch', () => {
    expect(
      detectTextOverlaps([text('xtick', 'A', [0, 0, 10, 10]), text('xtick', 'B', [10, 0, 10, 10])]),
    ).toEqual([]);
  });

  it('groups chains of colliding texts into one defect with the union box, major when the overlap is large', () => {
    const defects = detectTextOverlaps([
      text('annotation', 'first note', [100, 50, 80, 15]),
      text('annotation', 'second note', [150, 60, 80, 15]),
      text('legend', 'Control', [200, 62, 40, 12]),
      text('xtick', 'far away', [400, 300, 30, 10]),
      text('xtick', 'grazes far away', [428, 308, 30, 10]),
    ]);
    expect(defects).toMatchInlineSnapshot(`
      [
        {
          "box": [
            100,
            50,
            140,
            25,
          ],
          "detail": "3 texts overlap: annotation "first note", annotation "second note", legend "Control"",
          "kind": "text-overlap",
          "severity": "major",
        },
        {
          "box": [
            400,
            300,
            58,
            18,
          ],
          "detail": "2 texts overlap: xtick "far away", xtick "grazes far away"",
          "kind": "text-overlap",
          "severity": "minor",
        },
      ]
    `);
  });
});

describe('detectClippedTexts', () => {
  const canvas = { width: 640, height: 360 };

  it('flags a label cut by the canvas edge and a label drawn entirely outside, one defect per role and panel', () => {
    const defects = detectClippedTexts(
      [
        text('xlabel', 'a very long x axis label', [-44, 353.7, 744, 13]),
        text('ytick', '0', [50, 300, 8, 13]),
        text('annotation', 'gone', [700, 100, 40, 10]),
        text('annotation', 'also gone', [800, 120, 40, 10]),
      ],
      canvas,
    );
    expect(defects.map((d) => [d.kind, d.severity, d.box, d.detail])).toMatchInlineSnapshot(`
      [
        [
          "text-clipped",
          "major",
          [
            0,
            353.7,
            640,
            6.3,
          ],
          "xlabel "a very long x axis label" is cut off by the edge of the 640x360 canvas",
        ],
        [
          "text-off-canvas",
          "major",
          [
            639,
            100,
            1,
            30,
          ],
          "2 annotation texts (first "gone") lie entirely outside the 640x360 canvas",
        ],
      ]
    `);
  });

  it('allows one pixel of anti-aliasing slack at the edge', () => {
    expect(detectClippedTexts([text('title', 'T', [0, -0.8, 100, 12])], canvas)).toEqual([]);
  });
});

describe('scoreVisionChannel / combineStyleScore', () => {
  it('deducts 5 / 10 / 25 per minor / major / critical defect, never below 0', () => {
    const d = (severity: 'minor' | 'major' | 'critical') => ({
      kind: 'llm' as const,
      severity,
      box: null,
      detail: '',
    });
    expect(scoreVisionChannel([])).toBe(100);
    expect(scoreVisionChannel([d('minor'), d('major'), d('critical')])).toBe(60);
    expect(scoreVisionChannel(Array.from({ length: 5 }, () => d('critical')))).toBe(0);
  });

  it('weights code 0.35 and vision 0.65', () => {
    expect(combineStyleScore(100, 100)).toBe(100);
    expect(combineStyleScore(80, 50)).toBe(60.5);
    expect(combineStyleScore(0, 90)).toBe(58.5);
  });
});
