import type { ConfigHost } from '../config/load-judging-config.ts';
import type { PortsHost } from '../evaluate/production-ports.ts';
import type { Progress } from '../util/progress.ts';

/** What the CLI hands each command: its streams, environment and progress bar. The CLI is the
 * adapter layer: this is the only place `process` is read; commands pass values inward. */
export interface CliContext extends ConfigHost, PortsHost {
  stdout: NodeJS.WritableStream;
  stderr: NodeJS.WritableStream;
  env: Record<string, string | undefined>;
  cwd: string;
  progress: () => Progress;
  /** The compiled audit worker (`audit-worker.js` beside the CLI bundle); absent when the CLI
   * runs from sources (tests), where `refig audit` then audits on the main thread. */
  auditWorker?: URL;
}
