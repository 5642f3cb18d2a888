// The TLA of kernels as Catlass writes it today (issue 12): scoping, aliases, template
// parameters, buffers and tensors, unknown structure, the namespace trap. Small C++ files
// written for each; expected values by hand from tla-semantics.md.
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { CppAnalyzer, printValue } from '../../server/src/language';
import { SHARED_DIR } from '../helpers';

const INCLUDE = '#include "tla/layout.hpp"\n#include "tla/tensor.hpp"\n';

/** The value shown for the site that starts with `needle` (undefined: nothing shown). */
function siteValue(text: string, needle: string): string | undefined {
  const a = new CppAnalyzer().analyze(text);
  const at = text.indexOf(needle);
  assert.ok(at >= 0, `no ${needle}`);
  const s = a.statements.find((x) => a.startOf(x) === at);
  const v = s?.result?.value;
  return v ? printValue(v) : undefined;
}

test('names are scoped like C++: a constant of one function never reaches another', () => {
  const text = `${INCLUDE}
void f() {
    constexpr uint32_t M = 128;
    auto a = tla::MakeLayout<half, Catlass::layout::RowMajor>(M, 64);
}
void g(uint32_t M) {
    auto b = tla::MakeLayout<half, Catlass::layout::RowMajor>(M, 64);
}`;
  // RowMajor(r, c): (r, c):(c, _1):(r, c)
  assert.equal(siteValue(text, 'tla::MakeLayout<half, Catlass::layout::RowMajor>(M, 64);\n}\nvoid g'), '(128,64):(64,_1):(128,64)');
  const second = text.lastIndexOf('tla::MakeLayout');
  const a = new CppAnalyzer().analyze(text);
  const s = a.statements.find((x) => a.startOf(x) === second);
  assert.equal(s?.result?.value && printValue(s.result.value), '(M,64):(64,_1):(M,64)');
});

test('aliases of element types and tags, template parameters, and static constexpr members computed from TLA', () => {
  const text = `${INCLUDE}
template <class ElementA, class ElementB>
struct K {
    using LayoutTagA = Catlass::layout::RowMajor;
    using ElementC = half;
    using L1TileShape = tla::Shape<_128, _256, _64>;
    static constexpr uint32_t L1_TILE_M = tla::get<0>(L1TileShape{});
    static constexpr auto L1_LAYOUT = tla::MakeLayout<half, Catlass::layout::zN>(tla::Int<L1_TILE_M>{}, tla::Int<64>{});
    void run(uint32_t m, uint32_t k) {
        auto la = tla::MakeLayout<ElementA, LayoutTagA>(m, k);
        auto lc = tla::MakeLayout<ElementC, Catlass::layout::zN>(m, k);
        auto lb = tla::MakeLayout<ElementB, Catlass::layout::zN>(m, k);
    }
};`;
  // L1_TILE_M = 128 (a uint32_t), Int<128>: zN of half (_128, _64): ((_16,_8),(_16,_4)):((_16,_256),(_1,RU(128,16)·16 = 2048))
  assert.equal(
    siteValue(text, 'tla::MakeLayout<half, Catlass::layout::zN>(tla::Int<L1_TILE_M>'),
    '((_16,_8),(_16,_4)):((_16,_256),(_1,2048)):(_128,_64)',
  );
  // a RowMajor layout of a template-parameter element: shown, its row stride marked as depending
  // on ElementA (k for every element but fp4 at 3510, which pads it to RoundUp(k, 2); issue 21)
  assert.equal(siteValue(text, 'tla::MakeLayout<ElementA, LayoutTagA>(m, k)'), '(m,k):(k‹?ElementA›,_1):(m,k)');
  // ElementC is half through its alias: zN with C0 = 16
  assert.equal(siteValue(text, 'tla::MakeLayout<ElementC'), '((_16,⌈m/16⌉),(_16,⌈k/16⌉)):((_16,_256),(_1,⌈m/16⌉·256)):(m,k)');
  // zN depends on the element, which is not known here: nothing rather than a guess
  assert.equal(siteValue(text, 'tla::MakeLayout<ElementB'), undefined);
});

test('tensors end to end: buffers as members or parameters, MakeTensor, GetTile of a known and of a symbolic layout', () => {
  const text = `${INCLUDE}
template <class ElementA>
struct K {
    void run(AscendC::GlobalTensor<ElementA> const &gmA, AscendC::GlobalTensor<half> gmC, uint32_t m, uint32_t k) {
        auto tensorC = tla::MakeTensor(gmC, tla::MakeLayout<half, Catlass::layout::RowMajor>(300, 200), Catlass::Arch::PositionGM{});
        auto tileC = tla::GetTile(tensorC, tla::MakeCoord(256, 128), tla::MakeShape(64, 128));
        auto tensorA = tla::MakeTensor(gmA, tla::MakeLayout<ElementA, Catlass::layout::RowMajor>(m, k), Catlass::Arch::PositionGM{});
        auto tileA = tla::GetTile(tensorA, tla::MakeCoord(0u, 0u), tla::MakeShape(128, 64));
        auto view = tla::MakeTensor(gmC[1000], tla::MakeLayout(64u), Catlass::Arch::PositionGM{});
    }
};`;
  // valid min(64, 300−256) = 44, min(128, 200−128) = 72; stride kept
  assert.equal(siteValue(text, 'tla::GetTile(tensorC'), 'Tensor<half, GM> (64,128):(200,_1):(44,72) @ coord (256,128), data gmC+0');
  // the origin is (m, k): the valid extent is min(tile, origin − coord) in symbols; the row stride
  // is ElementA's (marked: RoundUp(k, 2) for fp4 at 3510)
  assert.equal(
    siteValue(text, 'tla::GetTile(tensorA'),
    'Tensor<ElementA, GM> (128,64):(k‹?ElementA›,_1):(min(m,128),min(k,64)) @ coord (0,0), data gmA+0',
  );
  // gm[1000]: a view 1000 elements further on
  assert.equal(siteValue(text, 'tla::MakeTensor(gmC[1000]'), 'Tensor<half, GM> (64):(_1):(64) @ coord (_0), data gmC+1000');
});

test('unknown structure is never invented: parameters of unknown kind give nothing where a tuple or layout belongs', () => {
  const text = `${INCLUDE}
template <class Shape_, class Stride_>
void f(Shape_ shape, Stride_ stride, Shape_ actualShape, uint32_t m) {
    auto l = tla::MakeLayout(shape, stride);
    auto t = tla::GetTileLayout(tla::MakeLayout<half, Catlass::layout::RowMajor>(m, 64), tla::MakeShape(tla::get<0>(actualShape), 16), tla::MakeCoord(0, 0));
    auto o = tla::MakeLayout(tla::MakeShape(m, 64), tla::MakeStride(64, tla::Int<1>{}));
}`;
  assert.equal(siteValue(text, 'tla::MakeLayout(shape, stride)'), undefined);
  assert.equal(siteValue(text, 'tla::GetTileLayout('), undefined);
  // integers of unknown value are fine: m is a runtime integer
  assert.equal(siteValue(text, 'tla::MakeLayout(tla::MakeShape(m, 64)'), '(m,64):(64,_1):(m,64)');
});

test(
  'the namespace trap and a rank mismatch put into a copy of a real kernel: warnings at those spots and nowhere else',
  { skip: existsSync(path.join(SHARED_DIR, 'corpus', 'catlass')) ? false : 'skipped: ../shared/corpus/catlass is absent (a bare clone); CI has it' },
  () => {
    const file = path.join(SHARED_DIR, 'corpus', 'catlass', 'examples', '13_basic_matmul_tla', 'basic_matmul_tla.cpp');
    const real = readFileSync(file, 'utf8');
    const clean = new CppAnalyzer().analyze(real);
    assert.deepEqual(
      clean.diagnostics.map((d) => d.message),
      [],
      'the real kernel compiles: no warning',
    );
    const anchor = real.indexOf('auto layoutC = tla::MakeLayout<ElementC, LayoutTagC>(m, n);');
    assert.ok(anchor > 0);
    const at = real.indexOf('\n', anchor) + 1;
    const inserted = [
      '    AscendC::GlobalTensor<ElementA> gmA;',
      '    auto tA = tla::MakeTensor(gmA, layoutA, Arch::PositionGM{});',
      '    auto t1 = GetTile(tA, MakeCoord(0, 0), tla::MakeShape(64, 64));',
      '    auto t2 = GetTile(tA, tla::MakeCoord(0, 0, 0), tla::MakeShape(64, 64, 1));',
      '',
    ].join('\n');
    const mutated = real.slice(0, at) + inserted + real.slice(at);
    const a = new CppAnalyzer().analyze(mutated);
    const found = a.diagnostics.map((d) => ({ code: d.code, severity: d.severity, text: mutated.slice(d.start, d.end) }));
    assert.deepEqual(found, [
      // the file has `using namespace Catlass;`: MakeCoord(0, 0) is Catlass::MakeCoord
      { code: 'catlass-coord', severity: 'warning', text: 'MakeCoord' },
      // layoutA is rank 2: a rank-3 coord and shape
      { code: 'rank-mismatch', severity: 'warning', text: 'tla::MakeCoord(0, 0, 0)' },
    ]);
  },
);

test('a symbol never looks like a static integer: a kernel variable named _row prints as ‹_row›', () => {
  const text = `${INCLUDE}
void f(uint32_t _row, uint32_t _col) {
    auto l = tla::MakeLayout(tla::MakeShape(_row, _col), tla::MakeStride(_col, tla::Int<1>{}));
}`;
  const v = siteValue(text, 'tla::MakeLayout(');
  // shape (_row, _col), stride (_col, _1), originShape each mode's product
  assert.equal(v, '(‹_row›,‹_col›):(‹_col›,_1):(‹_row›,‹_col›)');
});

test('code under #if CATLASS_ARCH == 3510 is evaluated with the Ascend 950 rules; the rest with the default', () => {
  const text = `${INCLUDE}
#if (defined(CATLASS_ARCH) && CATLASS_ARCH == 3510)
auto scaleA = tla::MakeMxScaleLayout<float8_e8m0_t, Catlass::layout::RowMajor, false>(64, 7);
#else
auto other = tla::MakeLayout<float4_e2m1x2_t, Catlass::layout::RowMajor>(16, 63);
#endif
auto after = tla::MakeLayout<half, Catlass::layout::RowMajor>(16, 63);`;
  // RowMajor A: (r, (_2, ⌈c/2⌉)) : (RoundUp(c, 2), (_1, _2)) — 64×7 gives (64,(_2,4)):(8,(_1,_2)):(64,7);
  // the #else is not 3510: no fp4 type there
  const a = new CppAnalyzer().analyze(text);
  const values = a.statements.map((s) => (s.result?.value ? printValue(s.result.value) : null));
  assert.deepEqual(values, ['(64,(_2,4)):(8,(_1,_2)):(64,7)', null, '(16,63):(63,_1):(16,63)']);
  // with the setting at 3510, the #else branch is still the other arch
  const b = new CppAnalyzer(3510).analyze(text);
  assert.deepEqual(
    b.statements.map((s) => (s.result?.value ? printValue(s.result.value) : null)),
    values,
  );
});

test('a file that uses MakeMxScaleLayout outside any #if compiles only at 3510: its TLA is evaluated so', () => {
  const text = `${INCLUDE}
using ElementMxScale = float8_e8m0_t;
void f(uint32_t m) {
    auto s = tla::MakeMxScaleLayout<ElementMxScale, Catlass::layout::RowMajor, false>(64, 7);
    auto d = tla::MakeLayout<float4_e2m1x2_t, Catlass::layout::RowMajor>(16, 63);
}`;
  const a = new CppAnalyzer().analyze(text);
  // (64,(_2,4)):(8,(_1,_2)):(64,7); fp4 RowMajor pads the row: RoundUp(63, 2) = 64
  assert.deepEqual(
    a.statements.map((s) => (s.result?.value ? printValue(s.result.value) : null)),
    ['(64,(_2,4)):(8,(_1,_2)):(64,7)', '(16,63):(64,_1):(16,63)'],
  );
});

test('a tile of a tensor parameter: its shape, where it starts and its valid extent in symbols, never its layout', () => {
  const text = `${INCLUDE}
template <class TensorA, class Params>
struct B {
    void run(TensorA const &tensorA, Params const &params, uint32_t mIdx) {
        auto tileA = tla::GetTile(tensorA, tla::MakeCoord(mIdx * 128, 0u), tla::MakeShape(128, 64));
        auto s = tileA.shape();
        AscendC::GlobalTensor<half> gmB;
        auto tensorB = tla::MakeTensor(gmB, params.layoutB, Catlass::Arch::PositionGM{});
        auto tileB = tla::GetTile(tensorB, tla::MakeCoord(0u, 0u), tla::MakeShape(16u, 16u));
        AscendC::LocalTensor<half> l1;
        auto l1B = tla::MakeTensorLike<Catlass::layout::RowMajor>(l1, tileB, Catlass::Arch::PositionL1{});
    }
};`;
  // valid: min(tile, origin − coord) with tensorA's origin unknown (coord 0 in mode 1: min(origin, 64))
  assert.equal(
    siteValue(text, 'tla::GetTile(tensorA'),
    'tile (128,64) of tensorA at (mIdx·128,0), valid (min(max(tensorA.originShape<0>-mIdx·128,0),128),min(tensorA.originShape<1>,64))',
  );
  assert.equal(
    siteValue(text, 'tla::GetTile(tensorB'),
    'tile (16,16) of params.layoutB at (0,0), valid (min(params.layoutB.originShape<0>,16),min(params.layoutB.originShape<1>,16))',
  );
  // MakeTensorLike reads only the like-tensor's originShape: RowMajor(o0, o1) is known in symbols
  assert.equal(
    siteValue(text, 'tla::MakeTensorLike'),
    'Tensor<half, A1> (min(params.layoutB.originShape<0>,16),min(params.layoutB.originShape<1>,16)):(min(params.layoutB.originShape<1>,16),_1):(min(params.layoutB.originShape<0>,16),min(params.layoutB.originShape<1>,16)) @ coord (_0,_0), data l1+0',
  );
});

test('an array of buffers: bufs[i] is the i-th buffer, not a view i elements further on', () => {
  const text = `${INCLUDE}
struct B {
    AscendC::LocalTensor<half> l1List[2];
    AscendC::GlobalTensor<half> gm;
    void run(uint32_t id) {
        auto a = tla::MakeTensor(l1List[id], tla::MakeLayout(64u), Catlass::Arch::PositionL1{});
        auto b = tla::MakeTensor(gm[id], tla::MakeLayout(64u), Catlass::Arch::PositionGM{});
    }
};`;
  assert.equal(siteValue(text, 'tla::MakeTensor(l1List'), 'Tensor<half, A1> (64):(_1):(64) @ coord (_0), data l1List[id]+0');
  assert.equal(siteValue(text, 'tla::MakeTensor(gm[id]'), 'Tensor<half, GM> (64):(_1):(64) @ coord (_0), data gm+id');
});

test('examples/cpp/basic_matmul_tla.cpp: the tail block, the k-loop tile in symbols, the L1 tensor', () => {
  const text = readFileSync(path.join(__dirname, '..', '..', '..', 'examples', 'cpp', 'basic_matmul_tla.cpp'), 'utf8');
  // block (2,1) of 128×256 in C (300×500): at (256,256), valid (300−256, 500−256) = (44,244)
  assert.equal(siteValue(text, 'tla::TileView(tensorC'), 'Tensor<float, GM> (_128,_256):(500,_1):(44,244) @ coord (256,256), data gmC+0');
  // step kIdx of A (300×200): at (256, kIdx·64), valid (44, min(200 − kIdx·64, 64)) (0 once past the end)
  assert.equal(
    siteValue(text, 'tla::TileView(tensorA, tla::MakeCoord(2u, kIdx)'),
    'Tensor<half, GM> (_128,_64):(200,_1):(44,min(max(200-kIdx·64,0),64)) @ coord (256,kIdx·64), data gmA+0',
  );
  // the last step: columns 192..199
  assert.equal(
    siteValue(text, 'tla::TileView(tensorA, tla::MakeCoord(2u, 3u)'),
    'Tensor<half, GM> (_128,_64):(200,_1):(44,8) @ coord (256,192), data gmA+0',
  );
  // L1: the zN base layout of 128×64 half, ((_16,_8),(_16,_4)):((_16,_256),(_1,128·16 = 2048)), over the tile's valid extent
  assert.equal(
    siteValue(text, 'tla::MakeTensorLike'),
    'Tensor<half, A1> ((_16,_8),(_16,_4)):((_16,_256),(_1,2048)):(44,min(max(200-kIdx·64,0),64)) @ coord (_0,_0), data l1A+0',
  );
});

test("accessors of a kernel's coords (blockCoord.m(), params.problemShape.n()) are runtime integers; other methods are not guessed", () => {
  const text = `${INCLUDE}
template <class Coord_>
void f(Coord_ const &blockCoord, Coord_ const &actualBlockShape, AscendC::GlobalTensor<half> gmA) {
    auto tensorA = tla::MakeTensor(gmA, tla::MakeLayout<half, Catlass::layout::RowMajor>(300, 200), Catlass::Arch::PositionGM{});
    auto tileA = tla::GetTile(tensorA, tla::MakeCoord(blockCoord.m() * 128, blockCoord.k() * 64), tla::MakeShape(actualBlockShape.m(), actualBlockShape.k()));
    auto tileB = tla::GetTile(tensorA, tla::MakeCoord(0u, 0u), tla::MakeShape(actualBlockShape.shape(), 64));
}`;
  assert.equal(
    siteValue(text, 'tla::GetTile(tensorA, tla::MakeCoord(blockCoord'),
    // min(tile, max(origin − coord, 0)), printed with min's operands in canonical order
    'Tensor<half, GM> (actualBlockShape.m(),actualBlockShape.k()):(200,_1):(min(actualBlockShape.m(),max(300-blockCoord.m()·128,0)),min(actualBlockShape.k(),max(200-blockCoord.k()·64,0))) @ coord (blockCoord.m()·128,blockCoord.k()·64), data gmA+0',
  );
  // shape() of an unknown object may be a tuple: nothing
  assert.equal(siteValue(text, 'tla::GetTile(tensorA, tla::MakeCoord(0u'), undefined);
});

test('template-parameter tags: MakeLayout, MakeMxScaleLayout and MakeLayoutFromTag of one show only the originShape', () => {
  const text = `${INCLUDE}
template <class ElementA, class LayoutTagA>
void f(uint32_t m, uint32_t k) {
    auto layoutA = tla::MakeLayout<ElementA, LayoutTagA>(m, k);
    auto scaleA = tla::MakeMxScaleLayout<float8_e8m0_t, LayoutTagA, false>(m, k);
    LayoutTagA tagA = LayoutTagA::template MakeLayout<ElementA>(m, k);
    auto fromTag = tla::MakeLayoutFromTag(LayoutTagA::MakeLayout<ElementA>(m, k));
    auto tile = tla::GetTileLayout(layoutA, tla::MakeShape(16, 16), tla::MakeCoord(0, 0));
}`;
  // every MakeLayout<E, Tag>(r, c), scale layout and tag layout has originShape (r, c): the shape and stride depend on the tag
  assert.equal(siteValue(text, 'tla::MakeLayout<ElementA'), 'MakeLayout<ElementA, LayoutTagA>: shape and stride not known here, originShape (m,k)');
  assert.equal(
    siteValue(text, 'tla::MakeMxScaleLayout'),
    'MakeMxScaleLayout<float8_e8m0_t, LayoutTagA>: shape and stride not known here, originShape (m,k)',
  );
  assert.equal(siteValue(text, 'tla::MakeLayoutFromTag'), 'MakeLayoutFromTag(LayoutTagA): shape and stride not known here, originShape (m,k)');
  // a tile of it would need its structure: nothing
  assert.equal(siteValue(text, 'tla::GetTileLayout'), undefined);
});

test('two buffers of the same type keep their own names, also in an analysis that reuses the last one (found by the C++ fuzz)', () => {
  const text = `${INCLUDE}
void f() {
    AscendC::LocalTensor<half> bufA;
    AscendC::LocalTensor<half> bufB;
    auto a = tla::MakeTensor(bufA, tla::MakeLayout(8u), Catlass::Arch::PositionUB{});
    auto b = tla::MakeTensor(bufB, tla::MakeLayout(8u), Catlass::Arch::PositionUB{});
}`;
  const live = new CppAnalyzer();
  live.analyze(text);
  const edited = text.replace('void f()', 'void g()');
  const a = live.analyze(edited);
  const values = a.statements.map((s) => (s.result?.value ? printValue(s.result.value) : null));
  assert.deepEqual(values, [
    'Tensor<half, VECCALC> (8):(_1):(8) @ coord (_0), data bufA+0',
    'Tensor<half, VECCALC> (8):(_1):(8) @ coord (_0), data bufB+0',
  ]);
  assert.equal(printValue(a.declarations.get('bufB')!.value!), 'AscendC::LocalTensor<half> bufB');
});
