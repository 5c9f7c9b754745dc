// Shared pieces of the browser tests: a static server for a build, a Chromium launcher with
// the flags this machine needs, and a tiny sequential runner that ends with `N passed, M failed`.

import { createServer } from 'node:http';
import { readFile } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

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
  '.txt': 'text/plain; charset=utf-8',
};

const started = Date.now();
export const log = (...parts) =>
  console.log(`[${((Date.now() - started) / 1000).toFixed(1).padStart(5)}s]`, ...parts);

/**
 * Serves `dir` on 127.0.0.1 (ephemeral port unless `port` is given). `headers(path)` may add
 * response headers. Resolves to the node server; `server.url` is its base URL.
 */
export async function serve(dir, { port = 0, headers = () => ({}) } = {}) {
  const server = createServer(async (req, res) => {
    const path = decodeURIComponent(new URL(req.url, 'http://x').pathname);
    const file = normalize(join(dir, path.endsWith('/') ? path + 'index.html' : path));
    if (file !== dir && !file.startsWith(dir + sep)) {
      res.writeHead(403).end();
      return;
    }
    try {
      const body = await readFile(file);
      res.writeHead(200, {
        'content-type': MIME[extname(file)] ?? 'application/octet-stream',
        'cache-control': 'no-cache',
        ...headers(path),
      });
      res.end(req.method === 'HEAD' ? undefined : body);
    } catch {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
    }
  });
  await new Promise((ok, fail) => server.once('error', fail).listen(port, '127.0.0.1', ok));
  server.url = `http://127.0.0.1:${server.address().port}/`;
  return server;
}

export function stop(server) {
  return new Promise((ok) => {
    server.closeAllConnections?.();
    server.close(() => ok());
  });
}

const results = [];

// OHM_E2E_ONLY=regex runs only the checks whose names match (while working on a few).
const only = process.env.OHM_E2E_ONLY ? new RegExp(process.env.OHM_E2E_ONLY) : null;

/** Runs one named check; a thrown error fails it and the run goes on. */
export async function test(name, body) {
  if (only && !only.test(name)) return;
  const t0 = Date.now();
  try {
    await body();
    results.push({ name, ok: true });
    log(`PASS ${name} (${Date.now() - t0} ms)`);
  } catch (error) {
    results.push({ name, ok: false });
    log(`FAIL ${name}: ${error?.stack ?? error}`);
  }
}

/** Records a failure that happened outside any check. */
export function failed(name, error) {
  results.push({ name, ok: false });
  log(`FAIL ${name}: ${error?.stack ?? error}`);
}

export function check(condition, message) {
  if (!condition) throw new Error(message);
}

/** Prints the closing line and returns the process exit code. */
export function summary() {
  const passed = results.filter((r) => r.ok).length;
  const failed = results.length - passed;
  console.log(`${passed} passed, ${failed} failed`);
  return failed === 0 && passed > 0 ? 0 : 1;
}
