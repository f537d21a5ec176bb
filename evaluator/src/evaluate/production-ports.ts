import { auditWithDeadline } from '../audit/audit-with-deadline.ts';
import { createOpenAiJudgeClient } from '../judge/llm/openai-judge-client.ts';
import { createTesseractOcr } from '../ocr/tesseract-ocr.ts';
import type { SandboxRequest } from '../render/bubblewrap.ts';
import { createLibreOfficeRenderer } from '../render/libreoffice-renderer.ts';
import { createBubblewrapSandbox } from '../sandbox/bubblewrap-sandbox.ts';
import { evaluateStyleSubmission } from '../style/evaluate-style-submission.ts';
import { runStyleVisionJudges } from '../style/judge-style-vision.ts';
import { parseSuiteKey } from '../suite/sealed-bundle.ts';
import type { Progress } from '../util/progress.ts';
import type { EvaluatePorts } from './evaluate-ports.ts';

/** What a host (the CLI, the Action) hands the production ports: nothing is read from `process`. */
export interface PortsHost {
  /** The environment: `PATH` (where tesseract is found) and `FIGBOARD_SUITE_KEY` (sealed suites). */
  env: Record<string, string | undefined>;
  /** Warnings and skipped-judge lines go here, prefixed `refig: `. */
  stderr: NodeJS.WritableStream;
  /** A fresh progress reporter per phase. */
  progress: () => Progress;
  /** The compiled audit worker: each deck's audit then runs under a deadline in its own thread. */
  auditWorker?: URL;
}

/**
 * The production ports: the audit, LibreOffice (sandboxed when bubblewrap works), tesseract,
 * the openai client and real timers. The only place judging side effects are chosen; the CLI
 * and the Action both build their ports here.
 */
export function productionPorts(
  host: PortsHost,
  options: { sandbox: SandboxRequest; seed: number },
): EvaluatePorts {
  const suiteKey = host.env.FIGBOARD_SUITE_KEY
    ? parseSuiteKey(host.env.FIGBOARD_SUITE_KEY, 'FIGBOARD_SUITE_KEY')
    : null;
  return {
    auditDeck: (path, o) =>
      auditWithDeadline(
        path,
        { name: o.name, objects: true, cap: o.cap },
        { url: host.auditWorker },
      ),
    renderer: createLibreOfficeRenderer({ sandbox: options.sandbox }),
    ocr: createTesseractOcr({ ...(host.env.PATH ? { searchPath: host.env.PATH } : {}) }),
    createJudgeClient: (judge) =>
      createOpenAiJudgeClient({
        baseURL: judge.config.baseURL,
        server: judge.config.server,
        apiKey: judge.apiKey,
        timeoutMs: Math.round(judge.config.timeoutSeconds * 1000),
      }),
    sleep: (ms) => new Promise((r) => setTimeout(r, ms)),
    seed: options.seed,
    progress: host.progress,
    log: (line) => host.stderr.write(`refig: ${line}\n`),
    // The suite key opens sealed scoring material (suites/<name>/sealed.json); a secret of the
    // trusted job only. Read once here; a malformed value is a usage error before any work.
    suiteKey,
    // Style-track submissions: sandboxed matplotlib + code and vision channels (bubblewrap).
    evaluateStyle: async (request) => ({ ...(await evaluateStyleSubmission(request)) }),
    // The style LLM vision channel: candidates are drawn again in the same bubblewrap sandbox.
    judgeStyleVision: (request) =>
      runStyleVisionJudges({ ...request, sandbox: createBubblewrapSandbox() }),
  };
}
