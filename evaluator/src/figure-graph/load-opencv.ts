import { createRequire } from 'node:module';
import { FigboardError } from '../errors/index.ts';

/** The OpenCV module (OpenCV compiled to WebAssembly, `@techstark/opencv-js`). */
export type OpenCv = typeof import('@techstark/opencv-js');

let loading: Promise<OpenCv> | null = null;

/** The Emscripten module object has a `then` method; a promise resolved with such a thenable
 * keeps unwrapping it and never settles, so it is removed once the runtime is up. */
function settled(mod: OpenCv): OpenCv {
  delete (mod as { then?: unknown }).then;
  return mod;
}

/**
 * OpenCV, loaded once per process on first use. The module is ~11 MB of JavaScript with the
 * WebAssembly inlined; importing it lazily keeps its start-up cost away from every command that
 * never extracts a figure graph.
 */
export async function loadOpenCv(): Promise<OpenCv> {
  loading ??= (async () => {
    // The Emscripten runtime installs process-wide handlers (an uncaught exception or unhandled
    // rejection anywhere would go through its `abort`); a library has no business there.
    const events = ['uncaughtException', 'unhandledRejection'];
    const before = events.map((e) => new Set(process.listeners(e as 'uncaughtException')));
    try {
      // `require`, not `import()`: an ES namespace of this CommonJS module may expose its
      // `then`, and awaiting the namespace would then never settle.
      const mod = createRequire(import.meta.url)('@techstark/opencv-js') as OpenCv & {
        onRuntimeInitialized?: () => void;
      };
      events.forEach((e, i) => {
        for (const l of process.listeners(e as 'uncaughtException'))
          if (!before[i]!.has(l)) process.off(e, l);
      });
      if (typeof mod.Mat === 'function') return settled(mod);
      // The WebAssembly may still be compiling: wait for the runtime.
      return await new Promise<OpenCv>((resolve) => {
        mod.onRuntimeInitialized = () => resolve(settled(mod));
      });
    } catch (err) {
      loading = null;
      throw new FigboardError('OpenCV (WebAssembly) could not be loaded', {
        code: 'opencv-unavailable',
        expected: 'the @techstark/opencv-js package installed (npm ci)',
        got: (err as Error).message,
        cause: err,
      });
    }
  })();
  return loading;
}
