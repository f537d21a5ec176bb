import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

/*
 * The grounded-measurement baseline (baselines/style-measured/agent.py, issue 26 item 4) reads
 * the style from reference.png's pixels: on two committed style-real references whose looks are
 * known from their treatments, the rcParams it writes are the ones the pixels show.
 */
const repo = join(import.meta.dirname, '..', '..');
const out = mkdtempSync(join(tmpdir(), 'figboard-measured-test-'));
afterAll(() => rmSync(out, { recursive: true, force: true }));

function measure(task: string): string {
  execFileSync('/usr/bin/python3', [
    join(repo, 'baselines', 'style-measured', 'agent.py'),
    join(repo, 'suites', 'style-real', task),
    join(out, task),
  ]);
  return readFileSync(join(out, task, 'figure.py'), 'utf8');
}

describe('the grounded-measurement agent', () => {
  it("reads the 'dark_background' canvas, white frame and text of beta-dark", () => {
    const py = measure('beta-dark');
    expect(py).toContain("'figure.facecolor': '#000000'");
    expect(py).toContain("'axes.edgecolor': '#ffffff'");
    expect(py).toContain("'text.color': '#ffffff'");
    expect(py).toContain("'axes.grid': False");
  });

  it("reads the 'clean' treatment's grey frame, light grid and Tableau marks of lines538-clean", () => {
    const py = measure('lines538-clean');
    expect(py).toContain("'axes.edgecolor': '#555555'");
    expect(py).toContain("'axes.grid': True");
    expect(py).toContain("'grid.color': '#e2e2e2'");
    expect(py).toMatch(/PALETTE = \[[^\]]*'#4e79a7'/);
  });

  it("turns beta's tick-label heights into a plausible font size (not merged lines or marks)", () => {
    const size = Number(/'xtick\.labelsize': ([0-9.]+)/.exec(measure('beta'))?.[1]);
    expect(size).toBeGreaterThanOrEqual(6);
    expect(size).toBeLessThanOrEqual(16);
  });

  it('writes the same bytes twice (deterministic)', () => {
    const a = measure('anscombe');
    expect(measure('anscombe')).toBe(a);
  });
});
