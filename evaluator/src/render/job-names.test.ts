import { describe, expect, it } from 'vitest';
import { FigboardError } from '../errors/index.ts';
import { assertValidJobIds, assignOutputNames, safeInputName } from './job-names.ts';

describe('assignOutputNames', () => {
  it('uses the base name and numbers collisions in argument order, skipping names other inputs own', () => {
    expect(assignOutputNames(['a/x.pptx', 'b/x.pptx', 'x-2.pptx', 'c/x.PPTX', 'y.pptx'])).toEqual([
      'x',
      'x-3',
      'x-2',
      'x-4',
      'y',
    ]);
  });

  it('reduces names to safe file names', () => {
    expect(
      assignOutputNames(['dir/my deck (final).pptx', '.hidden.pptx', '-rf.pptx', 'ü.pptx']),
    ).toEqual(['my_deck__final_', '_.hidden', '_-rf', '_']);
  });

  it('gives the same file twice two names', () => {
    expect(assignOutputNames(['d.pptx', 'd.pptx'])).toEqual(['d', 'd-2']);
  });
});

describe('safeInputName', () => {
  it('is index-unique, slugged and never starts with a dash', () => {
    expect(safeInputName(3, 'Fig01 / ../../etc/passwd')).toBe('d00003-fig01-etc-passwd');
    expect(safeInputName(12, '---')).toBe('d00012');
  });
});

describe('assertValidJobIds', () => {
  it('refuses path-like and duplicate ids', () => {
    expect(() => assertValidJobIds(['ok', 'ok-2', 'a.b_c'])).not.toThrow();
    for (const bad of [['../x'], ['a/b'], ['.x'], [''], ['x', 'x']]) {
      let err: unknown;
      try {
        assertValidJobIds(bad);
      } catch (e) {
        err = e;
      }
      expect(err, JSON.stringify(bad)).toBeInstanceOf(FigboardError);
      expect((err as FigboardError).code).toBe('render-job-id');
    }
  });
});
