import { describe, expect, it } from 'vitest';
import { blockedAddressReason } from './blocked-addresses.ts';

describe('archive address blocklist', () => {
  // Issue 22: 6to4, local-use NAT64 and Teredo were reachable; the rest are the IANA
  // special-purpose entries the list also missed.
  it.each([
    '2002:c0a8:0101::1', // 6to4 of 192.168.1.1
    '2002:7f00:1::', // 6to4 of 127.0.0.1
    '64:ff9b:1::a00:1', // local-use NAT64 of 10.0.0.1
    '2001:0:4136:e378:8000:63bf:3fff:fdd2', // Teredo
    '2001:2::1', // benchmarking
    '2001:20::1', // ORCHIDv2
    '2620:4f:8000::1', // AS112-v6
    '3fff::1', // documentation (RFC 9637)
    '5f00::1', // SRv6 SIDs
    'fec0::1', // site-local
    '100:0:0:1::1', // dummy prefix
    '::a00:1', // IPv4-compatible 10.0.0.1
    '::ffff:0:a00:1', // IPv4-translated 10.0.0.1
    '192.31.196.1',
    '192.52.193.1',
    '192.175.48.1',
  ])('refuses %s', (ip) => {
    expect(blockedAddressReason(ip)).toBe('a private, reserved or special-purpose address');
  });

  it.each([
    '2001:4860:4860::8888',
    '2606:4700:4700::1111',
    '2a00:1450:4001::1',
    '8.8.8.8',
    '64:ff9b::808:808',
  ])('lets the public address %s through', (ip) => {
    expect(blockedAddressReason(ip)).toBeNull();
  });

  it('keeps loopback for tests only', () => {
    expect(blockedAddressReason('::1')).toBe('a loopback address');
    expect(blockedAddressReason('::1', true)).toBeNull();
  });
});
