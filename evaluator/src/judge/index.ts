// What other workspaces show of the judges: the rubric, the LLM judge's prompt and its cost estimate.
// The judges themselves run inside `evaluate`.
export * from './rubric.ts';
export * from './llm/build-judge-prompt.ts';
export * from './llm/estimate-judging-cost.ts';
export * from './llm/openai-judge-client.ts';
