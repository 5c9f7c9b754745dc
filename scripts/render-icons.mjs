// Renders the app icons (PNG) that the web app manifest lists from web/icon.svg, with the
// system Chromium. Run after changing the icon: `node scripts/render-icons.mjs`; the PNGs are
// committed (the build only copies them).
import { chromium } from 'playwright-core';
import { readFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const svg = await readFile(join(ROOT, 'web', 'icon.svg'), 'utf8');
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
});
// "any" icons are the hexagon on transparency; the maskable one keeps it inside the 80 % safe
// zone on the theme background, as launchers crop maskable icons to a circle or squircle.
const icons = [
  { file: 'icon-192.png', size: 192, maskable: false },
  { file: 'icon-512.png', size: 512, maskable: false },
  { file: 'icon-maskable-512.png', size: 512, maskable: true },
];
for (const { file, size, maskable } of icons) {
  const page = await browser.newPage({ viewport: { width: size, height: size } });
  const inner = maskable ? Math.round(size * 0.72) : size;
  await page.setContent(`<!DOCTYPE html><html><body style="margin:0;display:grid;place-items:center;
    width:${size}px;height:${size}px;background:${maskable ? '#f4efe6' : 'transparent'}">
    <div style="width:${inner}px;height:${inner}px">${svg.replace('<svg ', `<svg width="${inner}" height="${inner}" `)}</div>
    </body></html>`);
  await page.screenshot({ path: join(ROOT, 'web', 'pwa', file), omitBackground: !maskable });
  await page.close();
  console.log('wrote web/pwa/' + file);
}
await browser.close();
