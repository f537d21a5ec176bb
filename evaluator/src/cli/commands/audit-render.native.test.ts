import { copyFileSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runRefig } from '../../../../test/support/run-refig.ts';

// `refig audit --render`: the reader gate, then LibreOffice (the rest of `refig audit` is tested
// without processes in audit.test.ts).
const CALIBRATION = resolve(import.meta.dirname, '../../../../test/fixtures/calibration');
const work = mkdtempSync(join(tmpdir(), 'figboard-audit-render-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('refig audit --render', () => {
  it('renders decks that pass the reader gate with --render, writing only into --out', async () => {
    const cwd = mkdtempSync(join(work, 'case-'));
    copyFileSync(join(CALIBRATION, 'fig01-001/variants/faithful.pptx'), join(cwd, 'ok.pptx'));
    copyFileSync(join(CALIBRATION, 'fig01-001/variants/twoslides.pptx'), join(cwd, 'two.pptx'));
    const res = await runRefig(
      ['audit', 'ok.pptx', 'two.pptx', '--render', '--out', 'renders', '--dpi', '30'],
      cwd,
    );
    expect(res.code).toBe(0);
    const [ok, two] = res.out
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(ok.gate).toEqual({ passed: true, reason: null, detail: null });
    expect(ok.render).toMatchObject({ passed: true, pages: 1, png: 'ok.png' });
    // A deck the reader refused is not rendered; its gate reason stays the reader's.
    expect(two.render).toBeUndefined();
    expect(two.gate.reason).toBe('multiple-slides');
    expect(readdirSync(join(cwd, 'renders'))).toEqual(['ok.png']);
    expect(readdirSync(cwd).sort()).toEqual(['ok.pptx', 'renders', 'two.pptx']);
  });
});
