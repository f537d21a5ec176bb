import net from 'node:net';

// Network is off by default in tests: only loopback connections are allowed, so a test can
// talk to the local servers it starts (OpenAI-compatible test server, arXiv fake, site) but
// never to the internet.
const originalConnect = net.Socket.prototype.connect;
const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|localhost|::ffff:127\.\d+\.\d+\.\d+)$/;

net.Socket.prototype.connect = function patchedConnect(this: net.Socket, ...args: unknown[]) {
  const first = args[0] as
    | { host?: string; path?: string; port?: number }
    | number
    | string
    | undefined;
  let host: string | undefined;
  if (typeof first === 'object' && first !== null) {
    if (first.path) return (originalConnect as (...a: unknown[]) => net.Socket).apply(this, args);
    host = first.host ?? 'localhost';
  } else if (typeof first === 'number') {
    host = typeof args[1] === 'string' ? (args[1] as string) : 'localhost';
  } else if (typeof first === 'string') {
    // a unix socket path
    return (originalConnect as (...a: unknown[]) => net.Socket).apply(this, args);
  }
  if (host !== undefined && !LOOPBACK.test(host)) {
    throw new Error(
      `Network disabled in tests: refused connection to ${host}. Start a local server instead.`,
    );
  }
  return (originalConnect as (...a: unknown[]) => net.Socket).apply(this, args);
} as typeof net.Socket.prototype.connect;
