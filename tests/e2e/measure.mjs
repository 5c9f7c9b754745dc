// Figures for the closing note of the browser app; NOT part of the pass/fail suite.
//
//   trunk build --release && node tests/e2e/measure.mjs [distDir] [--only=sizes,load,touch,levels,movenow]
//
// distDir defaults to $OHM_DIST, then dist/. Prints, for a release build served locally:
// - sizes:   the wasm, JS and CSS files, raw and gzipped;
// - load:    navigation to an interactive board (cells drawn and a click plays), cold cache
//            (fresh browser context) and warm cache (reload in the same context), median of 5;
// - touch:   the size of a hexagon in CSS px on 360x740 and 390x844 phones in portrait, for
//            9x9, 11x11, 13x13 and 19x19, flat and diamond; and whether the page scrolls;
// - levels:  Ohm's answer time at levels 1 to 6 on 11x11 (moves of an opening and of a
//            midgame: mean and max per level), with the longest main-thread task meanwhile;
// - movenow: the time from "Move now" to Ohm's stone on the board.

import { readFile, readdir, stat } from 'node:fs/promises';
import { gzipSync } from 'node:zlib';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, serve, stop } from './harness.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const args = process.argv.slice(2);
const DIST = resolve(args.find((a) => !a.startsWith('--')) ?? process.env.OHM_DIST ?? join(ROOT, 'dist'));
const only = args.find((a) => a.startsWith('--only='))?.slice('--only='.length).split(',');
const wanted = (name) => !only || only.includes(name);
const ENGINE_TIMEOUT_MS = 60_000;

const say = (...parts) => console.log(...parts);
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KiB`;
const ms = (value) => `${Math.round(value)} ms`;
const mean = (values) => values.reduce((a, b) => a + b, 0) / values.length;
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

let browser;
let baseUrl;

async function sizes() {
  say('\n== sizes (raw / gzip -9) ==');
  const files = (await readdir(DIST)).filter((f) => /\.(wasm|js|css)$/.test(f)).sort();
  const totals = { wasm: [0, 0], js: [0, 0], css: [0, 0] };
  for (const file of files) {
    const bytes = await readFile(join(DIST, file));
    const zipped = gzipSync(bytes, { level: 9 }).length;
    const kind = file.split('.').pop();
    totals[kind][0] += bytes.length;
    totals[kind][1] += zipped;
    say(`  ${file.padEnd(34)} ${kb(bytes.length).padStart(11)} ${kb(zipped).padStart(11)}`);
  }
  for (const [kind, [raw, zipped]] of Object.entries(totals)) {
    say(`  all ${kind.padEnd(30)} ${kb(raw).padStart(11)} ${kb(zipped).padStart(11)}`);
  }
}

/** Milliseconds from navigation start until the board is drawn and a click on it plays. */
async function timeToInteractive(page, run) {
  const t0 = Date.now();
  // A new query each time: a real navigation, never one within the page.
  await page.goto(`${baseUrl}?run=${run}#7c1,`);
  await page.waitForSelector('#board [data-cell="d4"].playable');
  const drawn = Date.now() - t0;
  await page.click('#board [data-cell="d4"]');
  await page.waitForSelector('#board [data-cell="d4"][data-stone]');
  const navigation = await page.evaluate(() => performance.getEntriesByType('navigation')[0]?.toJSON());
  return { drawn, interactive: Date.now() - t0, domContentLoaded: navigation?.domContentLoadedEventEnd ?? NaN };
}

async function load() {
  say('\n== first load to an interactive board, served locally (median of 5) ==');
  const runs = { cold: [], 'warm, HTTP cache': [], 'warm, service worker': [] };
  for (let i = 0; i < 5; i += 1) {
    // Cold: a fresh profile. Warm: the same profile again (the server says no-cache, so the
    // browser revalidates; compiled code may come from its code cache).
    let context = await browser.newContext({ viewport: { width: 1100, height: 760 }, serviceWorkers: 'block' });
    let page = await context.newPage();
    runs.cold.push(await timeToInteractive(page, `cold${i}`));
    await page.evaluate(() => localStorage.clear());
    runs['warm, HTTP cache'].push(await timeToInteractive(page, `warm${i}`));
    await context.close();
    // The installed app: the service worker serves every file from its cache.
    context = await browser.newContext({ viewport: { width: 1100, height: 760 } });
    page = await context.newPage();
    await page.goto(`${baseUrl}?install${i}#7c1,`);
    await page.waitForFunction(() => navigator.serviceWorker?.controller, null, { timeout: 20_000 }).catch(async () => {
      await page.reload();
      await page.waitForFunction(() => navigator.serviceWorker?.controller, null, { timeout: 20_000 });
    });
    await page.evaluate(() => localStorage.clear());
    runs['warm, service worker'].push(await timeToInteractive(page, `sw${i}`));
    await context.close();
  }
  for (const [name, list] of Object.entries(runs)) {
    say(`  ${name.padEnd(21)} board drawn ${ms(median(list.map((r) => r.drawn)))}, a click plays ${ms(median(list.map((r) => r.interactive)))}` +
      ` (DOMContentLoaded ${ms(median(list.map((r) => r.domContentLoaded)))})`);
  }
}

const VIEWPORTS = [
  { width: 360, height: 740 },
  { width: 390, height: 844 },
];

async function touch() {
  say('\n== touch targets: a hexagon, flat side to flat side, in CSS px (phone portrait) ==');
  for (const viewport of VIEWPORTS) {
    const context = await browser.newContext({ viewport, hasTouch: true, isMobile: true, deviceScaleFactor: 3 });
    const rows = [];
    for (const orientation of ['flat', 'diamond']) {
      const cells = [];
      for (const n of [9, 11, 13, 19]) {
        const page = await context.newPage();
        await page.goto(`${baseUrl}#${n}c1,`);
        await page.evaluate((o) => {
          const key = 'ohm.settings.v1';
          const settings = JSON.parse(localStorage.getItem(key) ?? '{}');
          localStorage.setItem(key, JSON.stringify({ ...settings, orientation: o }));
        }, orientation);
        await page.reload();
        await page.waitForSelector(`#board[data-orientation="${orientation}"][data-width="${n}"] [data-cell]`);
        const figures = await page.evaluate(() => {
          const centre = (name) => {
            const r = document.querySelector(`#board [data-cell="${name}"] .hex`).getBoundingClientRect();
            return [r.x + r.width / 2, r.y + r.height / 2];
          };
          const [a, b] = [centre('a1'), centre('b1')];
          const board = document.querySelector('#board').getBoundingClientRect();
          return {
            cell: Math.hypot(a[0] - b[0], a[1] - b[1]),
            board: `${Math.round(board.width)}x${Math.round(board.height)}`,
            scrolls: document.scrollingElement.scrollHeight > innerHeight || document.scrollingElement.scrollWidth > innerWidth,
          };
        });
        cells.push(`${n}x${n} ${figures.cell.toFixed(1).padStart(5)}${figures.scrolls ? ' (page scrolls)' : ''}`);
        await page.close();
      }
      rows.push(`  ${viewport.width}x${viewport.height} ${orientation.padEnd(8)} ${cells.join('   ')}`);
    }
    rows.forEach((r) => say(r));
    await context.close();
  }
}

/** Opens `fragment` with the person as Black and Ohm at `level` as White, no swap. */
async function openAgainstOhm(fragment, level) {
  const context = await browser.newContext({ viewport: { width: 1100, height: 760 } });
  const page = await context.newPage();
  await page.goto(`${baseUrl}${fragment}`);
  await page.waitForSelector('#board [data-cell]');
  if (await page.isChecked('#swap-rule').catch(() => false)) {
    await page.uncheck('#swap-rule').catch(() => {});
  }
  await page.selectOption('#black-player', 'human');
  await page.selectOption('#white-player', `ohm-${level}`);
  // The worker has loaded and answered once (the app sends the position at the start).
  await page.waitForTimeout(1_000);
  await page.evaluate(() => {
    window.__longest = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) window.__longest = Math.max(window.__longest, entry.duration);
    }).observe({ type: 'longtask' });
  });
  return page;
}

const whites = (page) => page.locator('#board [data-stone="white"]').count();

/** Plays `cell` (or, if taken, the first empty cell) and returns the ms until Ohm answers. */
async function timedMove(page, cell) {
  const before = await whites(page);
  const free = await page.$eval(`#board [data-cell="${cell}"]`, (el) => !el.dataset.stone);
  const target = free ? cell : await page.$eval('#board .cell.playable', (el) => el.dataset.cell);
  const t0 = Date.now();
  await page.click(`#board [data-cell="${target}"]`);
  await page.waitForFunction((n) => document.querySelectorAll('#board [data-stone="white"]').length > n, before, {
    timeout: ENGINE_TIMEOUT_MS,
    polling: 10,
  });
  return Date.now() - t0;
}

// Openings start from the empty board; midgames from 10 stones of a played 11x11 game.
const OPENING = { fragment: '#11c1,', moves: ['f6', 'd8', 'h4'] };
const MIDGAME = { fragment: '#11c1,f6e7g4d8h5c9i6e5d6g6', moves: ['f4', 'c6', 'h8'] };

async function levels() {
  say('\n== Ohm\'s answer time on 11x11 in the browser (click to stone; 3 opening + 3 midgame moves) ==');
  let longest = 0;
  for (let level = 1; level <= 6; level += 1) {
    const times = {};
    let task = 0;
    for (const [name, game] of [['opening', OPENING], ['midgame', MIDGAME]]) {
      const page = await openAgainstOhm(game.fragment, level);
      times[name] = [];
      for (const cell of game.moves) {
        if (await page.$eval('#status', (el) => el.dataset.state === 'won')) break;
        times[name].push(await timedMove(page, cell));
      }
      task = Math.max(task, await page.evaluate(() => window.__longest));
      await page.context().close();
    }
    const all = [...times.opening, ...times.midgame];
    const part = (list) => `mean ${ms(mean(list))} max ${ms(Math.max(...list))}`;
    say(`  level ${level}: ${part(all)}  (opening ${part(times.opening)}; midgame ${part(times.midgame)}); longest task ${ms(task)}`);
    longest = Math.max(longest, task);
  }
  say(`  longest main-thread task while Ohm thought (all levels): ${ms(longest)}`);
  say(`  (machine load average while measuring: ${(await import('node:os')).loadavg()[0].toFixed(1)} on ${(await import('node:os')).cpus().length} cores)`);
}

async function moveNow() {
  say('\n== Move now: click to Ohm\'s stone (level 6, 11x11, pressed once a best move is shown) ==');
  const times = [];
  for (const game of [OPENING, MIDGAME]) {
    const page = await openAgainstOhm(game.fragment, 6);
    for (const cell of game.moves.slice(0, 2)) {
      const before = await whites(page);
      await page.click(`#board [data-cell="${cell}"]`);
      await page.waitForSelector('#thinking[data-best]', { timeout: ENGINE_TIMEOUT_MS });
      const t0 = await page.evaluate(() => {
        document.querySelector('#move-now').click();
        return performance.now();
      });
      const t1 = await page.waitForFunction(
        (n) => document.querySelectorAll('#board [data-stone="white"]').length > n && performance.now(),
        before,
        { timeout: ENGINE_TIMEOUT_MS, polling: 'raf' },
      ).then((h) => h.jsonValue());
      times.push(t1 - t0);
    }
    say(`  longest main-thread task meanwhile: ${(await page.evaluate(() => window.__longest)).toFixed(0)} ms`);
    await page.context().close();
  }
  say(`  Move now: ${times.map((t) => ms(t)).join(', ')} (mean ${ms(mean(times))}, max ${ms(Math.max(...times))})`);
}

async function main() {
  await stat(join(DIST, 'index.html'));
  const server = await serve(DIST);
  baseUrl = server.url;
  say(`measuring the build in ${DIST}`);
  browser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: CHROMIUM_ARGS });
  try {
    if (wanted('sizes')) await sizes();
    if (wanted('load')) await load();
    if (wanted('touch')) await touch();
    if (wanted('levels')) await levels();
    if (wanted('movenow')) await moveNow();
  } finally {
    await browser.close();
    await stop(server);
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
