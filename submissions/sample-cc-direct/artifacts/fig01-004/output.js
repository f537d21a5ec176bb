// Reconstructs the source figure as one slide with PptxGenJS (pptx skill toolchain).
const pptxgen = require('pptxgenjs');

const pptx = new pptxgen();
pptx.defineLayout({ name: 'FIG', width: 13.333, height: 7.333 });
pptx.layout = 'FIG';
const slide = pptx.addSlide();

slide.addShape(pptx.shapes.RECTANGLE, { x: 0.766, y: 5.044, w: 11.806, h: 1.22, line: { color: '555555', dashType: 'dash' } });
slide.addText("Stage 1: Pretraining", { x: 0.85, y: 5.085, w: 3.935, h: 0.25, fontSize: 11, italic: true });
const nodes = [
  { text: "Fusion Module", x: 0.95, y: 1.186, w: 2.756, h: 0.77, fill: 'd5e8d4' },
  { text: "Decoder", x: 5.234, y: 1.186, w: 2.756, h: 0.77, fill: 'dae8fc' },
  { text: "Text Encoder", x: 9.615, y: 1.186, w: 2.756, h: 0.77, fill: 'ffe6cc' },
  { text: "Mask Predictor", x: 0.854, y: 3.282, w: 2.756, h: 0.77, fill: 'd5e8d4' },
  { text: "Image Encoder", x: 5.345, y: 3.282, w: 2.756, h: 0.77, fill: 'fff2cc' },
  { text: "Diffusion UNet", x: 9.809, y: 3.282, w: 2.756, h: 0.77, fill: 'f8cecc' },
  { text: "Value Head", x: 0.916, y: 5.377, w: 2.756, h: 0.77, fill: 'f8cecc' },
  { text: "Quantizer", x: 5.28, y: 5.377, w: 2.756, h: 0.77, fill: 'dae8fc' },
  { text: "Projection Head", x: 9.666, y: 5.377, w: 2.756, h: 0.77, fill: 'ffe6cc' },
];
for (const n of nodes) {
  slide.addText(n.text, { shape: pptx.shapes.ROUNDED_RECTANGLE, x: n.x, y: n.y, w: n.w, h: n.h, fill: { color: n.fill }, align: 'center', fontSize: 14 });
}

// Arrows drawn as plain line shapes between the box edges (PptxGenJS has no glued connectors).
const arrows = [
  { x1: 3.706, y1: 1.571, x2: 5.234, y2: 1.571, dashed: false },
  { x1: 9.615, y1: 1.571, x2: 7.989, y2: 1.571, dashed: false },
  { x1: 5.345, y1: 3.667, x2: 3.61, y2: 3.667, dashed: true },
  { x1: 8.1, y1: 3.667, x2: 9.809, y2: 3.667, dashed: false },
  { x1: 3.672, y1: 5.762, x2: 5.28, y2: 5.762, dashed: false },
  { x1: 9.666, y1: 5.762, x2: 8.035, y2: 5.762, dashed: false },
  { x1: 10.993, y1: 1.956, x2: 11.186, y2: 3.282, dashed: false },
  { x1: 6.722, y1: 4.052, x2: 6.657, y2: 5.377, dashed: false },
];
for (const a of arrows) {
  slide.addShape(pptx.shapes.LINE, {
    x: Math.min(a.x1, a.x2), y: Math.min(a.y1, a.y2), w: Math.abs(a.x2 - a.x1), h: Math.abs(a.y2 - a.y1),
    flipH: a.x2 < a.x1, flipV: a.y2 < a.y1,
    line: { color: '6C8EBF', width: 1.5, endArrowType: 'triangle', dashType: a.dashed ? 'dash' : 'solid' },
  });
}

pptx.writeFile({ fileName: '/work/out/output.pptx' });
