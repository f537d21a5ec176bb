#!/usr/bin/env node
// Container entry point: runs the TypeScript sources through tsx (no build step, like refig).
import { register } from 'tsx/esm/api';

register();
await import('../src/run.ts');
