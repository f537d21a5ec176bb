#!/usr/bin/env node
// Inside GitHub Actions: delivers the job's event (or the current run's completion) to the bot.
// Runs the compiled bundle in bot/dist/ (rebuilt first when a source changed; see
// evaluator/scripts/build.mjs).
import { loadBuilt } from '../../evaluator/scripts/build.mjs';

try {
  const { runInActions } = await loadBuilt('bot', {
    entry: 'actions',
    log: (line) => console.error(`figboard bot: ${line}`),
  });
  await runInActions(process.env);
} catch (err) {
  console.error(`::error::figboard bot: ${err instanceof Error ? err.message : String(err)}`);
  process.exitCode = 1;
}
