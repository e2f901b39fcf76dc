// A tiny static file server for dist/, bound to 127.0.0.1 only. Used by the browser tests and
// by scripts/serve.sh. Serves files under the root only, with the right types for wasm and ES
// modules (the browser refuses module scripts of any other type).
import http from 'node:http';
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.wasm': 'application/wasm',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
};

/**
 * Starts serving `root` on 127.0.0.1:`port` (0 picks a free port); resolves {server, url}.
 * With `prefix` (such as '/mineseer/') the files are served under that path only, the way a
 * project page is hosted, and every other path is a 404.
 */
export function startServer(root, port = 0, { prefix = '/' } = {}) {
  const base = path.resolve(root);
  const server = http.createServer(async (req, res) => {
    try {
      const url = new URL(req.url, 'http://127.0.0.1');
      if (!url.pathname.startsWith(prefix)) {
        res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
        return;
      }
      const inside = url.pathname.slice(prefix.length - 1);
      let file = path.normalize(path.join(base, decodeURIComponent(inside)));
      if (file !== base && !file.startsWith(base + path.sep)) {
        res.writeHead(403).end('forbidden');
        return;
      }
      const stat = await fs.stat(file).catch(() => null);
      if (stat?.isDirectory()) file = path.join(file, 'index.html');
      const body = await fs.readFile(file);
      res.writeHead(200, {
        'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream',
        'cache-control': 'no-cache',
      });
      res.end(body);
    } catch {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
    }
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      resolve({ server, url: `http://127.0.0.1:${server.address().port}${prefix}` });
    });
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = process.argv[2] ?? 'dist';
  const port = Number(process.argv[3] ?? 8080);
  const { url } = await startServer(root, port);
  console.log(`Mineseer: serving ${root} at ${url} (Ctrl-C stops)`);
}
