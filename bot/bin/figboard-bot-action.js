#!/usr/bin/env node
// Inside GitHub Actions: delivers the job's event (or the current run's completion) to the bot.
import { register } from 'tsx/esm/api';

register();
const { runInActions } = await import('../src/adapters/actions-adapter.ts');
try {
  await runInActions(process.env);
} catch (err) {
  console.error(`::error::figboard bot: ${err instanceof Error ? err.message : String(err)}`);
  process.exitCode = 1;
}
