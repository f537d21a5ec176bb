import { gzipSync } from 'node:zlib';
import { packTarGz, tarBody, tarHeader } from '@figboard/evaluator/archive';
import type { FakePaper } from './fake-arxiv.ts';
import {
  makeArchitectureEps,
  makePipelinePdf,
  makePlotPng,
  makeTransparentPng,
} from './make-figures.ts';

const CC_BY = 'http://creativecommons.org/licenses/by/4.0/';
const ARXIV = 'http://arxiv.org/licenses/nonexclusive-distrib/1.0/';
const text = (s: string) => Buffer.from(s);
/** The first half of a package: a download cut off mid-stream. */
const half = (b: Buffer) => b.subarray(0, b.length >> 1);
const TRAVERSAL_TEX = text('\\begin{figure}\\includegraphics{f}\\caption{Overview}\\end{figure}');

const paper = (
  over: Partial<FakePaper> & Pick<FakePaper, 'arxivId' | 'month' | 'title' | 'source'>,
): FakePaper => ({
  listingVersion: 'v1',
  versions: ['v1'],
  authors: ['Ada Lovelace', 'Alan Turing'],
  primaryCategory: 'cs.CV',
  categories: ['cs.CV'],
  license: CC_BY,
  ...over,
});

/**
 * The papers of the ORBIT end-to-end test, one per path through the builder:
 * accepted (PDF figure), no overview caption, no version suffix in the listing (EPS figure),
 * broken archive, path-traversal entry, outside the four fields, PDF-only, accepted (PNG with
 * transparency, subfigure captions), and a symlink entry.
 */
export async function orbitPapers(): Promise<FakePaper[]> {
  const plot = await makePlotPng();
  return [
    paper({
      arxivId: '2103.00101',
      listingVersion: 'v2',
      versions: ['v1', 'v2'],
      month: '2021-03',
      title: 'A Pipeline for Everything',
      primaryCategory: 'cs.CV',
      categories: ['cs.CV', 'cs.LG'],
      source: {
        v2: packTarGz([
          {
            path: 'main.tex',
            data: text(
              '\\documentclass{article}\n\\usepackage{graphicx}\n\\graphicspath{{figs/}}\n\\begin{document}\n\\input{sections/method}\n\\input{sections/results}\n\\end{document}\n',
            ),
          },
          {
            path: 'sections/method.tex',
            data: text(
              '\\section{Method}\n% \\begin{figure}\\includegraphics{old}\\caption{Old overview (commented out)}\\end{figure}\n\\begin{figure*}[t]\n  \\centering\n  \\includegraphics[width=\\linewidth]{overview}\n  \\caption{Overview of the proposed pipeline: an encoder, a fusion module and a decoder.}\n  \\label{fig:overview}\n\\end{figure*}\n',
            ),
          },
          {
            path: 'sections/results.tex',
            data: text(
              '\\begin{figure}\\includegraphics{plot.png}\\caption{Accuracy results compared with baselines.}\\label{fig:results}\\end{figure}\n',
            ),
          },
          { path: 'figs/overview.pdf', data: makePipelinePdf() },
          { path: 'figs/plot.png', data: plot },
        ]),
      },
    }),
    paper({
      arxivId: '2103.00102',
      month: '2021-03',
      title: 'Only Results Here',
      primaryCategory: 'cs.LG',
      categories: ['cs.LG'],
      source: {
        v1: packTarGz([
          {
            path: 'paper.tex',
            data: text(
              '\\begin{figure}\\includegraphics{curve}\\caption{Training loss curves and accuracy.}\\end{figure}\n',
            ),
          },
          { path: 'curve.png', data: plot },
        ]),
      },
    }),
    paper({
      arxivId: '2103.00103',
      listingVersion: null,
      versions: ['v1', 'v2', 'v3'],
      month: '2021-03',
      title: 'Versionless Listing',
      primaryCategory: 'cs.CL',
      categories: ['cs.CL', 'cs.AI'],
      license: ARXIV,
      source: {
        v3: packTarGz([
          {
            path: 'ms.tex',
            data: text(
              '\\begin{figure}[h]\\centering\\includegraphics[scale=0.5]{img/arch}\\caption{The overall architecture of our model.}\\label{fig:arch}\\end{figure}\n',
            ),
          },
          { path: 'img/arch.eps', data: makeArchitectureEps() },
        ]),
      },
    }),
    paper({
      arxivId: '2104.00104',
      month: '2021-04',
      title: 'Broken Archive',
      source: {
        v1: half(
          packTarGz([
            {
              path: 'main.tex',
              data: text(
                '\\begin{figure}\\includegraphics{a}\\caption{Overview}\\end{figure}\n'.repeat(200),
              ),
            },
          ]),
        ),
      },
    }),
    paper({
      arxivId: '2104.00105',
      month: '2021-04',
      title: 'Path Traversal',
      source: {
        v1: gzipSync(
          Buffer.concat([
            tarHeader({ name: 'main.tex', size: TRAVERSAL_TEX.length }),
            tarBody(TRAVERSAL_TEX),
            tarHeader({ name: '../../../escaped.tex', size: 5 }),
            tarBody(text('pwned')),
            Buffer.alloc(1024),
          ]),
        ),
      },
    }),
    paper({
      arxivId: '2104.00106',
      month: '2021-04',
      title: 'Statistics Only',
      primaryCategory: 'math.ST',
      categories: ['math.ST', 'stat.TH'],
      source: { v1: packTarGz([{ path: 'x.tex', data: text('x') }]) },
    }),
    paper({
      arxivId: '2104.00107',
      month: '2021-04',
      title: 'PDF Only',
      source: { v1: Buffer.from('%PDF-1.4\n% only a pdf\n') },
    }),
    paper({
      arxivId: '2104.00108',
      month: '2021-04',
      title: 'Transparent Framework',
      primaryCategory: 'stat.ML',
      categories: ['stat.ML', 'cs.AI'],
      source: {
        v1: packTarGz([
          {
            path: 'main.tex',
            data: text(
              '\\begin{figure}\\includegraphics{teaser.png}\\caption{Qualitative examples.}\\end{figure}\n\\begin{figure}\n\\begin{subfigure}{0.5\\linewidth}\\includegraphics{fw.png}\\caption{Framework detail}\\end{subfigure}\n\\caption{Framework of our approach.}\\label{fig:framework}\n\\end{figure}\n',
            ),
          },
          { path: 'teaser.png', data: plot },
          { path: 'fw.png', data: await makeTransparentPng() },
        ]),
      },
    }),
    paper({
      arxivId: '2104.00109',
      month: '2021-04',
      title: 'Symlinked Figure',
      source: {
        v1: gzipSync(
          Buffer.concat([
            tarHeader({ name: 'main.tex', size: 3 }),
            tarBody(text('abc')),
            tarHeader({ name: 'fig.pdf', size: 0, type: '2', linkname: '/etc/passwd' }),
            Buffer.alloc(1024),
          ]),
        ),
      },
    }),
  ];
}
