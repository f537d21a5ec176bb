export * from './compare-figure-graphs.ts';
export * from './draw-figure-graph.ts';
export * from './extract-figure-graph.ts';
export * from './figure-graph-from-truth.ts';
export * from './load-opencv.ts';
export * from './read-figure-words.ts';
