// The layout view itself, in a real VS Code (code-server with the packaged .vsix, driven by
// Chromium): it fills its panel at once and after a resize, its Memory tab knows the tile and
// the padding, its loop stepper moves a kernel tile, and every button it adds works, on a .tla
// file and on a C++ kernel. Screenshots go to test-artifacts/e2e/.
//
//   npm run test:e2e          (SKIP_E2E=1 skips it)
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { poll, startProductWorkspace } from './harness.mjs';

const skip = process.env.SKIP_E2E ? 'SKIP_E2E is set' : process.platform !== 'linux' ? 'e2e runs on Linux only' : false;

describe('the layout view in code-server', { skip, timeout: 600_000 }, () => {
  /** @type {import('./harness.mjs').VSCode} */
  let vs;
  let ws;

  before(async () => {
    // written before code-server starts: a file made during the test may not be in Quick Open's list yet on a loaded machine
    ws = await startProductWorkspace({
      prefix: 'view',
      files: { 'symbolic-fd7.tla': 'uint32_t m;\nuint32_t k;\nauto layoutA = MakeLayout<half, RowMajor>(m, k);\n' },
    });
    ({ vs } = ws);
  });

  after(async () => {
    await ws?.close();
  });

  const frame = () => vs.layoutView();
  const canvas = () => frame().locator('canvas#grid');

  /** Runs Show Layout on line:column and waits for the view to read "Layout: NAME". */
  async function showLayout(line, column, name) {
    await vs.goTo(line, column);
    await vs.runCommand('TLA: Show Layout');
    await vs.layoutViewShows(name);
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

  /** Presses a button of the view's toolbar (by its text) and waits for `done`. */
  async function press(label, done, what) {
    await frame()
      .locator('.toolbar button', { hasText: new RegExp(`^${label}$`) })
      .click();
    await poll(done, { timeout: 10_000, message: () => `${what}: pressing ${label} did nothing` });
  }

  /** Every button of the view's toolbar, pressed once: each changes what it says it changes. */
  async function pressEveryButton(what) {
    const zoom = async () => Number(await canvas().getAttribute('data-zoom'));
    const fitted = await zoom();
    await press('\\+', async () => Math.abs((await zoom()) - fitted * 1.5) < 1e-6, what);
    await press('−', async () => Math.abs((await zoom()) - fitted) < 1e-6, what);
    await press('\\+', async () => (await zoom()) > fitted, what);
    await press('Fit', async () => Math.abs((await zoom()) - fitted) < 1e-6, what);
    await press('Memory', async () => (await canvas().getAttribute('data-tab')) === 'memory', what);
    await press('Grid', async () => (await canvas().getAttribute('data-tab')) === 'grid', what);
    // a click on the picture reveals the declaration in its editor (the cursor first moved away, to line 1)
    await vs.page.locator('.editor-group-container .monaco-editor .view-lines').first().click();
    await vs.goTo(1, 1);
    const box = await canvas().boundingBox();
    await vs.page.mouse.click(box.x + 3, box.y + 3);
    await poll(async () => (await vs.cursor().catch(() => ({ line: 1 }))).line !== 1, {
      timeout: 10_000,
      message: () => `${what}: a click on the picture did not reveal the statement`,
    });
  }

  it('every button of the view works on a .tla layout and on a C++ kernel tile', async () => {
    await vs.openFile('06-tile-layout.tla');
    await showLayout(13, 9, 'a');
    await pressEveryButton('on a .tla layout');
    await vs.openFile('cpp/basic_matmul_tla.cpp');
    // line 49: tensorBlockC = TileView(tensorC, (2,1), (128,256))
    await showLayout(49, 14, 'tensorBlockC');
    await pressEveryButton('on a C++ tile');
  });

  it('the stepper: a kernel tile whose coordinate reads kIdx steps through its loop, the tail appears, the file untouched', async () => {
    const file = path.join(ws.examples, 'cpp', 'basic_matmul_tla.cpp');
    const onDisk = fs.readFileSync(file, 'utf8');
    await vs.openFile('cpp/basic_matmul_tla.cpp');
    // line 54: tensorTileA = TileView(tensorA, MakeCoord(2u, kIdx), (128, 64)) inside for (kIdx = 0; kIdx < kTiles; …)
    await showLayout(54, 18, 'tensorTileA');
    const stepper = frame().locator('[data-stepper="kIdx"]');
    const value = stepper.locator('.value');
    const factsSay = async (text) => {
      let facts = '';
      await poll(async () => (facts = await frame().locator('#facts').innerText()).includes(text), {
        timeout: 15_000,
        message: () => `the view never said ${text}; it said ${facts}`,
      });
    };
    // kTiles = (200 + 64 − 1) / 64 = 4: kIdx 0…3, starting at the loop's 0
    await poll(async () => (await value.textContent()) === '0', { timeout: 15_000, message: () => 'the stepper did not start at 0' });
    assert.match(await stepper.innerText(), /0…3 \(kIdx < kTiles\)/);
    // block row 2: row 256, valid 300 − 256 = 44; kIdx 0: column 0, valid 64
    await factsSay('tile (128,64) of tensorA at (256,0), valid (44,64)');
    await vs.screenshot('view-3-stepper-0');
    const up = stepper.locator('button[aria-label="step kIdx up"]');
    for (const k of [1, 2, 3]) {
      await up.click();
      await poll(async () => (await value.textContent()) === String(k), { timeout: 15_000, message: () => `+ did not reach ${k}` });
      // column k·64, valid min(64, 200 − k·64): 64, 64, 8
      await factsSay(`at (256,${k * 64}), valid (44,${Math.min(64, 200 - k * 64)})`);
    }
    await factsSay('a tail tile');
    assert.equal(await up.isDisabled(), true, 'kIdx stops below kTiles');
    assert.equal(await frame().locator('#title').textContent(), 'Layout: tensorTileA');
    await vs.screenshot('view-4-stepper-3-tail');
    await stepper.locator('button[aria-label="step kIdx down"]').click();
    await factsSay('at (256,128), valid (44,64)');
    // nothing written: the file on disk and its editor are as they were
    assert.equal(fs.readFileSync(file, 'utf8'), onDisk);
    assert.equal(await vs.page.locator('.editor-group-container .tab.dirty').count(), 0, 'an editor became dirty');
  });

  // firstday7 (issue 24): shown from the second of two groups, the view opened in a third; closed and shown again, in another
  it('the view opens in the group beside, never a third group; closed and shown again, in the same group', async () => {
    const { page } = vs;
    await vs.runCommand('View: Close All Editor Groups');
    await vs.openFile('06-tile-layout.tla');
    await vs.runCommand('View: Split Editor Right');
    const groups = () => page.locator('.editor-group-container').count();
    await poll(async () => (await groups()) === 2, { timeout: 10_000, message: () => 'the editor did not split in two groups' });
    /** The index of the group whose tabs hold the view's, and of the active group. */
    const where = () =>
      page.locator('.editor-group-container').evaluateAll((els) => ({
        view: els.findIndex((g) => [...g.querySelectorAll('.tab')].some((t) => /Layout: a/.test(t.getAttribute('aria-label') ?? ''))),
        active: els.findIndex((g) => g.classList.contains('active')),
      }));
    // from the right group (the split), on line 13's `a`
    await showLayout(13, 9, 'a');
    assert.equal(await groups(), 2, 'Show Layout from the second group opened a third');
    let at = await where();
    assert.ok(at.view >= 0 && at.view !== at.active, `the view is in group ${at.view}, the editor in ${at.active}`);
    const viewGroup = at.view;
    await vs.screenshot('view-5-beside-no-third-group');
    // closed (its tab's close button), then shown again from the same editor: the same group
    await page
      .locator('.editor-group-container .tab', { has: page.locator('.label-name', { hasText: 'Layout: a' }) })
      .locator('.action-label.codicon-close, .codicon-close')
      .first()
      .click({ force: true });
    await poll(async () => (await where()).view === -1, { timeout: 10_000, message: () => 'the view did not close' });
    await page.locator('.editor-group-container.active .monaco-editor .view-lines').first().click();
    await showLayout(13, 9, 'a');
    assert.equal(await groups(), 2, 'Show Layout again opened a third group');
    at = await where();
    assert.equal(at.view, viewGroup, 'shown again, the view went to another group');
    // "to the side" with the view open beside already: it stays where it is
    await vs.runCommand('TLA: Show Layout to the Side');
    await page.waitForTimeout(500);
    assert.equal(await groups(), 2, 'Show Layout to the Side opened a third group');
    assert.equal((await where()).view, viewGroup);
  });

  // firstday7 (issue 24): a full tile's legend named a tail it does not have; an undrawable layout showed only why
  it("a full tile's legend names no tail, a tail tile's its own; a symbolic layout shows its value, why it is not drawn and Bind buttons", async () => {
    await vs.openFile('06-tile-layout.tla');
    // line 30: a1 = GetTileLayout(a, (4,4), (4,4)), interior: valid (4,4); a0 (line 17) and the others are a's tiles too
    await showLayout(30, 8, 'a1');
    let legend = '';
    await poll(async () => /the whole tile a1/.test((legend = await frame().locator('#legend').innerText())), {
      timeout: 10_000,
      message: () => `the legend of a1: ${legend}`,
    });
    assert.doesNotMatch(legend, /tail/, legend);
    // line 17: a0 at (6,10), valid (2,2) of (4,4): a tail tile
    await showLayout(17, 8, 'a0');
    await poll(async () => /a0's tail/.test((legend = await frame().locator('#legend').innerText())), {
      timeout: 10_000,
      message: () => `the legend of a0: ${legend}`,
    });
    await vs.openFile('symbolic-fd7.tla');
    await vs.goTo(3, 7);
    await vs.runCommand('TLA: Show Layout');
    let facts = '';
    // RowMajor (m, k): stride (k, _1), originShape (m, k)
    await poll(async () => (facts = await frame().locator('#facts').innerText()).includes('layoutA = (m,k):(k,_1):(m,k)'), {
      timeout: 20_000,
      message: () => `the view of a symbolic layout said ${facts}`,
    });
    // why, on the value's own line (firstday9: it was a line of its own under an empty one, below a toolbar with nothing to zoom)
    assert.match(await frame().locator('#facts').innerText(), /layoutA = \(m,k\):\(k,_1\):\(m,k\) — not drawn: its sizes are known only at run time/);
    assert.equal(await frame().locator('.toolbar button', { hasText: /^Fit$/ }).isVisible(), false, 'a Fit button with nothing drawn');
    assert.equal(await frame().locator('button[data-bind="m"]').count(), 1);
    await vs.screenshot('view-6-symbolic-value');
  });
});
