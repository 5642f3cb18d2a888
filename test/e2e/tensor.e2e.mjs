// Tensors in a real VS Code: the packaged .vsix in code-server, driven by Chromium. Hover the
// tail tile of examples/10-tensor-block-loop.tla and read its coord and valid extent, as a
// kernel author would. Screenshot in test-artifacts/e2e/.
//
//   npm run test:e2e          (SKIP_E2E=1 skips it)
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { startProductWorkspace } from './harness.mjs';

const skip = process.env.SKIP_E2E ? 'SKIP_E2E is set' : process.platform !== 'linux' ? 'e2e runs on Linux only' : false;

describe('tensors in code-server', { skip, timeout: 600_000 }, () => {
  /** @type {import('./harness.mjs').VSCode} */
  let vs;
  let ws;

  before(async () => {
    ws = await startProductWorkspace({ prefix: 'tensor' });
    ({ vs } = ws);
  });

  after(async () => {
    await ws?.close();
  });

  it('hover on a tensor tile shows its coord and valid extent (block (2,3) of 128×64 in 300×200)', async () => {
    await vs.openFile('10-tensor-block-loop.tla');
    // coord (2·128, 3·64) = (256, 192); valid extent (300−256, 200−192) = (44, 8)
    const text = await vs.hoverToken('tileA', { line: 20, contains: 'coord' });
    assert.match(text, /tensor of half in GM/);
    assert.match(text, /coord \(256,192\)/);
    assert.match(text, /\(44,8\) of tile shape \(_128,_64\)/);
    await vs.screenshot('tensor-tile-hover');
    await vs.closeHover();
  });

  it("in a C++ kernel shaped like Catlass's: hover on a tail block of C reads its shape, coord and valid extent", async () => {
    await vs.openFile('cpp/basic_matmul_tla.cpp');
    // block (2,1) of 128×256 in 300×500: at (256,256), valid (300−256, 500−256) = (44,244)
    const text = await vs.hoverToken('tensorBlockC', { line: 49, contains: 'coord' });
    assert.match(text, /tensor of float in GM/);
    assert.match(text, /coord \(256,256\)/);
    assert.match(text, /\(44,244\) of tile shape \(_128,_256\)/);
    await vs.screenshot('cpp-tensor-tile-hover');
    await vs.closeHover();
  });
});
