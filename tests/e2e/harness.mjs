// Shared pieces of the browser tests: a static server for a build, a Chromium launcher with
// the flags this machine needs, and a tiny sequential runner that ends with `N passed, M failed`.

import { mkdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { serveDirectory } from '../../scripts/static-server.mjs';

export { CROSS_ORIGIN_HEADERS } from '../../scripts/static-server.mjs';

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

const started = Date.now();
export const log = (...parts) =>
  console.log(`[${((Date.now() - started) / 1000).toFixed(1).padStart(5)}s]`, ...parts);

/**
 * Serves `dir` on 127.0.0.1 (ephemeral port unless `port` is given) with the project's static
 * server (`scripts/static-server.mjs`). `headers(path)` may add response headers. Resolves to
 * the node server; `server.url` is its base URL.
 */
export function serve(dir, { port = 0, headers = () => ({}) } = {}) {
  return serveDirectory(dir, { port, headers });
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

/**
 * Serves the release build in `dist` and starts headless Chromium, with `out` made for the
 * screenshots; without a build it says so and exits with the summary.
 */
export async function startWithBuild(dist, out) {
  try {
    check((await stat(join(dist, 'index.html'))).isFile(), 'no index.html');
  } catch {
    failed('the build', `no build in ${dist}: run \`trunk build --release\` first`);
    process.exit(summary());
  }
  await mkdir(out, { recursive: true });
  const server = await serve(dist);
  log(`serving ${dist} at ${server.url}`);
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: CHROMIUM_ARGS });
  return { server, browser };
}
