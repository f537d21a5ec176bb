// Reconstructs the source figure as one slide with PptxGenJS (pptx skill toolchain).
const pptxgen = require('pptxgenjs');

const pptx = new pptxgen();
pptx.defineLayout({ name: 'FIG', width: 13.333, height: 8.267 });
pptx.layout = 'FIG';
const slide = pptx.addSlide();

const nodes = [
  { text: "Critic", x: 0.6, y: 3.633, w: 1.653, h: 1, fill: 'e1d5e7' },
  { text: "Text Encoder", x: 3.116, y: 3.633, w: 1.653, h: 1, fill: 'd5e8d4' },
  { text: "Codebook", x: 5.878, y: 3.633, w: 1.653, h: 1, fill: 'f5f5f5' },
  { text: "Policy Network", x: 8.498, y: 3.633, w: 1.653, h: 1, fill: 'ffe6cc' },
  { text: "Mask Predictor", x: 11.264, y: 3.633, w: 1.653, h: 1, fill: 'f8cecc' },
];
for (const n of nodes) {
  slide.addText(n.text, { shape: pptx.shapes.ROUNDED_RECTANGLE, x: n.x, y: n.y, w: n.w, h: n.h, fill: { color: n.fill }, align: 'center', fontSize: 14 });
}

// Arrows drawn as plain line shapes between the box edges (PptxGenJS has no glued connectors).
const arrows = [
  { x1: 2.254, y1: 4.133, x2: 3.116, y2: 4.133, dashed: false },
  { x1: 4.77, y1: 4.133, x2: 5.878, y2: 4.133, dashed: false },
  { x1: 7.531, y1: 4.133, x2: 8.498, y2: 4.133, dashed: false },
  { x1: 11.264, y1: 4.133, x2: 10.151, y2: 4.133, dashed: false },
];
for (const a of arrows) {
  slide.addShape(pptx.shapes.LINE, {
    x: Math.min(a.x1, a.x2), y: Math.min(a.y1, a.y2), w: Math.abs(a.x2 - a.x1), h: Math.abs(a.y2 - a.y1),
    flipH: a.x2 < a.x1, flipV: a.y2 < a.y1,
    line: { color: '6C8EBF', width: 1.5, endArrowType: 'triangle', dashType: a.dashed ? 'dash' : 'solid' },
  });
}

pptx.writeFile({ fileName: '/work/out/output.pptx' });
