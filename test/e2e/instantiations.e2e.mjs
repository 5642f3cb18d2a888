// Choosing a template's instantiation in a real VS Code (code-server with the packaged .vsix,
// driven by Chromium): the workspace holds test/fixtures/picker as examples/picker/, whose
// kernel instantiates the self-written Pick block twice (Pick<RowTag, 16, 8> at
// kernel/pick_kernel.cpp:8, Pick<RowTag, 32, 8> at :9). The header's hover reads the first site
// (:8); the code lens over the template opens the quick pick of the sites; picking :9 makes the
// hover read the body under it. Screenshots go to test-artifacts/e2e/.
//
//   npm run test:e2e          (SKIP_E2E=1 skips it)
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { ROOT, poll, startProductWorkspace } from './harness.mjs';

const skip = process.env.SKIP_E2E ? 'SKIP_E2E is set' : process.platform !== 'linux' ? 'e2e runs on Linux only' : false;
const QUICK_INPUT_BOX = '.quick-input-widget .quick-input-box input';
const LENS = '.editor-group-container.active .contentWidgets .codelens-decoration a';
const FIXTURE = path.join(ROOT, 'test', 'fixtures', 'picker');
/** The fixture's files under examples/picker/ of the workspace (its include/ is the include root the server finds). */
const FILES = Object.fromEntries(
  ['include/catlass/pick_block.hpp', 'include/tla/tla.hpp', 'kernel/pick_kernel.cpp'].map((f) => [
    `picker/${f}`,
    fs.readFileSync(path.join(FIXTURE, f), 'utf8'),
  ]),
);

describe('the instantiation picker in code-server', { skip, timeout: 600_000 }, () => {
  /** @type {import('./harness.mjs').VSCode} */
  let vs;
  let ws;

  before(async () => {
    ws = await startProductWorkspace({ prefix: 'picker', files: FILES });
    ({ vs } = ws);
  });

  after(async () => {
    await ws?.close();
  });

  it('the hover reads the first site (:8); the code lens picks :9; the hover then reads Pick<RowTag, 32, 8>', async () => {
    const { page } = vs;
    await vs.openFile('picker/include/catlass/pick_block.hpp');
    // line 20: byCols over N = 8 at :8: (_8,_2):(_2,_1)
    const cols = await vs.hoverToken('byCols', { line: 20, contains: 'pick_kernel.cpp:8 · 1 more (choose another: code lens)' });
    assert.match(cols, /\(_8,_2\):\(_2,_1\)/, cols);
    await vs.closeHover();
    // the lens over `struct Pick {` (line 12), with the file scrolled to its top
    await vs.press('Control+Home');
    const lens = page.locator(LENS, { hasText: 'as instantiated at pick_kernel.cpp:8 · 1 more' });
    await lens.first().waitFor({ timeout: 30_000 });
    await vs.screenshot('picker-1-lens');
    await lens.first().click();
    const box = page.locator(QUICK_INPUT_BOX);
    await box.waitFor({ timeout: 10_000 });
    const labels = page.locator('.quick-input-widget .quick-input-list .monaco-list-row');
    await poll(async () => (await labels.count()) >= 3, {
      timeout: 10_000,
      message: () => 'the quick pick did not list the two sites and No choice',
    });
    const rows = await labels.allInnerTexts();
    assert.ok(
      rows.some((r) => r.includes('picker/kernel/pick_kernel.cpp:8')) && rows.some((r) => r.includes('picker/kernel/pick_kernel.cpp:9')),
      rows.join(' | '),
    );
    await vs.screenshot('picker-2-quick-pick');
    await box.fill('pick_kernel.cpp:9');
    await page.keyboard.press('Enter');
    // the lens names the site now, and the hover reads M = 32: byRows (line 19) = (_32,_2):(_2,_1)
    await page.locator(LENS, { hasText: 'as instantiated at pick_kernel.cpp:9' }).first().waitFor({ timeout: 30_000 });
    const rowsHover = await vs.hoverToken('byRows', { line: 19, contains: '(_32,_2)' });
    assert.match(rowsHover, /\(_32,_2\):\(_2,_1\)/, rowsHover);
    assert.match(rowsHover, /as instantiated at picker\/kernel\/pick_kernel\.cpp:9 · 1 more \(this one chosen\)/, rowsHover);
    await vs.screenshot('picker-3-chosen-hover');
    await vs.closeHover();
  });

  it('the command palette offers it in the C++ editor and picks for the template around the cursor: back to :8', async () => {
    const { page } = vs;
    // the cursor inside the template's body (line 19), the lens's template the one above it
    await vs.goTo(19, 5);
    await vs.runCommand('TLA: Choose the Instantiation of a Template');
    const box = page.locator(QUICK_INPUT_BOX);
    await box.waitFor({ timeout: 10_000 });
    const labels = page.locator('.quick-input-widget .quick-input-list .monaco-list-row');
    await poll(async () => (await labels.count()) >= 3, {
      timeout: 10_000,
      message: () => 'the palette did not list the two sites and No choice',
    });
    await vs.screenshot('picker-4-palette');
    await box.fill('pick_kernel.cpp:8');
    await page.keyboard.press('Enter');
    await page.locator(LENS, { hasText: 'as instantiated at pick_kernel.cpp:8' }).first().waitFor({ timeout: 30_000 });
    // M = 16 again: byRows = (_16,_2):(_2,_1)
    const rowsHover = await vs.hoverToken('byRows', { line: 19, contains: '(_16,_2)' });
    assert.match(rowsHover, /\(_16,_2\):\(_2,_1\)/, rowsHover);
    await vs.closeHover();
  });
});
