// Reconstructs the source figure as one slide with PptxGenJS (pptx skill toolchain).
const pptxgen = require('pptxgenjs');

const pptx = new pptxgen();
pptx.defineLayout({ name: 'FIG', width: 13.333, height: 6.667 });
pptx.layout = 'FIG';
const slide = pptx.addSlide();

slide.addShape(pptx.shapes.RECTANGLE, { x: 0.439, y: 1.152, w: 12.399, h: 1.448, line: { color: '555555', dashType: 'dash' } });
slide.addText("Encoder side", { x: 0.534, y: 1.2, w: 4.133, h: 0.286, fontSize: 11, italic: true });
const nodes = [
  { text: "Distillation Loss", x: 0.61, y: 1.533, w: 2.067, h: 0.933, fill: 'd5e8d4' },
  { text: "Adapter", x: 3.931, y: 1.533, w: 2.067, h: 0.933, fill: 'fff2cc' },
  { text: "Prompt Pool", x: 7.374, y: 1.533, w: 2.067, h: 0.933, fill: 'fff2cc' },
  { text: "Tool Executor", x: 10.6, y: 1.533, w: 2.067, h: 0.933, fill: 'f8cecc' },
  { text: "Tokenizer", x: 0.677, y: 4.2, w: 2.067, h: 0.933, fill: 'dae8fc' },
  { text: "Transformer Block", x: 4.041, y: 4.2, w: 2.067, h: 0.933, fill: 'e1d5e7' },
  { text: "Value Head", x: 7.391, y: 4.2, w: 2.067, h: 0.933, fill: 'ffe6cc' },
  { text: "Student Model", x: 10.631, y: 4.2, w: 2.067, h: 0.933, fill: 'dae8fc' },
];
for (const n of nodes) {
  slide.addText(n.text, { shape: pptx.shapes.ROUNDED_RECTANGLE, x: n.x, y: n.y, w: n.w, h: n.h, fill: { color: n.fill }, align: 'center', fontSize: 14 });
}

// Arrows drawn as plain line shapes between the box edges (PptxGenJS has no glued connectors).
const arrows = [
  { x1: 2.677, y1: 2, x2: 3.931, y2: 2, dashed: false },
  { x1: 5.998, y1: 2, x2: 7.374, y2: 2, dashed: false },
  { x1: 9.44, y1: 2, x2: 10.6, y2: 2, dashed: false },
  { x1: 2.744, y1: 4.667, x2: 4.041, y2: 4.667, dashed: false },
  { x1: 6.108, y1: 4.667, x2: 7.391, y2: 4.667, dashed: false },
  { x1: 9.457, y1: 4.667, x2: 10.631, y2: 4.667, dashed: false },
  { x1: 4.965, y1: 2.467, x2: 5.074, y2: 4.2, dashed: false },
];
for (const a of arrows) {
  slide.addShape(pptx.shapes.LINE, {
    x: Math.min(a.x1, a.x2), y: Math.min(a.y1, a.y2), w: Math.abs(a.x2 - a.x1), h: Math.abs(a.y2 - a.y1),
    flipH: a.x2 < a.x1, flipV: a.y2 < a.y1,
    line: { color: '6C8EBF', width: 1.5, endArrowType: 'triangle', dashType: a.dashed ? 'dash' : 'solid' },
  });
}

pptx.writeFile({ fileName: '/work/out/output.pptx' });
