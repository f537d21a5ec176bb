// Test helpers other workspaces' tests share (not part of the runtime surface).
export * from './leaderboard/board-inputs.testkit.ts';
export * from './validate/validate-fixtures.testkit.ts';
