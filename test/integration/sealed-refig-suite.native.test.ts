import {
  cpSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runRefig } from '../support/run-refig.ts';

/*
 * Issue 16 item 3 for the refig track, end to end (real LibreOffice, real metric judge): a copy of
 * refig-sample whose tasks fig01-001 and fig01-003 are a hidden split (truth.json sealed with a
 * test key), and the sample-cc-direct entry. One node label of fig01-001's truth carries a canary
 * word that appears nowhere else (not in the image, not in the deck), so any record or board
 * that leaks truth-derived text shows it.
 */
const repo = join(import.meta.dirname, '..', '..');
const scratch = mkdtempSync(join(tmpdir(), 'figboard-sealed-refig-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** A test key (never a real secret): 32 bytes in hex. */
const TEST_KEY = '0f1e2d3c4b5a69788796a5b4c3d2e1f000112233445566778899aabbccddeeff';
const WRONG_KEY = 'ab'.repeat(32);
const ENTRY = 'sample-cc-direct';
const HIDDEN = ['fig01-001', 'fig01-003'];
const CANARY = 'Zqxcanarytruthlabel';

function layout(name: string): string {
  const root = join(scratch, name);
  const suite = join(root, 'suites', 'refig-sample');
  cpSync(join(repo, 'suites', 'refig-sample'), suite, { recursive: true });
  cpSync(join(repo, 'submissions', ENTRY), join(root, 'submissions', ENTRY), { recursive: true });
  rmSync(join(root, 'submissions', ENTRY, 'results'), { recursive: true, force: true });
  cpSync(join(repo, 'figboard.yml'), join(root, 'figboard.yml'));
  const truthPath = join(suite, 'fig01-001', 'truth.json');
  const truth = JSON.parse(readFileSync(truthPath, 'utf8'));
  truth.nodes[0].text = `${truth.nodes[0].text} ${CANARY}`;
  writeFileSync(truthPath, `${JSON.stringify(truth, null, 1)}\n`);
  return root;
}

const evaluate = (root: string, env: Record<string, string> = {}) =>
  runRefig(['evaluate', `submissions/${ENTRY}`, '--judges', 'metric', '--workers', '2'], root, env);
const seal = (root: string, remove: boolean) =>
  runRefig(
    [
      'suite',
      'seal',
      'suites/refig-sample',
      '--tasks',
      HIDDEN.join(','),
      ...(remove ? ['--remove'] : []),
    ],
    root,
    { FIGBOARD_SUITE_KEY: TEST_KEY },
  );
const resultsDir = (root: string) => join(root, 'submissions', ENTRY, 'results');
const judgments = (root: string) =>
  readFileSync(join(resultsDir(root), 'judgments', 'metric', 'run-1.jsonl'), 'utf8');
const summary = (root: string) =>
  JSON.parse(readFileSync(join(resultsDir(root), 'summary.json'), 'utf8'));
const tasksIn = (jsonl: string) =>
  jsonl
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l).task as string);

/** Every byte of every text file under `dir`. */
function allText(dir: string): string {
  let out = '';
  for (const e of readdirSync(dir, { withFileTypes: true, recursive: true }))
    if (e.isFile() && /\.(jsonl?|md)$/.test(e.name))
      out += readFileSync(join(e.parentPath, e.name), 'utf8');
  return out;
}

describe('sealed refig truth (a hidden refig split)', () => {
  it('scores hidden tasks with the key byte for byte like the open run, lists them by cause without it, and publishes no truth-derived text', async () => {
    // The plain suite (no hidden split): full details, the canary shows in the records.
    const plain = layout('plain');
    const plainRun = await evaluate(plain);
    expect(plainRun.code, plainRun.err).toBe(0);
    expect(judgments(plain)).toContain(CANARY);

    // The maintainer's open checkout of the hidden split: sealed.json + the plaintext truth.
    const open = layout('open');
    expect((await seal(open, false)).code).toBe(0);
    const openRun = await evaluate(open);
    expect(openRun.code, openRun.err).toBe(0);
    expect(allText(resultsDir(open))).not.toContain(CANARY);
    // Redaction changes the words, never the numbers: every score equals the plain run's.
    const scores = (jsonl: string) =>
      jsonl
        .trim()
        .split('\n')
        .map((l) => {
          const r = JSON.parse(l);
          return [r.task, r.status, r.final, r.total, r.subscores, r.cap];
        });
    expect(scores(judgments(open))).toEqual(scores(judgments(plain)));
    const hiddenRecord = JSON.parse(judgments(open).split('\n')[1]!);
    expect(hiddenRecord.task).toBe('fig01-001');
    expect(hiddenRecord.evidence.withheld).toBe(true);
    expect(hiddenRecord.reason).toMatch(/^withheld/);

    // The public checkout: truth.json removed, only sealed.json.
    const pub = layout('public');
    const sealed = await seal(pub, true);
    expect(sealed.code, sealed.err).toBe(0);
    for (const t of HIDDEN)
      expect(existsSync(join(pub, 'suites', 'refig-sample', t, 'truth.json'))).toBe(false);
    expect(readFileSync(join(pub, 'suites', 'refig-sample', 'sealed.json'), 'utf8')).not.toContain(
      CANARY,
    );

    // refig score on one hidden task: refused without the key (or scored with --no-truth),
    // scored against the sealed truth with it, as refig evaluate scores it.
    const scoreArgs = [
      'score',
      '--task',
      'suites/refig-sample/fig01-001',
      `submissions/${ENTRY}/artifacts/fig01-001/output.pptx`,
    ];
    const scoreNoKey = await runRefig(scoreArgs, pub);
    expect(scoreNoKey.code).toBe(2);
    expect(scoreNoKey.err).toContain('[suite-key-missing]');
    expect(scoreNoKey.err).toContain('--no-truth');
    const scoreKeyed = await runRefig(scoreArgs, pub, { FIGBOARD_SUITE_KEY: TEST_KEY });
    expect(scoreKeyed.code, scoreKeyed.err).toBe(0);
    const plainFinal = JSON.parse(judgments(plain).split('\n')[1]!).final;
    expect(JSON.parse(scoreKeyed.out).final).toBeCloseTo(plainFinal, 1);

    // No key: the two hidden tasks are named with their cause, the other four are scored.
    const noKey = await evaluate(pub);
    expect(noKey.code, noKey.err).toBe(0);
    expect(noKey.err).toContain(
      'cannot score 2 task(s) of refig-sample [suite-key-missing]: their scoring material is sealed and FIGBOARD_SUITE_KEY is not set',
    );
    expect(noKey.out).toContain('NOT SCORED [suite-key-missing]');
    expect(tasksIn(judgments(pub))).toEqual(['fig01-000', 'fig01-002', 'fig01-004', 'fig01-005']);
    expect(summary(pub).tasks.total).toBe(4);
    expect(summary(pub).tasks.notScored).toEqual([
      { task: 'fig01-001', code: 'suite-key-missing' },
      { task: 'fig01-003', code: 'suite-key-missing' },
    ]);

    // The board built from those records: the two hidden tasks are 'not scored', not zeros.
    const partialBoard = await runRefig(['leaderboard', '--out', 'board.json'], pub);
    expect(partialBoard.code, partialBoard.err).toBe(0);
    const row = JSON.parse(readFileSync(join(pub, 'board.json'), 'utf8')).configurations.find(
      (c: { judge: string; submissions: string[] }) =>
        c.judge === 'metric' && c.submissions.includes(ENTRY),
    );
    expect(row).toMatchObject({ n: 6, notScored: 2, scored: 4, missing: 0 });
    expect(row.mean).toBeCloseTo(
      summary(pub).judges.find((j: { id: string }) => j.id === 'metric').mean,
      1,
    );

    // A wrong key: the same two tasks, another cause, exit 1 after the others are scored.
    const wrong = await evaluate(pub, { FIGBOARD_SUITE_KEY: WRONG_KEY });
    expect(wrong.code).toBe(1);
    expect(wrong.err).toContain(
      '[suite-key-mismatch]: FIGBOARD_SUITE_KEY does not open the bundle',
    );
    expect(wrong.err).toContain('2 hidden task(s) could not be opened (suite-key-mismatch)');
    expect(tasksIn(judgments(pub))).toHaveLength(4);

    // A damaged bundle: one flipped ciphertext byte names that task alone.
    const bundlePath = join(pub, 'suites', 'refig-sample', 'sealed.json');
    const good = readFileSync(bundlePath, 'utf8');
    const bundle = JSON.parse(good);
    const data = Buffer.from(bundle.tasks['fig01-003']['truth.json'].data, 'base64');
    data[5] = data[5]! ^ 1;
    bundle.tasks['fig01-003']['truth.json'].data = data.toString('base64');
    writeFileSync(bundlePath, JSON.stringify(bundle));
    const verifyDamaged = await runRefig(['suite', 'verify', 'suites/refig-sample'], pub, {
      FIGBOARD_SUITE_KEY: TEST_KEY,
    });
    expect(verifyDamaged.code).toBe(1);
    expect(verifyDamaged.err).toContain('[sealed-file-damaged] task "fig01-003"');
    const damaged = await evaluate(pub, { FIGBOARD_SUITE_KEY: TEST_KEY });
    expect(damaged.code).toBe(1);
    expect(damaged.err).toContain('cannot score 1 task(s) of refig-sample [sealed-file-damaged]');
    expect(tasksIn(judgments(pub))).toEqual([
      'fig01-000',
      'fig01-001',
      'fig01-002',
      'fig01-004',
      'fig01-005',
    ]);
    writeFileSync(bundlePath, good);

    // suite verify: the bundle's integrity without the key, its agreement with the key.
    const verifyPublic = await runRefig(['suite', 'verify', 'suites/refig-sample'], pub);
    expect(verifyPublic.code, verifyPublic.err).toBe(0);
    expect(verifyPublic.out).toContain(
      'sealed.json: 2 hidden task(s), 2 sealed file(s), integrity checked; contents not checked without FIGBOARD_SUITE_KEY (hidden: fig01-001, fig01-003)',
    );
    const verifyKeyed = await runRefig(['suite', 'verify', 'suites/refig-sample'], pub, {
      FIGBOARD_SUITE_KEY: TEST_KEY,
    });
    expect(verifyKeyed.code, verifyKeyed.err).toBe(0);
    expect(verifyKeyed.out).toContain('6 with truth.json (schema and geometry checked)');
    expect(verifyKeyed.out).toContain('opened with FIGBOARD_SUITE_KEY');

    // The key: every record, the summary and the render equal the open run's, byte for byte.
    const withKey = await evaluate(pub, { FIGBOARD_SUITE_KEY: TEST_KEY });
    expect(withKey.code, withKey.err).toBe(0);
    for (const f of [
      'judgments/metric/run-1.jsonl',
      'artifacts.jsonl',
      'effort.jsonl',
      'summary.json',
    ])
      expect(readFileSync(join(resultsDir(pub), f), 'utf8'), f).toBe(
        readFileSync(join(resultsDir(open), f), 'utf8'),
      );

    // A fresh public checkout of those results re-runs without the key to the same bytes.
    const before = allText(resultsDir(pub));
    const again = await evaluate(pub);
    expect(again.code, again.err).toBe(0);
    expect(again.err).toContain('kept the recorded scores of 2 hidden task(s) of refig-sample');
    expect(allText(resultsDir(pub))).toBe(before);

    // No record, no board, no summary anywhere holds the canary.
    const board = await runRefig(['leaderboard', '--out', 'board.json'], pub);
    expect(board.code, board.err).toBe(0);
    expect(readFileSync(join(pub, 'board.json'), 'utf8')).not.toContain(CANARY);
    expect(allText(resultsDir(pub))).not.toContain(CANARY);

    // Key rotation: unseal with the old key, seal with a new one; scores do not move.
    const NEW_KEY = '11'.repeat(32);
    const unseal = await runRefig(['suite', 'unseal', 'suites/refig-sample'], pub, {
      FIGBOARD_SUITE_KEY: TEST_KEY,
    });
    expect(unseal.code, unseal.err).toBe(0);
    expect(existsSync(bundlePath)).toBe(false);
    const reseal = await runRefig(
      ['suite', 'seal', 'suites/refig-sample', '--tasks', HIDDEN.join(','), '--remove'],
      pub,
      { FIGBOARD_SUITE_KEY: NEW_KEY },
    );
    expect(reseal.code, reseal.err).toBe(0);
    expect((await evaluate(pub, { FIGBOARD_SUITE_KEY: TEST_KEY })).code).toBe(1);
    rmSync(resultsDir(pub), { recursive: true });
    const rotated = await evaluate(pub, { FIGBOARD_SUITE_KEY: NEW_KEY });
    expect(rotated.code, rotated.err).toBe(0);
    expect(judgments(pub)).toBe(judgments(open));
  }, 600_000);
});

describe('sealing truth annotated outside the repository (refig suite seal --from)', () => {
  it('seals each task from <from>/<task>/truth.json, sets hasTruth, never writes the plaintext into the suite', async () => {
    const root = layout('from');
    const suite = join(root, 'suites', 'refig-sample');
    const outside = join(scratch, 'from-annotations');
    for (const t of HIDDEN) {
      // The annotation lives outside; the task folder never had it and says so.
      cpSync(join(suite, t, 'truth.json'), join(outside, t, 'truth.json'), { recursive: true });
      rmSync(join(suite, t, 'truth.json'));
      const task = JSON.parse(readFileSync(join(suite, t, 'task.json'), 'utf8'));
      writeFileSync(
        join(suite, t, 'task.json'),
        `${JSON.stringify({ ...task, hasTruth: false }, null, 2)}\n`,
      );
    }
    const sealed = await runRefig(
      ['suite', 'seal', 'suites/refig-sample', '--tasks', HIDDEN.join(','), '--from', outside],
      root,
      { FIGBOARD_SUITE_KEY: TEST_KEY },
    );
    expect(sealed.code, sealed.err).toBe(0);
    expect(sealed.out).toContain('2 task(s) sealed');
    for (const t of HIDDEN) {
      expect(existsSync(join(suite, t, 'truth.json'))).toBe(false);
      expect(JSON.parse(readFileSync(join(suite, t, 'task.json'), 'utf8')).hasTruth).toBe(true);
    }
    expect(readFileSync(join(suite, 'sealed.json'), 'utf8')).not.toContain(CANARY);
    const verified = await runRefig(['suite', 'verify', 'suites/refig-sample'], root, {
      FIGBOARD_SUITE_KEY: TEST_KEY,
    });
    expect(verified.code, verified.err).toBe(0);
    expect(verified.out).toContain('every file authenticates and matches the public part');
    // A task with nothing to seal under --from is refused by name.
    const nothing = await runRefig(
      [
        'suite',
        'seal',
        'suites/refig-sample',
        '--tasks',
        'fig01-000',
        '--from',
        join(scratch, 'empty'),
      ],
      root,
      { FIGBOARD_SUITE_KEY: TEST_KEY },
    );
    expect(nothing.code).not.toBe(0);
    expect(nothing.err).toContain('[seal-nothing-for-task]');
  });
});
