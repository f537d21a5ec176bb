import sharp from 'sharp';

/**
 * A small vector PDF of a three-box pipeline (boxes, arrows, Helvetica labels), built byte by
 * byte with a correct xref table, so the test does not depend on any PDF library.
 */
export function makePipelinePdf(labels: string[] = ['Encoder', 'Fusion', 'Decoder']): Buffer {
  const ops: string[] = ['1 1 1 rg 0 0 360 120 re f', '0 0 0 RG 1.5 w'];
  labels.forEach((label, i) => {
    const x = 20 + i * 115;
    ops.push(`0.85 0.91 0.99 rg ${x} 40 90 40 re B`);
    ops.push(`0 0 0 rg BT /F1 11 Tf ${x + 10} 56 Td (${label}) Tj ET`);
    if (i < labels.length - 1)
      ops.push(
        `${x + 90} 60 m ${x + 115} 60 l S ${x + 115} 60 m ${x + 108} 64 l ${x + 108} 56 l f`,
      );
  });
  const stream = ops.join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 360 120] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${Buffer.byteLength(stream)} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let pdf = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(pdf));
    pdf += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(pdf);
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, 'latin1');
}

/** An EPS figure: two boxes joined by an arrow, with a bounding box Ghostscript crops to. */
export function makeArchitectureEps(): Buffer {
  return Buffer.from(
    [
      '%!PS-Adobe-3.0 EPSF-3.0',
      '%%BoundingBox: 0 0 300 100',
      '%%EndComments',
      '1 setlinewidth',
      '0.9 0.95 1 setrgbcolor 20 30 100 40 rectfill 0 setgray 20 30 100 40 rectstroke',
      '0.9 1 0.9 setrgbcolor 180 30 100 40 rectfill 0 setgray 180 30 100 40 rectstroke',
      '120 50 moveto 180 50 lineto stroke 180 50 moveto 172 54 lineto 172 46 lineto closepath fill',
      '/Helvetica findfont 12 scalefont setfont 40 45 moveto (Backbone) show 205 45 moveto (Head) show',
      'showpage',
      '%%EOF',
      '',
    ].join('\n'),
    'latin1',
  );
}

/** A PNG with a transparent background and two opaque boxes (ORBIT must flatten it onto white). */
export async function makeTransparentPng(width = 240, height = 120): Promise<Buffer> {
  const px = Buffer.alloc(width * height * 4); // fully transparent
  const box = (x0: number, y0: number, w: number, h: number, rgb: [number, number, number]) => {
    for (let y = y0; y < y0 + h; y++)
      for (let x = x0; x < x0 + w; x++) px.set([...rgb, 255], (y * width + x) * 4);
  };
  box(20, 40, 80, 40, [40, 90, 200]);
  box(140, 40, 80, 40, [200, 90, 40]);
  return sharp(px, { raw: { width, height, channels: 4 } })
    .png()
    .toBuffer();
}

/** An opaque PNG results plot stand-in. */
export async function makePlotPng(): Promise<Buffer> {
  return sharp({ create: { width: 200, height: 150, channels: 3, background: '#f0f0f0' } })
    .png()
    .toBuffer();
}
