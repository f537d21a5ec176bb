// Child process of the hostile-corpus test: audits one file and reports what it cost, so each
// hostile deck is measured alone (time and peak memory of a fresh process).
import { auditFile } from '@figboard/evaluator/audit';

const file = process.argv[2];
if (!file) throw new Error('usage: audit-one.ts FILE');
const started = performance.now();
const record = await auditFile(file, { name: file });
const elapsedMs = performance.now() - started;
process.stdout.write(
  `${JSON.stringify({ gate: record.gate, flags: record.flags, elapsedMs, maxRssBytes: process.resourceUsage().maxRSS * 1024 })}\n`,
);
