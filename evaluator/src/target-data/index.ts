export * from './check-data-table.ts';
export * from './data-layout.ts';
export * from './data-table.ts';
export * from './describe-data-shape.ts';
export * from './generate-target-data.ts';
export * from './story-domains.ts';
export * from './variation-menu.ts';
