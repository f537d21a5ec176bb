import { BlockList, isIP } from 'node:net';

/**
 * Address ranges an archive URL may never reach (server-side request forgery): private networks,
 * carrier-grade NAT, link-local (which holds the cloud metadata endpoints 169.254.169.254 and
 * fd00:ec2::254), unique-local IPv6, multicast, reserved and documentation ranges, the
 * unspecified address — and loopback unless a test server is explicitly allowed. Checked against
 * the IANA IPv4 and IPv6 Special-Purpose Address Registries (2024 editions). Transition ranges
 * that carry an IPv4 address (6to4 2002::/16, Teredo 2001::/32, local-use NAT64 64:ff9b:1::/48)
 * are refused whole: a relay would reach whatever IPv4 address they encode, private ones included.
 */
const PRIVATE = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.31.196.0', 24],
  ['192.52.193.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['192.175.48.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  PRIVATE.addSubnet(net, bits, 'ipv4');
for (const [net, bits] of [
  ['::', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
  ['2001:db8::', 32],
  ['100::', 64],
  ['100:0:0:1::', 64],
  ['64:ff9b:1::', 48],
  // IETF protocol assignments: Teredo 2001::/32, benchmarking, AMT, AS112, ORCHID, drones.
  ['2001::', 23],
  ['2002::', 16],
  ['2620:4f:8000::', 48],
  ['3fff::', 20],
  ['5f00::', 16],
  ['fec0::', 10],
  // IPv4-compatible (deprecated) and IPv4-translated (SIIT) forms of an IPv4 address.
  ['::', 96],
  ['::ffff:0:0:0', 96],
] as const)
  PRIVATE.addSubnet(net, bits, 'ipv6');
const LOOPBACK = new BlockList();
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4');
LOOPBACK.addAddress('::1', 'ipv6');

/** The IPv4 address inside an IPv4-mapped (::ffff:a.b.c.d) or NAT64 (64:ff9b::a.b.c.d) one. */
function embeddedV4(ip: string): string | null {
  const m = /^(?:::ffff:|64:ff9b::)(?:0{1,4}:)?(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(ip);
  if (m) return m[1]!;
  const hex = /^(?:::ffff:|64:ff9b::)([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(ip);
  if (!hex) return null;
  const hi = Number.parseInt(hex[1]!, 16);
  const lo = Number.parseInt(hex[2]!, 16);
  return `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;
}

/**
 * Why `ip` must not be contacted for an archive (`private network`, `loopback`, …), or null when
 * it is a public address. `allowLoopback` is for tests with a local server only.
 */
export function blockedAddressReason(ip: string, allowLoopback = false): string | null {
  const address = ip.replace(/^\[|\]$/g, '');
  const family = isIP(address);
  if (family === 0) return 'not an IP address';
  const v4 = family === 6 ? embeddedV4(address) : null;
  if (v4) return blockedAddressReason(v4, allowLoopback);
  const type = family === 4 ? 'ipv4' : 'ipv6';
  if (LOOPBACK.check(address, type)) return allowLoopback ? null : 'a loopback address';
  if (PRIVATE.check(address, type))
    return address.startsWith('169.254.') || address.toLowerCase().startsWith('fe80:')
      ? 'a link-local address (where cloud metadata services live)'
      : 'a private, reserved or special-purpose address';
  return null;
}
