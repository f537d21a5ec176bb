// Setup of the `unit` test project: unit tests start no process (no LibreOffice, bubblewrap,
// tesseract, Python, Chromium, CLI child). Every child_process entry point throws, naming the
// rule, so a test that needs one fails at once instead of silently making the fast suite slow.
// Such a test belongs in the `native` project: name the file `*.native.test.ts`.
import childProcess from 'node:child_process';
import { syncBuiltinESMExports } from 'node:module';

const ENTRY_POINTS = [
  'spawn',
  'spawnSync',
  'exec',
  'execSync',
  'execFile',
  'execFileSync',
  'fork',
] as const;

for (const name of ENTRY_POINTS) {
  Object.defineProperty(childProcess, name, {
    configurable: true,
    writable: true,
    value: () => {
      throw new Error(
        `unit tests start no processes (child_process.${name} was called): name the test file *.native.test.ts so it runs in the native project (see CONTRIBUTING.md)`,
      );
    },
  });
}
// ES-module imports of node:child_process see the replaced functions too.
syncBuiltinESMExports();
