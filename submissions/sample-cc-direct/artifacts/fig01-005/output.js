// Reconstructs the source figure as one slide with PptxGenJS (pptx skill toolchain).
const pptxgen = require('pptxgenjs');

const pptx = new pptxgen();
pptx.defineLayout({ name: 'FIG', width: 13.333, height: 7.333 });
pptx.layout = 'FIG';
const slide = pptx.addSlide();

slide.addShape(pptx.shapes.RECTANGLE, { x: 0.349, y: 0.805, w: 12.641, h: 1.284, line: { color: '555555', dashType: 'dash' } });
slide.addText("Inference", { x: 0.444, y: 0.853, w: 4.214, h: 0.286, fontSize: 11, italic: true });
const nodes = [
  { text: "Critic", x: 0.521, y: 1.186, w: 1.653, h: 0.77, fill: 'd5e8d4' },
  { text: "Cross-Attention", x: 3.068, y: 1.186, w: 1.653, h: 0.77, fill: 'f5f5f5' },
  { text: "VAE Decoder", x: 5.741, y: 1.186, w: 1.653, h: 0.77, fill: 'f5f5f5' },
  { text: "Classifier", x: 8.446, y: 1.186, w: 1.653, h: 0.77, fill: 'e1d5e7' },
  { text: "Reranker", x: 11.165, y: 1.186, w: 1.653, h: 0.77, fill: 'f5f5f5' },
  { text: "Augmentation", x: 0.585, y: 3.282, w: 1.653, h: 0.77, fill: 'f5f5f5' },
  { text: "Distillation Loss", x: 3.217, y: 3.282, w: 1.653, h: 0.77, fill: 'e1d5e7' },
  { text: "Fusion Module", x: 5.741, y: 3.282, w: 1.653, h: 0.77, fill: 'd5e8d4' },
  { text: "Prompt Pool", x: 8.474, y: 3.282, w: 1.653, h: 0.77, fill: 'd5e8d4' },
  { text: "Contrastive Loss", x: 11.189, y: 3.282, w: 1.653, h: 0.77, fill: 'f8cecc' },
  { text: "Patch Embedding", x: 0.526, y: 5.377, w: 1.653, h: 0.77, fill: 'f8cecc' },
  { text: "Transformer Block", x: 3.089, y: 5.377, w: 1.653, h: 0.77, fill: 'fff2cc' },
  { text: "Readout", x: 5.817, y: 5.377, w: 1.653, h: 0.77, fill: 'e1d5e7' },
  { text: "Decoder", x: 8.507, y: 5.377, w: 1.653, h: 0.77, fill: 'ffe6cc' },
  { text: "Teacher Model", x: 11.197, y: 5.377, w: 1.653, h: 0.77, fill: 'f8cecc' },
];
for (const n of nodes) {
  slide.addText(n.text, { shape: pptx.shapes.ROUNDED_RECTANGLE, x: n.x, y: n.y, w: n.w, h: n.h, fill: { color: n.fill }, align: 'center', fontSize: 14 });
}

// Arrows drawn as plain line shapes between the box edges (PptxGenJS has no glued connectors).
const arrows = [
  { x1: 2.174, y1: 1.571, x2: 3.068, y2: 1.571, dashed: false },
  { x1: 5.741, y1: 1.571, x2: 4.722, y2: 1.571, dashed: false },
  { x1: 8.446, y1: 1.571, x2: 7.395, y2: 1.571, dashed: true },
  { x1: 10.1, y1: 1.571, x2: 11.165, y2: 1.571, dashed: true },
  { x1: 2.238, y1: 3.667, x2: 3.217, y2: 3.667, dashed: false },
  { x1: 4.87, y1: 3.667, x2: 5.741, y2: 3.667, dashed: false },
  { x1: 7.395, y1: 3.667, x2: 8.474, y2: 3.667, dashed: false },
  { x1: 11.189, y1: 3.667, x2: 10.127, y2: 3.667, dashed: false },
  { x1: 2.18, y1: 5.762, x2: 3.089, y2: 5.762, dashed: false },
  { x1: 4.742, y1: 5.762, x2: 5.817, y2: 5.762, dashed: false },
  { x1: 7.47, y1: 5.762, x2: 8.507, y2: 5.762, dashed: false },
  { x1: 10.16, y1: 5.762, x2: 11.197, y2: 5.762, dashed: true },
  { x1: 11.992, y1: 1.956, x2: 12.016, y2: 3.282, dashed: false },
  { x1: 9.301, y1: 4.052, x2: 9.333, y2: 5.377, dashed: true },
];
for (const a of arrows) {
  slide.addShape(pptx.shapes.LINE, {
    x: Math.min(a.x1, a.x2), y: Math.min(a.y1, a.y2), w: Math.abs(a.x2 - a.x1), h: Math.abs(a.y2 - a.y1),
    flipH: a.x2 < a.x1, flipV: a.y2 < a.y1,
    line: { color: '6C8EBF', width: 1.5, endArrowType: 'triangle', dashType: a.dashed ? 'dash' : 'solid' },
  });
}

pptx.writeFile({ fileName: '/work/out/output.pptx' });
