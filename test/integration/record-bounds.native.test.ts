import {
  cpSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildDeck, sp } from '@figboard/evaluator/testkit';
import { runRefig } from '../support/run-refig.ts';

/*
 * Record blow-up (issue 12, finding 6): a small deck holding one 15 MiB text run made
 * results/artifacts.jsonl 47 MB (the text stored twice, uncapped); three such tasks would pass
 * GitHub's 100 MB file limit in the publish job. Every stored text is now capped with a visible
 * mark, so the same deck yields records under 1 MB, through the real pipeline (audit, LibreOffice
 * render — which times out on this deck, a gate failure the control deck confirms — metric judge).
 */

const REPO = join(import.meta.dirname, '..', '..');
const scratch = mkdtempSync(join(tmpdir(), 'figboard-record-bounds-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
const MiB = 1024 * 1024;

let root: string;
let deckBytes = 0;
beforeAll(async () => {
  root = join(scratch, 'repo');
  cpSync(join(REPO, 'suites', 'refig-sample'), join(root, 'suites', 'refig-sample'), {
    recursive: true,
  });
  const sub = join(root, 'submissions', 'huge-text');
  cpSync(
    join(REPO, 'submissions', 'sample-cc-direct', 'submission.yml'),
    join(sub, 'submission.yml'),
  );
  const yml = join(sub, 'submission.yml');
  const text = (await import('node:fs'))
    .readFileSync(yml, 'utf8')
    .replace('id: sample-cc-direct', 'id: huge-text');
  writeFileSync(yml, text);
  const run = 'figure label '.repeat(Math.ceil((15 * MiB) / 13)).slice(0, 15 * MiB);
  const deck = await buildDeck({
    slides: [
      sp({ id: 2, name: 'Big', frame: { x: 0, y: 0, cx: 9144000, cy: 6858000 }, text: run }),
    ],
  });
  deckBytes = deck.length;
  mkdirSync(join(sub, 'artifacts', 'fig01-000'), { recursive: true });
  writeFileSync(join(sub, 'artifacts', 'fig01-000', 'output.pptx'), deck);
  // A short render timeout keeps the test quick: LibreOffice cannot lay out 15 MiB of text.
  writeFileSync(
    join(root, 'figboard.yml'),
    'judges: []\nscoring:\n  render: { dpi: 96, timeoutSeconds: 5, workers: 1 }\n',
  );
});

describe('a deck with one 15 MiB text run', () => {
  it('yields records under 1 MB, its text capped with a visible mark', async () => {
    expect(deckBytes).toBeLessThan(64 * 1024);
    const r = await runRefig(
      ['evaluate', 'submissions/huge-text', '--judges', 'metric', '--config', 'figboard.yml'],
      root,
    );
    expect(r.code, r.err).toBe(0);
    const results = join(root, 'submissions', 'huge-text', 'results');
    const files = [
      'artifacts.jsonl',
      'judgments/metric/run-1.jsonl',
      'effort.jsonl',
      'summary.json',
    ].map((f) => [f, statSync(join(results, f)).size] as const);
    for (const [file, size] of files) expect(size, file).toBeLessThan(1024 * 1024);
    const artifacts = (await import('node:fs')).readFileSync(
      join(results, 'artifacts.jsonl'),
      'utf8',
    );
    const record = JSON.parse(artifacts.split('\n').find((l) => l.includes('"fig01-000"'))!);
    expect(record.audit.texts[0]).toMatch(/… \[truncated: 15728640 characters in all\]$/);
    expect(record.audit.gate).toMatchObject({ passed: false, reason: 'render-timeout' });
    expect(readdirSync(results)).not.toContain(expect.stringMatching(/\.tmp-/));
  });
});
