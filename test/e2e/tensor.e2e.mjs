// Tensors in a real VS Code: the packaged .vsix in code-server, driven by Chromium. Hover the
// tail tile of examples/10-tensor-block-loop.tla and read its coord and valid extent, as a
// kernel author would. Screenshot in test-artifacts/e2e/.
//
//   npm run test:e2e          (SKIP_E2E=1 skips it)
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CODE_SERVER_ENTRY, ensureCodeServer } from '../../scripts/code-server.mjs';
import { ROOT, startVSCode } from './harness.mjs';

const skip = process.env.SKIP_E2E ? 'SKIP_E2E is set' : process.platform !== 'linux' ? 'e2e runs on Linux only' : false;
const VSIX = path.join(ROOT, 'tla-layout.vsix');

describe('tensors in code-server', { skip, timeout: 600_000 }, () => {
  /** @type {import('./harness.mjs').VSCode} */
  let vs;
  let work;

  before(async () => {
    ensureCodeServer();
    work = fs.mkdtempSync(path.join(os.tmpdir(), 'tla-e2e-tensor-'));
    fs.cpSync(path.join(ROOT, 'examples'), path.join(work, 'examples'), { recursive: true });
    const extDir = path.join(work, 'extensions');
    execFileSync(
      process.execPath,
      [CODE_SERVER_ENTRY, '--extensions-dir', extDir, '--user-data-dir', path.join(work, 'ud'), '--install-extension', VSIX],
      {
        encoding: 'utf8',
        env: { ...process.env, XDG_CONFIG_HOME: path.join(work, 'config') },
      },
    );
    const installed = fs.readdirSync(extDir).find((d) => d.startsWith('tla-tools.tla-layout-'));
    assert.ok(installed, 'the .vsix installed');
    vs = await startVSCode({ extensionDir: path.join(extDir, installed), folder: path.join(work, 'examples'), install: 'symlink' });
  });

  after(async () => {
    await vs?.close();
    if (work) fs.rmSync(work, { recursive: true, force: true });
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
