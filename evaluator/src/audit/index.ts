// The gate g(P) (reader part), the audit O(P) of slide 1, flags and the flattening cap c(P).
export * from './audit-pptx.ts';
export * from './audit-file.ts';
export * from './count-objects.ts';
export * from './flattening-cap.ts';
export * from './instruction-patterns.ts';
export * from './package-flags.ts';
export * from './picture-coverage.ts';
export * from './slide-flags.ts';
export * from './union-area.ts';
