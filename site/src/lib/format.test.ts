import { expect, it } from 'vitest';
import {
  int,
  interval,
  num,
  percent,
  share,
  shareInterval,
  signed,
  signedUsd,
  usd,
} from './format.ts';

it('formats numbers for tables, with a dash for missing values', () => {
  expect([num(77.44), num(-0.04), num(null), num(Number.NaN)]).toEqual(['77.4', '0.0', '—', '—']);
  expect([signed(3.16, 2), signed(-2.2), signed(0)]).toEqual(['+3.16', '−2.2', '0.0']);
  expect([share(0.414), percent(12.5), interval([64.22, 77.61])]).toEqual([
    '41.4%',
    '12.5%',
    '[64.2, 77.6]',
  ]);
  expect([usd(3.5731), usd(0.004), usd(null), int(15484.2)]).toEqual([
    '$3.57',
    '$0.0040',
    '—',
    '15,484',
  ]);
  expect([
    signedUsd(0.89),
    signedUsd(-2.2),
    signedUsd(0),
    signedUsd(0.004),
    signedUsd(null),
  ]).toEqual(['+$0.89', '−$2.20', '$0.00', '+$0.0040', '—']);
  expect([shareInterval([0.7071, 0.741]), shareInterval(null)]).toEqual(['[70.7%, 74.1%]', '—']);
});
