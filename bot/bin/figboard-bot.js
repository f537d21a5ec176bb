#!/usr/bin/env node
// Server deployment: `npm start -w bot` (or `node bot/bin/figboard-bot.js`). Runs the compiled
// bundle in bot/dist/ (rebuilt first when a source changed; see evaluator/scripts/build.mjs).
// One catch: configuration errors print their message and exit 1.
import { loadBuilt } from '../../evaluator/scripts/build.mjs';

try {
  const { startServer } = await loadBuilt('bot', {
    entry: 'server',
    log: (line) => console.error(`figboard bot: ${line}`),
  });
  const server = await startServer(process.env);
  const address = server.address();
  console.log(
    `figboard bot listening on ${typeof address === 'object' && address ? address.port : address}`,
  );
} catch (err) {
  console.error(`figboard bot: ${err instanceof Error ? err.message : String(err)}`);
  process.exitCode = 1;
}
