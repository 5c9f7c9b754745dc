// End-to-end test of analysis mode's Solve and the app's puzzle mode in headless Chromium, against the release build:
// the solver runs in the real worker, its verdicts colour the board, Stop ends it, solved
// positions come back at once.
//
//   trunk build --release && node tests/e2e/solve.mjs [distDir]
//
// Screenshots go to test-output/e2e/ (solve-*.png); the run ends with `N passed, M failed`.

import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { check, failed, log, startWithBuild, stop, summary, test } from './harness.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const DIST = resolve(process.argv[2] ?? process.env.OHM_DIST ?? join(ROOT, 'dist'));
const OUT = join(ROOT, 'test-output', 'e2e');
const STEP_TIMEOUT_MS = 15_000;
// A solve on a loaded 2-core machine: the 7x7 position below takes about 2 s of CPU natively.
const SOLVE_TIMEOUT_MS = 120_000;

// 5x5, Black first: the winning first moves of ../shared/data/first-move-results.csv.
const WINNING_5X5 = ['e1', 'b2', 'c2', 'd2', 'e2', 'b3', 'c3', 'd3', 'a4', 'b4', 'c4', 'd4', 'a5'];
// 7x7 after d4 c5 e3 c3, Black to move: the complete winning set as the native
// `ohm solve --moves` proves it (17 winning, 28 losing).
const MIDGAME_7X7 = '#7c1,d4c5e3c3';
const WINNING_7X7 = ['g2', 'f3', 'b4', 'f4', 'g4', 'd5', 'e5', 'f5', 'g5', 'a6', 'd6', 'e6', 'f6', 'g6', 'e7', 'f7', 'g7'];

const HARMLESS = [
  /integrity attribute is currently ignored for preload destinations/i,
  /using deprecated parameters for the initialization function/i,
  /favicon\.ico/i,
];
const unexpected = [];
let browser;
let baseUrl;

async function openApp(path) {
  const ctx = await browser.newContext({ viewport: { width: 1100, height: 900 } });
  const page = await ctx.newPage();
  page.setDefaultTimeout(STEP_TIMEOUT_MS);
  page.on('console', (message) => {
    const text = message.text();
    if (message.type() === 'error' && !HARMLESS.some((re) => re.test(text))) unexpected.push(`console.error: ${text}`);
  });
  page.on('pageerror', (error) => unexpected.push(`pageerror: ${error.message}`));
  await page.goto(baseUrl + path);
  await page.waitForSelector('#board [data-cell]');
  // Nobody moves on their own: the position stays put while it is solved.
  for (const select of ['#black-player', '#white-player']) await page.selectOption(select, 'human');
  await page.$eval('#analysis-section', (el) => {
    el.open = true;
  });
  await page.check('#show-solver');
  return page;
}

const cellsWith = (page, shade) =>
  page.$$eval(`#board .cell:has(.shade.${shade})`, (els) => els.map((el) => el.dataset.cell).sort());
const sorted = (cells) => [...cells].sort();

/** Clicks Solve and waits for the verdicts; returns the wall time. */
async function solve(page) {
  const t0 = Date.now();
  await page.click('#solve');
  await page.waitForSelector('#solve-result[data-complete="true"]', { timeout: SOLVE_TIMEOUT_MS });
  return Date.now() - t0;
}

async function main() {
  let server;
  ({ server, browser } = await startWithBuild(DIST, OUT));
  baseUrl = server.url;
  try {
    await test('solve: the empty 5x5 board gives the first-move map, every cell proven', async () => {
      const page = await openApp('#5c1,');
      check((await page.locator('#solve').count()) === 1, 'no Solve button');
      const ms = await solve(page);
      const winning = await cellsWith(page, 'solve-win');
      const losing = await cellsWith(page, 'solve-loss');
      log(`  5x5 first-move map in ${ms} ms: ${winning.length} winning, ${losing.length} losing; ${await page.textContent('#solve-result')}`);
      check(JSON.stringify(winning) === JSON.stringify(sorted(WINNING_5X5)), `winning ${winning}`);
      check(losing.length === 12 && losing.every((c) => !WINNING_5X5.includes(c)), `losing ${losing}`);
      check((await page.getAttribute('#solve-result', 'data-winner')) === 'black', 'Black to move is not said to win');
      check((await page.locator('#solve-proven').count()) === 1, 'the position is not marked proven');
      check((await page.textContent('#solve-result')).includes('13 winning moves, 12 losing'), await page.textContent('#solve-result'));
      check((await page.locator('#solve').count()) === 0, 'Solve offered again for a solved position');
      const label = await page.getAttribute('#board [data-cell="c3"]', 'aria-label');
      check(label.includes('wins by playing here (proven)'), `c3 says ${label}`);
      // Hovering a winning cell previews its winning line from that cell.
      check((await page.locator('#board .preview').count()) === 0, 'a preview before any hover');
      await page.hover('#board [data-cell="c3"]');
      await page.waitForSelector('#board [data-cell="c3"] .preview.black[data-preview="1"]');
      const line = await page.locator('#board .preview').count();
      log(`  hover c3: a line of ${line} moves previewed`);
      await page.screenshot({ path: join(OUT, 'solve-5x5.png') });
      await page.mouse.move(5, 5);
      await page.waitForFunction(() => document.querySelectorAll('#board .preview').length === 0);
      // The listed winning moves preview too.
      await page.hover('#solve-result .solve-move[data-cell="e1"]');
      await page.waitForSelector('#board [data-cell="e1"] .preview[data-preview="1"]');
      await page.context().close();
    });

    await test('solve: a 7x7 midgame in the worker, then back and forth is instant', async () => {
      const page = await openApp(MIDGAME_7X7);
      await page.click('#solve');
      // Live progress while it works.
      await page.waitForSelector('#solve-progress[data-state="running"]');
      const during = await page.textContent('#solve-progress');
      const ms = await solve2(page);
      const winning = await cellsWith(page, 'solve-win');
      const losing = await cellsWith(page, 'solve-loss');
      log(`  7x7 d4 c5 e3 c3 solved in ${ms} ms: ${winning.length} winning, ${losing.length} losing (progress said "${during}"); ${await page.textContent('#solve-result')}`);
      check(JSON.stringify(winning) === JSON.stringify(sorted(WINNING_7X7)), `winning ${winning}`);
      check(losing.length === 28, `losing ${losing.length}`);
      await page.screenshot({ path: join(OUT, 'solve-7x7.png') });
      // Back one move: not solved there; forward again: the verdicts are back at once.
      await page.click('#prev');
      await page.waitForFunction(() => !document.querySelector('#board [data-cell="c3"][data-stone]'));
      check((await cellsWith(page, 'solve-win')).length === 0, 'verdicts shown on another position');
      check((await page.locator('#solve').count()) === 1, 'no Solve for the new position');
      await page.click('#next');
      await page.waitForSelector('#board [data-cell="c3"][data-stone="white"]');
      check((await page.locator('#solve-result[data-complete="true"]').count()) === 1, 'the solved position is not remembered');
      check((await cellsWith(page, 'solve-win')).length === 17, 'the remembered verdicts are not drawn');
      await page.context().close();
    });

    await test('solve: Stop ends a long solve, keeps what is proven, and the worker goes on', async () => {
      const page = await openApp('#11c1,');
      await page.click('#solve');
      await page.waitForFunction(() => /Solving… [1-9]/.test(document.querySelector('#solve-progress')?.textContent ?? ''), null, { timeout: SOLVE_TIMEOUT_MS });
      await page.waitForTimeout(1500);
      const before = await page.textContent('#solve-progress');
      await page.screenshot({ path: join(OUT, 'solve-running.png') });
      await page.click('#solve-stop');
      await page.waitForSelector('#solve-result[data-complete="false"]');
      check((await page.locator('#solve-progress').count()) === 0, 'still said to be solving');
      check((await page.locator('#solve').textContent()).trim() === 'Solve again', 'no Solve again');
      const result = await page.textContent('#solve-result');
      log(`  stopped: "${before}" then "${result}"`);
      check(/undecided \(the solve was stopped\)/.test(result), result);
      // The replaced worker answers: the analysis of the position still comes.
      await page.check('#show-winning');
      await page.waitForSelector('#analysis-status[data-state="ready"]');
      await page.screenshot({ path: join(OUT, 'solve-stopped.png') });
      await page.context().close();
    });

    await test('puzzle: a losing move is refused with its refutation, a winning one answered until won', async () => {
      const page = await openApp('#5c1,');
      await page.click('#make-puzzle');
      const status = page.locator('#puzzle .status');
      await page.waitForSelector('#puzzle .status[data-state="waiting"]');
      const stones = () => page.locator('#board [data-stone]').count();
      check((await stones()) === 0, 'the puzzle starts from the empty board');
      // a1 loses on 5x5: refused, Ohm's refutation played, the reader tries again.
      await page.click('#board [data-cell="a1"]');
      await page.waitForSelector('#puzzle .status[data-state="failed"]', { timeout: SOLVE_TIMEOUT_MS });
      const refused = await status.textContent();
      log(`  a1: ${refused.slice(0, 160)}`);
      check(refused.startsWith('✗ a1 does not win.'), refused);
      check((await stones()) === 2, 'the refutation is on the board');
      await page.click('#puzzle button.try-again');
      await page.waitForSelector('#puzzle .status[data-state="waiting"]');
      check((await stones()) === 0, 'try again restores the position');
      // Reveal: the complete winning set, as the native `ohm solve --moves` proves it.
      await page.click('#puzzle button.reveal');
      await page.locator('#puzzle .findings', { hasText: /Winning move/ }).waitFor({ timeout: SOLVE_TIMEOUT_MS });
      const findings = await page.textContent('#puzzle .findings');
      check(findings === `Winning moves: ${WINNING_5X5.join(', ')}.`, findings);
      check(JSON.stringify(await cellsWith(page, 'key')) === JSON.stringify(sorted(WINNING_5X5)), 'revealed cells');
      await page.screenshot({ path: join(OUT, 'puzzle-reveal.png') });
      // Correct moves are answered by Ohm's defence until the win is a connection.
      let rounds = 0;
      let cell = 'b2';
      for (;;) {
        rounds += 1;
        const before = await stones();
        await page.click(`#board [data-cell="${cell}"]`);
        await page.waitForFunction(
          (n) => {
            const s = document.querySelector('#puzzle .status');
            return s && ['solved', 'failed', 'unproven'].includes(s.dataset.state) ||
              (s.dataset.state === 'waiting' && document.querySelectorAll('#board [data-stone]').length === n + 2);
          },
          before,
          { timeout: SOLVE_TIMEOUT_MS },
        );
        const state = await status.getAttribute('data-state');
        log(`  round ${rounds}: ${cell} → ${state}: ${(await status.textContent()).slice(0, 120)}`);
        if (state === 'solved') break;
        check(state === 'waiting', `a proven winning move was not accepted: ${state}`);
        if (state !== 'waiting' || rounds > 12) break;
        await page.click('#puzzle button.reveal');
        await page.locator('#puzzle .findings', { hasText: /Winning move/ }).waitFor({ timeout: SOLVE_TIMEOUT_MS });
        cell = (await page.$$eval('#board .cell:has(.shade.key)', (els) => els.map((el) => el.dataset.cell)))[0];
      }
      check((await status.getAttribute('data-state')) === 'solved', 'the puzzle ends solved');
      await page.screenshot({ path: join(OUT, 'puzzle-solved.png') });
      // The link opens the same puzzle.
      const href = await page.getAttribute('#puzzle .puzzle-link a', 'href');
      check(/\?puzzle#5c1,$/.test(href), href);
      const linked = await page.context().newPage();
      await linked.goto(href);
      await linked.waitForSelector('#puzzle .status[data-state="waiting"]');
      check((await linked.locator('#board [data-stone]').count()) === 0, 'the link opens the puzzle at its start');
      await page.click('#puzzle button.leave');
      check((await page.locator('#puzzle').count()) === 0, 'leaving closes the puzzle');
      await page.context().close();
    });

    await test('no unexpected console errors or page errors', async () => {
      check(unexpected.length === 0, unexpected.join(' | '));
    });
  } finally {
    await browser.close();
    await stop(server);
  }
  log(`screenshots in ${OUT}`);
  process.exit(summary());
}

/** Waits for the running solve's verdicts; returns the wall time. */
async function solve2(page) {
  const t0 = Date.now();
  await page.waitForSelector('#solve-result[data-complete="true"]', { timeout: SOLVE_TIMEOUT_MS });
  return Date.now() - t0;
}

main().catch((error) => {
  failed('the test run itself', error);
  process.exit(summary());
});
