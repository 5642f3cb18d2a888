// A kernel author's first day (issue 24): inlay hint labels that fit (problem 7) — within 40
// characters, leading with what matters, the full value in the tooltip, no hint that only repeats
// its call — and kernel code pasted into a .tla file (problem 6).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import * as core from '../../server/src/core';
import { HINT_FIT, layoutHint, offsetHint, opaqueTileHint, repeatsCall, tileHint } from '../../server/src/language/ide/hintLabels';
import { inlayHintsIn } from '../../server/src/language/ide/inlayHints';
import { Analyzer, CppAnalyzer, hoverAt, printValue, summarize } from '../../server/src/language';
import { pictureAt } from '../../server/src/language/ide/layoutView';
import { shortSelected } from '../../server/src/language/ide/templateValues';
import { checkCodeActions, checkFix, checkHover } from './fixture';
import { scratchpad } from '../../server/src/features/scratchpad';
import { cppDoc } from '../cpp/cppTestKit';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from '../helpers';
import { fastParseStatement } from '../../server/src/language/syntax/fastParser';
import { parseStatementWithOhm } from '../../server/src/language/syntax/parser';
import type { CppAnalysis } from '../../server/src/language/cpp/kernelAnalysis';

const ALL = { tileLayouts: true, layouts: true, offsets: true };
const labels = (text: string, cpp = false) => {
  const a = cpp ? new CppAnalyzer().analyze(text) : new Analyzer().analyze(text);
  return inlayHintsIn(a, 0, text.length, ALL).map((h) => ({ label: h.label, tooltip: h.tooltip }));
};

test("the guide's zN 100×100 for half: the kind and the shape, 40 characters at most; the full value in the tooltip", () => {
  // zN of half: 16×16 fractals, ⌈100/16⌉ = 7 per mode; column fractals 16·16·7 = 1792 apart
  const [h] = labels('auto zn = MakeLayout<half, zN>(100, 100);');
  assert.equal(h.label, '▸ zN ((_16,7),(_16,7))');
  assert.ok(h.tooltip.includes('((_16,7),(_16,7)):((_16,_256),(_1,1792)):(100,100)'), h.tooltip);
  // one that fits whole is shown whole
  assert.deepEqual(
    labels('auto a = MakeLayout(MakeShape(4,8), MakeStride(8,1));').map((x) => x.label),
    ['▸ (4,8):(8,1):(4,8)'],
  );
});

test('a tile: its shape, valid extent and tail; shorter forms when long, never a cut name', () => {
  const zn = core.makeLayoutFromTag('half', 'zN', core.int(100), core.int(100));
  const tail = core.getTileLayout(zn, core.tuple(core.int(32), core.int(48)), core.tuple(core.int(96), core.int(64)));
  // valid min(32, 100−96) = 4, min(48, 100−64) = 36
  assert.equal(tileHint(tail, 'tail'), '▸ ((_16,2),(_16,3)) valid (4,36) tail');
  // with a tensor coord, nested it would be 47 characters: the flat extents (16·2 = 32, 16·3 = 48; the counts
  // 2 and 3 are runtime values, so are the products) keep the coord; a longer coord goes to the tooltip
  assert.equal(tileHint(tail, 'tail', core.tuple(core.int(96), core.int(64))), '▸ (32,48) valid (4,36) tail @ (96,64)');
  assert.equal(tileHint(tail, 'tail', core.tuple(core.int(1096), core.int(2064))), '▸ ((_16,2),(_16,3)) valid (4,36) tail');
  const m = core.symbolicInt('actualBlockShape.m()');
  const long = { ...tail, originShape: core.tuple(core.arith.min(m, core.int(32)), core.int(36)) };
  const label = tileHint(long, 'unknown');
  assert.ok(label.length <= HINT_FIT, label);
  assert.equal(label, '▸ (32,48) valid (…,36)');
});

test('a layout of rank 300 names what it is; a long symbolic shape elides its long parts', () => {
  const shape = core.tuple(...Array.from({ length: 300 }, (_, i) => core.symbolicInt(`extent_of_mode_${i}`)));
  const l = core.makeLayout(shape, core.tuple(...Array.from({ length: 300 }, () => core.int(1))));
  assert.equal(layoutHint(l), '▸ a layout of rank 300');
});

test('a hint that only repeats its call is not shown: the opaque layout of a template tag, a tile shaped by the call', () => {
  assert.equal(repeatsCall('▸ (m,k)', 'GetTile(t, c, MakeShape(m, k))'), true);
  assert.equal(repeatsCall('▸ (m,k):(k,_1):(m,k)', 'MakeLayout<half, RowMajor>(m, k)'), false);
  const kernel = `#include "tla/layout.hpp"
template <class LayoutTagA> void f(uint32_t m, uint32_t k) {
  auto layoutA = tla::MakeLayout<half, LayoutTagA>(m, k);
  auto layoutB = tla::MakeLayout<half, Catlass::layout::RowMajor>(m, k);
}
`;
  // layoutA is ‹?›:‹?›:(m,k), the call's m and k again: its hover keeps it; layoutB says its stride
  assert.deepEqual(
    labels(kernel, true).map((x) => x.label),
    ['▸ (m,k):(k,_1):(m,k)'],
  );
});

test("a tensor's hint that only repeats its layout's call is not shown (basic_matmul_tla.hpp:147/153, the third try)", () => {
  // Catlass's bias: layoutBias = MakeLayout(params.problemShape.n()) is (n):(_1):(n) — 57 characters with that name,
  // so both hints would be its shape alone, `▸ (params.problemShape.n())`: the words of layoutBias's own call
  const kernel = `#include "tla/layout.hpp"
struct Params { Catlass::GemmCoord problemShape; };
void f(Params params, AscendC::GlobalTensor<half> gmBias, uint32_t n) {
  auto layoutBias = tla::MakeLayout(params.problemShape.n());
  auto tensorBias = tla::MakeTensor(gmBias, layoutBias, Arch::PositionGM{});
  auto layoutC = tla::MakeLayout<half, Catlass::layout::RowMajor>(n, 16);
  auto tensorC = tla::MakeTensor(gmBias, layoutC, Arch::PositionGM{});
}
`;
  // a layout that says something of its own keeps its hint, and so does its tensor: RowMajor (n, 16) is (n,16):(16,_1)
  assert.deepEqual(
    labels(kernel, true).map((x) => x.label),
    ['▸ (n,16):(16,_1):(n,16)', '▸ (n,16):(16,_1):(n,16)'],
  );
});

test("a tensor's hover leads with its element, position and data, then its layout once (tensorA, the third try)", () => {
  const h = checkHover(
    'AscendC::GlobalTensor<half> gmA;\nauto $0tensorA = MakeTensor(gmA, MakeLayout<half, RowMajor>(4, 8), Arch::PositionGM{});',
    [],
  );
  // RowMajor (4, 8): stride (8, _1), by hand
  const lines = h.split('\n').filter((l) => l.trim());
  assert.match(lines[1], /^\*\*tensor\*\* of `half` in `GM` on `gmA`/, h);
  const count = (s: string) => h.split(s).length - 1;
  assert.equal(count('(4,8):(8,_1)'), 1, h);
  // at the origin of its own data: no coord, no offset to say
  assert.doesNotMatch(h, /where it starts|\+ `0` elements|coord `\(_0,_0\)`/, h);
  // a tile leads with where it was cut and what of it is valid: at (2, 4) of 4×8, min(4, 4 − 2) = 2, min(8, 8 − 4) = 4
  const tile = checkHover(
    'AscendC::GlobalTensor<half> gmA;\nauto tensorA = MakeTensor(gmA, MakeLayout<half, RowMajor>(4, 8), Arch::PositionGM{});\nauto $0t = GetTile(tensorA, MakeCoord(2, 4), MakeShape(4, 8));',
    [],
  );
  assert.match(tile, /at coord `\(2,4\)` of the tensor it was cut from: valid extent `\(2,4\)` of tile shape `\(4,8\)`/, tile);
});

test("a kernel local without a TLA value is hovered with what the code says: a GemmCoord, a member function's result (basic_matmul_tla.hpp:157, :161)", () => {
  // self-written, shaped as Catlass's BasicMatmulTla::operator() and its GetTileA
  const kernel = `#include "tla/layout.hpp"
struct K {
  void Run(AscendC::GlobalTensor<half> gmA, uint32_t m, uint32_t k) {
    auto tensorA = tla::MakeTensor(gmA, tla::MakeLayout<half, Catlass::layout::RowMajor>(m, k), Arch::PositionGM{});
    for (uint32_t loopIdx = 0; loopIdx < 4; loopIdx++) {
      GemmCoord blockCoord = scheduler.GetBlockCoord(loopIdx);
      auto tensorBlockA = GetTileA(
          tensorA, blockCoord.m() * 128, blockCoord.k() * 256);
    }
  }
  auto GetTileA(TensorA& tensorA, uint32_t mIndex, uint32_t kIndex)
  {
    return GetTile(tensorA, tla::MakeCoord(mIndex, kIndex), tla::MakeShape(128, 256));
  }
};
`;
  const a = new CppAnalyzer().analyze(kernel);
  const hoverOn = (token: string) => hoverAt(a, kernel.indexOf(token) + 1, { gridSize: 8, cpp: true })?.markdown ?? '';
  const coord = hoverOn('blockCoord =');
  assert.match(coord, /^\*\*blockCoord\*\*/, coord);
  assert.match(coord, /GemmCoord` set at run time by `scheduler\.GetBlockCoord\(loopIdx\)`/, coord);
  assert.match(coord, /Bind blockCoord\.m\(\)…/, coord);
  const tile = hoverOn('tensorBlockA =');
  // GetTileA is defined at line 11 of the kernel (counted by hand)
  assert.match(tile, /the value `GetTileA\(…\)` returns — a function of this file \(line 11\)/, tile);
  assert.doesNotMatch(tile, /‹\?›|\(_?\d/, tile);
  // a plain local of another type: still no hover
  assert.equal(hoverAt(a, kernel.indexOf('loopIdx = 0') + 1, { gridSize: 8, cpp: true }), null);
});

test('kernel code pasted into a .tla file: an unknown name offers its declaration as a runtime value and as a constant', () => {
  const text = 'auto x = 1;\nauto l = MakeLayout<half, RowMajor>($0m, 8);\n';
  // (a one-letter name is one edit from any other: the "did you mean" comes first)
  checkCodeActions(text, ["Change to 'x'", "Declare 'm' as a runtime value: uint32_t m;", "Declare 'm' as a constant: constexpr uint32_t m = …;"]);
  const fixed = 'auto x = 1;\nuint32_t m;\nauto l = MakeLayout<half, RowMajor>(m, 8);\n';
  checkFix(text, "Declare 'm' as a runtime value", fixed);
  // and it evaluates: RowMajor (m, 8), stride (8, _1)
  const a = new Analyzer().analyze(fixed);
  assert.equal(a.diagnostics.length, 0, JSON.stringify(a.diagnostics));
  assert.equal(printValue(a.declarations.get('l')!.value!), '(m,8):(8,_1):(m,8)');
  checkFix(text, "Declare 'm' as a constant", "auto x = 1;\nconstexpr uint32_t m = 0; // m's value\nauto l = MakeLayout<half, RowMajor>(m, 8);\n");
});

test("hovers in words: a tag object is not 'tagObject'; a zero-initialised GemmCoord says why it reads 0", () => {
  const tag = checkHover('auto $0t = layout::RowMajor{};', []);
  assert.ok(!tag.includes('tagObject'), tag);
  assert.match(tag, /layout::RowMajor/);
  const coord = checkHover('GemmCoord $0blockCoord;', []);
  // C++ value-initialises it: (0,0,0)
  assert.match(coord, /value-initialised as C\+\+ does/);
});

test("a scratchpad's placeholder says why: a constexpr computed from a template parameter is not called a runtime value", () => {
  const kernel = `#include "tla/layout.hpp"
template <class TileShape, class ElementA>
struct Block {
  static constexpr uint32_t L1_TILE_M = tla::get<0>(TileShape{});
  void f(uint32_t k) {
    auto layoutA = tla::MakeLayout<half, Catlass::layout::RowMajor>(L1_TILE_M, k);
  }
};
`;
  const lines = kernel.split('\n');
  const line = lines.findIndex((l) => l.includes('auto layoutA'));
  const r = scratchpad(cppDoc(kernel), {
    textDocument: { uri: 'file:///k.cpp' },
    position: { line, character: lines[line].indexOf('MakeLayout') + 2 },
  });
  assert.ok(r.text, r.reason ?? '');
  // each placeholder has the type the kernel declares it with
  assert.match(r.text, /uint32_t L1_TILE_M = 128; \/\/ 'L1_TILE_M' is constexpr in the kernel, but its value depends on a template parameter/);
  assert.match(r.text, /uint32_t k = 128; \/\/ 'k' is not a compile-time constant in the kernel: set its value here/);
});

// issue 24 problem 3: the scratchpads of kernel lines evaluate (test/fixtures/scratchpad/block_tla.hpp
// mirrors the idioms of the three Catlass lines the issue names)
const BLOCK = readFileSync(path.join(ROOT, 'test', 'fixtures', 'scratchpad', 'block_tla.hpp'), 'utf8');
const scratchOf = (kernel: string, needle: string, uri = 'file:///work/kernels/block_tla.hpp', analysis?: CppAnalysis) => {
  const lines = kernel.split('\n');
  const line = lines.findIndex((l) => l.includes(needle));
  assert.ok(line >= 0, needle);
  const doc = { ...cppDoc(kernel, analysis), uri };
  const r = scratchpad(doc, { textDocument: { uri }, position: { line, character: lines[line].indexOf(needle) + 2 } });
  assert.ok(r.text, r.reason ?? '');
  return { ...r, text: r.text, line };
};
const printed = (text: string) => {
  const a = new Analyzer().analyze(text);
  assert.deepEqual(
    a.diagnostics.filter((d) => d.severity === 'error').map((d) => `${d.code}: ${d.message}`),
    [],
    text,
  );
  const last = a.statements[a.statements.length - 1];
  return printValue(last.result!.value!);
};

test('a scratchpad of an L1 layout: every template-dependent constant gets a placeholder, the L1 tag is zN as the selectors give', () => {
  const r = scratchOf(BLOCK, 'tla::MakeLayout<ElementA, LayoutTagL1A>');
  assert.match(r.text, /uint32_t TILE_M = 128; \/\/ 'TILE_M' is constexpr in the kernel, but its value depends on a template parameter/);
  assert.match(r.text, /uint32_t TILE_K = 128; \/\/ 'TILE_K' is constexpr/);
  assert.match(r.text, /\/\/ LayoutTagL1A is not known in the kernel .*zN put in its place \(Catlass's L1ATypeSelector/);
  // zN of half 128×128: 16×16 fractals, 128/16 = 8 per mode; the column fractals 16·16·8 = 2048 apart
  assert.equal(printed(r.text), '((_16,_8),(_16,_8)):((_16,_256),(_1,2048)):(_128,_128)');
  // Save As proposes the kernel line's name
  assert.equal(r.fileName, `block_tla.hpp-L${r.line + 1}.tla`);
});

test('a scratchpad of a GM tile: the element type of its buffer resolved, its layout a layout of symbolic extents, the coordinate calls without parentheses', () => {
  const r = scratchOf(BLOCK, 'GetTile(tensorB');
  assert.match(r.text, /AscendC::GlobalTensor<half> gmB;/);
  assert.match(r.text, /\/\/ ElementB is not known in the kernel .*half put in its place/);
  // a layout needs a layout: never `auto params_layoutB = 128;`
  assert.doesNotMatch(r.text, /params_layoutB = 128/);
  assert.match(r.text, /auto params_layoutB = MakeLayout<half, RowMajor>\(params_layoutB_rows, params_layoutB_cols\);/);
  assert.match(r.text, /tla::MakeCoord\(blockCoord_k \* TILE_K, blockCoord_n \* TILE_M\)/);
  assert.doesNotMatch(r.text, /blockCoord_k\(\)/);
  // a block coordinate's placeholder is the first block, 0 (issue 24: 128 put the tile at (16384, 16384)), and says it is one
  assert.match(r.text, /^\w+ blockCoord_k = 0; \/\/ placeholder: 'blockCoord\.k' is a block coordinate/m);
  assert.match(r.text, /^\w+ blockCoord_n = 0; \/\/ placeholder/m);
  // a 128×128 tile at (0·128, 0·128) = (0, 0) of a rows × cols RowMajor layout: the stride (cols, 1) kept
  const v = printed(r.text);
  assert.match(v, /^Tensor<half, GM> \(128,128\):\(params_layoutB_cols,_1\):/);
  assert.match(v, / @ coord \(0,0\), data gmB\+0$/);
});

test('a scratchpad of an L1 tensor over an array of buffers: the array is a buffer placeholder, never an integer', () => {
  const r = scratchOf(BLOCK, 'tla::MakeTensor(l1ATensorList');
  assert.match(r.text, /AscendC::LocalTensor<half> l1ATensorList;/);
  assert.doesNotMatch(r.text, /l1ATensorList = 128/);
  // the index of a 2-element array: 0, never 128 (issue 24), and the comment says it is a placeholder
  assert.match(r.text, /^uint32_t listId = 0; \/\/ placeholder: 'listId' indexes an array of the kernel \(l1ATensorList\[listId\]\)/m);
  printed(r.text);
});

test("a scratchpad's placeholder of a field takes the field's initialiser (uint32_t l1AListId{1};)", () => {
  const kernel = BLOCK.replace('void Load(uint32_t listId)', 'void Load()')
    .replace('l1ATensorList[listId]', 'l1ATensorList[l1AListId]')
    .replace(
      'AscendC::LocalTensor<ElementA> l1ATensorList[STAGES];',
      'AscendC::LocalTensor<ElementA> l1ATensorList[STAGES];\n    uint32_t l1AListId{1};',
    );
  const r = scratchOf(kernel, 'tla::MakeTensor(l1ATensorList');
  assert.match(r.text, /^uint32_t l1AListId = 1; \/\/ placeholder: 'l1AListId' is initialised to 1 in the kernel/m);
  printed(r.text);
});

// issue 24 problem 6: pasted kernel code
test('pasted kernel code: AscendC buffer set-up calls are accepted and ignored, by both parsers', () => {
  const setup = [
    'gmA.SetGlobalBuffer((__gm__ ElementA*)params.ptrA);',
    'pipe.InitBuffer(inQueue, 2, 1024 * sizeof(half));',
    'gmA.SetL2CacheHint(AscendC::CacheMode::CACHE_MODE_DISABLE);',
  ];
  const text = ['using ElementA = half;', 'AscendC::GlobalTensor<ElementA> gmA;', ...setup, 'auto l = MakeLayout<half, RowMajor>(4, 8);', ''].join(
    '\n',
  );
  const a = new Analyzer().analyze(text);
  assert.deepEqual(a.diagnostics, []);
  // RowMajor 4×8: stride (8, _1)
  assert.equal(printValue(a.declarations.get('l')!.value!), '(4,8):(8,_1):(4,8)');
  for (const line of setup) {
    assert.equal(fastParseStatement(line)?.type, 'bufferSetup', line);
    const ohm = parseStatementWithOhm(line);
    assert.ok(ohm.ok && ohm.statement.type === 'bufferSetup', line);
  }
  // not every member call: another one is still read as an expression, and is an error
  assert.equal(fastParseStatement('gmA.SetValue(0, 1);')?.type, 'expr');
  const other = new Analyzer().analyze('AscendC::GlobalTensor<half> gmA;\ngmA.SetValue(0, 1);\n');
  assert.deepEqual(
    other.diagnostics.map((d) => d.code),
    ['unknown-function'],
  );
});

test('a hover with no value says what Problems says, and on which line', () => {
  // the error is on line 3 (m is unknown), the declared name on line 2: Problems lists nothing on line 2
  const text = 'auto x = 1;\nauto $0l = MakeLayout(\n  MakeShape(m, 4), MakeStride(4, 1));\n';
  const a = new Analyzer().analyze(text.replace('$0', ''));
  assert.deepEqual(
    a.diagnostics.map((d) => [d.code, a.text.slice(0, d.start).split('\n').length]),
    [['unknown-name', 3]],
  );
  const h = checkHover(text, []);
  assert.match(h, /no value: unknown name 'm'.* \(in Problems, line 3\)/);
});

// issue 24 problem 9: cosize where it is known symbolically; a bound value keeps its symbolic form beside the numbers
test("a layout of runtime extents has a symbolic cosize, not 'unknown'", () => {
  // RowMajor (m,k):(k,_1): 1 + (m−1)·k + (k−1)·1 = m·k
  const h = checkHover('uint32_t m;\nuint32_t k;\nauto $0a = MakeLayout<half, RowMajor>(m, k);', []);
  assert.match(h, /cosize k·m \(for extents ≥ 1\)/);
  assert.doesNotMatch(h, /cosize unknown/);
  // a symbolic stride with static extents: 1 + 3·k + 7·1 = 3k + 8, exact
  const s = new Analyzer().analyze('uint32_t k;\nauto c = MakeLayout(MakeShape(4, 8), MakeStride(k, 1));');
  assert.equal(summarize(s.declarations.get('c')!.value!).cosize, 'k·3+8');
});

test('a hover of a value whose runtime names are bound shows the numbers and, beside them, the symbolic form', () => {
  const kernel = [
    '#include "tla/layout.hpp"',
    '// tla: m=1000 k=512',
    'void f(uint32_t m, uint32_t k) {',
    '  auto layoutA = tla::MakeLayout<half, Catlass::layout::RowMajor>(m, k);',
    '}',
    '',
  ].join('\n');
  const h = checkHover(kernel.replace('auto layoutA', 'auto lay$0outA'), [], { cpp: true });
  // RowMajor 1000×512: stride (512, _1)
  assert.match(h, /\(1000,512\):\(512,_1\):\(1000,512\)/);
  // right after the numbers, before the facts
  assert.match(h, /\(1000,512\):\(512,_1\):\(1000,512\)\n```\n\nsymbolically `\(m,k\):\(k,_1\):\(m,k\)` \(without m=1000, k=512\)\n\n\*\*shape\*\*/);
  // without bindings there is nothing to put beside
  const plain = checkHover(kernel.replace('// tla: m=1000 k=512', '//').replace('auto layoutA', 'auto lay$0outA'), [], { cpp: true });
  assert.doesNotMatch(plain, /symbolically/);
});

// issue 24 problem 9, the minor ones that hold: checked here so they stay so
test("a tensor over a kernel parameter's layout says once that its layout is not known here", () => {
  const kernel =
    '#include "tla/layout.hpp"\ntemplate <class LayoutA> struct B {\nvoid f(AscendC::GlobalTensor<half> gmA, LayoutA layoutA) {\n  auto tensorA = tla::MakeTensor(gmA, layoutA, Arch::PositionGM{});\n}\n};\n';
  const h = checkHover(kernel.replace('auto tensorA', 'auto tens$0orA'), [], { cpp: true });
  assert.equal(h.match(/not known here/g)?.length, 1, h);
  // the sentence is whole (it once stopped at "…valid extents are")
  assert.match(h, /its tiles' shapes and valid extents are known where GetTile cuts them/, h);
});

test("the hover of a MakeCoord that made a Catlass coord gives Catlass::MakeCoord's words, not tla's", () => {
  const kernel =
    '#include "catlass/coord.hpp"\nnamespace Catlass::Gemm::Kernel {\nvoid f() {\n  static constexpr uint32_t L1_TILE_M = 128;\n  auto c = MakeCoord(L1_TILE_M, 256u);\n}\n}\n';
  const h = checkHover(kernel.replace('MakeCoord(L1', 'Make$0Coord(L1'), ['Catlass::Coord<N, T>'], { cpp: true });
  assert.doesNotMatch(h, /logical coordinate tuple/, h);
  // outside namespace Catlass, with using namespace tla;, it is tla's (a tla tuple)
  const tla = kernel.replace('namespace Catlass::Gemm::Kernel {', 'using namespace tla;\nnamespace Kernels {');
  checkHover(tla.replace('MakeCoord(L1', 'Make$0Coord(L1'), ['Makes a logical coordinate tuple'], { cpp: true });
});

test("every contributed command, menu item and button reads 'TLA: …'", () => {
  const pkg = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
    contributes: { commands: { command: string; title: string }[] };
  };
  for (const c of pkg.contributes.commands) assert.match(c.title, /^TLA: /, c.command);
});

// issue 24, the second new-user try's leftovers (firstday3)
test('a long symbolic offset shows its leading terms that fit and +…; the whole value stays in the tooltip', () => {
  const kernel = `#include "tla/layout.hpp"
void f(uint32_t batchCount, uint32_t m, uint32_t n, Options options) {
  auto layoutC = tla::MakeLayout(tla::MakeShape(batchCount, m, n), tla::MakeStride(options.strideC, options.ldc, tla::Int<1>{}));
  int64_t capC = static_cast<int64_t>(layoutC(tla::MakeCoord(batchCount - 1, m - 1, n - 1))) + 1;
}
`;
  const offset = labels(kernel, true).find((h) => h.label.startsWith('= '));
  assert.ok(offset, JSON.stringify(labels(kernel, true)));
  // by hand: (batchCount-1)·strideC + (m-1)·ldc + (n-1), 40 characters at most, cut at a term
  assert.ok(offset.label.length <= HINT_FIT, offset.label);
  assert.match(offset.label, /^= batchCount·options\.strideC\+…$/);
  assert.ok(offset.tooltip.includes('m·options.ldc'), offset.tooltip);
  assert.equal(offsetHint(core.int(10)), '= 10');
});

test('a valid extent of all … says nothing: the tile shows its shape alone', () => {
  const names = ['cin1Actual', 'hiActual', 'wiActual'].map((n) => core.symbolicInt(n));
  const tileShape = core.tuple(core.int(1), ...names, core.int(16));
  const valid = core.tuple(...[core.int(1), ...names, core.int(16)].map((x) => core.arith.min(x, core.symbolicInt('someLongRuntimeName'))));
  assert.equal(opaqueTileHint(tileShape, valid, 'gmA', core.tuple(core.int(0))), '▸ (1,cin1Actual,hiActual,wiActual,16)');
  const l = core.makeLayout(tileShape, core.tuple(...Array.from({ length: 5 }, () => core.int(1))));
  assert.equal(tileHint({ ...l, originShape: valid }, 'unknown'), '▸ (1,cin1Actual,hiActual,wiActual,16)');
});

test('a print(…) line carries one hint, and the word zN leads a zN layout and an L1 tensor made like a tile', () => {
  // zN of half 32×32: ⌈32/16⌉ = 2 fractals per mode
  assert.deepEqual(
    labels('print(MakeLayout<half, zN>(32, 32));').map((h) => h.label),
    ['▸ zN ((_16,2),(_16,2))'],
  );
  assert.deepEqual(
    labels('auto zn = MakeLayout<half, zN>(32, 32);\nprint(zn);').map((h) => h.label),
    ['▸ zN ((_16,2),(_16,2))', '= zN ((_16,2),(_16,2))'],
  );
  // a tile 128×64 of half in L1 as zN: 128/16 = 8 and 64/16 = 4 fractals
  const kernel = readFileSync(path.join(ROOT, 'examples', 'cpp', 'basic_matmul_tla.cpp'), 'utf8');
  const a = new CppAnalyzer().analyze(kernel);
  const at = kernel.indexOf('tla::MakeTensorLike<layout::zN>');
  const end = kernel.indexOf(';', at);
  assert.deepEqual(
    inlayHintsIn(a, at, end, ALL).map((h) => h.label),
    ['▸ zN ((_16,_8),(_16,_4))'],
  );
});

test("a scratchpad's loop index starts at its loop's first value, so the tile it cuts is the first one, not an empty one", () => {
  const kernel = readFileSync(path.join(ROOT, 'examples', 'cpp', 'basic_matmul_tla.cpp'), 'utf8');
  const lines = kernel.split('\n');
  const line = lines.findIndex((l) => l.includes('auto tensorTileA'));
  const r = scratchpad(cppDoc(kernel), {
    textDocument: { uri: 'file:///k.cpp' },
    position: { line, character: lines[line].indexOf('TileView') + 2 },
  });
  assert.ok(r.text, r.reason ?? '');
  // for (uint32_t kIdx = 0; kIdx < kTiles; kIdx++)
  assert.match(r.text, /^uint32_t kIdx = 0; \/\/ 'kIdx' is the kernel's loop index \(kIdx < kTiles\): its first value/m);
  // kIdx 0: rows 256..299 (44 of 128 valid: a tail), columns 0..63 of 200 (all 64 valid)
  assert.deepEqual(
    labels(r.text)
      .map((h) => h.label)
      .filter((l) => l.includes('valid') || l.includes('empty')),
    ['▸ (_128,_64) valid (44,64) tail'],
  );
});

// issue 24 items 3 and 7: a scratchpad declares the kernel's variable and prints it, so that Show Layout pictures it;
// opened with the cursor on the declared name, it takes the declaration's initializer
test('a scratchpad of `auto tensorBlockB = GetTile(…)` declares tensorBlockB and prints it; Show Layout there pictures it', () => {
  const r = scratchOf(BLOCK, 'tensorBlockB =');
  assert.match(r.text, /^auto tensorBlockB = GetTile\(tensorB, /m);
  assert.match(r.text, /^print\(tensorBlockB\);/m);
  const a = new Analyzer().analyze(r.text);
  const lines = r.text.split('\n');
  for (const needle of ['print(tensorBlockB)', 'auto tensorBlockB']) {
    const at = lines.findIndex((l) => l.startsWith(needle));
    const offset = lines.slice(0, at).reduce((n, l) => n + l.length + 1, 0) + needle.length - 3;
    assert.equal(pictureAt(a, { offset }).name, 'tensorBlockB', needle);
  }
});

test('a hint that only repeats its call is not shown when the call writes Int<1>{} for _1, or a shape whole (firstday6 D)', () => {
  // shaped as Catlass's per-token dequant epilogue (self-written): a scale row of one element per column
  assert.equal(repeatsCall('▸ (_1,actualTileShape.column())', 'GetTile(t, c, tla::MakeShape(tla::Int<1>{}, actualTileShape.column()))'), true);
  assert.equal(repeatsCall('▸ (1,actualTileShape.row())', 'GetTile(t, c, tla::MakeShape(1, actualTileShape.row()))'), true);
  // a stride the call does not write is the layout's own: kept
  assert.equal(repeatsCall('▸ (_1,n):(n,_1)', 'MakeLayout<half, RowMajor>(tla::Int<1>{}, n)'), false);
  const scaleBlock = (fn: string) => `  void ${fn}(AscendC::LocalTensor<half> ubScale, Catlass::MatrixCoord actualTileShape, uint32_t ubTileStride) {
    auto layoutUbScale = tla::MakeLayout(
        tla::MakeShape(tla::Int<1>{}, actualTileShape.column()), tla::MakeStride(ubTileStride, tla::Int<1>{}));
    auto tensorUbScale = tla::MakeTensor(ubScale, layoutUbScale, Arch::PositionUB{});
  }
`;
  // the same names in two member functions: the first's tensor reads the first's layout, not the last one declared
  const kernel = `#include "tla/layout.hpp"\nstruct E {\n${scaleBlock('First')}${scaleBlock('Second')}};\n`;
  assert.deepEqual(
    labels(kernel, true)
      .map((x) => x.label)
      .filter((l) => l.includes('actualTileShape')),
    [],
  );
});

test('Show Layout on a C++ tensor draws the declaration at the cursor, not a later function’s of the same name (firstday6 A)', () => {
  // self-written: two member functions each make their own `tensorUbC` (Catlass's per-token dequant epilogue does so)
  const fn = (name: string, rows: number, cols: number) => `  void ${name}(AscendC::LocalTensor<half> ubC) {
    auto layoutUbC = tla::MakeLayout(tla::MakeShape(tla::Int<${rows}>{}, tla::Int<${cols}>{}), tla::MakeStride(tla::Int<${cols}>{}, tla::Int<1>{}));
    auto tensorUbC = tla::MakeTensor(ubC, layoutUbC, Arch::PositionUB{});
  }
`;
  const kernel = `#include "tla/layout.hpp"\nstruct E {\n${fn('First', 2, 4)}${fn('Second', 3, 3)}};\n`;
  const a = new CppAnalyzer().analyze(kernel);
  const first = pictureAt(a, { offset: kernel.indexOf('tensorUbC') + 2 }, true);
  const second = pictureAt(a, { offset: kernel.lastIndexOf('tensorUbC =') + 2 }, true);
  // row-major 2×4: stride (4, 1); 3×3: stride (3, 1)
  assert.ok(first.picture?.ok && first.picture.picture.subject?.text.startsWith('(_2,_4):(_4,_1)'), JSON.stringify(first.picture));
  assert.ok(second.picture?.ok && second.picture.picture.subject?.text.startsWith('(_3,_3):(_3,_1)'), JSON.stringify(second.picture));
});

test('Show Layout on a tile of a tensor whose layout is not known here says what is known and why, not "… not a layout" (firstday6 A)', () => {
  const kernel = `#include "tla/layout.hpp"
template <class TensorScale>
void Run(TensorScale& tensorBlockScale, Catlass::MatrixCoord actualTileShape, uint32_t col) {
  auto tensorSubBlockScale = GetTile(tensorBlockScale, tla::MakeCoord(0, col), tla::MakeShape(tla::Int<1>{}, actualTileShape.column()));
}
`;
  const a = new CppAnalyzer().analyze(kernel);
  const p = pictureAt(a, { offset: kernel.indexOf('tensorSubBlockScale') + 2 }, true);
  assert.equal(p.name, 'tensorSubBlockScale');
  assert.ok(p.picture && !p.picture.ok);
  const reason = p.picture && !p.picture.ok ? p.picture.reason : '';
  assert.doesNotMatch(reason, /not a layout|valid \(min/, reason);
  assert.match(reason, /a tile \(_1,actualTileShape\.column\(\)\) of 'tensorBlockScale' at \(0,col\)/, reason);
  assert.match(reason, /the layout of 'tensorBlockScale' is not known here/, reason);
});

test('the "as instantiated at" line names the specialisation in at most 60 characters (firstday6 E: ~700-character hovers)', () => {
  const selected =
    'Catlass::Gemm::Block::BlockMmadTla<Catlass::Gemm::MmadPingpong<Catlass::Arch::AtlasA2, true, false, 1, false, 2, 2, 2, 2>, (_128,_256,_256), (_128,_256,_64), half, half, half, void, Catlass::Gemm::Tile::PackedTileCopyTla<Catlass::Arch::AtlasA2, half, Catlass::layout::RowMajor>>';
  // without namespaces the first argument alone is 56 characters: it is shortened to fit
  // 'BlockMmadTla<' (13) + 'MmadPingpong<AtlasA2, true, false, 1, …>' (40) + ', …>' (4) = 57
  assert.equal(shortSelected(selected), 'BlockMmadTla<MmadPingpong<AtlasA2, true, false, 1, …>, …>');
  assert.equal(shortSelected('Catlass::Gemm::Demo::Pick<Catlass::Gemm::Demo::RowTag, 32, 8>'), 'Pick<RowTag, 32, 8>');
});

test("a tensor over a MakeLayoutL0C layout says its kind word, as the layout's own hint does (firstday6 E: tensorL0C)", () => {
  const kernel = `#include "tla/layout.hpp"
void f(AscendC::LocalTensor<float> l0C, uint32_t mL1Actual, uint32_t nL1Actual) {
  auto layoutInL0C = tla::MakeLayoutL0C(mL1Actual, nL1Actual);
  auto tensorL0C = tla::MakeTensor(l0C, layoutInL0C, Arch::PositionL0C{});
}
`;
  // L0C rounds each extent up to 16-row/column fractals: extents ⌈m/16⌉·16 and ⌈n/16⌉·16 — the second
  // does not fit in 40 characters after the kind word, so it is `…`; the kind word stays
  assert.deepEqual(
    labels(kernel, true).map((x) => x.label),
    ['▸ L0C (⌈mL1Actual/16⌉·16,…)', '▸ L0C (⌈mL1Actual/16⌉·16,…)'],
  );
});

test('a GetTileLayout tile is hovered with its place first, the same words in .tla and in C++ (firstday6 E)', () => {
  const tla = 'auto zn = MakeLayout<half, zN>(100, 100);\nauto tileC = GetTileLayout(zn, MakeShape(32, 48), MakeCoord(96, 64));';
  const cpp = `#include "tla/layout.hpp"
void f() {
  auto zn = tla::MakeLayout<half, Catlass::layout::zN>(100, 100);
  auto tileC = tla::GetTileLayout(zn, tla::MakeShape(32, 48), tla::MakeCoord(96, 64));
}
`;
  const on = (text: string, cpp: boolean) => {
    const a = cpp ? new CppAnalyzer().analyze(text) : new Analyzer().analyze(text);
    return hoverAt(a, text.indexOf('tileC') + 2, { gridSize: 8, cpp })?.markdown ?? '';
  };
  // valid min(32, 100 − 96) = 4, min(48, 100 − 64) = 36: a tail tile
  const line = '**tile** `(32,48)` of `zn` at `(96,64)`, valid `(4,36)`: a tail tile';
  for (const [text, isCpp] of [
    [tla, false],
    [cpp, true],
  ] as const) {
    const h = on(text, isCpp);
    assert.equal(h.split('\n\n')[1], line, h);
  }
});

// firstday7 (issue 24, the corpus's 3 hints that only repeated their call): a layout made of another's
// shape (`MakeLayout(base.shape(), MakeStride(bigStride, Int<1>{}), base.originShape())`) showed only that
// shape, the words of `base`'s own call; it now shows its stride too, and a hint with nothing more is left out
test("a layout made of another's shape shows its stride, not only the other's call again", () => {
  const kernel = `#include "tla/layout.hpp"
void f(uint32_t _rows, uint32_t _cols, int64_t bigStride) {
  auto base = tla::MakeLayout<float, Catlass::layout::RowMajor>(_rows, _cols);
  auto strided = tla::MakeLayout(base.shape(),
      tla::MakeStride(bigStride, tla::Int<1>{}), base.originShape());
}
`;
  const shown = labels(kernel, true).map((x) => x.label);
  // base: RowMajor (_rows, _cols) is (_rows,_cols):(_cols,_1):(_rows,_cols), 40 characters or more with the marks:
  // its shape and stride; strided: shape (_rows, _cols), stride (bigStride, _1), originShape the shape's
  assert.ok(
    shown.every((l) => l.length <= HINT_FIT),
    JSON.stringify(shown),
  );
  assert.ok(
    shown.some((l) => /^▸ \(‹?_rows›?,‹?_cols›?\):\(bigStride,_1\)/.test(l)),
    JSON.stringify(shown),
  );
  // never the shape alone, which is base's call again
  assert.ok(!shown.some((l) => /^▸ \(‹?_rows›?,‹?_cols›?\)$/.test(l)), JSON.stringify(shown));
});

test('a hint whose every word is that of a declaration the call reads through a member (base.shape()) is left out', () => {
  const kernel = `#include "tla/layout.hpp"
void f(uint32_t _rows, uint32_t _cols, uint32_t validRows, uint32_t validCols, int64_t bigStride) {
  auto base = tla::MakeLayout<float, Catlass::layout::RowMajor>(_rows, _cols);
  auto cropped = tla::MakeLayout(base.shape(),
      tla::MakeStride(bigStride, tla::Int<1>{}), tla::MakeShape(validRows, validCols));
}
`;
  // cropped is (_rows,_cols):(bigStride,_1):(validRows,validCols), too long for a hint; its originShape is not
  // its shape, so the short form is the shape alone, (_rows,_cols): base's call again, read through base.shape()
  const shown = labels(kernel, true).map((x) => x.label);
  assert.deepEqual(shown, []);
  // (base's own hint, `▸ RowMajor (‹_rows›,‹_cols›)`, is its call's words too: RowMajor with shape and stride is 42 characters)
});
