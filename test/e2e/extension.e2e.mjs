// The product in a real VS Code: the packaged .vsix is installed into code-server with
// --install-extension, then Chromium drives it like a user: open an example, read a hover
// and the inlay tile preview, type a rank mismatch and watch the Problems panel, open the
// layout view from its code lens and hover a cell, edit and see the view follow.
// Screenshots of each step go to test-artifacts/e2e/.
//
//   npm run test:e2e          (SKIP_E2E=1 skips it)
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CODE_SERVER_ENTRY, ensureCodeServer } from '../../scripts/code-server.mjs';
import { ROOT, poll, startVSCode } from './harness.mjs';

const skip = process.env.SKIP_E2E ? 'SKIP_E2E is set' : process.platform !== 'linux' ? 'e2e runs on Linux only' : false;
const VSIX = path.join(ROOT, 'tla-layout.vsix');

describe('TLA Layout in code-server', { skip, timeout: 600_000 }, () => {
  /** @type {import('./harness.mjs').VSCode} */
  let vs;
  let work;
  let installed;

  before(async () => {
    ensureCodeServer();
    work = fs.mkdtempSync(path.join(os.tmpdir(), 'tla-e2e-'));
    // a copy of the examples, so typing never touches the repository
    fs.cpSync(path.join(ROOT, 'examples'), path.join(work, 'examples'), { recursive: true });
    const extDir = path.join(work, 'extensions');
    const out = execFileSync(process.execPath, [CODE_SERVER_ENTRY, '--extensions-dir', extDir, '--user-data-dir', path.join(work, 'ud'), '--install-extension', VSIX], {
      encoding: 'utf8',
      env: { ...process.env, XDG_CONFIG_HOME: path.join(work, 'config') },
    });
    assert.match(out, /was successfully installed/, out);
    installed = fs.readdirSync(extDir).find((d) => d.startsWith('tla-tools.tla-layout-'));
    assert.ok(installed, `installed folder missing in ${fs.readdirSync(extDir)}`);
    vs = await startVSCode({ extensionDir: path.join(extDir, installed), folder: path.join(work, 'examples'), install: 'symlink' });
  });

  after(async () => {
    await vs?.close();
    if (work) fs.rmSync(work, { recursive: true, force: true });
  });

  it('the .vsix is under 1 MB and holds only what runs', () => {
    const size = fs.statSync(VSIX).size;
    assert.ok(size < 1024 * 1024, `${size} bytes`);
    const list = execFileSync('unzip', ['-Z1', VSIX], { encoding: 'utf8' }).trim().split('\n').sort();
    assert.deepEqual(list, [
      '[Content_Types].xml',
      'extension.vsixmanifest',
      'extension/LICENSE.txt',
      'extension/dist/cli.js',
      'extension/dist/extension.js',
      'extension/dist/server.js',
      'extension/dist/webview.js',
      'extension/images/icon.png',
      ...fs.readdirSync(path.join(ROOT, 'images')).filter((f) => f.startsWith('screenshot-') && f.endsWith('.jpg')).map((f) => `extension/images/${f}`),
      'extension/language-configuration.json',
      'extension/package.json',
      'extension/readme.md',
      'extension/syntaxes/tla-layout.tmLanguage.json',
    ].sort());
  });

  it('hover on a coordinate shows its offset and the mode-by-mode sum (guide: 37)', async () => {
    await vs.openFile('05-crd2offset.tla');
    assert.equal(await vs.statusBarLanguage(), 'TLA Layout');
    // line 13: print(crd2offset(tla::MakeCoord(1, 5), shape, stride));
    const text = await vs.hover(13, 24, { contains: '= 37' });
    assert.ok(text.includes('(1,5) → 1·4 + 0·16 + 1·1 + 1·32 = 37'), text);
    assert.match(text, /element: valid/);
    await vs.screenshot('1-hover-offset');
    await vs.closeHover();
  });

  it('the inlay tile preview shows the tail tile on its line', async () => {
    await vs.openFile('06-tile-layout.tla');
    // line 17: Layout a0 = GetTileLayout(a, MakeShape(4, 4), MakeCoord(6, 10));
    const line = await vs.lineText(17, { contains: '▸ ((_4,1),(_4,1)) valid (2,2) tail' });
    assert.match(line, /GetTileLayout\(a, MakeShape\(4, 4\), MakeCoord\(6, 10\)\)\s*▸ \(\(_4,1\),\(_4,1\)\) valid \(2,2\) tail;/);
    await vs.screenshot('2-inlay-tile-preview');
  });

  it('a rank mismatch typed in appears in the Problems panel and goes when fixed', async () => {
    await vs.goTo(17, 1);
    await vs.press('End');
    await vs.type('\nauto bad = a(MakeCoord(1, 2, 3));');
    const problems = await vs.problems({ contains: 'coord rank 3 differs from shape rank 2' });
    assert.ok(problems.some((p) => p.severity === 'error' && /coord rank 3 differs from shape rank 2/.test(p.message)), JSON.stringify(problems));
    await vs.screenshot('3-problems-rank-mismatch');
    // fix it in the editor (Go to Line focuses it): make the coordinate rank 2
    await vs.goTo(18, 1);
    await vs.press('End');
    for (let i = 0; i < ', 3));'.length; i++) await vs.press('Backspace');
    await vs.type('));');
    assert.match(await vs.lineText(18), /^auto bad = a\(MakeCoord\(1, 2\)\);/);
    await vs.openProblems();
    await poll(
      async () => {
        const list = await vs.problems();
        // the panel is read (the guide's misaligned tile stays as information), and the error is gone
        return list.some((p) => /not a multiple of tileShape/.test(p.message)) && !list.some((p) => /coord rank 3/.test(p.message));
      },
      { timeout: 15_000, message: () => 'the rank-mismatch problem did not go away' },
    );
    await vs.screenshot('4-problems-fixed');
    await vs.closePanel();
  });

  it('in a C++ kernel: the tile preview and an offset hover beside clangd-style C++', async () => {
    await vs.openFile('cpp/matmul_kernel.cpp');
    const src = fs.readFileSync(path.join(ROOT, 'examples/cpp/matmul_kernel.cpp'), 'utf8').split('\n');
    const tileLine = src.findIndex((l) => l.includes('auto tileC =')) + 1;
    // tail block of C at (256, 256) of 300×500: valid (300−256, 500−256) = (44, 244)
    await vs.lineText(tileLine, { contains: '▸ ((_16,8),(_16,16)) valid (44,244) tail' });
    const offLine = src.findIndex((l) => l.includes('MakeCoord(17, 33)')) + 1;
    const col = src[offLine - 1].indexOf('MakeCoord(17, 33)') + 12;
    // (17, 33) on L0C(300, 500): (1·16 + 1·256) + (1·1 + 2·4864) = 10001
    const text = await vs.hover(offLine, col, { contains: '10001' });
    assert.ok(text.includes('(17,33) → 1·16 + 1·256 + 1·1 + 2·4864 = 10001'), text);
    await vs.screenshot('7-cpp-kernel-hover');
    await vs.closeHover();
  });

  it('the layout view opens from the code lens, shows the offset of a hovered cell and follows edits', async () => {
    const { page } = vs;
    // back to the .tla editor by its tab (it is open already)
    await page.locator('.tabs-container .tab', { hasText: '06-tile-layout.tla' }).first().click();
    await page.locator('.editor-group-container.active .monaco-editor[data-uri$="06-tile-layout.tla"]').first().waitFor({ timeout: 10_000 });
    await vs.goTo(13, 1);
    const lens = page.locator('.contentWidgets .codelens-decoration a', { hasText: 'Show layout' }).first();
    await lens.waitFor({ timeout: 15_000 });
    await lens.click();
    const frame = page.frameLocator('iframe.webview.ready').frameLocator('#active-frame');
    const canvas = frame.locator('canvas#grid');
    await canvas.waitFor({ timeout: 20_000 });
    await poll(async () => (await canvas.getAttribute('data-rows')) === '8', { timeout: 10_000, message: () => 'the view did not draw the 8×12 layout' });
    const z = Number(await canvas.getAttribute('data-zoom'));
    const box = await canvas.boundingBox();
    // cell (1, 5) of the guide's layout a: offset 37
    await page.mouse.move(box.x + 5.5 * z, box.y + 1.5 * z);
    const tooltip = frame.locator('#tooltip');
    await poll(async () => /= 37/.test((await tooltip.textContent()) ?? ''), { timeout: 10_000, message: () => 'no tooltip with 37' });
    assert.match(await tooltip.textContent(), /\(1,5\) → 1·4 \+ 0·16 \+ 1·1 \+ 1·32 = 37/);
    await vs.screenshot('5-layout-view-hover');
    // edit the declaration of `a` (line 13 is `Layout a = Layout<…`): change the origin row count 8 → 6
    const before = await frame.locator('body').getAttribute('data-layout');
    assert.equal(before, '((_4,_2),(_4,_3)):((_4,_16),(_1,_32)):(_8,_12)');
    await vs.goTo(15, 1);
    const l15 = await vs.lineText(15);
    const col = l15.indexOf('_8') + 1;
    assert.ok(col > 0, l15);
    await vs.goTo(15, col + 1);
    await vs.press('Delete');
    await vs.type('6');
    await poll(async () => (await frame.locator('body').getAttribute('data-layout')) === '((_4,_2),(_4,_3)):((_4,_16),(_1,_32)):(_6,_12)', {
      timeout: 15_000,
      message: () => 'the view did not follow the edit',
    });
    await vs.screenshot('6-layout-view-after-edit');
  });
});
