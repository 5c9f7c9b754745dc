// The embeddable board (<ohm-board> and its iframe form) in headless Chromium: the examples
// page, puzzles, the error state, the JS API and events, play mode, and both forms from a page
// on a second local origin that loads Ohm's files cross-origin. Prints the measurements of the
// note (bytes, time to a visible diagram, memory with five boards).
//
//   trunk build --release && node tests/e2e/embed.mjs [distDir]

import { mkdtemp, mkdir, readFile, rm, writeFile, readdir } from 'node:fs/promises';
import { execFileSync, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { gzipSync } from 'node:zlib';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, check, failed, log, serve, stop, summary, test } from './harness.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const DIST = resolve(process.argv[2] ?? process.env.OHM_DIST ?? join(ROOT, 'dist'));
const OUT = join(ROOT, 'test-output', 'e2e', 'embed');
const ENGINE_MS = 20_000;

// The puzzles of web/examples/tutorial.html: a winning and a losing move of each.
const PUZZLE_WIN = { id: 'puzzle-1', cell: 'b4' }; // wins: b4, a5 (ohm-engine puzzle::solve)
const PUZZLE_LOSE = { id: 'puzzle-2', cell: 'e2' }; // only b4 wins here

await mkdir(OUT, { recursive: true });

// Ohm's files on origin A, with the headers README asks of a host that serves other origins.
const ohm = await serve(DIST, {
  headers: (path) => ({
    'access-control-allow-origin': '*',
    // Only for the cross-origin-isolated memory page below (COEP: require-corp).
    'cross-origin-resource-policy': 'cross-origin',
  }),
});
// The tutorial site on origin B (another port): its pages load Ohm's files from A.
// The same files from a host that forgets the CORS headers.
const bare = await serve(DIST);
const site = await mkdtemp(join(tmpdir(), 'ohm-embed-site-'));
const A = ohm.url;
await writeFile(
  join(site, 'cross.html'),
  `<!DOCTYPE html><html><head><meta charset="utf-8"><title>another site</title>
<script src="${A}embed/ohm-board.js" defer></script></head><body>
<h1>A tutorial on another origin</h1>
<ohm-board id="x-view" size="5" contents="R c3 B b4" arrows="c3-c4"></ohm-board>
<ohm-board id="x-play" mode="play" size="4" level="1"></ohm-board>
<ohm-board id="x-src" src="${A}examples/short-game.sgf" at="1"></ohm-board>
<iframe id="x-frame" src="${A}embed/embed.html#5,c3?coords=off" width="360" height="320"></iframe>
<script>
  window.__frameMessages = [];
  window.addEventListener('message', (e) => window.__frameMessages.push({ origin: e.origin, data: e.data }));
  for (const [id, origins] of [['x-frame-mine', location.origin], ['x-frame-other', 'https://example.org']]) {
    const frame = document.createElement('iframe');
    frame.id = id;
    frame.width = 300;
    frame.height = 280;
    frame.src = '${A}embed/embed.html#4,b2?origins=' + encodeURIComponent(origins);
    document.body.append(frame);
  }
</script>
</body></html>`,
);
await writeFile(
  join(site, 'nocors.html'),
  `<!DOCTYPE html><html><head><meta charset="utf-8"><title>no CORS</title>
<script src="${bare.url}embed/ohm-board.js" defer></script></head><body>
<ohm-board id="no-cors" size="5"></ohm-board></body></html>`,
);
// Analysis mode with Solve (the worker shared with a puzzle board), and a puzzle whose first
// correct move Ohm answers.
await writeFile(
  join(site, 'solve.html'),
  `<!DOCTYPE html><html><head><meta charset="utf-8"><title>solve in the embed</title>
<script src="${A}embed/ohm-board.js" defer></script></head><body>
<ohm-board id="solving" mode="analyze" size="5" overlays="winning solver"></ohm-board>
<ohm-board id="empty-puzzle" mode="puzzle" size="5"></ohm-board>
</body></html>`,
);
// Puzzles for the hint and for what Ohm cannot prove: the first is puzzle-1's position (b4 and
// a5 win); the second is a nearly empty 13x13 board with the shortest budget, where no move can
// be proven either way in 0.1 s.
await writeFile(
  join(site, 'hint.html'),
  `<!DOCTYPE html><html><head><meta charset="utf-8"><title>hint and unproven</title>
<script src="${A}embed/ohm-board.js" defer></script></head><body>
<ohm-board id="hinted" mode="puzzle" size="5" contents="R b3 B c3 d2" to-move="red"></ohm-board>
<ohm-board id="open" mode="puzzle" size="13" contents="R g7 B f8" to-move="red" budget="100"></ohm-board>
</body></html>`,
);
await writeFile(
  join(site, 'bad.html'),
  `<!DOCTYPE html><html><head><meta charset="utf-8"><title>bad attributes</title>
<script src="${A}embed/ohm-board.js" defer></script></head><body>
<p id="before">text before</p>
<ohm-board id="bad-size" size="99"></ohm-board>
<ohm-board id="bad-moves" size="5" moves="c3c3"></ohm-board>
<ohm-board id="bad-mode" mode="&lt;img src=x onerror=alert(1)&gt;"></ohm-board>
<ohm-board id="bad-sgf" sgf="(;GM[1]SZ[5]"></ohm-board>
<ohm-board id="bad-highlight" size="5" highlight="x url(javascript:alert(1)): a1"></ohm-board>
<ohm-board id="bad-src" src="${A}no-such-record.sgf"></ohm-board>
<ohm-board id="good" size="3"></ohm-board>
<p id="after">text after</p>
</body></html>`,
);
await writeFile(
  join(site, 'five.html'),
  `<!DOCTYPE html><html><head><meta charset="utf-8"><title>five boards</title>
<script>globalThis.__ohmEmbedWorkerPerBoard = location.search.includes('per-board');</script>
<script src="${A}embed/ohm-board.js" defer></script></head><body>
<ohm-board id="f-puzzle" mode="puzzle" size="5" contents="R b3 B c3 d2" to-move="red"></ohm-board>
<ohm-board id="f-puzzle2" mode="puzzle" size="6" contents="R b5 c3 B c4 d3" to-move="red"></ohm-board>
<ohm-board id="f-play" mode="play" size="5" level="1"></ohm-board>
<ohm-board id="f-play2" mode="play" size="4" level="1"></ohm-board>
<ohm-board id="f-analyze" size="5" moves="c3"></ohm-board>
</body></html>`,
);
// five.html is cross-origin isolated so that performance.measureUserAgentSpecificMemory()
// can count the worker's memory.
const second = await serve(site, {
  headers: (path) =>
    path === '/five.html'
      ? { 'cross-origin-opener-policy': 'same-origin', 'cross-origin-embedder-policy': 'require-corp' }
      : {},
});
const B = second.url;
check(new URL(A).origin !== new URL(B).origin, 'two origins');

const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  headless: true,
  args: [...CHROMIUM_ARGS, '--enable-blink-features=ForceEagerMeasureMemory'],
});
const context = await browser.newContext({ viewport: { width: 900, height: 900 } });
const pageErrors = [];

async function open(url) {
  const page = await context.newPage();
  page.setDefaultTimeout(20_000);
  page.on('pageerror', (e) => pageErrors.push(`${url}: ${e.message}`));
  // Every event of every board, for the checks.
  await page.addInitScript(() => {
    window.__events = [];
    for (const name of ['move', 'positionchange', 'solved', 'correct', 'failed', 'unproven']) {
      document.addEventListener(name, (e) => {
        if (e.target && e.target.localName === 'ohm-board') {
          window.__events.push({ board: e.target.id, name, detail: e.detail });
        }
      });
    }
  });
  await page.goto(url);
  return page;
}

/** Waits until every <ohm-board> has left its loading state; returns {id: state}. */
async function settled(page) {
  await page.waitForFunction(() =>
    [...document.querySelectorAll('ohm-board')].every((b) => ['ready', 'error'].includes(b.getAttribute('data-state'))),
  );
  return page.evaluate(() => Object.fromEntries([...document.querySelectorAll('ohm-board')].map((b) => [b.id, b.getAttribute('data-state')])));
}

/** A TCP port nobody listens on now. */
function freePort() {
  return new Promise((ok, fail) => {
    const probe = createServer();
    probe.once('error', fail).listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => ok(port));
    });
  });
}

/** Polls `url` until it answers 200, for at most `ms`. */
async function waitForHttp(url, ms) {
  const until = Date.now() + ms;
  for (;;) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > until) throw new Error(`${url} did not answer within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const waitEvent = (page, board, name, after = 0) =>
  page.waitForFunction(
    ([board, name, after]) => window.__events.slice(after).find((e) => e.board === board && e.name === name) ?? null,
    [board, name, after],
    { timeout: ENGINE_MS },
  ).then((h) => h.jsonValue());

const eventCount = (page) => page.evaluate(() => window.__events.length);

try {
  const examples = `${A}examples/tutorial.html`;
  let tutorial;

  await test('examples page: every board renders (screenshot non-empty, no error state)', async () => {
    const t0 = Date.now();
    tutorial = await open(examples);
    await tutorial.waitForSelector('#bridge-board >> svg.board [data-cell]');
    const firstVisible = Date.now() - t0;
    const states = await settled(tutorial);
    log(`  time to the first diagram (cold): ${firstVisible} ms; boards: ${JSON.stringify(states)}`);
    const ids = Object.keys(states);
    check(ids.length >= 9, `boards: ${ids.length}`);
    for (const id of ids) {
      check(states[id] === 'ready', `${id} is ${states[id]}`);
      const board = tutorial.locator(`#${id}`);
      const cells = await board.locator('svg.board [data-cell]').count();
      check(cells > 0, `${id} has no cells`);
      check((await board.locator('.ohm-error').count()) === 0, `${id} shows an error`);
      const png = await board.screenshot({ path: join(OUT, `${id}.png`) });
      const box = await board.boundingBox();
      check(box.width > 150 && box.height > 120, `${id} is ${box.width}x${box.height}`);
      check(png.length > 3000, `${id} screenshot is ${png.length} bytes`);
    }
    const stoneCount = await tutorial.locator('#ladder-board [data-stone]').count();
    check(stoneCount === 10, `ladder stones ${stoneCount}`);
    check((await tutorial.locator('#template-board polygon.highlight').count()) === 19, 'the template carrier is drawn');
    check((await tutorial.locator('#bridge-board line.arrow').count()) === 1, 'the bridge arrow is drawn');
    check((await tutorial.locator('#bridge-board text.label').count()) === 2, 'the bridge labels are drawn');
    // Analyze mode: the worker's analysis arrives and is drawn (Red's proven connection).
    await tutorial.locator('#analyze-board #analysis-status[data-state="ready"]').waitFor({ timeout: ENGINE_MS });
    check((await tutorial.locator('#analyze-board .shade.carrier-black, #analyze-board .shade.must-play').count()) > 0, 'analysis overlay drawn');
    await tutorial.locator('#analyze-board').screenshot({ path: join(OUT, 'analyze-board.png') });
    // Warm: the same page again, files from the HTTP cache.
    const t1 = Date.now();
    await tutorial.reload();
    await tutorial.waitForSelector('#bridge-board >> svg.board [data-cell]');
    log(`  time to the first diagram (warm reload): ${Date.now() - t1} ms`);
    await settled(tutorial);
  });

  await test('view mode steps through the game with its comments', async () => {
    const game = tutorial.locator('#game-board');
    check((await game.locator('.where').textContent()).trim() === '0 / 9', 'starts at move 0');
    check((await game.locator('.comment').textContent()).includes('short game'), 'root comment');
    await game.locator('button.next').click();
    await game.locator('button.next').click();
    check((await game.locator('.where').textContent()).trim() === '2 / 9', 'two steps');
    check((await game.locator('.comment').textContent()).includes('Blue blocks'), 'comment of move 2');
    check((await game.locator('[data-stone]').count()) === 2, 'two stones');
    await game.locator('button.last').click();
    check((await game.locator('svg.board .cell.winning').count()) === 5, 'the winning chain is marked');
  });

  await test('puzzle: a correct move solves, with the winning connection drawn', async () => {
    const n = await eventCount(tutorial);
    await tutorial.locator(`#${PUZZLE_WIN.id} [data-cell="${PUZZLE_WIN.cell}"]`).click();
    const solved = await waitEvent(tutorial, PUZZLE_WIN.id, 'solved', n);
    check(solved.detail.move === PUZZLE_WIN.cell, JSON.stringify(solved.detail));
    const status = tutorial.locator(`#${PUZZLE_WIN.id} .status`);
    check((await status.getAttribute('data-state')) === 'solved', 'solved state');
    log(`  solved: ${(await status.textContent()).slice(0, 160)}`);
    await tutorial.locator(`#${PUZZLE_WIN.id}`).screenshot({ path: join(OUT, 'puzzle-solved.png') });
  });

  await test('puzzle: a wrong move is refuted on the board, explained, and can be retried', async () => {
    const board = tutorial.locator(`#${PUZZLE_LOSE.id}`);
    const stonesBefore = await board.locator('[data-stone]').count();
    const n = await eventCount(tutorial);
    await board.locator(`[data-cell="${PUZZLE_LOSE.cell}"]`).click();
    const failedEvent = await waitEvent(tutorial, PUZZLE_LOSE.id, 'failed', n);
    check(failedEvent.detail.move === PUZZLE_LOSE.cell, JSON.stringify(failedEvent.detail));
    check(failedEvent.detail.explanation.length > 10, 'an explanation');
    const stonesAfter = await board.locator('[data-stone]').count();
    if (failedEvent.detail.refutation) {
      check(stonesAfter === stonesBefore + 2, `the move and the refutation: ${stonesBefore} -> ${stonesAfter}`);
    }
    check((await board.locator('.status').getAttribute('data-state')) === 'failed', 'failed state');
    log(`  refuted: ${(await board.locator('.status').textContent()).slice(0, 200)}`);
    await board.screenshot({ path: join(OUT, 'puzzle-refuted.png') });
    await board.locator('button.try-again').click();
    check((await board.locator('[data-stone]').count()) === stonesBefore, 'try again restores the puzzle');
  });

  await test('puzzle: reveal lists the proven winning moves', async () => {
    const board = tutorial.locator('#puzzle-3');
    await board.locator('button.reveal').click();
    await board.locator('.findings', { hasText: /Winning move|proved no winning/ }).waitFor({ timeout: ENGINE_MS });
    const findings = await board.locator('.findings').textContent();
    log(`  reveal: ${findings}`);
    // ohm-engine's puzzle::solve proves exactly these (checked natively).
    check(/e2, a4, a5/.test(findings), findings);
    check((await board.locator('svg.board .shade.key').count()) === 3, 'the winning cells are marked');
  });

  await test('play mode: Ohm answers the reader', async () => {
    const n = await eventCount(tutorial);
    await tutorial.locator('#play-board [data-cell="c3"]').click();
    const reply = await tutorial.waitForFunction(
      (after) => window.__events.slice(after).find((e) => e.board === 'play-board' && e.name === 'move' && e.detail.by === 'ohm') ?? null,
      n,
      { timeout: ENGINE_MS },
    ).then((h) => h.jsonValue());
    check(reply.detail.color === 'white', JSON.stringify(reply.detail));
    check((await tutorial.locator('#play-board [data-stone]').count()) === 2, 'two stones');
  });

  await test('JS API: setPosition, play, undo, addShape, clearShapes, with events', async () => {
    const result = await tutorial.evaluate(async () => {
      const board = document.getElementById('bridge-board');
      const seen = [];
      const keep = (e) => seen.push([e.type, e.detail]);
      board.addEventListener('move', keep);
      board.addEventListener('positionchange', keep);
      await board.setPosition('5,c3');
      await board.play('d2');
      await board.addShape({ type: 'arrow', from: 'c3', to: 'd2', color: '#ff0000' });
      await board.addShape({ type: 'highlight', cells: ['a1', 'b1'], color: 'green', name: 'demo' });
      await board.addShape({ type: 'label', cell: 'e5', text: 'A' });
      await new Promise((r) => setTimeout(r, 50));
      const root = board.shadowRoot;
      const drawn = {
        stones: root.querySelectorAll('[data-stone]').length,
        arrows: root.querySelectorAll('line.arrow').length,
        highlights: root.querySelectorAll('polygon.highlight').length,
        labels: root.querySelectorAll('text.label').length,
      };
      let rejected = null;
      try {
        await board.setPosition('5,zz');
      } catch (e) {
        rejected = e.message;
      }
      let badShape = null;
      try {
        await board.addShape({ type: 'arrow', from: 'a1', to: 'q99' });
      } catch (e) {
        badShape = e.message;
      }
      await board.clearShapes();
      await board.undo();
      await new Promise((r) => setTimeout(r, 50));
      return {
        drawn,
        rejected,
        badShape,
        after: {
          stones: root.querySelectorAll('[data-stone]').length,
          shapes: root.querySelectorAll('line.arrow, polygon.highlight, text.label').length,
          state: board.getAttribute('data-state'),
        },
        seen,
      };
    });
    check(result.drawn.stones === 2, JSON.stringify(result.drawn));
    // The board's own arrow and carrier (attributes) stay; the contents' labels went with the position.
    check(result.drawn.arrows === 2 && result.drawn.highlights === 4 && result.drawn.labels === 1, JSON.stringify(result.drawn));
    check(result.rejected && /moves|zz/.test(result.rejected), `bad setPosition: ${result.rejected}`);
    check(result.badShape && /q99/.test(result.badShape), `bad shape: ${result.badShape}`);
    check(result.after.stones === 1 && result.after.shapes === 0 && result.after.state === 'ready', JSON.stringify(result.after));
    const moveEvent = result.seen.find(([type]) => type === 'move');
    check(moveEvent && moveEvent[1].move === 'd2' && moveEvent[1].color === 'white' && moveEvent[1].by === 'api', JSON.stringify(moveEvent));
    const last = result.seen.filter(([type]) => type === 'positionchange').at(-1);
    check(last && last[1].moves.join(' ') === 'c3' && last[1].width === 5, JSON.stringify(last));
  });

  await test('boards on one page share one engine worker', async () => {
    const starts = await tutorial.evaluate(() => customElements.get('ohm-board').engineStarts());
    check(starts === 1, `workers started: ${starts}`);
  });

  await test('analyze mode: Solve proves the first-move map in the shared worker; a puzzle goes on after a correct move', async () => {
    const page = await open(`${B}solve.html`);
    await settled(page);
    const board = page.locator('#solving');
    await board.locator('#solve').click();
    await board.locator('#solve-result[data-complete="true"]').waitFor({ timeout: 120_000 });
    const winning = (
      await board.locator('svg.board .shade.solve-win').evaluateAll((shades) =>
        shades.map((s) => s.closest('[data-cell]')?.getAttribute('data-cell')),
      )
    ).sort();
    // The native `ohm solve --moves` on the empty 5x5 board (and ../shared/data/first-move-results.csv).
    const WINNING_5X5 = ['e1', 'b2', 'c2', 'd2', 'e2', 'b3', 'c3', 'd3', 'a4', 'b4', 'c4', 'd4', 'a5'].sort();
    check(JSON.stringify(winning) === JSON.stringify(WINNING_5X5), `winning ${winning}`);
    log(`  embed Solve: ${(await board.locator('#solve-result').textContent()).slice(0, 120)}`);
    // Hovering a winning cell previews its winning line, as in the app.
    check((await board.locator('svg.board .preview').count()) === 0, 'a preview before any hover');
    await board.locator('svg.board [data-cell="c3"]').hover();
    await board.locator('svg.board [data-cell="c3"] .preview[data-preview="1"]').waitFor({ timeout: ENGINE_MS });
    log(`  embed hover c3: a line of ${await board.locator('svg.board .preview').count()} moves previewed`);
    await page.mouse.move(2, 2);
    await page.waitForFunction(() => document.querySelector('#solving').shadowRoot.querySelector('svg.board .preview') === null);
    await board.screenshot({ path: join(OUT, 'embed-solve.png') });
    // b2 wins on the empty 5x5 board, but no single connection shows it yet: Ohm answers.
    const puzzle = page.locator('#empty-puzzle');
    const n = await eventCount(page);
    await puzzle.locator('[data-cell="b2"]').click();
    const correct = await waitEvent(page, 'empty-puzzle', 'correct', n);
    check(correct.detail.move === 'b2' && correct.detail.outcome === 'wins', JSON.stringify(correct.detail));
    await page.waitForFunction(
      (after) => window.__events.slice(after).some((e) => e.board === 'empty-puzzle' && e.name === 'move' && e.detail.by === 'ohm'),
      n,
    );
    const status = await puzzle.locator('.status').textContent();
    check(/find the next winning move/.test(status), status);
    log(`  embed puzzle: ${status}`);
    await page.close();
  });

  await test('puzzle: the hint shades a region holding every winning move; reveal then names them', async () => {
    const page = await open(`${B}hint.html`);
    await settled(page);
    const board = page.locator('#hinted');
    await board.locator('button.hint-button').click();
    await board.locator('.findings', { hasText: /Hint: a winning move lies in the shaded region/ }).waitFor({ timeout: ENGINE_MS });
    const shaded = await board.locator('svg.board .shade.must-play').evaluateAll((shades) =>
      shades.map((s) => s.closest('[data-cell]')?.getAttribute('data-cell')),
    );
    check(shaded.length > 0 && shaded.every(Boolean), `hint cells: ${shaded}`);
    check(shaded.length < 22, `the hint narrows the 22 empty cells: ${shaded.length}`);
    await board.screenshot({ path: join(OUT, 'puzzle-hint.png') });
    await board.locator('button.reveal').click();
    await board.locator('.findings', { hasText: /Winning move/ }).waitFor({ timeout: ENGINE_MS });
    const findings = await board.locator('.findings').textContent();
    // The same position as the tutorial's puzzle-1: b4 and a5 win (ohm-engine puzzle::solve).
    check(/b4, a5|a5, b4/.test(findings), findings);
    for (const cell of ['b4', 'a5']) check(shaded.includes(cell), `${cell} lies in the hint region ${shaded}`);
    log(`  hint: ${shaded.length} cells (${shaded.join(' ')}); ${findings}`);
    // A move Ohm cannot prove in its budget is said to be unproven, never judged.
    const open13 = page.locator('#open');
    const n = await eventCount(page);
    await open13.locator('[data-cell="a13"]').click();
    const unproven = await waitEvent(page, 'open', 'unproven', n);
    check(unproven.detail.move === 'a13' && unproven.detail.outcome === 'unproven', JSON.stringify(unproven.detail));
    const status = open13.locator('.status');
    check((await status.getAttribute('data-state')) === 'unproven', 'unproven state');
    const text = await status.textContent();
    check(/^\? Ohm could not prove that a13 wins or loses within 100 ms\. /.test(text), text);
    check(
      !(await page.evaluate(() => window.__events.some((e) => e.board === 'open' && ['solved', 'failed'].includes(e.name)))),
      'no verdict claimed',
    );
    log(`  unproven: ${text.slice(0, 160)}`);
    await open13.locator('button.hint-button').click();
    await open13.locator('.findings', { hasText: /Hint|no hint/ }).waitFor({ timeout: ENGINE_MS });
    const hint = await open13.locator('.findings').textContent();
    check(/Ohm has no hint: it could not prove a winning move in time/.test(hint), hint);
    check((await open13.locator('svg.board .shade.must-play').count()) === 0, 'no region shaded without a proof');
    await page.close();
  });

  await test('malformed attributes show a readable error state and the page goes on', async () => {
    const page = await open(`${B}bad.html`);
    const messages = [];
    page.on('console', (m) => m.type() === 'error' && messages.push(m.text()));
    const states = await settled(page);
    for (const id of ['bad-size', 'bad-moves', 'bad-mode', 'bad-sgf', 'bad-highlight', 'bad-src']) {
      check(states[id] === 'error', `${id}: ${states[id]}`);
      const box = page.locator(`#${id} .ohm-error`).filter({ visible: true });
      const text = await box.textContent();
      check(text.startsWith('Ohm board:') && text.length > 20, `${id}: "${text}"`);
      await page.locator(`#${id}`).screenshot({ path: join(OUT, `${id}.png`) });
    }
    check(states.good === 'ready', 'the good board still renders');
    check((await page.locator('#bad-mode img').count()) === 0, 'no markup from attributes');
    check((await page.locator('#after').textContent()) === 'text after', 'the page goes on');
    log(`  e.g. ${await page.locator('#bad-mode .ohm-error').textContent()}`);
    // Fixing the attribute brings the board back.
    await page.evaluate(() => document.getElementById('bad-size').setAttribute('size', '4'));
    await page.waitForFunction(() => document.getElementById('bad-size').getAttribute('data-state') === 'ready');
    await page.close();
  });

  await test('cross-origin: a host without CORS headers gives a readable error, not a broken page', async () => {
    const page = await open(`${B}nocors.html`);
    const states = await settled(page);
    check(states['no-cors'] === 'error', JSON.stringify(states));
    const text = await page.locator('#no-cors .ohm-error').filter({ visible: true }).textContent();
    check(/Access-Control-Allow-Origin/.test(text), text);
    log(`  ${text.slice(0, 160)}`);
    await page.close();
  });

  await test('cross-origin: the element renders and its engine answers on a second origin', async () => {
    const page = await open(`${B}cross.html`);
    const states = await settled(page);
    check(states['x-view'] === 'ready' && states['x-play'] === 'ready', JSON.stringify(states));
    check((await page.locator('#x-view [data-stone]').count()) === 2, 'stones drawn');
    check(states['x-src'] === 'ready', `src: ${states['x-src']}`);
    check((await page.locator('#x-src .where').textContent()).trim() === '1 / 9', 'the record from src, at move 1');
    check((await page.locator('#x-src .comment').textContent()).includes('centre'), 'its comment');
    await page.locator('#x-view').screenshot({ path: join(OUT, 'cross-origin-view.png') });
    await page.locator('#x-play [data-cell="b2"]').click();
    const reply = await page.waitForFunction(
      () => window.__events.find((e) => e.board === 'x-play' && e.name === 'move' && e.detail.by === 'ohm') ?? null,
      null,
      { timeout: ENGINE_MS },
    ).then((h) => h.jsonValue());
    log(`  Ohm answered ${reply.detail.move} from ${A} to a page on ${B}`);
    tutorial.crossPage = page;
  });

  await test("README's two-origin example, as written: serve.sh sends CORS, a page on another port embeds Ohm", async () => {
    // The sh block of README.md's "Hosting Ohm's files for other origins", run line by line:
    // Ohm by `bash scripts/serve.sh` (dist/ is fresh here, so it serves at once), the page it
    // writes, served by the static server it names, on two free ports instead of 8080/8081.
    const readme = await readFile(join(ROOT, 'README.md'), 'utf8');
    const block = readme.match(/```sh\n(bash scripts\/serve\.sh[^\n]*Access-Control-Allow-Origin[\s\S]*?)```/)?.[1];
    check(block, 'no two-origin example in README.md');
    const html = block.match(/<<'EOF'\n([\s\S]*?)\nEOF/)?.[1];
    const siteDir = block.match(/cat > (\S+)\/index\.html/)?.[1];
    check(html && siteDir && block.includes(`node scripts/static-server.mjs ${siteDir} --port 8081`), `example: ${block}`);
    const [ohmPort, sitePort] = [await freePort(), await freePort()];
    const dir = await mkdtemp(join(tmpdir(), 'ohm-readme-site-'));
    await writeFile(join(dir, 'index.html'), html.replaceAll('127.0.0.1:8080', `127.0.0.1:${ohmPort}`));
    const started = Date.now();
    const servers = [
      spawn('bash', ['scripts/serve.sh', '--port', String(ohmPort)], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] }),
      spawn('node', ['scripts/static-server.mjs', dir, '--port', String(sitePort)], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] }),
    ];
    const said = [];
    for (const child of servers) for (const stream of [child.stdout, child.stderr]) stream.on('data', (d) => said.push(String(d)));
    try {
      await waitForHttp(`http://127.0.0.1:${ohmPort}/embed/ohm-board.js`, 120_000);
      log(`  serve.sh served a fresh dist/ ${Date.now() - started} ms after it started`);
      check(!said.join('').includes('trunk build'), `serve.sh rebuilt a fresh dist/: ${said.join('')}`);
      const head = await fetch(`http://127.0.0.1:${ohmPort}/embed/embed_bg.wasm`, { method: 'HEAD' });
      check(head.headers.get('access-control-allow-origin') === '*', 'serve.sh sends no CORS header');
      check(head.headers.get('content-type') === 'application/wasm', `wasm as ${head.headers.get('content-type')}`);
      await waitForHttp(`http://127.0.0.1:${sitePort}/`, 10_000);
      const page = await open(`http://127.0.0.1:${sitePort}/`);
      await page.waitForFunction(() => document.querySelectorAll('ohm-board').length === 2);
      await page.evaluate(() => document.querySelectorAll('ohm-board').forEach((b, i) => (b.id = `readme-${i}`)));
      const states = await settled(page);
      check(states['readme-0'] === 'ready' && states['readme-1'] === 'ready', `states ${JSON.stringify(states)}: ${await page.locator('ohm-board').first().textContent()}`);
      check((await page.locator('#readme-0 [data-stone]').count()) === 2, 'the diagram has no stones');
      await page.locator('#readme-1 [data-cell="c3"]').click();
      await page.waitForFunction(() => window.__events.some((e) => e.board === 'readme-1' && e.name === 'move' && e.detail.by === 'ohm'), null, { timeout: ENGINE_MS });
      await page.screenshot({ path: join(OUT, 'readme-two-origins.png') });
      await page.close();
    } finally {
      for (const child of servers) child.kill();
      await rm(dir, { recursive: true, force: true });
    }
  });

  await test('cross-origin: the iframe form answers documented postMessages only', async () => {
    const page = tutorial.crossPage;
    const frame = page.frameLocator('#x-frame');
    await frame.locator('ohm-board[data-state="ready"]').waitFor();
    const answers = await page.evaluate(async () => {
      const frame = document.getElementById('x-frame').contentWindow;
      const got = [];
      window.addEventListener('message', (e) => got.push({ origin: e.origin, data: e.data }));
      const target = new URL(document.getElementById('x-frame').src).origin;
      frame.postMessage({ type: 'ohm:play', cell: 'c4', id: 1 }, target);
      frame.postMessage({ type: 'ohm:play', cell: 42, id: 2 }, target);
      frame.postMessage({ type: 'ohm:evil', id: 3 }, target);
      frame.postMessage('not an object', target);
      frame.postMessage({ type: 'ohm:addShape', shape: { type: 'arrow', from: 'c3', to: 'c4' }, id: 4 }, target);
      frame.postMessage({ type: 'ohm:addShape', shape: { type: 'arrow', from: 'c3', to: 'c4', onclick: 'x' }, id: 5 }, target);
      await new Promise((r) => setTimeout(r, 1500));
      return got;
    });
    const reply = (id) => answers.find((m) => m.data.type === 'ohm:reply' && m.data.id === id);
    check(reply(1)?.data.ok === true, `play: ${JSON.stringify(reply(1))}`);
    check(reply(2)?.data.ok === false, `bad play: ${JSON.stringify(reply(2))}`);
    check(reply(3)?.data.ok === false, 'an unknown ohm: type is refused');
    check(reply(4)?.data.ok === true && reply(5)?.data.ok === false, 'shapes are checked key by key');
    check(!answers.some((m) => m.data === 'not an object'), 'other messages are ignored');
    check(answers.every((m) => m.origin === new URL(A).origin), 'answers come from the frame');
    const moved = answers.find((m) => m.data.type === 'ohm:event' && m.data.event === 'move');
    check(moved?.data.detail.move === 'c4', `event forwarded: ${JSON.stringify(moved)}`);
    check((await frame.locator('[data-stone]').count()) === 2, 'the move is on the board');
    check((await frame.locator('line.arrow').count()) === 1, 'one arrow');
    // The origins parameter: a frame told to answer this page's origin announces itself and
    // answers; a frame told to answer another origin stays silent.
    const restricted = await page.evaluate(async () => {
      const post = (id, message) =>
        document.getElementById(id).contentWindow.postMessage(message, new URL(document.getElementById(id).src).origin);
      post('x-frame-mine', { type: 'ohm:hello', id: 10 });
      post('x-frame-other', { type: 'ohm:hello', id: 11 });
      await new Promise((r) => setTimeout(r, 1000));
      return window.__frameMessages.map((m) => m.data);
    });
    check(restricted.filter((m) => m.type === 'ohm:ready').length === 1, `ready only from the frame that names us: ${JSON.stringify(restricted)}`);
    check(restricted.some((m) => m.type === 'ohm:reply' && m.id === 10 && m.ok), 'the frame that names us answers');
    check(!restricted.some((m) => m.id === 11), 'the frame that names another origin stays silent');
    await page.locator('#x-frame').screenshot({ path: join(OUT, 'cross-origin-iframe.png') });
    await page.close();
  });

  await test('the tutorial page names the players Red and Blue, in its text and its boards (analysis included)', async () => {
    const page = await open(`${A}examples/tutorial.html`);
    await settled(page);
    await page.locator('#analyze-board #analysis-status[data-state="ready"]').waitFor({ timeout: ENGINE_MS });
    const mixed = await page.evaluate(() => {
      const out = [];
      const walk = (root, where) => {
        const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          // Code samples and the attribute table quote the markup; the first paragraph says
          // once what records call the players.
          if (node.parentElement.closest('code, pre, table, script, style')) continue;
          const text = node.textContent.replace(/\((Black in records|White)\)/g, '');
          if (/\b(black|white)\b/i.test(text)) out.push(`${where}: ${text.trim().slice(0, 120)}`);
        }
        root.querySelectorAll('*').forEach((el) => el.shadowRoot && walk(el.shadowRoot, el.id || el.localName));
      };
      walk(document.body, 'page');
      return out;
    });
    check(mixed.length === 0, `Black/White on a Red/Blue page: ${mixed.slice(0, 4).join(' | ')}`);
    await page.close();
  });

  await test('measurements: bytes the embed loads, memory with five boards', async () => {
    const files = ['embed/ohm-board.js', 'embed/embed.js', 'embed/embed_bg.wasm', 'worker.js', 'worker_bg.wasm'];
    let raw = 0;
    let gz = 0;
    for (const f of files) {
      const body = await readFile(join(DIST, f));
      raw += body.length;
      gz += gzipSync(body, { level: 9 }).length;
      log(`  ${f}: ${body.length} B raw, ${gzipSync(body, { level: 9 }).length} B gzip`);
    }
    log(`  total: ${raw} B raw, ${gz} B gzip (diagram only, no engine: the first three)`);
    // Five boards on one page, two of them using the engine (one shared worker); then four
    // more engine workers started as a worker-per-board design would, to price one worker.
    // Five boards on one page, each using the engine: with the one shared worker, then with a
    // worker per board (the design not chosen; a measuring switch of embed::engine).
    await tutorial.close();
    // Resident memory of this browser's renderer processes (the page and its workers), by the
    // process ids Chromium reports (other browsers on the machine are not counted).
    const cdp = await browser.newBrowserCDPSession();
    const renderers = async () => {
      const { processInfo } = await cdp.send('SystemInfo.getProcessInfo');
      const ids = processInfo.filter((p) => p.type === 'renderer').map((p) => String(p.id));
      if (ids.length === 0) return 0;
      const out = execFileSync('ps', ['-o', 'rss=', '-p', ids.join(',')]).toString();
      return out.split('\n').filter(Boolean).reduce((sum, n) => sum + Number(n) * 1024, 0);
    };
    const MiB = (b) => (b / 1048576).toFixed(1);
    const figures = {};
    for (const design of ['shared', 'per-board']) {
      const page = await open(`${B}five.html?${design}`);
      await settled(page);
      const idle = await renderers();
      const heapIdle = await page.evaluate(async () => (await performance.measureUserAgentSpecificMemory()).bytes);
      await page.locator('#f-puzzle [data-cell="b4"]').click();
      await page.locator('#f-puzzle2 [data-cell="e2"]').click();
      await page.locator('#f-play [data-cell="b2"]').click();
      await page.locator('#f-play2 [data-cell="b2"]').click();
      await page.evaluate(() => document.getElementById('f-analyze').setAttribute('mode', 'analyze'));
      await page.waitForFunction(
        () =>
          ['f-puzzle', 'f-puzzle2'].every((b) => window.__events.some((e) => e.board === b && ['solved', 'failed'].includes(e.name))) &&
          ['f-play', 'f-play2'].every((b) => window.__events.some((e) => e.board === b && e.detail?.by === 'ohm')),
        null,
        { timeout: ENGINE_MS },
      );
      await page.locator('#f-analyze #analysis-status[data-state="ready"]').waitFor({ timeout: ENGINE_MS });
      await new Promise((r) => setTimeout(r, 500));
      const starts = await page.evaluate(() => customElements.get('ohm-board').engineStarts());
      check(starts === (design === 'shared' ? 1 : 5), `${design}: ${starts} workers`);
      const heap = await page.evaluate(async () => (await performance.measureUserAgentSpecificMemory()).bytes);
      const used = (await renderers()) - idle;
      figures[design] = { idle, used, heapIdle, heap };
      log(`  five boards, ${design} worker${design === 'shared' ? '' : 's'}: renderer RSS ${MiB(idle)} MiB before the engine, +${MiB(figures[design].used)} MiB once all five used it; JS memory ${MiB(heapIdle)} -> ${MiB(heap)} MiB`);
      await page.close();
    }
    log(`  one worker per board would cost ≈${MiB((figures['per-board'].used - figures.shared.used) / 4)} MiB more per board`);
  });

  const bad = pageErrors.filter((e) => !/alert/.test(e));
  if (bad.length) failed('no uncaught page errors', new Error(bad.join('\n')));
} catch (error) {
  failed('embed tests', error);
} finally {
  await browser.close();
  await stop(ohm);
  await stop(second);
  await stop(bare);
  await rm(site, { recursive: true, force: true });
}
process.exit(summary());
