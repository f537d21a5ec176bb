import { describe, expect, it } from 'vitest';
import {
  arxivRawRecord,
  atomFeed,
  type FakePaper,
} from '../../../test/orbit/helpers/fake-arxiv.ts';
import { assignField } from './assign-field.ts';
import { judgeArxivLicense } from './judge-arxiv-license.ts';
import { monthlyWindows, shuffledWindows } from './monthly-windows.ts';
import { parseArxivAbsId, parseArxivAtom } from './parse-arxiv-atom.ts';
import { parseOaiArxivRaw } from './parse-oai-arxivraw.ts';
import { parseRemoteXml } from './parse-safe-xml.ts';

const paper: FakePaper = {
  arxivId: '2106.01234',
  listingVersion: 'v2',
  versions: ['v1', 'v2'],
  month: '2021-06',
  title: 'Graphs & <Transformers>',
  authors: ['A. Author', 'B. Écrivain'],
  primaryCategory: 'cs.LG',
  categories: ['cs.LG', 'stat.ML'],
  license: 'http://creativecommons.org/licenses/by/4.0/',
  source: {},
};

describe('arXiv API Atom listing', () => {
  it('reads id, version, title (entities decoded), authors, categories and totals', () => {
    const listing = parseArxivAtom(
      atomFeed([paper, { ...paper, arxivId: '2106.09999', listingVersion: null }], 57, 0),
      'test',
    );
    expect(listing.totalResults).toBe(57);
    expect(listing.entries[0]).toEqual({
      arxivId: '2106.01234',
      version: 'v2',
      title: 'Graphs & <Transformers>',
      authors: ['A. Author', 'B. Écrivain'],
      abstract: 'We propose graphs & <transformers>. It works well.',
      published: '2021-06-02T09:30:00Z',
      primaryCategory: 'cs.LG',
      categories: ['cs.LG', 'stat.ML'],
    });
    expect(listing.entries[1]!.version).toBeNull();
  });

  it('parses old and new style ids', () => {
    expect(parseArxivAbsId('http://arxiv.org/abs/cs/0112017v1')).toEqual({
      arxivId: 'cs/0112017',
      version: 'v1',
    });
    expect(parseArxivAbsId('http://arxiv.org/abs/math.GT/0309136')).toEqual({
      arxivId: 'math.GT/0309136',
      version: null,
    });
    expect(parseArxivAbsId('http://arxiv.org/abs/1706.03762v7')).toEqual({
      arxivId: '1706.03762',
      version: 'v7',
    });
    expect(parseArxivAbsId('http://arxiv.org/api/errors#incorrect_id_format')).toBeNull();
  });

  it('raises the API error entry', () => {
    const xml =
      '<feed xmlns="http://www.w3.org/2005/Atom"><entry><id>http://arxiv.org/api/errors#bad_query</id><title>Error</title><summary>malformed query</summary></entry></feed>';
    expect(() => parseArxivAtom(xml, 'api')).toThrow(/arXiv API error: malformed query/);
  });

  it('refuses DOCTYPE and entity declarations (billion laughs, XXE)', () => {
    const laughs =
      '<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;">]><feed>&lol2;</feed>';
    expect(() => parseRemoteXml(laughs, 'x')).toThrow(
      expect.objectContaining({ code: 'xml-doctype' }),
    );
    const xxe =
      '<?xml version="1.0"?><!DOCTYPE r [<!ENTITY x SYSTEM "file:///etc/passwd">]><feed>&x;</feed>';
    expect(() => parseArxivAtom(xxe, 'x')).toThrow(
      expect.objectContaining({ code: 'xml-doctype' }),
    );
    expect(() => parseArxivAtom('<feed><entry>', 'x')).toThrow(
      expect.objectContaining({ code: 'xml-malformed' }),
    );
  });
});

describe('OAI-PMH arXivRaw', () => {
  it('reads versions (latest wins), license and categories', () => {
    const rec = parseOaiArxivRaw(
      arxivRawRecord({ ...paper, versions: ['v1', 'v2', 'v10', 'v3'] }),
      'oai',
    );
    expect(rec).toEqual({
      arxivId: '2106.01234',
      versions: ['v1', 'v2', 'v10', 'v3'],
      latestVersion: 'v10',
      license: 'http://creativecommons.org/licenses/by/4.0/',
      categories: ['cs.LG', 'stat.ML'],
    });
    expect(parseOaiArxivRaw(arxivRawRecord({ ...paper, license: null }), 'oai').license).toBeNull();
  });

  it('raises OAI errors with their code', () => {
    const xml =
      '<OAI-PMH xmlns="http://www.openarchives.org/OAI/2.0/"><error code="idDoesNotExist">unknown</error></OAI-PMH>';
    expect(() => parseOaiArxivRaw(xml, 'oai')).toThrow(
      expect.objectContaining({ code: 'oai-error', got: 'idDoesNotExist' }),
    );
  });
});

describe('sampling, fields and licenses', () => {
  it('enumerates monthly windows and shuffles them reproducibly', () => {
    expect(monthlyWindows('2017-11', '2018-02')).toEqual([
      '2017-11',
      '2017-12',
      '2018-01',
      '2018-02',
    ]);
    const a = shuffledWindows('2017-06', '2026-01', 7);
    expect(a).toEqual(shuffledWindows('2017-06', '2026-01', 7));
    expect(a).not.toEqual(shuffledWindows('2017-06', '2026-01', 8));
    expect([...a].sort()).toEqual(monthlyWindows('2017-06', '2026-01'));
    expect(a.slice(0, 3)).toMatchInlineSnapshot(`
      [
        "2021-02",
        "2021-08",
        "2025-02",
      ]
    `);
    expect(() => monthlyWindows('2017-13', '2018-01')).toThrow(RangeError);
  });

  it('buckets categories into the four fields', () => {
    expect(assignField('cs.CV', ['cs.CV', 'cs.LG'])).toBe('cs.CV');
    expect(assignField('stat.ML', ['stat.ML', 'cs.LG'])).toBe('cs.LG');
    expect(assignField('eess.IV', ['eess.IV'])).toBeNull();
  });

  it('judges arXiv licenses for redistribution', () => {
    expect(judgeArxivLicense('http://creativecommons.org/licenses/by/4.0/')).toMatchObject({
      spdx: 'CC-BY-4.0',
      redistributable: true,
    });
    expect(judgeArxivLicense('http://creativecommons.org/licenses/by-sa/4.0/')).toMatchObject({
      spdx: 'CC-BY-SA-4.0',
      redistributable: true,
    });
    expect(judgeArxivLicense('http://creativecommons.org/publicdomain/zero/1.0/')).toMatchObject({
      spdx: 'CC0-1.0',
      redistributable: true,
    });
    expect(judgeArxivLicense('http://creativecommons.org/licenses/by-nc-nd/4.0/')).toMatchObject({
      redistributable: false,
    });
    expect(judgeArxivLicense('http://arxiv.org/licenses/nonexclusive-distrib/1.0/')).toMatchObject({
      spdx: null,
      redistributable: false,
    });
    expect(judgeArxivLicense(null)).toMatchObject({ redistributable: false });
    expect(judgeArxivLicense('something else')).toMatchObject({ redistributable: false });
  });
});
