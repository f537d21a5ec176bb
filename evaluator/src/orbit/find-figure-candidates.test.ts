import { describe, expect, it } from 'vitest';
import { findFigureCandidates, readGroup, stripTexComments } from './find-figure-candidates.ts';
import { rankCandidates, scoreCandidate } from './rank-candidates.ts';

const tex = (files: Record<string, string>) => new Map(Object.entries(files));

describe('findFigureCandidates', () => {
  it('reads captions with nested braces, labels, graphicspath and default extensions', () => {
    const found = findFigureCandidates(
      tex({
        'main.tex': [
          '\\graphicspath{{figures/}{./img/}}',
          '\\begin{figure*}[t]',
          '\\centering',
          '\\includegraphics[width=0.9\\textwidth, trim={0 1cm 0 0}, clip]{overview}',
          '\\caption[Short]{Overview of \\textbf{our} framework with {nested {braces}} and $\\alpha$.}',
          '\\label{fig:overview}',
          '\\end{figure*}',
          '% \\begin{figure}\\includegraphics{commented}\\caption{Overview}\\end{figure}',
          '\\begin{figure}\\includegraphics{plot}\\caption{50\\% accuracy}\\end{figure}',
        ].join('\n'),
      }),
      new Set(['main.tex', 'figures/overview.pdf', 'img/plot.png', 'commented.pdf']),
    );
    expect(found).toEqual([
      {
        graphic: 'overview',
        resolved: 'figures/overview.pdf',
        caption: 'Overview of \\textbf{our} framework with {nested {braces}} and $\\alpha$.',
        label: 'fig:overview',
        figureIndex: 0,
        graphicsInFigure: 1,
        texFile: 'main.tex',
      },
      {
        graphic: 'plot',
        resolved: 'img/plot.png',
        caption: '50\\% accuracy',
        label: null,
        figureIndex: 1,
        graphicsInFigure: 1,
        texFile: 'main.tex',
      },
    ]);
  });

  it('takes the figure caption, not a sub-figure caption, and never resolves paths outside the package', () => {
    const found = findFigureCandidates(
      tex({
        'sec/a.tex':
          '\\begin{figure}\\begin{subfigure}{.5\\linewidth}\\includegraphics{a.png}\\caption{Sub A}\\end{subfigure}\\begin{subfigure}{.5\\linewidth}\\includegraphics{../../etc/b}\\caption{Sub B}\\end{subfigure}\\caption{Main pipeline}\\label{fig:main}\\end{figure}',
      }),
      new Set(['sec/a.tex', 'a.png', 'etc/b.pdf']),
    );
    expect(
      found.map((c) => [c.graphic, c.resolved, c.caption, c.label, c.graphicsInFigure]),
    ).toEqual([
      ['a.png', 'a.png', 'Main pipeline', 'fig:main', 2],
      ['../../etc/b', null, 'Main pipeline', 'fig:main', 2],
    ]);
  });

  it('strips comments but keeps escaped percent signs', () => {
    expect(stripTexComments('a 50\\% b % comment\nc\\\\% gone')).toBe('a 50\\% b \nc\\\\');
    expect(readGroup('{a{b}c}d', 0)).toEqual({ body: 'a{b}c', end: 7 });
    expect(readGroup('{unclosed', 0)).toBeNull();
  });
});

describe('rankCandidates: caption evidence with a strict gate', () => {
  const c = (caption: string, over = {}) => ({
    graphic: 'g',
    resolved: 'g.pdf',
    caption,
    label: null,
    figureIndex: 3,
    graphicsInFigure: 1,
    texFile: 'm.tex',
    ...over,
  });

  it('passes overview captions and rejects result figures', () => {
    expect(scoreCandidate(c('Overview of the proposed framework.'))).toMatchObject({
      score: 12,
      passedGate: true,
    });
    expect(scoreCandidate(c('Comparison of results with the method of [3].'))).toMatchObject({
      passedGate: false,
    });
    expect(scoreCandidate(c('Qualitative examples.'))).toMatchObject({
      passedGate: false,
      evidence: expect.arrayContaining(['gate: no overview signal term in the caption']),
    });
    expect(scoreCandidate(c('Overview', { resolved: null }))).toMatchObject({
      passedGate: false,
      evidence: expect.arrayContaining(['gate: graphic "g" not found in the package']),
    });
    expect(scoreCandidate(c('Overview', { resolved: 'g.svg' }))).toMatchObject({
      passedGate: false,
    });
  });

  it('orders by score, then document order', () => {
    const ranked = rankCandidates([
      c('Our method.', { graphic: 'a', resolved: 'a.pdf' }),
      c('Architecture overview.', { graphic: 'b', resolved: 'b.pdf' }),
      c('Our method.', { graphic: 'c', resolved: 'c.pdf' }),
    ]);
    expect(ranked.map((r) => r.path)).toEqual(['b.pdf', 'a.pdf', 'c.pdf']);
  });
});

describe('hostile TeX', () => {
  it('scans thousands of unclosed figure environments in linear time', () => {
    const evil = '\\begin{figure}\\includegraphics{x}\\caption{Overview '.repeat(100_000);
    const started = performance.now();
    expect(findFigureCandidates(new Map([['evil.tex', evil]]), new Set())).toEqual([]);
    expect(performance.now() - started).toBeLessThan(2000);
  });
});

describe('hostile TeX inside one figure', () => {
  it('bounds unclosed arguments', () => {
    const body = '\\includegraphics{'.repeat(11_000);
    const started = performance.now();
    const found = findFigureCandidates(
      new Map([['evil.tex', `\\begin{figure}${body}\\caption{Overview}\\end{figure}`]]),
      new Set(),
    );
    expect(found.length).toBeLessThanOrEqual(1000);
    expect(performance.now() - started).toBeLessThan(3000);
  });
});
