// The installed-app (PWA) behaviour of the release build, in headless Chromium:
// installability, offline start with the engine still answering, and the update flow.
//
//   trunk build --release && node tests/e2e/pwa.mjs [distDir]

import { cp, mkdtemp, readFile, rm, writeFile, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, check, log, serve, stop, summary, test } from './harness.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const DIST = resolve(process.argv[2] ?? join(ROOT, 'dist'));
const OUT = join(ROOT, 'test-output', 'e2e');

// A copy of the build that the update test can change, as a new deployment would.
const site = await mkdtemp(join(tmpdir(), 'ohm-pwa-site-'));
await cp(DIST, site, { recursive: true });
await mkdir(OUT, { recursive: true });
let server = await serve(site);
const port = server.address().port;
const base = server.url;
const profile = await mkdtemp(join(tmpdir(), 'ohm-pwa-profile-'));
const context = await chromium.launchPersistentContext(profile, {
  executablePath: '/usr/bin/chromium',
  headless: true,
  viewport: { width: 1000, height: 720 },
  args: CHROMIUM_ARGS,
});
const page = context.pages()[0] ?? (await context.newPage());
page.setDefaultTimeout(20_000);
const errors = [];
page.on('pageerror', (e) => errors.push(e.message));

const stones = (color) => page.locator(`#board [data-stone="${color}"]`).count();

/** Clicks the first empty cell and waits for Ohm's answer: one more stone of each colour. */
async function playAndGetAnswer() {
  const [black, white] = [await stones('black'), await stones('white')];
  await page.locator('#board [data-cell]:not([data-stone])').first().click();
  await page.waitForFunction(
    ([b, w]) =>
      document.querySelectorAll('#board [data-stone="black"]').length === b + 1 &&
      document.querySelectorAll('#board [data-stone="white"]').length === w + 1,
    [black, white],
  );
}

try {
  await test('first visit: the service worker precaches every built file and controls the page', async () => {
    await page.goto(base);
    await page.waitForSelector('#board [data-cell]');
    const state = await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
      if (!navigator.serviceWorker.controller) {
        await new Promise((ok) => navigator.serviceWorker.addEventListener('controllerchange', ok, { once: true }));
      }
      const names = await caches.keys();
      const cache = await caches.open(names.find((n) => n.startsWith('ohm-')));
      return { names, entries: (await cache.keys()).map((r) => new URL(r.url).pathname) };
    });
    const sw = await readFile(join(site, 'sw.js'), 'utf8');
    const list = JSON.parse(sw.match(/const PRECACHE = (\[.*?\]);/)[1]);
    check(list.some((f) => f.endsWith('_bg.wasm')) && list.includes('./worker_bg.wasm'), `precache list: ${list}`);
    check(state.entries.length === list.length, `cached ${state.entries.length} of ${list.length}`);
    log(`  ${state.names.join(', ')}: ${state.entries.length} files`);
  });

  await test('the manifest makes the app installable (Chromium reports no installability errors)', async () => {
    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    check(installabilityErrors.length === 0, JSON.stringify(installabilityErrors));
    const manifest = await cdp.send('Page.getAppManifest');
    check(manifest.errors.length === 0, JSON.stringify(manifest.errors));
    const parsed = JSON.parse(manifest.data);
    check(parsed.display === 'standalone', 'display standalone');
    check(parsed.shortcuts?.some((s) => s.name === 'Play vs Ohm'), 'Play vs Ohm shortcut');
    check(['192x192', '512x512'].every((s) => parsed.icons.some((i) => i.sizes === s)), 'icon sizes');
  });

  await test('offline: the app reloads from the cache and the engine worker still answers', async () => {
    await stop(server);
    await context.setOffline(true);
    const response = await page.reload();
    check(response?.fromServiceWorker(), 'page served by the service worker');
    await page.waitForSelector('#board [data-cell]');
    await playAndGetAnswer();
    await page.screenshot({ path: join(OUT, 'offline.png') });
  });

  await test('update: a new deployment is offered as "new version available" and reloading activates it', async () => {
    await context.setOffline(false);
    server = await serve(site, { port });
    const swPath = join(site, 'sw.js');
    const old = await readFile(swPath, 'utf8');
    const oldVersion = old.match(/const VERSION = "([^"]+)"/)[1];
    await writeFile(swPath, old.replace(`const VERSION = "${oldVersion}"`, 'const VERSION = "next-deploy"'));
    await page.evaluate(async () => (await navigator.serviceWorker.getRegistration()).update());
    await page.waitForSelector('#ohm-update button');
    const before = await page.evaluate(() => caches.keys());
    check(before.includes(`ohm-${oldVersion}`), `still on the old version until asked: ${before}`);
    await page.screenshot({ path: join(OUT, 'update-offered.png') });
    await Promise.all([page.waitForEvent('load'), page.click('#ohm-update button')]);
    await page.waitForSelector('#board [data-cell]');
    await page.waitForFunction(async () => (await caches.keys()).includes('ohm-next-deploy'));
    const after = await page.evaluate(() => caches.keys());
    check(!after.includes(`ohm-${oldVersion}`), `old cache deleted: ${after}`);
    await playAndGetAnswer();
  });

  await test('no page errors', async () => {
    check(errors.length === 0, errors.join('\n'));
  });
} finally {
  await context.close();
  await stop(server);
  await rm(profile, { recursive: true, force: true });
  await rm(site, { recursive: true, force: true });
}
process.exit(summary());
