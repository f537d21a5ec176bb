export * from './agent-log-effort.ts';
export * from './parse-agent-log.ts';
export * from './parse-claude-code-log.ts';
export * from './parse-codex-log.ts';
export * from './price-table.ts';
export * from './split-log-events.ts';
