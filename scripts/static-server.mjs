// A small static file server: Ohm's build for `scripts/serve.sh`, a tutorial page on a second
// origin, and the builds the end-to-end tests open.
//
//   node scripts/static-server.mjs [DIR] [--port N] [--address A]   (default: dist/, 8080)
//
// Every response carries `Access-Control-Allow-Origin: *` (and `Cross-Origin-Resource-Policy:
// cross-origin`), so that a page on another origin can load the embeddable board's scripts,
// its wasm and the engine worker (README, "Hosting Ohm's files for other origins"); `.wasm` is
// served as `application/wasm`, `.js` as `text/javascript`. Only files inside DIR are served.

import { createServer } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const MIME = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.wasm': 'application/wasm',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.png': 'image/png',
  '.sgf': 'application/x-go-sgf; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
};

/** The headers that let pages on other origins use the files (README, "Hosting"). */
export const CROSS_ORIGIN_HEADERS = {
  'access-control-allow-origin': '*',
  'cross-origin-resource-policy': 'cross-origin',
};

/**
 * Serves `dir` on `address` (`port` 0: an ephemeral one). `headers(path)` gives each
 * response's extra headers. Resolves to the node server; `server.url` is its base URL.
 */
export async function serveDirectory(dir, { port = 0, address = '127.0.0.1', headers = () => ({}) } = {}) {
  const root = resolve(dir);
  const server = createServer(async (req, res) => {
    let path;
    try {
      path = decodeURIComponent(new URL(req.url, 'http://x').pathname);
    } catch {
      res.writeHead(400).end();
      return;
    }
    let file = normalize(join(root, path));
    if (file !== root && !file.startsWith(root + sep)) {
      res.writeHead(403).end();
      return;
    }
    try {
      if ((await stat(file)).isDirectory()) file = join(file, 'index.html');
      const body = await readFile(file);
      res.writeHead(200, {
        'content-type': MIME[extname(file)] ?? 'application/octet-stream',
        'cache-control': 'no-cache',
        ...headers(path),
      });
      res.end(req.method === 'HEAD' ? undefined : body);
    } catch {
      res.writeHead(404, { 'content-type': 'text/plain', ...headers(path) }).end('not found');
    }
  });
  await new Promise((ok, fail) => server.once('error', fail).listen(port, address, ok));
  server.url = `http://${address}:${server.address().port}/`;
  return server;
}

// Run as a program: serve a directory with the cross-origin headers until stopped.
if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  let dir = resolve(fileURLToPath(new URL('../dist', import.meta.url)));
  let port = 8080;
  let address = '127.0.0.1';
  for (let i = 0; i < args.length; i += 1) {
    if (args[i] === '--port') port = Number(args[(i += 1)]);
    else if (args[i] === '--address') address = args[(i += 1)];
    else dir = resolve(args[i]);
  }
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    console.error(`static-server: --port needs a port number, not ${port}`);
    process.exit(2);
  }
  try {
    if (!(await stat(dir)).isDirectory()) throw new Error('not a directory');
  } catch {
    console.error(`static-server: ${dir} is not a directory`);
    process.exit(2);
  }
  const server = await serveDirectory(dir, { port, address, headers: () => CROSS_ORIGIN_HEADERS }).catch((error) => {
    console.error(`static-server: cannot listen on ${address}:${port}: ${error.message}`);
    process.exit(1);
  });
  console.log(`serving ${dir} on ${server.url} (Access-Control-Allow-Origin: *)`);
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.close(() => process.exit(0)));
}
