// Turns the e2e screenshots (test-artifacts/e2e/*.png) into the small JPEGs the README
// shows (images/screenshot-*.jpg): run `npm run test:e2e` first.
import { chromium } from 'playwright-core';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const shots = {
  '1-hover-offset': 'screenshot-hover',
  '2-inlay-tile-preview': 'screenshot-inlay',
  '3-problems-rank-mismatch': 'screenshot-problems',
  '11-layout-view-tile': 'screenshot-layout-view',
  '12-memory-view-4096': 'screenshot-memory',
  '13-cpp-variable-hover': 'screenshot-cpp',
};
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
});
const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
for (const [from, to] of Object.entries(shots)) {
  const png = path.join(root, 'test-artifacts/e2e', `${from}.png`);
  if (!fs.existsSync(png)) throw new Error(`${png} missing: run npm run test:e2e first`);
  await page.setContent(`<img src="data:image/png;base64,${fs.readFileSync(png).toString('base64')}" style="display:block">`);
  await page.screenshot({
    path: path.join(root, 'images', `${to}.jpg`),
    type: 'jpeg',
    quality: 62,
    clip: { x: 348, y: 36, width: 932, height: 740 },
  });
  console.log(`images/${to}.jpg`);
}
await browser.close();
