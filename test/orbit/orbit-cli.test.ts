import { describe, expect, it } from 'vitest';
import { runCli } from './helpers/run-cli.ts';

describe('refig orbit / refig suite CLI surface', () => {
  it('orbit --help lists every option', async () => {
    const { code, stdout } = await runCli(['orbit', '--help'], process.cwd());
    expect(code).toBe(0);
    expect(stdout).toMatchInlineSnapshot(`
      "Usage: refig orbit [options]

      build or resume a refig task suite from arXiv (ORBIT: caption-guided
      overview-figure retrieval with provenance)

      Options:
        --out <dir>          suite folder to build into (resumes when it already holds
                             a build)
        --limit <n>          stop after this many accepted tasks (default: "10")
        --max-papers <n>     stop after scanning this many papers in this run
        --seed <n>           seed of the window and candidate shuffle (recorded;
                             default 7 for a new build)
        --since <YYYY-MM>    first monthly window (default 2017-06)
        --until <YYYY-MM>    last monthly window (default: this month for a new build)
        --categories <list>  arXiv categories, comma-separated (default
                             cs.AI,cs.CL,cs.CV,cs.LG)
        --page-size <n>      papers per listing request (default 100)
        --max-pages <n>      listing pages per window at most (default 20)
        --dpi <n>            resolution for PDF/EPS figures (default 200)
        --max-side <px>      longest side of a rendered vector figure (default 8000)
        --name <name>        suite name (default: the output folder name)
        --suite-version <v>  suite version (default 1.0.0)
        --api-base <url>     arXiv API query endpoint (default:
                             "http://export.arxiv.org/api/query")
        --oai-base <url>     arXiv OAI-PMH endpoint (default:
                             "http://export.arxiv.org/oai2")
        --source-base <url>  arXiv source packages (…/<id><version>) (default:
                             "https://arxiv.org/e-print")
        --delay-ms <ms>      minimum time between requests (arXiv asks for 3 s)
                             (default: "3000")
        --retries <n>        retries for 429, 5xx and network errors (default: "4")
        --backoff-ms <ms>    first retry delay, doubled each time (default: "5000")
        -h, --help           display help for command
      "
    `);
  });

  it('a bad flag value is a usage error (exit 2) naming the flag', async () => {
    const { code, stderr } = await runCli(
      ['orbit', '--out', '/tmp/never-created-orbit', '--limit', 'ten'],
      process.cwd(),
    );
    expect(code).toBe(2);
    expect(stderr).toBe(
      'refig: [usage] --limit must be an integer (expected an integer, got ten)\n',
    );
  });

  it('suite --help lists the subcommands', async () => {
    const { stdout } = await runCli(['suite', '--help'], process.cwd());
    expect(stdout).toMatchInlineSnapshot(`
      "Usage: refig suite [options] [command]

      task suites: statistics (ReFigBench Table 1, 9, 10), integrity checks, fetching,
      import

      Options:
        -h, --help                  display help for command

      Commands:
        stats [options] <dir>       print ReFigBench Table 1 (image statistics) and
                                    Tables 9/10 (per-field composition and file size);
                                    for a style suite, chart types by split (FigMirror
                                    Figures 5/8), variation dimensions and licenses
        verify [options] <dirs...>  re-hash every image and validate every file of one
                                    or more suites against the schemas
        seal [options] <dir>        seal a suite's evaluator-only files
                                    (criteria.json, reference.py, reference_data.csv,
                                    truth.json) into sealed.json with AES-256-GCM; the
                                    key comes from FIGBOARD_SUITE_KEY (64 hex digits)
        unseal <dir>                write the sealed files back into their task
                                    folders and delete sealed.json (key rotation:
                                    unseal with the old FIGBOARD_SUITE_KEY, then seal
                                    --remove with the new one); a maintainer-only
                                    step, never committed in between
        build-stats <dir>           recompute suite.json: task list, Table 1 image
                                    statistics and per-field rows, from the task
                                    folders
        fetch [options] <dir>       download a remote suite (suite.json "remote":
                                    {url, sha256}), verify its SHA-256 and unpack it
                                    into the cache
        pack [options] <dir>        pack the task folders into one deterministic
                                    .tar.gz for a remote suite and print its "remote"
                                    entry
        readme <dir>                rewrite a repository-figure suite's README.md from
                                    its task.json files, withheld.json and checked
                                    truth
        import-repo [options]       build a refig suite from figures in public code
                                    repositories (a corpus MANIFEST.tsv with
                                    repository, path, commit, license)
        help [command]              display help for command
      "
    `);
  });

  it('fetch on a suite that is not remote is a usage error', async () => {
    const { code, stderr } = await runCli(['suite', 'fetch', 'suites/refig-sample'], process.cwd());
    expect(code).toBe(2);
    expect(stderr).toContain('suites/refig-sample is not a remote suite');
  });
});
