import { expect, it } from 'vitest';
import { safeHref } from './safe-href.ts';

it('links only absolute http(s) URLs', () => {
  expect(safeHref('https://example.org/report')).toBe('https://example.org/report');
  expect(safeHref('http://example.org')).toBe('http://example.org/');
  expect(safeHref('javascript:alert(1)')).toBeNull();
  expect(safeHref('JAVASCRIPT:alert(1)')).toBeNull();
  expect(safeHref('data:text/html,<script>alert(1)</script>')).toBeNull();
  expect(safeHref('/relative')).toBeNull();
  expect(safeHref('')).toBeNull();
  expect(safeHref(undefined)).toBeNull();
});
