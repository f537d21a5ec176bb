export * from './build-leaderboard.ts';
export * from './leaderboard-inputs.ts';
export * from './leaderboard-options.ts';
export * from './load-leaderboard-inputs.ts';
export * from './write-leaderboard.ts';
export * from './board-settings-from-config.ts';
