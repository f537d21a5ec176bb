// Reconstructs the source figure as one slide with PptxGenJS (pptx skill toolchain).
const pptxgen = require('pptxgenjs');

const pptx = new pptxgen();
pptx.defineLayout({ name: 'FIG', width: 13.333, height: 5.6 });
pptx.layout = 'FIG';
const slide = pptx.addSlide();

const nodes = [
  { text: "Adapter", x: 0.71, y: 2.356, w: 2.067, h: 0.889, fill: 'dae8fc' },
  { text: "Mask Predictor", x: 3.963, y: 2.356, w: 2.067, h: 0.889, fill: 'f5f5f5' },
  { text: "Transformer Block", x: 7.271, y: 2.356, w: 2.067, h: 0.889, fill: 'e1d5e7' },
  { text: "Planner", x: 10.703, y: 2.356, w: 2.067, h: 0.889, fill: 'dae8fc' },
];
for (const n of nodes) {
  slide.addText(n.text, { shape: pptx.shapes.ROUNDED_RECTANGLE, x: n.x, y: n.y, w: n.w, h: n.h, fill: { color: n.fill }, align: 'center', fontSize: 14 });
}

// Arrows drawn as plain line shapes between the box edges (PptxGenJS has no glued connectors).
const arrows = [
  { x1: 2.777, y1: 2.8, x2: 3.963, y2: 2.8, dashed: false },
  { x1: 6.03, y1: 2.8, x2: 7.271, y2: 2.8, dashed: false },
  { x1: 9.337, y1: 2.8, x2: 10.703, y2: 2.8, dashed: true },
];
for (const a of arrows) {
  slide.addShape(pptx.shapes.LINE, {
    x: Math.min(a.x1, a.x2), y: Math.min(a.y1, a.y2), w: Math.abs(a.x2 - a.x1), h: Math.abs(a.y2 - a.y1),
    flipH: a.x2 < a.x1, flipV: a.y2 < a.y1,
    line: { color: '6C8EBF', width: 1.5, endArrowType: 'triangle', dashType: a.dashed ? 'dash' : 'solid' },
  });
}

pptx.writeFile({ fileName: '/work/out/output.pptx' });
