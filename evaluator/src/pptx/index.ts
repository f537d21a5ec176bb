// The safe PPTX reader: bounded zip, strict XML, OPC package, slide-1 object tree.
export * from './pptx-read-error.ts';
export * from './reader-limits.ts';
export * from './open-zip.ts';
export * from './parse-xml.ts';
export * from './xml-query.ts';
export * from './resolve-part-name.ts';
export * from './pptx-package.ts';
export * from './read-presentation.ts';
export * from './slide-parts.ts';
export * from './read-color.ts';
export * from './read-text-body.ts';
export * from './affine.ts';
export * from './build-slide-tree.ts';
export * from './read-inherited-pictures.ts';
