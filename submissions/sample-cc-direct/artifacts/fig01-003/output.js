// Reconstructs the source figure as one slide with PptxGenJS (pptx skill toolchain).
const pptxgen = require('pptxgenjs');

const pptx = new pptxgen();
pptx.defineLayout({ name: 'FIG', width: 13.333, height: 6.667 });
pptx.layout = 'FIG';
const slide = pptx.addSlide();

const nodes = [
  { text: "Transformer Block", x: 0.553, y: 2.889, w: 2.067, h: 0.889, fill: 'e1d5e7' },
  { text: "Readout", x: 3.944, y: 2.889, w: 2.067, h: 0.889, fill: 'f5f5f5' },
  { text: "Student Model", x: 7.262, y: 2.889, w: 2.067, h: 0.889, fill: 'ffe6cc' },
  { text: "Teacher Model", x: 10.5, y: 2.889, w: 2.067, h: 0.889, fill: 'e1d5e7' },
];
for (const n of nodes) {
  slide.addText(n.text, { shape: pptx.shapes.ROUNDED_RECTANGLE, x: n.x, y: n.y, w: n.w, h: n.h, fill: { color: n.fill }, align: 'center', fontSize: 14 });
}

// Arrows drawn as plain line shapes between the box edges (PptxGenJS has no glued connectors).
const arrows = [
  { x1: 2.62, y1: 3.333, x2: 3.944, y2: 3.333, dashed: true },
  { x1: 6.01, y1: 3.333, x2: 7.262, y2: 3.333, dashed: false },
  { x1: 9.328, y1: 3.333, x2: 10.5, y2: 3.333, dashed: false },
];
for (const a of arrows) {
  slide.addShape(pptx.shapes.LINE, {
    x: Math.min(a.x1, a.x2), y: Math.min(a.y1, a.y2), w: Math.abs(a.x2 - a.x1), h: Math.abs(a.y2 - a.y1),
    flipH: a.x2 < a.x1, flipV: a.y2 < a.y1,
    line: { color: '6C8EBF', width: 1.5, endArrowType: 'triangle', dashType: a.dashed ? 'dash' : 'solid' },
  });
}

pptx.writeFile({ fileName: '/work/out/output.pptx' });
