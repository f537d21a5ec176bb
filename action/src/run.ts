import { run } from './runner.ts';

await run();
