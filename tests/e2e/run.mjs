// End-to-end test of the built web app in headless Chromium.
//
//   trunk build --release && node tests/e2e/run.mjs [distDir]
//
// Serves distDir (default: $OHM_DIST, else dist/) on an ephemeral 127.0.0.1 port, drives the system Chromium
// with playwright-core, plays against the engine worker, saves screenshots to
// test-output/e2e/, and ends with the line `N passed, M failed` (exit code 1 on any failure).

import { readFile, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { check, failed, log, startWithBuild, stop, summary, test } from './harness.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const DIST = resolve(process.argv[2] ?? process.env.OHM_DIST ?? join(ROOT, 'dist'));
// What an 11x11 board's hexagon measures at least, flat side to flat side, on a 390x844 phone
// held upright (measured: 29.9 px, the board standing on its corner; tests/e2e/measure.mjs).
const PHONE_CELL_PX = 29;
const OUT = join(ROOT, 'test-output', 'e2e');
const STEP_TIMEOUT_MS = 15_000;
const ENGINE_TIMEOUT_MS = 10_000;

// Console messages known to be harmless (see /work/shared/toolchain.md, pitfall 12).
const HARMLESS = [
  /integrity attribute is currently ignored for preload destinations/i,
  /using deprecated parameters for the initialization function/i,
  /favicon\.ico/i,
];

// ---- page helpers ----

const unexpected = []; // console errors and page errors not known to be harmless

let browser;
let baseUrl;

/** Opens the app at `path` (query and fragment) in a fresh browser context (empty storage). */
async function openApp(path = '', { viewport = { width: 1100, height: 760 }, context } = {}) {
  const ctx = context ?? (await browser.newContext({ viewport, acceptDownloads: true }));
  const page = await ctx.newPage();
  page.setDefaultTimeout(STEP_TIMEOUT_MS);
  page.on('console', (message) => {
    const text = message.text();
    if (message.type() === 'error' && !HARMLESS.some((re) => re.test(text))) {
      unexpected.push(`console.error: ${text}`);
    }
    if (message.type() === 'error') log(`  console.${message.type()}: ${text}`);
  });
  page.on('pageerror', (error) => unexpected.push(`pageerror: ${error.message}`));
  page.on('response', (response) => {
    if (response.status() >= 400 && !HARMLESS.some((re) => re.test(response.url()))) {
      unexpected.push(`HTTP ${response.status()} ${response.url()}`);
    }
  });
  await page.goto(baseUrl + path);
  await page.waitForSelector('#board [data-cell]');
  return page;
}

const count = (page, selector) => page.locator(selector).count();
const stoneCount = (page, color) => count(page, `#board [data-stone="${color}"]`);
const stoneAt = (page, cell) => page.$eval(`#board [data-cell="${cell}"]`, (el) => el.dataset.stone ?? null);
const hashOf = (page) => page.evaluate(() => decodeURIComponent(location.hash));

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

/** Waits until the status line is in `state`. */
async function waitForState(page, state, timeout = STEP_TIMEOUT_MS) {
  await page.waitForFunction((s) => document.querySelector('#status')?.dataset.state === s, state, { timeout });
}

/** Starts a new game of this size (the size applies when New game is pressed). */
async function chooseSize(page, width, height) {
  await page.selectOption('#board-width', String(width));
  await page.selectOption('#board-height', String(height));
  await page.click('#new-game');
  await page.waitForFunction(
    ([w, h]) => document.querySelectorAll('#board [data-cell]').length === w * h,
    [width, height],
  );
}

/** Sets who plays each colour, people first, so that Ohm never briefly plays both sides.
 *  A player is 'human', 'ohm-N' (Ohm at level N) or 'ohm' (Ohm at the default level 4). */
async function setPlayers(page, black, white) {
  const value = (player) => (player === 'ohm' ? 'ohm-4' : player);
  const choices = [['#black-player', value(black)], ['#white-player', value(white)]];
  choices.sort((a, b) => (a[1] === 'human' ? 0 : 1) - (b[1] === 'human' ? 0 : 1));
  for (const [select, player] of choices) await page.selectOption(select, player);
}

/** Clicks some empty cell and waits for its stone. */
async function playAnywhere(page) {
  const cell = await page.$eval('#board .cell.playable', (el) => el.dataset.cell);
  await page.click(`#board [data-cell="${cell}"]`);
  await page.waitForSelector(`#board [data-cell="${cell}"][data-stone]`);
  return cell;
}

/** Opens a collapsed panel section. */
async function openSection(page, id) {
  await page.$eval(`#${id}`, (el) => {
    el.open = true;
  });
}

/** The stones on the board as `cell:color` strings, sorted. */
async function stonesOf(page) {
  return page.$$eval('#board [data-stone]', (els) => els.map((el) => `${el.dataset.cell}:${el.dataset.stone}`).sort());
}

async function importText(page, text) {
  await openSection(page, 'io-section');
  await page.fill('#import-text', text);
  await page.click('#import');
}

/** Clicks an export button and returns the text shown for it. */
async function exportText(page, button) {
  await openSection(page, 'io-section');
  await page.click(button);
  await page.waitForSelector('#export-text');
  return page.$eval('#export-text', (el) => el.value);
}

/** Clicks `button` and returns the downloaded file's name and bytes. */
async function download(page, button) {
  const [file] = await Promise.all([page.waitForEvent('download'), page.click(button)]);
  const path = await file.path();
  return { name: file.suggestedFilename(), bytes: await readFile(path) };
}

// ---- the tests ----

async function main() {
  let server;
  ({ server, browser } = await startWithBuild(DIST, OUT));
  baseUrl = server.url;

  try {
    let page;
    await test('the app loads and draws an 11x11 board with its four edges', async () => {
      const t0 = Date.now();
      page = await openApp();
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
      const label = await page.$eval('#board [data-cell="f6"]', (el) => el.getAttribute('aria-label'));
      check(label === 'f6, empty', `f6 label ${label}`);
    });

    await test('a click places a Black stone and the worker answers with a White one', async () => {
      // Ohm keeps a first stone at c3 (near the acute corner) rather than swapping it.
      await page.click('#board [data-cell="c3"]');
      await page.waitForSelector('#board [data-cell="c3"][data-stone="black"]', { timeout: 2_000 });
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
      const said = await page.$eval('#announcer', (el) => el.textContent);
      check(said.includes(`White played ${reply.cell}`), `announcement: ${said}`);
      const label = await page.$eval('#board [data-cell="c3"]', (el) => el.getAttribute('aria-label'));
      check(label === 'c3, Black (red)', `c3 label ${label}`);
      await page.screenshot({ path: join(OUT, 'first-exchange.png') });
    });

    await test('clicking an occupied cell changes nothing', async () => {
      await page.click('#board [data-cell="c3"]');
      await page.waitForTimeout(200);
      check((await stoneCount(page, 'black')) === 1 && (await stoneCount(page, 'white')) === 1, 'stones changed');
    });

    await test('a second exchange, undo takes back both moves, redo replays them', async () => {
      const before = await stonesOf(page);
      const target = (await stoneAt(page, 'j3')) ? await page.$eval('#board .cell.playable', (el) => el.dataset.cell) : 'j3';
      await page.click(`#board [data-cell="${target}"]`);
      await waitForStones(page, 'black', 2);
      await waitForStones(page, 'white', 2, ENGINE_TIMEOUT_MS);
      const after = await stonesOf(page);
      await page.click('#undo');
      await waitForStones(page, 'white', 1);
      await waitForStones(page, 'black', 1);
      check(JSON.stringify(await stonesOf(page)) === JSON.stringify(before), 'undo did not restore the position');
      await page.click('#redo');
      await waitForStones(page, 'white', 2);
      check(JSON.stringify(await stonesOf(page)) === JSON.stringify(after), 'redo did not replay both moves');
      await page.waitForTimeout(200);
      check((await stoneCount(page, 'white')) === 2, 'Ohm moved again after redo');
    });

    await test('reload keeps the game, the players and the settings', async () => {
      await openSection(page, 'options-section');
      await page.uncheck('#show-coordinates');
      check((await count(page, '#board .coordinates')) === 0, 'coordinates still shown');
      const before = await stonesOf(page);
      const hash = await hashOf(page);
      const t0 = Date.now();
      await page.reload();
      await page.waitForSelector('#board [data-stone]');
      log(`  board rendered ${Date.now() - t0} ms after a reload (warm cache)`);
      check(JSON.stringify(await stonesOf(page)) === JSON.stringify(before), 'the stones changed on reload');
      check((await hashOf(page)) === hash, `hash ${await hashOf(page)} != ${hash}`);
      check((await count(page, '#board .coordinates')) === 0, 'the coordinates setting was lost');
      check((await page.$eval('#white-player', (el) => el.value)) === 'ohm-4', 'players lost');
      await openSection(page, 'options-section');
      await page.check('#show-coordinates');
      // Undo still works after the reload: the record came back whole.
      await page.click('#undo');
      await waitForStones(page, 'black', 1);
    });

    await test('a non-square 7x4 board: 28 cells, play and reply', async () => {
      await chooseSize(page, 7, 4);
      check((await count(page, '#board [data-stone]')) === 0, 'a new board must be empty');
      check((await count(page, '#board [data-cell="g4"]')) === 1, 'no g4');
      check((await count(page, '#board [data-cell="a5"]')) === 0, 'a5 is off the board');
      await page.click('#board [data-cell="d2"]');
      await waitForStones(page, 'black', 1);
      await waitForStones(page, 'white', 1, ENGINE_TIMEOUT_MS);
      check((await hashOf(page)).startsWith('#7x4c1,d2'), `hash ${await hashOf(page)}`);
      await page.screenshot({ path: join(OUT, 'board-7x4.png') });
    });

    await test('on a 1x1 board the first stone wins and the game-over card says so', async () => {
      await chooseSize(page, 1, 1);
      await page.click('#board [data-cell="a1"]');
      await waitForState(page, 'won');
      const status = await statusOf(page);
      check(status.color === 'black', `winner ${JSON.stringify(status)}`);
      check((await count(page, '#board .cell.winning')) === 1, 'the winning stone is not marked');
      await page.waitForSelector('#game-over');
      check((await page.textContent('#game-over')).includes('You win'), 'the card does not name the winner');
      await page.click('#dialog-review');
      check((await count(page, '#game-over')) === 0, 'the card did not close');
      await page.waitForTimeout(200);
      check((await stoneCount(page, 'white')) === 0, 'the engine moved after the game ended');
    });

    await test('when Ohm plays Black it opens the game on its own', async () => {
      await chooseSize(page, 9, 9);
      await setPlayers(page, 'ohm', 'human');
      await waitForStones(page, 'black', 1, ENGINE_TIMEOUT_MS);
      check((await stoneCount(page, 'white')) === 0, 'a White stone appeared');
      const status = await statusOf(page);
      check(status.state === 'to-move' && status.color === 'white', `status ${JSON.stringify(status)}`);
      await page.screenshot({ path: join(OUT, 'ohm-plays-black.png') });
    });

    await test('swap: offered to the person at move two; Ohm swaps a central opening', async () => {
      // Ohm is Black on 9x9 and has opened: the person (White) may swap.
      await page.waitForSelector('#swap');
      const first = (await stonesOf(page))[0].split(':')[0];
      await page.click('#swap');
      // The stone is mirrored and becomes White's; then Ohm (Black) moves again.
      await waitForStones(page, 'black', 1, ENGINE_TIMEOUT_MS);
      check((await stoneCount(page, 'white')) === 1, 'no White stone after the swap');
      const moves = await page.$$eval('#moves .move .text', (els) => els.map((el) => el.textContent));
      check(moves[0] === first && moves[1] === 'swap' && moves.length === 3, `moves ${moves}`);
      check((await count(page, '#swap')) === 0, 'swap still offered');
      check((await hashOf(page)).includes(':s'), `hash ${await hashOf(page)}`);
      // Ohm (level 4) as the second player swaps the centre of 11x11.
      await setPlayers(page, 'human', 'ohm-4');
      await chooseSize(page, 11, 11);
      await page.click('#board [data-cell="f6"]');
      await page.waitForFunction(() => document.querySelectorAll('#moves .move').length === 2, null, { timeout: ENGINE_TIMEOUT_MS });
      const reply = await page.$$eval('#moves .move .text', (els) => els.map((el) => el.textContent));
      check(reply[1] === 'swap', `Ohm answered f6 with ${reply[1]}`);
      check((await stoneAt(page, 'f6')) === 'white', 'f6 is not White after the swap');
      check((await count(page, '#swap-rule:disabled')) === 1, 'the swap rule can still be changed after a swap');
    });

    await test('resign ends the game for the other side', async () => {
      await page.click('#resign');
      await waitForState(page, 'won');
      const status = await statusOf(page);
      check(status.color === 'white' && status.text.includes('resignation'), `status ${JSON.stringify(status)}`);
      await page.waitForSelector('#game-over');
      await page.click('#dialog-new-game');
      await page.waitForFunction(() => document.querySelectorAll('#board [data-stone]').length === 0);
      check((await statusOf(page)).state === 'to-move', 'no new game');
    });

    await test('a full game against the engine on 5x5 ends with a winner', async () => {
      await page.uncheck('#swap-rule');
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
      await page.close();
    });

    await test('move list: first/prev/next/last, arrow keys, click a move, variations', async () => {
      page = await openApp('#7c1,');
      await setPlayers(page, 'human', 'human');
      for (const cell of ['d4', 'c5', 'e2', 'b3']) {
        await page.click(`#board [data-cell="${cell}"]`);
      }
      await waitForStones(page, 'white', 2);
      await page.click('#first');
      await waitForStones(page, 'black', 0);
      check((await count(page, '#board [data-stone]')) === 0, 'first is not the empty board');
      await page.click('#moves'); // focus away from the board
      await page.keyboard.press('ArrowRight');
      await page.keyboard.press('ArrowRight');
      await waitForStones(page, 'white', 1);
      check((await page.textContent('#move-counter')).trim() === '2 / 4', `counter ${await page.textContent('#move-counter')}`);
      check((await hashOf(page)) === '#7c1,d4c5,e2b3', `hash while reviewing ${await hashOf(page)}`);
      await page.click('#last');
      await waitForStones(page, 'white', 2);
      await page.click('#prev');
      await waitForStones(page, 'white', 1);
      await page.click('#moves [data-move="1"] .move-button');
      await waitForStones(page, 'white', 0);
      await page.keyboard.press('End');
      await waitForStones(page, 'white', 2);
      // A different move while reviewing starts a variation; the old line stays.
      await page.keyboard.press('Home');
      await page.keyboard.press('ArrowRight');
      await page.keyboard.press('ArrowRight');
      await waitForStones(page, 'white', 1);
      await page.click('#board [data-cell="a7"]');
      await waitForStones(page, 'black', 2);
      const moves = await page.$$eval('#moves .move .text', (els) => els.map((el) => el.textContent));
      check(JSON.stringify(moves) === '["d4","c5","a7"]', `line ${moves}`);
      check((await count(page, '#moves .variation')) === 1, 'no variation shown');
      await page.click('#moves .variation');
      await page.click('#last');
      const back = await page.$$eval('#moves .move .text', (els) => els.map((el) => el.textContent));
      check(JSON.stringify(back) === '["d4","c5","e2","b3"]', `old line ${back}`);
      await page.screenshot({ path: join(OUT, 'variations.png') });
    });

    await test('URL round-trip: a link opens the same position, cursor included', async () => {
      await page.click('#prev');
      const hash = await hashOf(page);
      const stones = await stonesOf(page);
      const linked = await openApp(hash);
      check(JSON.stringify(await stonesOf(linked)) === JSON.stringify(stones), 'the link shows other stones');
      check((await linked.textContent('#move-counter')).trim() === '3 / 4', 'the cursor was lost');
      check((await hashOf(linked)) === hash, `hash rewritten to ${await hashOf(linked)}`);
      // A HexWorld URL's fragment opens too, and changing the hash loads it.
      await linked.evaluate(() => {
        location.hash = '#9c1,e5:sd4';
      });
      await linked.waitForFunction(() => document.querySelectorAll('#board [data-cell]').length === 81);
      check((await stoneAt(linked, 'e5')) === 'white' && (await stoneAt(linked, 'd4')) === 'black', 'hash change not loaded');
      await linked.context().close();
    });

    await test('import each format and export it back', async () => {
      const cases = [
        { name: 'HSGF', text: '(;FF[4]GM[11]SZ[9]PB[ann];B[e5];W[swap-pieces];B[c3](;W[g7])(;W[d6]))', black: 1, white: 2, variations: 1 },
        { name: 'Little Golem', text: '(;FF[4]EV[hex.mc.2010.oct.1.11]PB[a]PW[b]SZ[13];W[mf];B[swap];W[ed];B[gg])', black: 1, white: 2 },
        { name: 'HexWorld', text: 'https://hexworld.org/board/#11c1,f6:se8', black: 1, white: 1, hexworld: '11c1,f6:se8' },
        { name: 'trmph', text: 'https://trmph.com/hex/board#11,a1a1c3', black: 1, white: 1, trmph: 'https://trmph.com/hex/board#11,a1a1c3' },
        { name: 'move list', text: 'c3 swap-pieces b5 e2', black: 1, white: 2, moves: 'c3 swap-pieces b5 e2' },
      ];
      for (const c of cases) {
        await importText(page, c.text);
        await page.waitForSelector('#import-result');
        const result = await page.textContent('#import-result');
        check(result.includes(c.name), `${c.name}: ${result}`);
        check((await stoneCount(page, 'black')) === c.black && (await stoneCount(page, 'white')) === c.white, `${c.name}: stones ${await stonesOf(page)}`);
        if (c.variations) check((await count(page, '#moves .variation')) === c.variations, `${c.name}: variations lost`);
        const stones = await stonesOf(page);
        // Export in the format it came in (Little Golem through HSGF), import again: same game.
        let again;
        if (c.name === 'HSGF' || c.name === 'Little Golem') {
          const file = await download(page, '#export-hsgf');
          check(file.name.endsWith('.sgf'), `file ${file.name}`);
          again = file.bytes.toString('utf8');
          check(again.startsWith('(;FF[4]GM[11]'), `${c.name}: HSGF ${again}`);
          if (c.variations) check(again.includes('(;W[g7])') && again.includes('(;W[d6])'), `variations not written: ${again}`);
        } else if (c.hexworld) {
          again = await exportText(page, '#export-hexworld');
          check(again === `https://hexworld.org/board/#${c.hexworld}`, `HexWorld export ${again}`);
        } else if (c.trmph) {
          again = await exportText(page, '#export-trmph');
          check(again === c.trmph, `trmph export ${again}`);
        } else {
          again = await exportText(page, '#export-moves');
          check(again === c.moves, `move list export ${again}`);
        }
        await importText(page, again);
        await page.waitForSelector('#import-result');
        check(JSON.stringify(await stonesOf(page)) === JSON.stringify(stones), `${c.name}: the round trip changed the game`);
      }
    });

    await test('a malformed import shows what and where, and keeps the game', async () => {
      const stones = await stonesOf(page);
      const hash = await hashOf(page);
      await importText(page, '(;FF[4]GM[11]SZ[9]\n;B[e5];W[e5])');
      await page.waitForSelector('#import-error');
      const error = await page.textContent('#import-error');
      check(error.includes('move 2'), `the error does not name the move: ${error}`);
      await importText(page, 'https://hexworld.org/board/#11c1,f6zz9');
      await page.waitForFunction(() => document.querySelector('#import-error pre')?.textContent.includes('^'));
      const where = await page.textContent('#import-error');
      check(where.includes('Line 1') && where.includes('zz9'), `no place shown: ${where}`);
      check(JSON.stringify(await stonesOf(page)) === JSON.stringify(stones), 'the game changed');
      check((await hashOf(page)) === hash, 'the address changed');
      await page.screenshot({ path: join(OUT, 'import-error.png') });
    });

    await test('export the board as SVG and PNG images', async () => {
      const svg = await download(page, '#export-svg');
      const text = svg.bytes.toString('utf8');
      check(svg.name === 'ohm-board.svg' && text.startsWith('<svg') && text.includes('<style>'), `SVG ${text.slice(0, 80)}`);
      check((text.match(/data-stone=/g) ?? []).length === (await count(page, '#board [data-stone]')), 'SVG stones differ');
      const png = await download(page, '#export-png');
      check(png.bytes.subarray(1, 4).toString('latin1') === 'PNG' && png.bytes.length > 5_000, `PNG of ${png.bytes.length} bytes`);
      await writeFile(join(OUT, 'export.png'), png.bytes);
      await page.context().close();
    });

    await test('keyboard play: arrow keys and Enter, or type a cell and Enter', async () => {
      page = await openApp('#5c1,');
      await setPlayers(page, 'human', 'human');
      await page.focus('#board');
      // The cursor starts at the centre (c3); right, down: d4.
      await page.keyboard.press('ArrowRight');
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('Enter');
      await page.waitForSelector('#board [data-cell="d4"][data-stone="black"]');
      check((await page.$eval('#board', (el) => el.getAttribute('aria-activedescendant'))) === 'cell-d4', 'active cell not d4');
      await page.keyboard.type('b2');
      await page.keyboard.press('Enter');
      await page.waitForSelector('#board [data-cell="b2"][data-stone="white"]');
      const said = await page.$eval('#announcer', (el) => el.textContent);
      check(said.includes('White played b2'), `announcement ${said}`);
      await page.screenshot({ path: join(OUT, 'keyboard.png') });
    });

    await test('set-up mode: place stones, choose who moves, then play from there', async () => {
      await openSection(page, 'setup-section');
      await page.click('#setup-start');
      await page.click('#board [data-cell="a1"]'); // empty -> Black
      await page.click('#board [data-cell="e5"]');
      await page.click('#board [data-cell="e5"]'); // Black -> White
      await page.click('#board [data-cell="d4"]'); // Black -> White
      await page.click('#board [data-cell="d4"]'); // White -> empty
      await page.selectOption('#setup-to-move', 'white');
      await page.click('#setup-done');
      const stones = await stonesOf(page);
      check(JSON.stringify(stones) === '["a1:black","b2:white","e5:white"]', `set-up ${stones}`);
      check((await count(page, '#moves .move')) === 0, 'set-up stones are listed as moves');
      check((await statusOf(page)).color === 'white', 'White is not to move');
      check((await hashOf(page)) === '', 'HexWorld cannot hold set-up: the hash should be gone');
      await page.click('#board [data-cell="c3"]');
      await page.waitForSelector('#board [data-cell="c3"][data-stone="white"]');
      await openSection(page, 'io-section');
      const file = await download(page, '#export-hsgf');
      const text = file.bytes.toString('utf8');
      check(text.includes('AB[a1]') && text.includes('PL[W]') && text.includes(';W[c3]'), `HSGF ${text}`);
      await page.reload();
      await page.waitForSelector('#board [data-cell="c3"][data-stone="white"]');
      check((await stoneAt(page, 'a1')) === 'black', 'the set-up was not restored on reload');
    });

    await test('board options: move numbers, orientations, palettes', async () => {
      await openSection(page, 'options-section');
      await page.check('#show-numbers');
      const numbers = await page.$$eval('#board .move-number', (els) => els.map((el) => el.textContent));
      check(JSON.stringify(numbers) === '["1"]', `numbers ${numbers}`);
      for (const orientation of ['flipped', 'diamond', 'diamond-flipped', 'flat']) {
        await page.selectOption('#orientation', orientation);
        await page.waitForSelector(`#board[data-orientation="${orientation}"]`);
        if (orientation !== 'flat') await page.screenshot({ path: join(OUT, `orientation-${orientation}.png`) });
      }
      const box = async (cell) => page.$eval(`#board [data-cell="${cell}"] .hex`, (el) => el.getBoundingClientRect().toJSON());
      await page.selectOption('#orientation', 'flipped');
      const [a5, e1] = [await box('a5'), await box('e1')];
      check(a5.x > e1.x, 'flipped: row 5 should be to the right of column e');
      await page.selectOption('#orientation', 'flat');
      for (const palette of ['colour-blind', 'high-contrast', 'classic']) {
        await page.selectOption('#palette', palette);
        await page.waitForSelector(`.app[data-palette="${palette}"]`);
        if (palette !== 'classic') await page.screenshot({ path: join(OUT, `palette-${palette}.png`) });
      }
      await page.context().close();
    });

    await test('a hung or closed worker is replaced and the position re-sent', async () => {
      page = await openApp('?watchdog=1500#7c1,');
      await page.uncheck('#swap-rule');
      await setPlayers(page, 'human', 'ohm-1');
      await page.click('#board [data-cell="b6"]');
      await waitForStones(page, 'white', 1, ENGINE_TIMEOUT_MS);
      // Hang the worker in an endless loop (started as a task of its own, as a runaway search
      // would be), then move: the watchdog must terminate it and start another.
      await page.workers()[0].evaluate(() => {
        setTimeout(() => {
          for (;;) {}
        }, 0);
      });
      await page.waitForTimeout(100);
      const t0 = Date.now();
      await playAnywhere(page);
      await waitForStones(page, 'white', 2, 8_000);
      log(`  reply after a hang: ${Date.now() - t0} ms`);
      check(Date.now() - t0 >= 1_400, 'the reply came too fast: was the worker hung?');
      // Close the new worker from inside: a dead worker.
      for (let i = 0; i < 30 && page.workers().length > 1; i += 1) await page.waitForTimeout(100);
      check(page.workers().length === 1, `${page.workers().length} workers: the hung one was not terminated`);
      await page.workers()[0].evaluate(() => self.close()).catch(() => {});
      await playAnywhere(page);
      await waitForStones(page, 'white', 3, 8_000);
      check((await statusOf(page)).state === 'to-move', `status ${JSON.stringify(await statusOf(page))}`);
      await page.context().close();
    });

    await test('analysis: a proven winning connection is shaded and labelled proven', async () => {
      // 5x5, Black c3: ziggurats to both edges, so Black's win is proven; White is to move.
      page = await openApp('#5c1,c3');
      await openSection(page, 'analysis-section');
      check((await count(page, '#analysis-legend dt')) >= 6, 'no legend');
      await page.check('#show-winning');
      await page.waitForSelector('#board .proven-label.black');
      check((await page.textContent('#board .proven-label.black')).trim() === 'proven', 'label text');
      const carrier = await page.$$eval('#board .cell:has(.shade.carrier-black)', (els) => els.map((el) => el.dataset.cell));
      log(`  Black's proven carrier: ${carrier.join(' ')}`);
      check(carrier.length >= 8 && !carrier.includes('c3'), `carrier ${carrier}`);
      check((await count(page, '#board .shade.carrier-white')) === 0, 'White has no proven connection');
      check((await count(page, '#proven-black[data-proven="true"]')) === 1, 'the panel does not say proven');
      const title = await page.$eval(`#board [data-cell="${carrier[0]}"]`, (el) => el.getAttribute('aria-label'));
      check(title.includes("Black's proven connection"), `label ${title}`);
      await page.check('#show-must-play');
      await page.waitForSelector('#must-play');
      check((await page.textContent('#must-play')).includes('no move stops'), await page.textContent('#must-play'));
      const status = await page.$eval('#analysis-status', (el) => el.textContent);
      log(`  ${status}`);
      // The overlays follow the position: after a move they are recomputed for the new one.
      await page.click('#board [data-cell="a1"]');
      await page.waitForSelector('#board [data-cell="a1"][data-stone="white"]');
      await page.waitForFunction(() => document.querySelector('#analysis-status').dataset.state === 'ready');
      await page.waitForSelector('#board .proven-label.black');
      check(!(await page.$$eval('#board .cell:has(.shade.carrier-black)', (els) => els.map((el) => el.dataset.cell))).includes('a1'), 'a stone in the carrier');
      await page.screenshot({ path: join(OUT, 'analysis-proven.png') });
      await page.context().close();
    });

    await test('analysis: a bridge has 1 full and 2 semi carriers with a derivation', async () => {
      page = await openApp('#7c1,c3a7d4');
      await openSection(page, 'analysis-section');
      await page.check('#show-between');
      // Clicks now pick ends (stones included) instead of playing.
      await page.click('#board [data-cell="c3"]');
      await page.click('#board [data-cell="d4"]');
      await page.waitForSelector('#between-summary[data-full="1"][data-semi="2"]');
      check((await count(page, '#board [data-stone]')) === 3, 'a click played a stone');
      const full = await page.$$eval('#board .cell:has(.shade.between-carrier)', (els) => els.map((el) => el.dataset.cell).sort());
      check(JSON.stringify(full) === '["c4","d3"]', `full carrier ${full}`);
      const steps = await page.$$eval('#derivation li', (els) => els.map((el) => el.textContent));
      log(`  derivation: ${steps.join(' / ')}`);
      check(steps.length >= 3 && steps.at(-1).startsWith('OR rule'), `steps ${steps}`);
      await page.click('#conn-next');
      await page.waitForFunction(() => document.querySelector('#conn-label').dataset.kind === 'semi');
      const label = await page.textContent('#conn-label');
      check(/Semi 1 of 2, key (c4|d3)/.test(label), `label ${label}`);
      check((await count(page, '#board .shade.key')) === 1, 'the key is not marked');
      await page.click('#conn-next');
      await page.click('#conn-next');
      check((await page.textContent('#conn-label')).startsWith('Full 1 of 1'), 'cycling does not wrap');
      // An edge as an end: c3 to the north edge.
      await page.click('#ends-clear');
      await page.click('#board [data-cell="c3"]');
      await page.click('#end-north');
      await page.waitForFunction(() => Number(document.querySelector('#between-summary')?.dataset.full) > 0);
      check((await count(page, '#board .edge-picked[data-edge="north"]')) === 1, 'the edge is not marked');
      await page.screenshot({ path: join(OUT, 'analysis-between.png') });
      // Picking off: clicks play again.
      await page.uncheck('#show-between');
      await page.click('#board [data-cell="a1"]');
      await page.waitForSelector('#board [data-cell="a1"][data-stone="white"]');
      await page.context().close();
    });

    await test('analysis: dead and captured cells, heat map and evaluation bar', async () => {
      // 5x5 b2 e5 d2, White to move: `ohm` compute-inferior w gives c2 dead (filled by Black),
      // b1 c1 d1 e1 captured by Black, a1 a2 captured by White.
      page = await openApp('#5c1,b2e5d2');
      await openSection(page, 'analysis-section');
      await page.check('#show-inferior');
      await page.waitForSelector('#board [data-cell="c2"] .mark.dead');
      check((await page.$eval('#board [data-cell="c2"] .mark', (el) => el.dataset.fill)) === 'black', 'c2 fill');
      const captured = async (fill) =>
        page.$$eval(`#board .mark.captured[data-fill="${fill}"]`, (els) => els.map((el) => el.closest('[data-cell]').dataset.cell).sort());
      check(JSON.stringify(await captured('black')) === '["b1","c1","d1","e1"]', `Black's captured ${await captured('black')}`);
      check(JSON.stringify(await captured('white')) === '["a1","a2"]', `White's captured ${await captured('white')}`);
      const reason = await page.$eval('#board [data-cell="c2"] title', (el) => el.textContent);
      check(reason.startsWith('dead:') && reason.length > 10, `reason ${reason}`);
      check((await count(page, '#inferior-list li[data-kind="dominated"]')) >= 1, 'no dominated cell listed');
      await page.check('#show-heat');
      await page.check('#show-eval-bar');
      await page.waitForSelector('#eval-bar');
      const black = Number(await page.$eval('#eval-bar', (el) => el.dataset.black));
      check(black > 50 && black <= 100, `Black's share ${black}`);
      await page.waitForSelector('#board .heat');
      const heats = await page.$$eval('#board .heat', (els) => els.map((el) => Number(el.dataset.heat)));
      check(heats.length > 5 && Math.max(...heats) === 1, `heat ${heats}`);
      await page.selectOption('#heat-side', 'white');
      await page.screenshot({ path: join(OUT, 'analysis-inferior-heat.png') });
      await page.context().close();
    });

    await test('analysis of an 11x11 midgame runs in the worker, with a graph over the game', async () => {
      page = await openApp('#11c1,f6e7g4d8h5c9i6e5d6g6');
      check((await count(page, '#board [data-stone]')) === 10, 'the midgame did not load');
      await openSection(page, 'analysis-section');
      for (const id of ['#show-winning', '#show-must-play', '#show-inferior', '#show-heat', '#show-eval-bar', '#show-eval-graph']) {
        await page.check(id);
      }
      await page.waitForFunction(() => document.querySelector('#analysis-status').dataset.state === 'ready', null, { timeout: ENGINE_TIMEOUT_MS });
      const status = await page.$eval('#analysis-status', (el) => el.textContent);
      log(`  11x11 midgame, all overlays: ${status}`);
      check(/Analysed in \d+ ms/.test(status), status);
      // The evaluation graph has a point for the start and one after each of the 10 moves.
      check((await count(page, '#eval-graph[data-points="11"]')) === 1, 'no graph over the 10 moves');
      await page.screenshot({ path: join(OUT, 'analysis-11x11.png') });
      await page.context().close();
    });

    await test('analysis: best moves with a proven win, the line previewed on hover', async () => {
      // 5x5 c3 c2, Black to move: the search proves Black's win.
      page = await openApp('#5c1,c3c2');
      await openSection(page, 'analysis-section');
      check((await count(page, '#show-best-moves:checked')) === 0, 'best moves must be off by default');
      await page.check('#show-best-moves');
      await page.waitForSelector('#best-moves .best-move', { timeout: ENGINE_TIMEOUT_MS });
      const moves = await page.$$eval('#best-moves .best-move', (els) => els.map((el) => `${el.dataset.cell} ${el.querySelector('.score').textContent}`));
      log(`  best moves: ${moves.join(', ')}; line ${await page.textContent('#best-pv .pv')}`);
      check(moves.length >= 1 && moves.length <= 5, `moves ${moves}`);
      check((await page.textContent('#best-moves .best-move .score')) === 'win', `first score ${moves[0]}`);
      check((await count(page, '#best-moves .score.win')) >= 1, 'no win mark');
      const pv = (await page.textContent('#best-pv .pv')).trim().split(' ');
      const first = await page.$eval('#best-moves .best-move', (el) => el.dataset.cell);
      check(pv.length >= 1 && pv[0] === first, `pv ${pv} first ${first}`);
      check((await count(page, `#board [data-cell="${first}"] .best-rank[data-rank="1"]`)) === 1, 'the best move has no rank on the board');
      check((await page.textContent('#best-moves')).includes('Black wins (proven)'), 'the proof is not said');
      check((await count(page, '#board .preview')) === 0, 'a preview before any hover');
      await page.hover('#best-moves .best-move');
      await page.waitForSelector('#board .preview');
      check((await count(page, '#board .preview')) === pv.length, `preview stones ${await count(page, '#board .preview')} for ${pv}`);
      check((await count(page, `#board [data-cell="${first}"] .preview.black[data-preview="1"]`)) === 1, 'the first preview stone is not Black 1');
      check((await count(page, '#board [data-stone]')) === 2, 'a preview played a stone');
      await page.hover('#analysis-status');
      await page.waitForFunction(() => document.querySelectorAll('#board .preview').length === 0);
      // The keyboard previews too (the mouse kept away from the list).
      await page.mouse.move(5, 5);
      await page.focus('#best-pv');
      await page.waitForSelector(`#board [data-cell="${first}"] .preview[data-preview="1"]`);
      check((await count(page, '#board .preview')) === pv.length, 'the focused line is not the one previewed');
      await page.screenshot({ path: join(OUT, 'analysis-best-moves.png') });
      await page.context().close();
      // The time the best-moves search takes on an open 11x11 position.
      page = await openApp('#11c1,f6e7');
      await openSection(page, 'analysis-section');
      await page.check('#show-best-moves');
      await page.waitForSelector('#best-moves .best-move', { timeout: ENGINE_TIMEOUT_MS });
      const status = await page.$eval('#analysis-status', (el) => el.textContent);
      log(`  11x11 f6 e7 best moves: ${status} ${await page.textContent('#best-moves .hint:last-child')}`);
      check((await count(page, '#best-moves .best-move')) === 5, 'not five best moves on 11x11');
      await page.context().close();
    });

    await test('Ohm at levels 1, 4 and 5: replies, its thinking shown, Move now, a responsive page', async () => {
      page = await openApp('#11c1,');
      await page.uncheck('#swap-rule');
      await setPlayers(page, 'human', 'ohm-1');
      const labels = await page.$$eval('#white-player option', (els) => els.map((el) => el.textContent.trim()));
      check(labels.length === 7 && labels[1] === 'Ohm, level 1 (beginner)' && labels[6].startsWith('Ohm, level 6'), `options ${labels}`);
      // Level 1 answers at once.
      let t0 = Date.now();
      await page.click('#board [data-cell="f6"]');
      await waitForStones(page, 'white', 1, ENGINE_TIMEOUT_MS);
      await page.click('#board [data-cell="d8"]');
      await waitForStones(page, 'white', 2, ENGINE_TIMEOUT_MS);
      log(`  two level-1 replies in ${Date.now() - t0} ms`);
      // The default level, timed from the click to the stone.
      await setPlayers(page, 'human', 'ohm-4');
      t0 = Date.now();
      await page.click('#board [data-cell="h4"]');
      await waitForStones(page, 'white', 3, ENGINE_TIMEOUT_MS);
      log(`  Ohm's reply at the default level (4) on 11x11: ${Date.now() - t0} ms`);
      // Level 5: the thinking panel shows a depth and a best move, marked on the board,
      // before the reply; the main thread's longest task meanwhile stays short. From a fixed
      // position (a link), since the game so far depends on level 1's random replies and
      // level 4's time: where H-search proves a connection for either side, Ohm converts
      // or resists at once, with no search to show (f6 e7 g4 d8 c7 and the level-6 move i8
      // leave it searching after any of level 5's likely replies, checked natively).
      await page.evaluate(() => {
        location.hash = '#11c1,f6e7g4d8';
      });
      await page.waitForFunction(() => document.querySelectorAll('#board [data-stone]').length === 4);
      await setPlayers(page, 'human', 'ohm-5');
      await page.evaluate(() => {
        window.__longest = 0;
        window.__longtasks = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) {
            window.__longtasks += 1;
            window.__longest = Math.max(window.__longest, entry.duration);
          }
        }).observe({ type: 'longtask' });
      });
      t0 = Date.now();
      await page.click('#board [data-cell="c7"]');
      const seen = await page.waitForFunction(
        () => {
          const panel = document.querySelector('#thinking');
          const hint = document.querySelector('#board [data-hint]');
          return panel?.dataset.depth && panel.dataset.best && hint
            ? { depth: panel.dataset.depth, best: panel.dataset.best, hint: hint.closest('[data-cell]').dataset.cell,
                text: panel.textContent, white: document.querySelectorAll('#board [data-stone="white"]').length }
            : null;
        },
        null,
        { timeout: ENGINE_TIMEOUT_MS, polling: 20 },
      ).then((handle) => handle.jsonValue());
      log(`  level 5 thinking after ${Date.now() - t0} ms: depth ${seen.depth}, best ${seen.best}`);
      check(seen.white === 2, 'the reply came before any thinking was shown');
      check(Number(seen.depth) >= 1 && seen.best === seen.hint, `thinking ${JSON.stringify(seen)}`);
      // Level 5 plays the Monte Carlo search on 11x11: a win rate (its playouts and the
      // circuit's virtual ones), not E.
      check(/Evaluation/.test(seen.text) && /Playouts/.test(seen.text) && /% for White \(Monte Carlo\)|proven/.test(seen.text), `panel ${seen.text}`);
      await waitForStones(page, 'white', 3, ENGINE_TIMEOUT_MS);
      log(`  Ohm's reply at level 5: ${Date.now() - t0} ms`);
      check((await count(page, '#thinking')) === 0 && (await count(page, '#board [data-hint]')) === 0, 'thinking still shown');
      // Move now: at level 6, as soon as there is a best move, the worker is stopped and
      // that move played.
      await setPlayers(page, 'human', 'ohm-6');
      await page.click('#board [data-cell="i8"]');
      await page.waitForSelector('#thinking[data-best]', { timeout: ENGINE_TIMEOUT_MS });
      await page.screenshot({ path: join(OUT, 'thinking.png') });
      t0 = Date.now();
      // Read the best move and press the button in one task of the page, so no progress
      // report from the worker can change the best move in between.
      const best = await page.evaluate(() => {
        const shown = document.querySelector('#thinking').dataset.best;
        document.querySelector('#move-now').click();
        return shown;
      });
      await waitForStones(page, 'white', 4, 2_000);
      const hurried = Date.now() - t0;
      log(`  Move now: ${best} played ${hurried} ms after the click`);
      check((await stoneAt(page, best)) === 'white', `${best} is not Ohm's stone`);
      check(hurried < 1_000, `Move now took ${hurried} ms`);
      check((await statusOf(page)).state === 'to-move', `status ${JSON.stringify(await statusOf(page))}`);
      const longest = await page.evaluate(() => ({ longest: window.__longest, count: window.__longtasks }));
      log(`  longest main-thread task while Ohm thought: ${longest.longest} ms (${longest.count} long tasks)`);
      check(longest.longest < 100, `a ${longest.longest} ms task blocked the page`);
      // The replacement worker answers the next move.
      await setPlayers(page, 'human', 'ohm-1');
      await playAnywhere(page);
      await waitForStones(page, 'white', 5, ENGINE_TIMEOUT_MS);
      await page.screenshot({ path: join(OUT, 'after-move-now.png') });
      await page.context().close();
    });

    await test(`phone portrait: 11x11 cells of at least ${PHONE_CELL_PX} px, the whole app fits without page scroll`, async () => {
      page = await openApp('#11c1,f6e7', { viewport: { width: 390, height: 844 } });
      // A first visit on a narrow upright screen stands the board on its corner.
      check((await count(page, '#board[data-orientation="diamond"]')) === 1, 'the phone does not get the diamond board');
      const sizes = await page.evaluate(() => {
        const centre = (name) => {
          const r = document.querySelector(`#board [data-cell="${name}"] .hex`).getBoundingClientRect();
          return [r.x + r.width / 2, r.y + r.height / 2];
        };
        const [a, b] = [centre('f6'), centre('g6')];
        return {
          scroll: document.scrollingElement.scrollHeight,
          scrollWidth: document.scrollingElement.scrollWidth,
          inner: innerHeight,
          board: document.querySelector('#board').getBoundingClientRect().toJSON(),
          cell: Math.hypot(a[0] - b[0], a[1] - b[1]),
          controls: document.querySelector('#undo').getBoundingClientRect().bottom,
        };
      });
      check(sizes.scroll <= sizes.inner && sizes.scrollWidth <= 390, `the page scrolls: ${sizes.scroll} > ${sizes.inner}`);
      check(sizes.board.width >= 385 && sizes.board.bottom <= sizes.inner, `board ${JSON.stringify(sizes.board)}`);
      check(sizes.controls <= sizes.inner, `the play buttons are below the screen: ${sizes.controls}`);
      log(`  a cell is ${sizes.cell.toFixed(1)} px across (flat side to flat side) on a 390x844 phone`);
      check(sizes.cell >= PHONE_CELL_PX, `cells of ${sizes.cell.toFixed(1)} px`);
      // Scrolling the page by script (as a focused field far down would) moves nothing either.
      await page.evaluate(() => window.scrollTo(0, 500));
      check((await page.evaluate(() => document.scrollingElement.scrollTop)) === 0, 'the page scrolled');
      await page.screenshot({ path: join(OUT, 'phone.png') });
      await page.emulateMedia({ colorScheme: 'dark' });
      const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
      check(background === 'rgb(21, 23, 27)', `dark theme not followed: ${background}`);
      await page.waitForTimeout(300); // the cells' colour transition
      await page.screenshot({ path: join(OUT, 'phone-dark.png') });
      await page.context().close();
    });

    await test('touch: a tap previews the move, a second tap or Play plays it, Escape or a tap elsewhere cancels', async () => {
      const context = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
      page = await openApp('#9c1,', { context });
      check(await page.$eval('#confirm-moves', (el) => el.checked), 'moves are not confirmed by default on a touch screen');
      const tentative = () => page.$$eval('#board [data-tentative]', (els) => els.map((el) => `${el.closest('[data-cell]').dataset.cell}:${el.dataset.tentative}`));
      await page.tap('#board [data-cell="e5"]');
      await page.waitForSelector('#board [data-cell="e5"] [data-tentative="black"]');
      check((await count(page, '#board [data-stone]')) === 0, 'the first tap played');
      check((await count(page, '#board [data-cell="e5"] .shade.tentative-cell')) === 1, 'the cell is not highlighted');
      check((await page.textContent('#confirm-play')) === 'Play e5', `button ${await page.textContent('#confirm-play')}`);
      const said = await page.textContent('#preview-announcer');
      check(said.startsWith('Preview: Black (red) at e5.'), `preview announcement: ${said}`);
      check((await page.$eval('#board [data-cell="e5"]', (el) => el.getAttribute('aria-label'))).includes('previewed move'), 'no label');
      await page.screenshot({ path: join(OUT, 'touch-preview.png') });
      // Another cell moves the preview; a second tap on it plays.
      await page.tap('#board [data-cell="d6"]');
      await page.waitForSelector('#board [data-cell="d6"] [data-tentative]');
      check(JSON.stringify(await tentative()) === '["d6:black"]', `previews ${await tentative()}`);
      await page.tap('#board [data-cell="d6"]');
      await page.waitForSelector('#board [data-cell="d6"][data-stone="black"]');
      check((await tentative()).length === 0 && (await count(page, '#confirm-move')) === 0, 'the preview stayed');
      check((await page.textContent('#preview-announcer')) === '', 'the preview is still announced');
      // The Play button plays White's preview.
      await page.tap('#board [data-cell="c3"]');
      await page.waitForSelector('#board [data-cell="c3"] [data-tentative="white"]');
      await page.tap('#confirm-play');
      await page.waitForSelector('#board [data-cell="c3"][data-stone="white"]');
      // Escape, Cancel and a tap outside the board's cells cancel.
      for (const cancel of [() => page.keyboard.press('Escape'), () => page.tap('#confirm-cancel'), () => page.tap('.masthead h1')]) {
        await page.tap('#board [data-cell="e5"]');
        await page.waitForSelector('#board [data-cell="e5"] [data-tentative]');
        await cancel();
        await page.waitForFunction(() => !document.querySelector('#board [data-tentative]'));
      }
      check((await count(page, '#board [data-stone]')) === 2, `stones ${await stonesOf(page)}`);
      await context.close();
      // The mouse works the same way once the setting is on (it is off on a desktop).
      page = await openApp('#9c1,');
      check(!(await page.$eval('#confirm-moves', (el) => el.checked)), 'moves are confirmed by default with a mouse');
      await openSection(page, 'options-section');
      await page.check('#confirm-moves');
      await page.click('#board [data-cell="e5"]');
      await page.waitForSelector('#board [data-cell="e5"] [data-tentative="black"]');
      check((await count(page, '#board [data-stone]')) === 0, 'the first click played');
      await page.click('#board [data-cell="e5"]');
      await page.waitForSelector('#board [data-cell="e5"][data-stone="black"]');
      // The setting survives a reload.
      await page.reload();
      await page.waitForSelector('#board [data-cell="e5"][data-stone="black"]');
      check(await page.$eval('#confirm-moves', (el) => el.checked), 'the setting was lost on reload');
      await page.context().close();
    });

    await test('a worker that hangs or dies during analysis is replaced, the overlays come back, the status says so', async () => {
      // Two people play (a link opens for study): no engine move is ever asked for here.
      // The watchdog waits 2.5 s (best moves alone may search for 1.5 s).
      page = await openApp('?watchdog=2500#5c1,c3');
      await openSection(page, 'analysis-section');
      await page.check('#show-winning');
      await page.waitForSelector('#board .proven-label.black', { timeout: ENGINE_TIMEOUT_MS });
      check((await count(page, '#engine-notice')) === 0, 'a notice before any trouble');
      // Hang the worker, then change the position: its new analysis waits for a hung worker.
      await page.workers()[0].evaluate(() => {
        setTimeout(() => {
          for (;;) {}
        }, 0);
      });
      await page.waitForTimeout(100);
      let t0 = Date.now();
      await page.click('#board [data-cell="a1"]');
      await page.waitForSelector('#board [data-cell="a1"][data-stone="white"]');
      await page.waitForFunction(() => document.querySelector('#analysis-status').dataset.state !== 'ready');
      check((await count(page, '#board .proven-label')) === 0, 'overlays of the old position are shown');
      await page.waitForSelector('#board .proven-label.black', { timeout: 12_000 });
      let waited = Date.now() - t0;
      log(`  overlays back ${waited} ms after a hang`);
      check(waited >= 2_400, 'the analysis came too fast: was the worker hung?');
      const notice = await page.textContent('#engine-notice');
      check(notice.includes('stopped answering') && notice.includes('asked again for the analysis'), `notice: ${notice}`);
      check((await page.$eval('#engine-notice', (el) => el.dataset.restarts)) === '1', 'not one restart');
      for (let i = 0; i < 30 && page.workers().length > 1; i += 1) await page.waitForTimeout(100);
      check(page.workers().length === 1, `${page.workers().length} workers: the hung one was not terminated`);
      // Close the new worker from inside (a dead worker), then ask for best moves.
      await page.workers()[0].evaluate(() => self.close()).catch(() => {});
      t0 = Date.now();
      await page.check('#show-best-moves');
      await page.waitForSelector('#best-moves .best-move', { timeout: 12_000 });
      waited = Date.now() - t0;
      log(`  best moves ${waited} ms after the worker died`);
      check(waited >= 2_400, 'best moves came too fast: was the worker dead?');
      check((await count(page, '#board .proven-label.black')) === 1, 'the proven connection is gone');
      check((await page.textContent('#engine-notice')).includes('asked again for the analysis'), 'no notice after the death');
      check((await page.$eval('#engine-notice', (el) => el.dataset.restarts)) === '2', 'the death was not noticed');
      await page.screenshot({ path: join(OUT, 'analysis-after-restart.png') });
      await page.context().close();
    });

    // ---- What a new user hits (issue 17): each check failed on the build before its fix ----

    const PHONES = [{ width: 360, height: 640 }, { width: 390, height: 844 }];
    const DESKTOP = { width: 1100, height: 760 };

    /** The panel section of `tab` on a phone (tab bar), or opened on a desktop. */
    async function showTab(p, tab, sectionId) {
      if ((await p.viewportSize()).width <= 760) {
        if ((await p.getAttribute(`#tab-${tab}`, 'aria-selected')) !== 'true') await p.click(`#tab-${tab}`);
      } else if (sectionId) {
        await openSection(p, sectionId);
      }
    }

    await test('1. a new board size is for the next game; New game keeps the old one for Undo, Back and reload', async () => {
      for (const [viewport, name] of [[DESKTOP, 'desktop'], [PHONES[1], 'phone']]) {
        page = await openApp('#9c1,e5d4', { viewport });
        await showTab(page, 'game', 'game-section');
        await page.selectOption('#board-width', '13');
        await page.selectOption('#board-height', '13');
        // Choosing a size changes nothing on the board.
        check((await count(page, '#board [data-cell]')) === 81, 'the size applied at once');
        check((await count(page, '#board [data-stone]')) === 2, 'the game is gone');
        check((await page.textContent('#new-game')).trim() === 'New 13×13 game', `button ${await page.textContent('#new-game')}`);
        check((await page.textContent('#size-pending')).includes('for the next game'), 'no word that the size waits');
        await page.click('#new-game');
        await page.waitForFunction(() => document.querySelectorAll('#board [data-cell]').length === 169);
        check((await count(page, '#board [data-stone]')) === 0, 'the new game is not empty');
        check((await page.textContent('#previous-game')).includes('9×9, 2 moves'), `note ${await page.textContent('#previous-game')}`);
        check(!(await page.$eval('#undo', (el) => el.disabled)), 'Undo is disabled');
        await page.screenshot({ path: join(OUT, `issue17-1-new-game-kept-${name}.png`) });
        await page.click('#undo');
        await page.waitForFunction(() => document.querySelectorAll('#board [data-cell]').length === 81);
        check(JSON.stringify(await stonesOf(page)) === '["d4:white","e5:black"]', `undo brought ${await stonesOf(page)}`);
        await page.context().close();
      }
      // The browser's Back brings the old game back too, and the kept game survives a reload.
      page = await openApp('#9c1,e5d4');
      await page.click('#new-game');
      await page.waitForFunction(() => document.querySelectorAll('#board [data-stone]').length === 0);
      await page.goBack();
      await page.waitForFunction(() => document.querySelectorAll('#board [data-stone]').length === 2);
      check((await hashOf(page)) === '#9c1,e5d4', `hash after Back ${await hashOf(page)}`);
      check(page.url().startsWith(baseUrl), 'Back left the app');
      await page.click('#new-game');
      await page.waitForFunction(() => document.querySelectorAll('#board [data-stone]').length === 0);
      await page.reload();
      await page.waitForSelector('#previous-game');
      await page.click('#restore-game');
      await page.waitForFunction(() => document.querySelectorAll('#board [data-stone]').length === 2);
      await page.context().close();
      // "New game" from the game-over card keeps the finished game too (2x2: a1 a2 joins
      // Black's edges).
      page = await openApp('#2c1,a1b1a2');
      await page.waitForSelector('#game-over');
      await page.click('#dialog-new-game');
      await page.waitForFunction(() => document.querySelectorAll('#board [data-stone]').length === 0);
      check((await page.textContent('#previous-game')).includes('2×2, 3 moves'), `note ${await page.textContent('#previous-game')}`);
      await page.click('#undo');
      await page.waitForFunction(() => document.querySelectorAll('#board [data-stone]').length === 3);
      await page.context().close();
    });

    await test('2. phones at 360x640 and 390x844: every control of every tab is on the screen, nothing to scroll', async () => {
      for (const viewport of PHONES) {
        page = await openApp('#9c1,e5d4', { viewport });
        check((await count(page, '#tabs .tab')) === 5, 'no tab bar');
        for (const tab of [null, 'game', 'moves', 'analysis', 'records', 'settings']) {
          if (tab) await showTab(page, tab);
          const report = await page.evaluate(() => {
            const visible = (el) => el.getClientRects().length > 0 && getComputedStyle(el).visibility !== 'hidden';
            const controls = [...document.querySelectorAll('.panel button, .panel select, .panel textarea, .panel input, .panel summary, .panel .file-button')]
              .filter((el) => !(el.type === 'file') && visible(el));
            const off = controls
              .map((el) => ({ id: el.id || el.className || el.tagName, r: el.getBoundingClientRect() }))
              .filter(({ r }) => r.top < 0 || r.left < 0 || r.bottom > innerHeight + 0.5 || r.right > innerWidth + 0.5)
              .map(({ id, r }) => `${id}@${Math.round(r.top)}..${Math.round(r.bottom)}`);
            const scrolled = [...document.querySelectorAll('.panel, .panel *')].filter((el) => el.scrollHeight > el.clientHeight + 1 && ['auto', 'scroll'].includes(getComputedStyle(el).overflowY) && el.id !== 'moves');
            const board = document.querySelector('#board').getBoundingClientRect();
            return {
              controls: controls.length,
              off,
              scrollers: scrolled.map((el) => el.id || el.className),
              page: document.scrollingElement.scrollHeight - innerHeight,
              board: Math.round(board.height),
            };
          });
          const where = `${viewport.width}x${viewport.height} ${tab ?? 'no tab'}`;
          log(`  ${where}: ${report.controls} controls, board ${report.board} px high`);
          check(report.off.length === 0, `${where}: off the screen: ${report.off.join(', ')}`);
          check(report.scrollers.length === 0, `${where}: scrolls inside ${report.scrollers.join(', ')}`);
          check(report.page <= 0, `${where}: the page scrolls by ${report.page}px`);
          check(report.board >= 150, `${where}: the board is only ${report.board} px high`);
          check((await count(page, '#undo')) === 1 && (await page.$eval('#undo', (el) => el.getBoundingClientRect().bottom <= innerHeight)), `${where}: Undo is off the screen`);
          await page.screenshot({ path: join(OUT, `issue17-2-phone-${viewport.width}x${viewport.height}-${tab ?? 'board'}.png`) });
        }
        // A control in a tab works where it is: the level of White.
        await showTab(page, 'game');
        await page.selectOption('#white-player', 'ohm-2');
        check((await page.$eval('#white-player', (el) => el.value)) === 'ohm-2', 'the select did not take');
        await page.context().close();
      }
    });

    await test('2. the desktop keeps every section in the side panel (no tab bar)', async () => {
      page = await openApp('#9c1,e5d4', { viewport: DESKTOP });
      check(!(await page.isVisible('#tabs')), 'a tab bar on a desktop');
      for (const id of ['#game-section', '#analysis-section', '#io-section', '#options-section']) {
        check(await page.isVisible(`${id} > summary`), `${id} is not in the panel`);
      }
      await page.screenshot({ path: join(OUT, 'issue17-2-desktop.png') });
      await page.context().close();
    });

    await test('3. a swap is explained where the person looks, and offered in words to a second player', async () => {
      for (const [viewport, name] of [[DESKTOP, 'desktop'], [PHONES[1], 'phone']]) {
        page = await openApp('', { viewport });
        await showTab(page, 'game', 'game-section');
        await setPlayers(page, 'human', 'ohm-4');
        if ((await page.viewportSize()).width <= 760) await showTab(page, 'game');
        await page.click('#board [data-cell="f6"]');
        await page.waitForSelector('#swap-note', { timeout: ENGINE_TIMEOUT_MS });
        const note = await page.textContent('#swap-note');
        check(note.startsWith('Ohm swapped: your red stone at f6 is now Ohm\'s blue stone at f6'), `note: ${note}`);
        check(note.includes('You still play red (Black)') && note.includes('Your move'), `note: ${note}`);
        check((await stoneAt(page, 'f6')) === 'white', 'f6 is not blue');
        const status = await statusOf(page);
        check(status.text.includes('Your move'), `status ${status.text}`);
        const noteBox = await page.$eval('#swap-note', (el) => el.getBoundingClientRect().bottom);
        check(noteBox <= viewport.height, 'the swap note is off the screen');
        await page.screenshot({ path: join(OUT, `issue17-3-ohm-swapped-${name}.png`) });
        await page.context().close();
        // Two people: White is offered the swap in words.
        page = await openApp('#9c1,c3', { viewport });
        await page.waitForSelector('#swap-offer');
        const offer = await page.textContent('#swap-offer');
        check(offer.includes("White may take Black's first stone") && offer.includes('moves to c3') === false && offer.includes('c3'), `offer: ${offer}`);
        check(offer.includes('blue stone') && offer.includes('Black (red) moves again'), `offer: ${offer}`);
        await page.screenshot({ path: join(OUT, `issue17-3-swap-offered-${name}.png`) });
        await page.click('#swap');
        await page.waitForSelector('#swap-note');
        check((await page.textContent('#swap-note')).startsWith('White swapped: Black\'s first stone at c3 is now White\'s blue stone at c3'), await page.textContent('#swap-note'));
        await page.context().close();
      }
    });

    await test('4. imports and links: an HSGF error at its move and byte, a bad link said, the players said', async () => {
      page = await openApp('#9c1,e5');
      const sgf = '(;FF[4]GM[11]SZ[5];B[e5];W[zz])';
      await importText(page, sgf);
      await page.waitForSelector('#import-error pre');
      const error = await page.textContent('#import-error');
      check(error.includes(`Not imported: HSGF: move 2, [zz] at byte ${sgf.indexOf('zz')}`), `error: ${error}`);
      const caret = await page.$eval('#import-error pre', (el) => el.textContent.split('\n')[1]);
      check(caret === `${' '.repeat(sgf.indexOf('zz'))}^`, `caret line '${caret}'`);
      // Importing while Ohm plays a side says that the players changed.
      await setPlayers(page, 'human', 'ohm-1');
      await importText(page, '(;FF[4]GM[11]SZ[5];B[c3];W[b4])');
      await page.waitForSelector('#import-result');
      check((await page.textContent('#import-result')).includes('Both sides are now played by people'), await page.textContent('#import-result'));
      await page.context().close();
      // A malformed address: said, with the place, and the stored game stays.
      page = await openApp('#9c1,e5');
      await page.goto(`${baseUrl}#11c1,zz99`);
      await page.reload();
      await page.waitForSelector('#link-error');
      const said = await page.textContent('#link-error');
      check(said.includes('The address holds no game Ohm can read: HexWorld') && said.includes('still on the board'), `said: ${said}`);
      check((await page.textContent('#link-error pre')).includes('^'), 'no caret');
      check(JSON.stringify(await stonesOf(page)) === '["e5:black"]', `stones ${await stonesOf(page)}`);
      await page.screenshot({ path: join(OUT, 'issue17-4-bad-link.png') });
      await page.click('#link-error-close');
      await page.context().close();
    });

    await test('5. comments on moves and variations: shown in the move list, edited, exported, kept on reload', async () => {
      page = await openApp('#9c1,');
      const sgf = '(;FF[4]GM[11]SZ[5]C[A short game.];B[c3]C[The centre.](;W[b4]C[A block.];B[d2])(;W[d3]C[Another try.]))';
      await importText(page, sgf);
      await page.waitForSelector('#import-result');
      const comments = await page.$$eval('#moves .move-comment', (els) => els.map((el) => el.textContent));
      check(JSON.stringify(comments) === '["The centre.","A block."]', `comments ${comments}`);
      check((await count(page, '#moves .variation')) === 1, 'the variation is not offered');
      // Edit the comment of the last move (d2), then export.
      await page.fill('#comment-text', 'Black wins the race.');
      await page.press('#comment-text', 'Tab');
      await page.waitForFunction(() => [...document.querySelectorAll('#moves .move-comment')].some((el) => el.textContent === 'Black wins the race.'));
      const written = await exportText(page, '#export-hsgf');
      for (const kept of ['C[A short game.]', ';B[c3]C[The centre.]', '(;W[b4]C[A block.];B[d2]C[Black wins the race.])', '(;W[d3]C[Another try.])']) {
        check(written.includes(kept), `${kept} not in ${written}`);
      }
      await page.reload();
      await page.waitForSelector('#moves .move-comment');
      check((await page.$$eval('#moves .move-comment', (els) => els.map((el) => el.textContent))).includes('Black wins the race.'), 'the comment was lost on reload');
      await page.screenshot({ path: join(OUT, 'issue17-5-comments.png') });
      await page.context().close();
    });

    await test('7. learner texts: picked ends, dominated cells named, ring and dot, one sign convention, proofs in words', async () => {
      for (const [viewport, name] of [[DESKTOP, 'desktop'], [PHONES[1], 'phone']]) {
        // c3 and c4 are one Black group: pick c4 and north; the summary names c4, not c3.
        page = await openApp('#7c1,c3a7c4', { viewport });
        await showTab(page, 'analysis', 'analysis-section');
        await page.check('#show-between');
        await page.click('#board [data-cell="c4"]');
        await page.click('#end-north');
        await page.waitForFunction(() => Number(document.querySelector('#between-summary')?.dataset.full) > 0, null, { timeout: ENGINE_TIMEOUT_MS });
        const summary = await page.textContent('#between-summary');
        check(summary.includes('between c4 and north'), `summary ${summary}`);
        // The proof as sentences, stepped through on the board, the notation one click away.
        const sentences = await page.$$eval('#derivation .step-text', (els) => els.map((el) => el.textContent));
        check(sentences.length >= 1 && !sentences.some((s) => s.includes(') is VC')), `sentences ${sentences}`);
        check((await count(page, '#derivation .notation')) === 0, 'the notation shows before it is asked for');
        await page.click('#step-next');
        await page.waitForSelector('#derivation li.current');
        const lit = await page.$$eval('#board .cell:has(.shade.proof-step)', (els) => els.map((el) => el.dataset.cell).sort().join(' '));
        const stepCells = await page.$eval('#derivation li.current', (el) => el.dataset.cells.split(' ').filter(Boolean).sort().join(' '));
        check(lit === stepCells, `lit ${lit} for the step's ${stepCells}`);
        await page.check('#show-notation');
        check((await page.textContent('#derivation li.current .notation')).includes('is VC'), 'no notation');
        await page.screenshot({ path: join(OUT, `issue17-7-proof-steps-${name}.png`) });
        await page.context().close();
      }
      // Dominated cells name their dominators in words; each reason once.
      page = await openApp('#5c1,b2e5d2');
      await openSection(page, 'analysis-section');
      await page.check('#show-inferior');
      await page.waitForSelector('#inferior-list li[data-kind="dominated"]', { state: 'attached', timeout: ENGINE_TIMEOUT_MS });
      const dominated = await page.$$eval('#inferior-list li[data-kind="dominated"]', (els) => els.map((el) => el.textContent));
      for (const text of dominated) {
        check(/playing [a-e]\d((, | or )[a-e]\d)* is at least as good/.test(text), `dominated: ${text}`);
        const patterns = text.match(/local pattern “[^”]+”/g) ?? [];
        check(new Set(patterns).size === patterns.length, `a reason said twice: ${text}`);
      }
      await page.screenshot({ path: join(OUT, 'issue17-7-dominated-desktop.png') });
      await page.context().close();
      // One sign convention, labelled with the colour: the evaluation bar and the best moves
      // (9x9 after e5, White to move: too open for a proof in the time best moves take).
      page = await openApp('#9c1,e5');
      await openSection(page, 'analysis-section');
      await page.check('#show-eval-bar');
      await page.waitForSelector('#eval-words');
      const words = await page.textContent('#eval-words');
      check(/by the circuit: E \+\d\.\d\d for (Black|White)/.test(words), `eval words ${words}`);
      await page.check('#show-best-moves');
      await page.waitForSelector('#best-moves .best-move', { timeout: ENGINE_TIMEOUT_MS });
      const best = await page.textContent('#best-moves');
      check(best.includes('Scores are E for White, the side to move: positive favours White'), `best moves ${best}`);
      await page.context().close();
      // A must-play ring on a captured cell says which matters (5x5, Black to move: a4 and a5
      // are in the must-play region and captured by White; `ohm` vc-mustplay b, compute-inferior b).
      for (const [viewport, name] of [[DESKTOP, 'desktop'], [PHONES[1], 'phone']]) {
        page = await openApp('#5c1,b2b4e2c4e1b5', { viewport });
        await showTab(page, 'analysis', 'analysis-section');
        await page.check('#show-must-play');
        await page.check('#show-inferior');
        await page.waitForSelector('#board [data-cell="a4"] .mark.captured', { timeout: ENGINE_TIMEOUT_MS });
        await page.waitForSelector('#board [data-cell="a4"] .shade.must-play');
        const title = await page.$eval('#board [data-cell="a4"] title', (el) => el.textContent);
        check(title.includes('Ringed and captured') && title.includes('White owns this cell'), `a4: ${title}`);
        const mustPlay = await page.textContent('#must-play');
        check(mustPlay.includes('Captured, so no use: a4 (White), a5 (White)'), `must-play: ${mustPlay}`);
        await page.screenshot({ path: join(OUT, `issue17-7-ring-and-dot-${name}.png`) });
        await page.context().close();
      }
      // Ohm's thinking says whom its number favours.
      page = await openApp('');
      await setPlayers(page, 'human', 'ohm-5');
      await page.click('#board [data-cell="c3"]');
      await page.waitForFunction(() => /for White|proven/.test(document.querySelector('#thinking-eval')?.textContent ?? ''), null, { timeout: ENGINE_TIMEOUT_MS });
      await page.context().close();
    });

    await test('8. the White player select shows its whole text; no swap after set-up stones', async () => {
      page = await openApp('');
      await openSection(page, 'game-section');
      await setPlayers(page, 'human', 'ohm-6');
      const fits = await page.$eval('#white-player', (el) => {
        const text = el.options[el.selectedIndex].text;
        const style = getComputedStyle(el);
        const context = document.createElement('canvas').getContext('2d');
        context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
        // The text, plus the arrow and padding a select draws (about 2.2em).
        return { text, need: context.measureText(text).width + 2.2 * parseFloat(style.fontSize), have: el.clientWidth };
      });
      check(fits.need <= fits.have, `"${fits.text}" needs ${fits.need.toFixed(0)} px, the select has ${fits.have}`);
      await setPlayers(page, 'human', 'human');
      // A set-up position: its first move cannot be swapped.
      await openSection(page, 'setup-section');
      await page.click('#setup-start');
      await page.click('#board [data-cell="b2"]');
      await page.click('#board [data-cell="d4"]');
      await page.click('#board [data-cell="d4"]');
      await page.click('#setup-done');
      await page.click('#board [data-cell="f6"]');
      await page.waitForSelector('#board [data-cell="f6"][data-stone="black"]');
      check((await count(page, '#swap')) === 0, 'a swap is offered after set-up stones');
      await page.context().close();
    });

    await test('no unexpected console errors, page errors or failed requests', async () => {
      check(unexpected.length === 0, unexpected.join(' | '));
    });
  } finally {
    await browser.close();
    await stop(server);
  }
  log(`screenshots in ${OUT}`);
  process.exit(summary());
}

main().catch((error) => {
  failed('the test run itself', error);
  process.exit(summary());
});
