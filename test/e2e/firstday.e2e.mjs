// A kernel author's first day (issue 24), the fourth try, in a real VS Code (code-server with
// the packaged .vsix, driven by Chromium): the layout view of a kernel tile opens fitted to its
// panel, a template parameter is drawn at its default, and a layout not drawn says why on its line.
//
//   npm run test:e2e          (SKIP_E2E=1 skips it)
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { poll, startProductWorkspace } from './harness.mjs';

// a kernel tile at a block coordinate, its sizes bound by the tlaLayout.bindings setting
const BLOCK_C = `#include "catlass/catlass.hpp"
#include "tla/layout.hpp"
#include "tla/tensor.hpp"
__aicore__ inline void kernel(AscendC::GlobalTensor<half> gmC, uint32_t m, uint32_t n)
{
    auto layoutC = tla::MakeLayout<half, Catlass::layout::RowMajor>(m, n);
    auto tensorC = tla::MakeTensor(gmC, layoutC, Arch::PositionGM{});
    Catlass::GemmCoord blockCoord = blockScheduler.GetBlockCoord(AscendC::GetBlockIdx());
    auto tileC = tla::GetTile(tensorC, tla::MakeCoord(blockCoord.m() * 128, blockCoord.n() * 256), tla::MakeShape(128u, 256u));
}
`;

const skip = process.env.SKIP_E2E ? 'SKIP_E2E is set' : process.platform !== 'linux' ? 'e2e runs on Linux only' : false;

describe('a kernel author’s first day in code-server (the fourth try)', { skip, timeout: 600_000 }, () => {
  /** @type {import('./harness.mjs').VSCode} */
  let vs;
  let ws;

  before(async () => {
    ws = await startProductWorkspace({
      prefix: 'firstday9',
      files: { 'cpp/block_c.cpp': BLOCK_C },
      settings: { 'tlaLayout.bindings': { '**/block_c.cpp': 'm=300 n=500' } },
    });
    ({ vs } = ws);
  });

  after(async () => {
    await ws?.close();
  });

  const frame = () => vs.layoutView();
  const canvas = () => frame().locator('canvas#grid');

  async function showLayout(line, column, name) {
    // (the editor focused first: a click in the view keeps the keyboard there)
    await vs.page.locator('.editor-group-container .monaco-editor .view-lines').first().click();
    await vs.goTo(line, column);
    await vs.runCommand('TLA: Show Layout');
    await vs.layoutViewShows(name);
  }

  it('a kernel tile cut by a template parameter opens drawn at its default, fitted to its panel, and says so', async () => {
    await vs.openFile('cpp/matmul_kernel.cpp');
    // line 29: tileA = GetTileLayout(layoutA, MakeShape(BLOCK_M, TILE_K), MakeCoord(BLOCK_M * 2, 0)), template <…, uint32_t TILE_K = 64>
    await showLayout(29, 14, 'tileA');
    await canvas().waitFor({ timeout: 10_000 });
    let facts = '';
    // RowMajor 300×200: the tile (128,64) at (256,0), valid (300 − 256, 64) = (44,64)
    await poll(async () => (facts = await frame().locator('#facts').innerText()).includes('tile (128,64) of layoutA at (256,0), valid (44,64)'), {
      timeout: 15_000,
      message: () => `the view of tileA said ${facts}`,
    });
    assert.match(facts, /drawn with TILE_K = 64: a template parameter, its default/);
    assert.doesNotMatch(facts + (await frame().locator('#legend').innerText()), /run time/);
    await vs.screenshot('firstday9-1-template-default');
    // opened as Fit leaves it: pressing Fit changes nothing
    const zoom = async () => Number(await canvas().getAttribute('data-zoom'));
    const opened = await zoom();
    await frame().locator('.toolbar button', { hasText: /^Fit$/ }).click();
    await vs.page.waitForTimeout(300);
    assert.equal(await zoom(), opened, 'the view opened zoomed otherwise than Fit');
  });

  it('a layout not drawn says why on its value’s line, with no empty line and no zoom buttons', async () => {
    await vs.openFile('cpp/matmul_kernel.cpp');
    // line 33: layoutDyn = MakeLayout<half, zN>(m, k), m and k the operator's parameters
    await showLayout(33, 14, 'layoutDyn');
    let facts = '';
    await poll(
      async () => /— not drawn: its sizes are known only at run time: bind m, k/.test((facts = await frame().locator('#facts').innerText())),
      {
        timeout: 15_000,
        message: () => `the view of layoutDyn said ${facts}`,
      },
    );
    assert.doesNotMatch(facts, /not drawn:\s*\n/, facts);
    assert.equal(await frame().locator('.toolbar button', { hasText: /^Fit$/ }).isVisible(), false);
    assert.equal(await frame().locator('button[data-bind="m"]').count(), 1);
    await vs.screenshot('firstday9-2-not-drawn');
  });

  it('the tlaLayout.bindings setting: the status bar says it, a block coordinate steps within the blocks, the tail appears', async () => {
    await vs.openFile('cpp/block_c.cpp');
    const item = vs.page.locator('.statusbar-item', { hasText: 'm=300, n=500' });
    await poll(async () => (await item.count()) > 0, { timeout: 15_000, message: () => 'no status-bar item for the bindings in force' });
    assert.match((await item.first().getAttribute('aria-label')) ?? '', /tlaLayout\.bindings/);
    // line 9: tileC = GetTile(tensorC, MakeCoord(blockCoord.m() * 128, blockCoord.n() * 256), (128, 256))
    await showLayout(9, 11, 'tileC');
    const stepper = frame().locator('[data-stepper="blockCoord.m()"]');
    // ⌈300/128⌉ = 3 block rows: 0…2
    await poll(async () => /0…2/.test(await stepper.innerText()), { timeout: 15_000, message: () => 'the block row stepper has no bound' });
    const up = stepper.locator('button[aria-label="step blockCoord.m() up"]');
    let facts = '';
    for (const [k, valid] of [
      [1, '(128,256)'],
      [2, '(44,256)'],
    ]) {
      await up.click();
      // block row k: row k·128, valid min(128, 300 − k·128)
      await poll(async () => (facts = await frame().locator('#facts').innerText()).includes(`at (${k * 128},0), valid ${valid}`), {
        timeout: 15_000,
        message: () => `block row ${k}: ${facts}`,
      });
    }
    assert.match(facts, /a tail tile/);
    assert.equal(await up.isDisabled(), true, 'the stepper went past the last block row');
    await vs.screenshot('firstday9-3-block-stepper-tail');
  });
});
