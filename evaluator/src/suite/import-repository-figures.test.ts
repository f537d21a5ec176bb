import { copyFile, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../../test/orbit/helpers/run-cli.ts';
import { judgeRepositoryLicense } from './judge-repository-license.ts';
import { taskIdFromFileName } from './task-id-from-file-name.ts';
import { verifySuite } from './verify-suite.ts';

const ROOT = join(import.meta.dirname, '..', '..', '..');
const COMMIT = '0123456789abcdef0123456789abcdef01234567';

describe('taskIdFromFileName', () => {
  it.each([
    ['microsoft__unilm__Diff-Transformer-arch.png', 'unilm-diff-transformer-arch'],
    ['facebookresearch__detr__DETR.png', 'detr'],
    ['openai__CLIP__CLIP.png', 'clip'],
    ['salesforce__LAVIS__pnp-vqa-pnp_vqa.png', 'lavis-pnp-vqa'],
    [
      'microsoft__LMOps__llm_retriever-llm_retriever_architecture.png',
      'lmops-llm-retriever-architecture',
    ],
    [
      'huawei-noah__Pretrained-Language-Model__TinyBERT-tinybert_overview.png',
      'pretrained-language-model-tinybert-overview',
    ],
    ['figures/x__y__A.B.PNG', 'y-a-b'],
  ])('%s → %s', (name, id) => {
    expect(taskIdFromFileName(name)).toBe(id);
  });
});

describe('judgeRepositoryLicense', () => {
  it.each([
    ['MIT', 'CLIP.png', true],
    ['BSD-3-Clause', 'projects/blip2/blip2_illustration.png', true],
    ['Apache-2.0 (TinyBERT/LICENSE)', 'TinyBERT/tinybert_overview.png', true],
    [
      'Apache-2.0 (augvit_pytorch/License.txt; repo has no top-level LICENSE)',
      'augvit_pytorch/fig/framework.PNG',
      true,
    ],
    // the license file sits in a sibling folder: it does not cover the figure
    [
      'Apache-2.0 (ghostnet_pytorch/License.txt; repo has no top-level LICENSE)',
      'fig/ghost_module.png',
      false,
    ],
    [
      'Apache-2.0 (per-subproject License.txt; vig_pytorch has none; repo has no top-level LICENSE)',
      'fig/vig.png',
      false,
    ],
    ['GPL-3.0', 'fig.png', false],
    ['CC-BY-NC-4.0', 'fig.png', false],
    ['unknown', 'fig.png', false],
    ['', 'fig.png', false],
  ])('%s for %s → %s', (license, path, ok) => {
    const j = judgeRepositoryLicense(license, path);
    expect(j.redistributable).toBe(ok);
    expect(j.evidence.length).toBeGreaterThan(10);
  });
});

describe('refig suite import-repo', () => {
  it('imports permissive figures verbatim, withholds the rest, and the result verifies', async () => {
    const corpus = await mkdtemp(join(tmpdir(), 'figboard-corpus-'));
    await mkdir(join(corpus, 'figures'));
    await copyFile(
      join(ROOT, 'suites', 'refig-sample', 'fig01-000', 'source.png'),
      join(corpus, 'figures', 'acme__tool__Overview.png'),
    );
    await sharp({ create: { width: 300, height: 400, channels: 3, background: '#ffffff' } })
      .jpeg()
      .toFile(join(corpus, 'figures', 'acme__tool__pipeline.jpg'));
    await copyFile(
      join(ROOT, 'suites', 'refig-sample', 'fig01-001', 'source.png'),
      join(corpus, 'figures', 'acme__gpl__arch.png'),
    );
    await writeFile(join(corpus, 'figures', 'acme__tool__broken.png'), 'not an image');
    const rows = [
      ['local_path', 'repo', 'path_in_repo', 'commit', 'license_of_repo', 'note'],
      [
        'figures/acme__tool__Overview.png',
        'acme/tool',
        'docs/Overview.png',
        COMMIT,
        'MIT',
        'Tool overview',
      ],
      [
        'figures/acme__tool__pipeline.jpg',
        'acme/tool',
        'sub/img/pipeline.jpg',
        COMMIT,
        'Apache-2.0 (sub/LICENSE)',
        'Tool pipeline',
      ],
      [
        'figures/acme__gpl__arch.png',
        'acme/gpl',
        'arch.png',
        COMMIT,
        'GPL-3.0',
        'GPL architecture',
      ],
      ['figures/acme__tool__broken.png', 'acme/tool', 'broken.png', COMMIT, 'MIT', 'broken file'],
      ['pptx/deck.pptx', 'acme/tool', 'deck.pptx', COMMIT, 'MIT', 'not a figure'],
    ];
    await writeFile(join(corpus, 'MANIFEST.tsv'), `${rows.map((r) => r.join('\t')).join('\n')}\n`);
    const out = join(corpus, 'suite');
    const res = await runCli(
      [
        'suite',
        'import-repo',
        '--manifest',
        'MANIFEST.tsv',
        '--corpus',
        '.',
        '--out',
        'suite',
        '--name',
        'tiny',
      ],
      corpus,
    );
    expect(res.code).toBe(1); // the broken image is an error, the others are still imported
    expect(res.stdout).toBe('imported 2 figure(s) into suite; withheld 1 (see withheld.json)\n');
    expect(res.stderr).toContain('figures/acme__tool__broken.png [image-unreadable]');
    const suite = await verifySuite(out);
    expect(suite.problems).toEqual([]);
    expect(
      suite.tasks.map((t) => [t.id, t.task.image.file, t.task.image.format, t.task.license.spdx]),
    ).toEqual([
      ['tool-overview', 'source.png', 'png', 'MIT'],
      ['tool-pipeline', 'source.jpg', 'jpeg', 'Apache-2.0'],
    ]);
    const pipeline = suite.tasks[1]!.task;
    expect(pipeline.source).toEqual({
      kind: 'repository',
      repository: 'acme/tool',
      path: 'sub/img/pipeline.jpg',
      commit: COMMIT,
      url: `https://github.com/acme/tool/blob/${COMMIT}/sub/img/pipeline.jpg`,
      title: 'Tool pipeline',
    });
    expect(pipeline.license.url).toBe(`https://github.com/acme/tool/blob/${COMMIT}/sub/LICENSE`);
    expect(suite.manifest?.imageStats?.orientation).toEqual({
      landscape: 1,
      portrait: 1,
      square: 0,
    });
    const withheld = JSON.parse(await readFile(join(out, 'withheld.json'), 'utf8'));
    expect(withheld.map((w: { id: string }) => w.id)).toEqual(['gpl-arch']);
    const readme = await readFile(join(out, 'README.md'), 'utf8');
    expect(readme).toContain(
      '| `tool-pipeline` | Tool pipeline (300×400 jpeg) | [acme/tool/sub/img/pipeline.jpg]',
    );
    expect(readme).toContain('## Withheld figures');
    await rm(corpus, { recursive: true });
  });
});
