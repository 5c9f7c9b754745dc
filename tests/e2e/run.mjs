// End-to-end test of the built web app in headless Chromium.
//
//   trunk build --release && node tests/e2e/run.mjs [distDir]
//
// Serves distDir (default: dist/) on an ephemeral 127.0.0.1 port, drives the system Chromium
// with playwright-core, plays against the engine worker, saves screenshots to
// test-output/e2e/, and ends with the line `N passed, M failed` (exit code 1 on any failure).

import { createServer } from 'node:http';
import { readFile, mkdir, stat } from 'node:fs/promises';
import { dirname, extname, join, normalize, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const DIST = resolve(process.argv[2] ?? join(ROOT, 'dist'));
const OUT = join(ROOT, 'test-output', 'e2e');
const STEP_TIMEOUT_MS = 15_000;
const ENGINE_TIMEOUT_MS = 10_000;

// Console messages known to be harmless (see /work/shared/toolchain.md, pitfall 12).
const HARMLESS = [
  /integrity attribute is currently ignored for preload destinations/i,
  /using deprecated parameters for the initialization function/i,
  /favicon\.ico/i,
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
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
};

const started = Date.now();
const log = (...parts) => console.log(`[${((Date.now() - started) / 1000).toFixed(1).padStart(5)}s]`, ...parts);

/** A static server for `dir` on 127.0.0.1 with an ephemeral port. */
async function serve(dir) {
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
        'cache-control': 'no-store',
      });
      res.end(req.method === 'HEAD' ? undefined : body);
    } catch {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
    }
  });
  await new Promise((ok, fail) => server.once('error', fail).listen(0, '127.0.0.1', ok));
  return server;
}

// ---- a tiny sequential runner ----

const results = [];
async function test(name, body) {
  const t0 = Date.now();
  try {
    await body();
    results.push({ name, ok: true });
    log(`PASS ${name} (${Date.now() - t0} ms)`);
  } catch (error) {
    results.push({ name, ok: false });
    log(`FAIL ${name}: ${error?.message ?? error}`);
  }
}

function check(condition, message) {
  if (!condition) throw new Error(message);
}

// ---- page helpers ----

const unexpected = []; // console errors and page errors not known to be harmless

async function openApp(browser, baseUrl) {
  const page = await browser.newPage({ viewport: { width: 1100, height: 760 } });
  page.setDefaultTimeout(STEP_TIMEOUT_MS);
  page.on('console', (message) => {
    const text = message.text();
    if (message.type() === 'error' && !HARMLESS.some((re) => re.test(text))) {
      unexpected.push(`console.error: ${text}`);
    }
    if (message.type() === 'error' || message.type() === 'warning') log(`  console.${message.type()}: ${text}`);
  });
  page.on('pageerror', (error) => unexpected.push(`pageerror: ${error.message}`));
  page.on('response', (response) => {
    if (response.status() >= 400 && !HARMLESS.some((re) => re.test(response.url()))) {
      unexpected.push(`HTTP ${response.status()} ${response.url()}`);
    }
  });
  await page.goto(baseUrl);
  await page.waitForSelector('#board [data-cell]');
  return page;
}

const count = (page, selector) => page.locator(selector).count();
const stoneCount = (page, color) => count(page, `#board [data-stone="${color}"]`);

async function statusOf(page) {
  return page.$eval('#status', (el) => ({ state: el.dataset.state, color: el.dataset.color, text: el.textContent.trim() }));
}

/** Waits until exactly `n` stones of `color` are on the board. */
async function waitForStones(page, color, n, timeout = STEP_TIMEOUT_MS) {
  await page.waitForFunction(
    ([c, k]) => document.querySelectorAll(`#board [data-stone="${c}"]`).length === k,
    [color, n],
    { timeout },
  );
}

async function chooseSize(page, width, height) {
  await page.selectOption('#board-width', String(width));
  await page.selectOption('#board-height', String(height));
  await page.waitForFunction(
    ([w, h]) => document.querySelectorAll('#board [data-cell]').length === w * h,
    [width, height],
  );
}

// ---- the tests ----

async function main() {
  try {
    check((await stat(join(DIST, 'index.html'))).isFile(), 'no index.html');
  } catch {
    console.log(`no build in ${DIST}: run \`trunk build --release\` first`);
    console.log('0 passed, 1 failed');
    process.exit(1);
  }
  await mkdir(OUT, { recursive: true });
  const server = await serve(DIST);
  const baseUrl = `http://127.0.0.1:${server.address().port}/`;
  log(`serving ${DIST} at ${baseUrl}`);

  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    headless: true,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
      '--disable-sync',
    ],
  });

  try {
    let page;
    await test('the app loads and draws an 11x11 board with its four edges', async () => {
      const t0 = Date.now();
      page = await openApp(browser, baseUrl);
      log(`  board rendered ${Date.now() - t0} ms after navigation`);
      check((await count(page, '#board [data-cell]')) === 121, 'expected 121 cells');
      check((await count(page, '#board [data-cell="a1"]')) === 1, 'no a1');
      check((await count(page, '#board [data-cell="k11"]')) === 1, 'no k11');
      check((await count(page, '#board [data-stone]')) === 0, 'the board is not empty');
      check((await count(page, '#board .edge.black')) === 2, 'expected two red (Black) edges');
      check((await count(page, '#board .edge.white')) === 2, 'expected two blue (White) edges');
      check((await count(page, '#board .coordinates text')) === 22, 'expected 11 letters and 11 numbers');
      const status = await statusOf(page);
      check(status.state === 'to-move' && status.color === 'black', `status ${JSON.stringify(status)}`);
    });

    await test('a click places a Black stone and the worker answers with a White one', async () => {
      check(page, 'no page');
      await page.click('#board [data-cell="f6"]');
      await page.waitForSelector('#board [data-cell="f6"][data-stone="black"]', { timeout: 2_000 });
      const t0 = Date.now();
      await waitForStones(page, 'white', 1, ENGINE_TIMEOUT_MS);
      log(`  engine replied ${Date.now() - t0} ms after the click was drawn`);
      const reply = await page.$eval('#board [data-stone="white"]', (el) => ({ cell: el.dataset.cell, last: el.dataset.last }));
      log(`  Ohm played ${reply.cell}`);
      check(reply.last === 'true', 'the engine move is not marked as the last move');
      check((await count(page, '#board [data-last]')) === 1, 'more than one last-move mark');
      check((await stoneCount(page, 'black')) === 1, 'Black should still have one stone');
      check(page.workers().length >= 1, 'no Web Worker is running');
      const status = await statusOf(page);
      check(status.state === 'to-move' && status.color === 'black', `status after the reply ${JSON.stringify(status)}`);
      await page.screenshot({ path: join(OUT, 'first-exchange.png') });
    });

    await test('clicking an occupied cell changes nothing', async () => {
      await page.click('#board [data-cell="f6"]');
      await page.waitForTimeout(300);
      check((await stoneCount(page, 'black')) === 1 && (await stoneCount(page, 'white')) === 1, 'stones changed');
    });

    await test('a second exchange, then undo takes back both moves', async () => {
      const empty = await page.$eval('#board .cell.playable', (el) => el.dataset.cell);
      await page.click(`#board [data-cell="${empty}"]`);
      await waitForStones(page, 'black', 2);
      await waitForStones(page, 'white', 2, ENGINE_TIMEOUT_MS);
      await page.click('#undo');
      await waitForStones(page, 'white', 1);
      await waitForStones(page, 'black', 1);
      check((await count(page, `#board [data-cell="${empty}"][data-stone]`)) === 0, `${empty} not emptied`);
    });

    await test('a non-square 7x4 board: 28 cells, play and reply', async () => {
      await chooseSize(page, 7, 4);
      check((await count(page, '#board [data-stone]')) === 0, 'a new board must be empty');
      check((await count(page, '#board [data-cell="g4"]')) === 1, 'no g4');
      check((await count(page, '#board [data-cell="a5"]')) === 0, 'a5 is off the board');
      await page.click('#board [data-cell="d2"]');
      await waitForStones(page, 'black', 1);
      await waitForStones(page, 'white', 1, ENGINE_TIMEOUT_MS);
      await page.screenshot({ path: join(OUT, 'board-7x4.png') });
    });

    await test('on a 1x1 board the first stone wins', async () => {
      await chooseSize(page, 1, 1);
      await page.click('#board [data-cell="a1"]');
      await page.waitForSelector('#status[data-state="won"]');
      const status = await statusOf(page);
      check(status.color === 'black', `winner ${JSON.stringify(status)}`);
      check((await count(page, '#board .cell.winning')) === 1, 'the winning stone is not marked');
      await page.waitForTimeout(300);
      check((await stoneCount(page, 'white')) === 0, 'the engine moved after the game ended');
    });

    await test('when Ohm plays Black it opens the game on its own', async () => {
      await chooseSize(page, 9, 9);
      await page.selectOption('#engine-side', 'black');
      await waitForStones(page, 'black', 1, ENGINE_TIMEOUT_MS);
      check((await stoneCount(page, 'white')) === 0, 'a White stone appeared');
      const status = await statusOf(page);
      check(status.state === 'to-move' && status.color === 'white', `status ${JSON.stringify(status)}`);
      await page.screenshot({ path: join(OUT, 'ohm-plays-black.png') });
    });

    await test('a full game against the engine on 5x5 ends with a winner', async () => {
      await page.selectOption('#engine-side', 'white');
      await chooseSize(page, 5, 5);
      for (let move = 0; move < 13; move += 1) {
        if ((await statusOf(page)).state === 'won') break;
        const blackBefore = await stoneCount(page, 'black');
        const cell = await page.$eval('#board .cell.playable', (el) => el.dataset.cell);
        await page.click(`#board [data-cell="${cell}"]`);
        await waitForStones(page, 'black', blackBefore + 1);
        await page.waitForFunction(() => ['to-move', 'won'].includes(document.querySelector('#status').dataset.state), null, {
          timeout: ENGINE_TIMEOUT_MS,
        });
      }
      const status = await statusOf(page);
      log(`  final status: ${status.text}`);
      check(status.state === 'won', `no winner: ${JSON.stringify(status)}`);
      check((await count(page, '#board .cell.playable')) === 0, 'cells are still playable after the end');
      await page.screenshot({ path: join(OUT, 'finished-5x5.png') });
    });

    await test('no unexpected console errors, page errors or failed requests', async () => {
      check(unexpected.length === 0, unexpected.join(' | '));
    });
  } finally {
    await browser.close();
    server.close();
  }

  const passed = results.filter((r) => r.ok).length;
  const failed = results.length - passed;
  log(`screenshots in ${OUT}`);
  console.log(`${passed} passed, ${failed} failed`);
  process.exit(failed === 0 ? 0 : 1);
}

main().catch((error) => {
  console.error(error);
  console.log(`${results.filter((r) => r.ok).length} passed, ${results.filter((r) => !r.ok).length + 1} failed`);
  process.exit(1);
});
