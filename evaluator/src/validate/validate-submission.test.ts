import { buildDeck } from '../pptx/test-support/build-deck.ts';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { Symlink, testdir, type TestdirTree } from '../../../test/support/testdir.ts';
import {
  CLAUDE_LOG,
  DECK,
  GOOD_FILES,
  manifest,
  repo,
  SUITE,
  sha,
} from './validate-fixtures.testkit.ts';
import { formatProblem } from '../errors/problem.ts';
import { formatSubmissionReport } from './format-submission-report.ts';
import { validateSubmission } from './validate-submission.ts';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});
async function make(tree: TestdirTree): Promise<string> {
  const t = await testdir(tree);
  cleanups.push(t.cleanup);
  return t.dir;
}

describe('validateSubmission', () => {
  it('accepts a complete submission and reports what it verified', async () => {
    const root = await make(repo('good-entry', GOOD_FILES));
    const r = await validateSubmission({
      dir: join(root, 'submissions/good-entry'),
      display: 'submissions/good-entry',
    });
    expect(r.errors).toEqual([]);
    expect(r.value?.suite).toMatchObject({ name: 'mini', version: '1.0.0' });
    expect(r.inventory).toEqual({
      tasks: ['t-a', 't-b', 't-c'],
      missing: [],
      logs: ['artifacts/t-a/output.jsonl', 'artifacts/t-b/output.jsonl'],
    });
    expect(formatSubmissionReport(r)).toMatchInlineSnapshot(`
      "submissions/good-entry: refig submission "good-entry"
        3 task folders, 7 files match SHA256SUMS
      warning submissions/good-entry/artifacts [incomplete] the entry answers 2 of 3 suite tasks (under 90%): it is marked incomplete, and every unanswered task scores 0
      warning submissions/good-entry/artifacts/t-c/error.log [error-log-only] the task has only an error.log (no deck; it scores 0): "agent ran out of turns" — if the agent setup was broken, fix it and re-run these tasks (refig run --retry-failed)
      OK: submissions/good-entry is valid (0 errors, 2 warnings)
      "
    `);
  });

  it('reports every problem of a broken submission at once, each naming file and rule', async () => {
    const files = {
      ...GOOD_FILES,
      'artifacts/t-a/output.py': 'tampered after hashing\n',
      'artifacts/t-a/notes.exe': 'MZ',
      'artifacts/t-b/output.jsonl': '{"event":"start"}\n{"event":"done"}\n',
      'artifacts/t-b/output.js': 'x'.repeat(1024 * 1024 + 1),
      'artifacts/zzz-unknown/output.pptx': DECK,
      'artifacts/t-c/link.pptx': new Symlink('/etc/passwd'),
      'results/leftover.txt': 'ignored: results/ is written by CI',
    };
    const sums = `${Object.entries(GOOD_FILES)
      .filter(([p]) => p !== 'artifacts/t-c/error.log')
      .map(([p, v]) => `${sha(v)}  ${p}`)
      .join('\n')}\n${'0'.repeat(64)}  artifacts/t-a/ghost.pptx\nnot a checksum line\n`;
    const root = await make(repo('broken-entry', files, { yml: manifest('other-name'), sums }));
    const changed = [
      'submissions/broken-entry/submission.yml',
      '.github/workflows/pr-evaluate.yml',
      'submissions/someone-else/submission.yml',
    ];
    const r = await validateSubmission({
      dir: join(root, 'submissions/broken-entry'),
      display: 'submissions/broken-entry',
      changedFiles: changed,
    });
    expect(r.value).toBeUndefined();
    expect(formatSubmissionReport(r)).toMatchInlineSnapshot(`
      "submissions/broken-entry: refig submission "other-name"
        3 task folders, 4 files match SHA256SUMS
      error .github/workflows/pr-evaluate.yml [outside-submission] the pull request changes a file outside its submission folder (expected only files under submissions/broken-entry/, got .github/workflows/pr-evaluate.yml) — open a separate pull request for changes to anything else (one submission per pull request)
      error submissions/broken-entry/SHA256SUMS:2 [hash-mismatch] artifacts/t-a/output.py: its SHA-256 differs from the one on this line (expected 281b02f27f075fa4c668f888b61ff549b4ae9ad55b0de0785c89a0021616c871, got 5069c6d1f7ee2ca12f461f54252c7a45dec7bf7eb5d271f0328d59f50abab45c) — the file changed after SHA256SUMS was written (or git changed its line endings); regenerate SHA256SUMS
      error submissions/broken-entry/SHA256SUMS:6 [hash-mismatch] artifacts/t-b/output.jsonl: its SHA-256 differs from the one on this line (expected c6ee0140444354e003d89e97d5705d2910245691c3ea2e1f31ff2a833e243b97, got dd662b23cc42d3cd8e2b7b2b278e9680fa15487df5591f2b4375835de6342c74) — the file changed after SHA256SUMS was written (or git changed its line endings); regenerate SHA256SUMS
      error submissions/broken-entry/SHA256SUMS:7 [sha256sums-extra] lists "artifacts/t-a/ghost.pptx", which is not in the submission — regenerate SHA256SUMS after adding or removing files
      error submissions/broken-entry/SHA256SUMS:8 [sha256sums-format] line is not in sha256sum format (expected <64 hex digits><two spaces><path>, got "not a checksum line") — generate it inside the submission folder with: find artifacts -type f | LC_ALL=C sort | xargs sha256sum > SHA256SUMS
      error submissions/broken-entry/artifacts/t-a/notes.exe [disallowed-file] file type not allowed for the refig track (expected output.pptx, output.py, output.js, output.jsonl, error.log, got notes.exe)
      error submissions/broken-entry/artifacts/t-a/notes.exe [sha256sums-unlisted] file is not listed in SHA256SUMS — every file under artifacts/ must be listed; regenerate SHA256SUMS
      error submissions/broken-entry/artifacts/t-b [ambiguous-code] both output.py and output.js present (expected the one script that generated output.pptx, got output.py and output.js)
      error submissions/broken-entry/artifacts/t-b/output.js [file-too-large] the PptxGenJS code that generated the deck is too large (expected at most 1048576 bytes (1 MiB), got 1048577 bytes)
      error submissions/broken-entry/artifacts/t-b/output.js [sha256sums-unlisted] file is not listed in SHA256SUMS — every file under artifacts/ must be listed; regenerate SHA256SUMS
      error submissions/broken-entry/artifacts/t-c/error.log [sha256sums-unlisted] file is not listed in SHA256SUMS — every file under artifacts/ must be listed; regenerate SHA256SUMS
      error submissions/broken-entry/artifacts/t-c/link.pptx [symlink] symbolic links are not allowed — commit the file itself
      error submissions/broken-entry/artifacts/zzz-unknown [unknown-task] task "zzz-unknown" is not in suite mini — task folders must be named after task ids listed in the suite.json
      error submissions/broken-entry/artifacts/zzz-unknown/output.pptx [sha256sums-unlisted] file is not listed in SHA256SUMS — every file under artifacts/ must be listed; regenerate SHA256SUMS
      error submissions/broken-entry/submission.yml [id-mismatch] id must equal the folder name (expected broken-entry, got other-name) — rename the folder to submissions/other-name/ or set id: broken-entry
      error submissions/someone-else/submission.yml [outside-submission] the pull request changes a file outside its submission folder (expected only files under submissions/broken-entry/, got submissions/someone-else/submission.yml) — open a separate pull request for changes to anything else (one submission per pull request)
      warning submissions/broken-entry/artifacts [incomplete] the entry answers 2 of 3 suite tasks (under 90%): it is marked incomplete, and every unanswered task scores 0
      warning submissions/broken-entry/artifacts/t-b/output.jsonl [agent-log-format] agent log format not recognised; effort and cost for this task will be reported as unknown (expected Claude Code stream-json (claude -p --output-format stream-json) or codex exec --json, got unrecognised log format (event types: (no type)))
      warning submissions/broken-entry/artifacts/t-c/error.log [error-log-only] the task has only an error.log (no deck; it scores 0): "agent ran out of turns" — if the agent setup was broken, fix it and re-run these tasks (refig run --retry-failed)
      FAILED: submissions/broken-entry is not valid (16 errors, 3 warnings)
      "
    `);
  });

  it('points YAML syntax errors at their line and column', async () => {
    const yml = 'id: bad-yaml\ntrack: refig\nteam: [Test Team\ncontact: x\nid: again\n';
    const root = await make(repo('bad-yaml', GOOD_FILES, { yml }));
    const r = await validateSubmission({
      dir: join(root, 'submissions/bad-yaml'),
      display: 'submissions/bad-yaml',
    });
    expect(r.errors.map((p) => formatProblem(p))).toMatchInlineSnapshot(`
      [
        "error submissions/bad-yaml/submission.yml:4:1 [yaml-syntax] Flow sequence in block collection must be sufficiently indented and end with a ] — check indentation, quotes and brackets near this position",
        "error submissions/bad-yaml/submission.yml:5:1 [yaml-syntax] Map keys must be unique — each key may appear once",
      ]
    `);
  });

  it('reports every schema issue with its position and what was expected', async () => {
    const yml = manifest('schema-errors', 'links: { report: not-a-url }\nsurprise: 1\n')
      .replace('contact: test@example.org\n', '')
      .replace('kind: direct', 'kind: agentic')
      .replace('attempts: 1', 'attempts: 0');
    const root = await make(repo('schema-errors', GOOD_FILES, { yml }));
    const r = await validateSubmission({
      dir: join(root, 'submissions/schema-errors'),
      display: 'submissions/schema-errors',
    });
    expect(formatSubmissionReport(r)).toMatchInlineSnapshot(`
      "submissions/schema-errors: refig submission "schema-errors"
        3 task folders, 7 files match SHA256SUMS
      error submissions/schema-errors/submission.yml [manifest-schema] contact: required field is missing (top level) (expected string, got nothing (missing))
      error submissions/schema-errors/submission.yml:8:40 [manifest-schema] workflow.kind: Invalid option: expected one of "direct"|"specialized"|"other" (expected one of "direct", "specialized", "other", got string "agentic")
      error submissions/schema-errors/submission.yml:9:11 [manifest-schema] attempts: Too small: expected number to be >=1 (expected at least 1, got number 0)
      error submissions/schema-errors/submission.yml:12:18 [manifest-schema] links.report: Invalid URL (expected a valid url, got string "not-a-url")
      error submissions/schema-errors/submission.yml:13:1 [manifest-schema] unknown key "surprise" (expected one of id, track, suite, team, contact, model, harness, workflow, attempts, date, license, links, sample, role, archive, got surprise) — remove the key or check its spelling against schemas/submission.schema.json
      warning submissions/schema-errors/artifacts [incomplete] the entry answers 2 of 3 suite tasks (under 90%): it is marked incomplete, and every unanswered task scores 0
      warning submissions/schema-errors/artifacts/t-c/error.log [error-log-only] the task has only an error.log (no deck; it scores 0): "agent ran out of turns" — if the agent setup was broken, fix it and re-run these tasks (refig run --retry-failed)
      FAILED: submissions/schema-errors is not valid (5 errors, 2 warnings)
      "
    `);
  });

  it('warns about missing tasks and unknown log formats without failing', async () => {
    const root = await make(
      repo('partial', {
        'artifacts/t-a/output.pptx': DECK,
        'artifacts/t-a/output.py': 'x = 1\n',
        'artifacts/t-a/output.jsonl': 'plain text, not JSON\n',
      }),
    );
    const r = await validateSubmission({
      dir: join(root, 'submissions/partial'),
      display: 'submissions/partial',
    });
    expect(r.errors).toEqual([]);
    expect(r.warnings.map((p) => `${p.file} [${p.rule}]`)).toEqual([
      'submissions/partial/artifacts [incomplete]',
      'submissions/partial/artifacts [missing-tasks]',
      'submissions/partial/artifacts/t-a/output.jsonl [agent-log-format]',
    ]);
    expect(r.inventory?.missing).toEqual(['t-b', 't-c']);
  });

  it('refuses a folder without manifest, checksums or artifacts', async () => {
    const root = await make({
      'suites/mini/suite.json': JSON.stringify(SUITE),
      'submissions/empty/README.md': 'hi',
    });
    const r = await validateSubmission({
      dir: join(root, 'submissions/empty'),
      display: 'submissions/empty',
    });
    expect(r.errors.map((p) => p.rule)).toEqual(['missing-sha256sums', 'missing-manifest']);
    const r2 = await validateSubmission({
      dir: join(root, 'submissions/nope'),
      display: 'submissions/nope',
    });
    expect(r2.errors.map((p) => `${p.rule}: ${p.message}`)).toEqual([
      'layout: submission folder not found',
    ]);
  });

  it('checks the suite: unknown suite, version and track', async () => {
    const yml = manifest('wrong-suite')
      .replace('version: 1.0.0', 'version: 0.9.0')
      .replace('track: refig', 'track: style');
    const root = await make(
      repo(
        'wrong-suite',
        { 'artifacts/t-a/figure.py': 'import matplotlib\n', 'artifacts/t-a/output.png': 'png' },
        { yml },
      ),
    );
    const r = await validateSubmission({
      dir: join(root, 'submissions/wrong-suite'),
      display: 'submissions/wrong-suite',
    });
    expect(r.errors.map((p) => p.rule)).toEqual(['suite-version', 'track-mismatch']);
    const yml2 = manifest('no-suite').replace('name: mini', 'name: not-there');
    const root2 = await make(repo('no-suite', GOOD_FILES, { yml: yml2 }));
    const r2 = await validateSubmission({
      dir: join(root2, 'submissions/no-suite'),
      display: 'submissions/no-suite',
    });
    expect(r2.errors.map((p) => p.rule)).toEqual(['suite-not-found']);
  });
});

describe('validateSubmission never hides a problem', () => {
  it('reports an invalid manifest, misnamed task folders (with did-you-mean) and a wrong hash (with its SHA256SUMS line) in one run', async () => {
    const suite = { ...SUITE, name: 'real', tasks: ['clip', 'detr', 'whisper-approach'] };
    const files: Record<string, string | Uint8Array> = {
      'artifacts/clip/output.pptx': DECK,
      'artifacts/clip/output.py': 'from pptx import Presentation\n',
      'artifacts/detr-pipeline/output.pptx': DECK,
      'artifacts/DETR/output.pptx': DECK,
      'artifacts/whisper-approach/output.pptx': DECK,
      'artifacts/whisper-approach/ouptut.py': 'x = 1\n',
    };
    const sums = `${Object.entries(files)
      .map(
        ([p, v]) =>
          `${sha(p === 'artifacts/clip/output.py' ? 'the file before an edit\n' : v)}  ${p}`,
      )
      .join('\n')}\n`;
    // a misspelt key, a missing field inside a mapping, a version YAML reads as a number
    const yml = `id: typo-entry
track: refig
suite: { name: real, version: 1.0.0 }
team: Test Team
contact: test@example.org
model:
  name: Model A
  provider: sample
harness: { name: Claude Code, version: 2.10 }
workflow: { name: direct-prompt, kind: direct }
attempts: 1
date: 2026-01-31
licence: CC-BY-4.0
`;
    const tree: TestdirTree = {
      'suites/real/suite.json': JSON.stringify(suite),
      'submissions/typo-entry': { 'submission.yml': yml, SHA256SUMS: sums, ...files },
    };
    const root = await make(tree);
    const r = await validateSubmission({
      dir: join(root, 'submissions/typo-entry'),
      display: 'submissions/typo-entry',
    });
    expect(formatSubmissionReport(r)).toMatchInlineSnapshot(`
      "submissions/typo-entry: refig submission "typo-entry"
        2 task folders, 1 suite task missing, 5 files match SHA256SUMS
      error submissions/typo-entry/SHA256SUMS:2 [hash-mismatch] artifacts/clip/output.py: its SHA-256 differs from the one on this line (expected 9c561be706baaa4f7b0cee6318052243f2cfa2361b6473b00e296e679d497e2d, got 281b02f27f075fa4c668f888b61ff549b4ae9ad55b0de0785c89a0021616c871) — the file changed after SHA256SUMS was written (or git changed its line endings); regenerate SHA256SUMS
      error submissions/typo-entry/artifacts/DETR [unknown-task] task "DETR" is not in suite real; did you mean "detr"? — rename the folder to artifacts/detr/ (task ids are case-sensitive)
      error submissions/typo-entry/artifacts/detr-pipeline [unknown-task] task "detr-pipeline" is not in suite real; did you mean "detr"? — rename the folder to artifacts/detr/ (task ids are case-sensitive)
      error submissions/typo-entry/artifacts/whisper-approach/ouptut.py [disallowed-file] file type not allowed for the refig track (expected output.pptx, output.py, output.js, output.jsonl, error.log, got ouptut.py) — did you mean "output.py"?
      error submissions/typo-entry/submission.yml [manifest-schema] license: required field is missing (top level) (expected string, got nothing (missing))
      error submissions/typo-entry/submission.yml:6:1 [manifest-schema] model.snapshot: required field is missing under model (expected string, got nothing (missing))
      error submissions/typo-entry/submission.yml:9:40 [manifest-schema] harness.version: Invalid input: expected string, received number (expected string, got number 2.1) — quote it so YAML keeps it as text: version: "2.10"
      error submissions/typo-entry/submission.yml:13:1 [manifest-schema] unknown key "licence"; did you mean "license"? (expected one of id, track, suite, team, contact, model, harness, workflow, attempts, date, license, links, sample, role, archive, got licence) — rename it to license
      warning submissions/typo-entry/artifacts [incomplete] the entry answers 2 of 3 suite tasks (under 90%): it is marked incomplete, and every unanswered task scores 0
      warning submissions/typo-entry/artifacts [missing-tasks] 1 of 3 suite tasks have no folder and score 0: detr
      warning submissions/typo-entry/artifacts/clip [missing-agent-log] no agent log (output.jsonl): effort and cost will be reported as missing
      warning submissions/typo-entry/artifacts/whisper-approach [missing-agent-log] no agent log (output.jsonl): effort and cost will be reported as missing
      warning submissions/typo-entry/artifacts/whisper-approach [missing-code] output.pptx has no generating code (output.py or output.js)
      FAILED: submissions/typo-entry is not valid (8 errors, 5 warnings)
      "
    `);
  });
});

describe('validateSubmission catches dead entries early', () => {
  it('reports a two-slide deck without rendering, error.log-only tasks by their first line, and an incomplete entry', async () => {
    const twoSlides = await buildDeck({ slides: ['', ''] });
    const root = await make(
      repo('dead', {
        'artifacts/t-a/output.pptx': twoSlides,
        'artifacts/t-a/output.py': 'from pptx import Presentation\n',
        'artifacts/t-a/output.jsonl': CLAUDE_LOG,
        'artifacts/t-b/error.log': 'no output.pptx: the agent exited with code 1\ndetails\n',
        'artifacts/t-c/error.log':
          '\nno output.pptx: the agent exited with code 1\nother details\n',
      }),
    );
    const r = await validateSubmission({
      dir: join(root, 'submissions/dead'),
      display: 'submissions/dead',
    });
    expect(r.errors).toEqual([]);
    expect(r.warnings.map((p) => `${p.file} [${p.rule}] ${p.message}`)).toEqual([
      'submissions/dead/artifacts [error-log-only] 2 tasks have only an error.log (no deck; they score 0): "no output.pptx: the agent exited with code 1": t-b, t-c',
      'submissions/dead/artifacts [incomplete] the entry answers 1 of 3 suite tasks (under 90%): it is marked incomplete, and every unanswered task scores 0',
      'submissions/dead/artifacts/t-a/output.pptx [slide-count] the deck has 2 slides: the gate refuses it and the task scores 0',
    ]);
    // one slide, every task answered: none of these
    const ok = await make(
      repo('alive', {
        'artifacts/t-a/output.pptx': await buildDeck(),
        'artifacts/t-a/output.py': 'x\n',
        'artifacts/t-a/output.jsonl': CLAUDE_LOG,
        'artifacts/t-b/output.pptx': DECK,
        'artifacts/t-b/output.py': 'x\n',
        'artifacts/t-b/output.jsonl': CLAUDE_LOG,
        'artifacts/t-c/output.pptx': DECK,
        'artifacts/t-c/output.py': 'x\n',
        'artifacts/t-c/output.jsonl': CLAUDE_LOG,
      }),
    );
    const r2 = await validateSubmission({
      dir: join(ok, 'submissions/alive'),
      display: 'submissions/alive',
    });
    expect(r2.warnings).toEqual([]);
  });

  it('suggests, for a misnamed task folder, the suite task that has no folder yet', async () => {
    const suite = { ...SUITE, name: 'real', tasks: ['fig01-000', 'fig01-001'] };
    const files = {
      'artifacts/fig01-000/output.pptx': DECK,
      'artifacts/fig01-0001/output.pptx': DECK,
    };
    const tree = repo('typo', files);
    (tree['submissions/typo'] as TestdirTree)['submission.yml'] = manifest('typo').replace(
      'name: mini',
      'name: real',
    );
    tree['suites/real/suite.json'] = JSON.stringify(suite);
    const root = await make(tree);
    const r = await validateSubmission({
      dir: join(root, 'submissions/typo'),
      display: 'submissions/typo',
    });
    expect(r.errors.map((p) => p.message)).toContain(
      'task "fig01-0001" is not in suite real; did you mean "fig01-001"?',
    );
  });
});
