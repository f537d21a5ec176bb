import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { UsageError } from '../errors/index.ts';
import { Summary } from '../schemas/summary.schema.ts';
import { findTrack, TRACKS, trackFor } from './registry.ts';
import { TASK_LOADERS } from './task-loaders.ts';
import type { TrackId } from './track.ts';

// A style summary as `refig evaluate` writes it: the committed one of the bundled style sample.
const STYLE_SUMMARY = JSON.parse(
  readFileSync(
    join(import.meta.dirname, '../../../submissions/sample-style-default/results/summary.json'),
    'utf8',
  ),
) as Record<string, unknown>;

describe('the track registry', () => {
  it('finds each track by the id submission.yml gives', () => {
    expect(trackFor('refig', 'submission.yml')).toBe(TRACKS.refig);
    expect(trackFor('style', 'submission.yml').id).toBe('style');
    expect(TRACKS.style.recordFiles).toEqual(['style.jsonl']);
  });

  it('finds a track by an unchecked id, and nothing for what is not one', () => {
    expect(findTrack('style')).toBe(TRACKS.style);
    for (const id of ['chart', 'toString', '__proto__', undefined, null, 3])
      expect(findTrack(id)).toBeUndefined();
  });

  it('gives loadSuite the task loader of each track (the leaf table keeps step with TRACKS)', () => {
    expect(Object.keys(TASK_LOADERS).sort()).toEqual(Object.keys(TRACKS).sort());
    for (const id of Object.keys(TRACKS) as TrackId[])
      expect(TASK_LOADERS[id]).toBe(TRACKS[id].taskLoader);
  });

  it('refuses an unknown track naming the file and the tracks there are', () => {
    expect(() => trackFor('chart', 'submissions/x/submission.yml')).toThrow(UsageError);
    expect(() => trackFor('toString', 'submissions/x/submission.yml')).toThrow(
      /unknown track "toString": available: refig, style/,
    );
  });
});

describe('the style summary schema', () => {
  it('reads the style summary refig evaluate writes', () => {
    expect(Summary.parse(STYLE_SUMMARY)).toEqual(STYLE_SUMMARY);
  });

  it('is a real schema, not an envelope: a summary without its scores is refused', () => {
    const { scores: _scores, ...noScores } = STYLE_SUMMARY;
    expect(Summary.safeParse(noScores).success).toBe(false);
    expect(Summary.safeParse({ ...STYLE_SUMMARY, tasks: { total: 'three' } }).success).toBe(false);
  });
});

/** Files `file` imports at load time (type-only imports are erased; dynamic ones wait), relative ones only. */
function runtimeImports(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const out: string[] = [];
  for (const m of text.matchAll(
    /(?:^|\n)\s*(?:import|export)(\s+type)?\b(?:[^'"]*?from)?\s*'(\.[^']+)'/g,
  )) {
    const path = resolve(dirname(file), m[2]!);
    if (!m[1] && existsSync(path)) out.push(path);
  }
  return out;
}

describe('the registry import graph', () => {
  it('has no cycle: nothing the registry loads imports the registry back', () => {
    const registry = join(import.meta.dirname, 'registry.ts');
    const seen = new Set<string>();
    const back: string[] = [];
    const walk = (file: string) => {
      for (const dep of runtimeImports(file)) {
        if (dep === registry) back.push(relative(import.meta.dirname, file));
        else if (!seen.has(dep)) {
          seen.add(dep);
          walk(dep);
        }
      }
    };
    walk(registry);
    expect(seen.size).toBeGreaterThan(20); // the walk reaches the tracks' steps
    expect(back).toEqual([]);
  });
});
