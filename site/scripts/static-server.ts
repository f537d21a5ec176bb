import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, resolve, sep } from 'node:path';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.csv': 'text/csv; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml',
};

/** A running static server. */
export interface StaticServer {
  url: string;
  server: Server;
  close(): Promise<void>;
}

/**
 * Serves a built site folder over HTTP on 127.0.0.1 (GET/HEAD only), mounted at `base` like
 * GitHub Pages does: `/base/x/` → `x/index.html`, unknown paths → `404.html` with status 404.
 * Paths are resolved inside the folder; anything escaping it is a 404.
 */
export async function startStaticServer(
  root: string,
  options: { port?: number; base?: string } = {},
): Promise<StaticServer> {
  const dir = resolve(root);
  const base = options.base ?? '/';
  const server = createServer(async (req, res) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { Allow: 'GET, HEAD' }).end();
      return;
    }
    const send = async (file: string, status: number) => {
      res.writeHead(status, {
        'Content-Type': TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream',
        'Cache-Control': 'no-cache',
      });
      if (req.method === 'HEAD') res.end();
      else createReadStream(file).pipe(res);
    };
    const notFound = async () => {
      const page = join(dir, '404.html');
      try {
        await stat(page);
        await send(page, 404);
      } catch {
        res.writeHead(404, { 'Content-Type': 'text/plain' }).end('not found');
      }
    };
    let path: string;
    try {
      path = decodeURIComponent(new URL(req.url ?? '/', 'http://localhost').pathname);
    } catch {
      await notFound();
      return;
    }
    if (!path.startsWith(base)) return notFound();
    let file = resolve(dir, `.${sep}${path.slice(base.length)}`);
    if (file !== dir && !file.startsWith(dir + sep)) return notFound();
    try {
      let st = await stat(file);
      if (st.isDirectory()) {
        if (!path.endsWith('/')) {
          res.writeHead(301, { Location: `${path}/` }).end();
          return;
        }
        file = join(file, 'index.html');
        st = await stat(file);
      }
      if (!st.isFile()) return notFound();
      await send(file, 200);
    } catch {
      await notFound();
    }
  });
  await new Promise<void>((ok, fail) => {
    server.once('error', fail);
    server.listen(options.port ?? 0, '127.0.0.1', () => ok());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}${base}`,
    server,
    close: () => new Promise<void>((ok) => server.close(() => ok())),
  };
}
