// C++ kernels over the protocol (issue 14, point 5): the hover on a declared variable, the
// layout picture of a TLA site, and a scratchpad that always evaluates — aliases resolved,
// constants and earlier declarations copied, runtime values given a placeholder to set.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { Hover } from 'vscode-languageserver-protocol';
import { printValue } from '../../server/src/language';
import { analyze } from '../../server/src/language/analysis/documentAnalysis';
import type { PictureAnswer, ScratchpadAnswer } from '../../shared/protocol';
import { ROOT } from '../helpers';
import { TestClient, startClient } from './client';

const KERNEL = readFileSync(path.join(ROOT, 'examples/cpp/matmul_kernel.cpp'), 'utf8');
const kLines = KERNEL.split('\n');
const at = (needle: string, delta = 0) => {
  const line = kLines.findIndex((l) => l.includes(needle));
  return { line, character: kLines[line].indexOf(needle) + delta };
};

// a kernel that names its types through aliases and template parameters, with runtime sizes
const TEMPLATED = [
  '#include "tla/layout.hpp"',
  'using namespace tla;',
  'using ElementA = half;',
  'using LayoutTagA = Catlass::layout::RowMajor;',
  'constexpr uint32_t TILE = 64;',
  'template <class ElementB, class LayoutTagB>',
  'struct Kernel {',
  '    void Run(uint32_t m, uint32_t k, Params const &params)',
  '    {',
  '        auto layoutA = tla::MakeLayout<ElementA, LayoutTagA>(m, k);',
  '        auto layoutB = tla::MakeLayout<ElementB, LayoutTagB>(params.k, params.n);',
  '        auto tileA = GetTileLayout(layoutA, MakeShape(TILE, TILE), MakeCoord(0, 0));',
  '    }',
  '};',
].join('\n');
const tLines = TEMPLATED.split('\n');
const tAt = (needle: string, delta = 2) => {
  const line = tLines.findIndex((l) => l.includes(needle));
  return { line, character: tLines[line].indexOf(needle) + delta };
};

describe('C++ kernels: hover on the declared name, Show Layout, scratchpad', () => {
  let c: TestClient;
  const uri = 'file:///work/matmul_kernel.cpp';
  const turi = 'file:///work/templated.cpp';
  before(async () => {
    c = await startClient();
    await c.open(uri, KERNEL, 'cpp');
    await c.open(turi, TEMPLATED, 'cpp');
  });
  after(async () => c.close());

  test('hovering the variable shows its value (layoutA, tileC)', async () => {
    const h = await c.request<Hover | null>('textDocument/hover', { textDocument: { uri }, position: at('layoutA =', 3) });
    assert.ok(h, 'no hover on layoutA');
    const v = (h.contents as { value: string }).value;
    // RowMajor(M = 300, K = 200): (300,200):(200,_1):(300,200)
    assert.ok(v.startsWith('**layoutA**'), v);
    assert.ok(v.includes('(300,200):(200,_1):(300,200)'), v);
    assert.deepEqual(h.range, { start: at('layoutA ='), end: at('layoutA =', 'layoutA'.length) });
    // on the function name: the value first (what clangd cannot say), the generic doc after it
    const f = await c.request<Hover | null>('textDocument/hover', { textDocument: { uri }, position: at('MakeLayoutL0C(M, N)', 3) });
    const fv = (f!.contents as { value: string }).value;
    // L0C (300, 500): ((_16,19),(_16,32)):((_16,_256),(_1,304·16=4864)):(300,500)
    assert.ok(fv.indexOf('((_16,19),(_16,32)):((_16,_256),(_1,4864)):(300,500)') >= 0, fv);
    assert.ok(fv.indexOf('((_16,19),(_16,32))') < fv.indexOf('MakeLayoutL0C(rows, cols)'), fv);
    const t = await c.request<Hover | null>('textDocument/hover', { textDocument: { uri }, position: at('tileC =', 1) });
    // the tail block of C at (256, 256) of 300×500: valid (44, 244)
    assert.ok((t!.contents as { value: string }).value.includes(':(44,244)'), JSON.stringify(t));
  });

  test('Show Layout on a TLA site: the picture of the variable under the cursor', async () => {
    for (const pos of [at('tileC =', 2), at('GetTileLayout(layoutC', 4)]) {
      const p = await c.request<PictureAnswer>('tlaLayout/picture', { textDocument: { uri }, position: pos });
      assert.equal(p.name, 'tileC', JSON.stringify(pos));
      assert.ok(p.picture, p.reason ?? '');
      // a tile: its own value, drawn inside layoutC = L0C(300, 500)
      assert.equal(p.picture.subject?.tile?.parent, 'layoutC');
      assert.equal(p.picture.text, '((_16,19),(_16,32)):((_16,_256),(_1,4864)):(300,500)');
      assert.deepEqual(p.picture.tiles[0].valid, [44, 244]);
    }
    // a symbolic layout has no picture, and says why
    const dyn = await c.request<PictureAnswer>('tlaLayout/picture', { textDocument: { uri }, position: at('layoutDyn =', 2) });
    assert.equal(dyn.name, 'layoutDyn');
    assert.equal(dyn.picture, null);
    assert.match(dyn.reason!, /run time/);
    // a tile whose width is the template parameter TILE_K (`uint32_t TILE_K = 64`, no instantiation): drawn at its
    // default, as the tile inside its parent (layoutA = RowMajor(300, 200)), never the parent as the tile (issue 24)
    const tileA = await c.request<PictureAnswer>('tlaLayout/picture', { textDocument: { uri }, position: at('tileA =', 2) });
    assert.equal(tileA.name, 'tileA');
    assert.ok(tileA.picture, tileA.reason ?? '');
    assert.equal(tileA.picture.subject?.tile?.parent, 'layoutA');
    assert.deepEqual(tileA.picture.tiles[0].tileShape, [128, 64]);
    assert.deepEqual(tileA.defaults, ['TILE_K = 64']);
  });

  test('the scratchpad copies aliases, constants and earlier declarations, with placeholders, and evaluates', async () => {
    const evaluates = (text: string) => {
      const a = analyze(text);
      assert.deepEqual(
        a.diagnostics.filter((d) => d.severity === 'error').map((d) => d.message),
        [],
        text,
      );
      return a.statements.filter((s) => s.statement?.type === 'expr').map((s) => printValue(s.result!.value!));
    };
    const r1 = await c.request<ScratchpadAnswer>('tlaLayout/scratchpad', { textDocument: { uri: turi }, position: tAt('MakeLayout<ElementA') });
    assert.ok(r1.text, r1.reason ?? '');
    assert.equal(r1.title, 'templated.cpp:10');
    assert.ok(r1.text.startsWith('// templated.cpp:10\n'), r1.text);
    assert.match(r1.text, /\/\/ ElementA is half in the kernel/);
    // the kernel declares `uint32_t m, uint32_t k`: the placeholders have its type
    assert.match(r1.text, /uint32_t m = 128; \/\/ 'm' is not a compile-time constant in the kernel: set its value here/);
    assert.match(r1.text, /uint32_t k = 128;/);
    // RowMajor(128, 128): (128,128):(128,_1)
    assert.deepEqual(evaluates(r1.text), ['(128,128):(128,_1):(128,128)']);
    // template parameters: a placeholder element type and tag, each with its comment
    const r2 = await c.request<ScratchpadAnswer>('tlaLayout/scratchpad', { textDocument: { uri: turi }, position: tAt('MakeLayout<ElementB') });
    assert.match(r2.text!, /\/\/ ElementB is not known in the kernel .*half put in its place/);
    assert.match(r2.text!, /\/\/ LayoutTagB is not known in the kernel .*RowMajor put in its place/);
    assert.match(r2.text!, /auto params_k = 128; \/\/ 'params\.k' is not a compile-time constant/);
    assert.deepEqual(evaluates(r2.text!), ['(128,128):(128,_1):(128,128)']);
    // a tile of a variable whose own value needed the aliases: the variable is copied before it
    const r3 = await c.request<ScratchpadAnswer>('tlaLayout/scratchpad', { textDocument: { uri: turi }, position: tAt('GetTileLayout(layoutA') });
    assert.match(r3.text!, /auto layoutA = tla::MakeLayout<half, Catlass::layout::RowMajor>\(m, k\);/);
    assert.match(r3.text!, /auto TILE = 64;/);
    // the 64×64 tile at (0, 0) of 128×128 RowMajor: stride kept (128,_1), all valid
    assert.deepEqual(evaluates(r3.text!), ['(64,64):(128,_1):(64,64)']);
  });
});
