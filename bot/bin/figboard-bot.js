#!/usr/bin/env node
// Server deployment: `npm start -w bot` (or `node bot/bin/figboard-bot.js`). Runs the TypeScript
// sources through tsx. One catch: configuration errors print their message and exit 1.
import { register } from 'tsx/esm/api';

register();
const { startServer } = await import('../src/adapters/server.ts');
try {
  const server = await startServer(process.env);
  const address = server.address();
  console.log(
    `figboard bot listening on ${typeof address === 'object' && address ? address.port : address}`,
  );
} catch (err) {
  console.error(`figboard bot: ${err instanceof Error ? err.message : String(err)}`);
  process.exitCode = 1;
}
