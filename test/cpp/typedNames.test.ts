// Names declared with a TLA type and no value of their own (issue 21, "typed"): a data member
// `L layoutA;`, a parameter `L layoutB`, `Params const &params` of a struct of the file. Their
// value is what the type gives: its static leaves as they are, its run-time leaves symbols named
// by what they are (`params.layoutA.stride<0>`), never a number. Self-written texts without an
// instantiation, and Catlass's example 13 under its instantiation when ../shared is present.
// Expected values by hand: MakeTensor(gm, l, GM) is l at coord (_0,…) (tla-semantics.md);
// GetTile(t, (i,j), (a,b)) has shape (a,b), t's stride, coord (i,j), and an originShape
// min(a, max(origin0 - i, 0)) per mode (tla-layouts.md, GetTile).
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, test } from 'node:test';
import { CppAnalyzer, HeaderIndex, evaluateScratch, headerNameUnder, instanceBindings, printValue } from '../../server/src/language';
import { ROOT, SHARED_DIR } from '../helpers';
import { corpusSiteScratch, cppDoc, hoverAt } from './cppTestKit';

function values(text: string, analyzer = new CppAnalyzer()): Map<string, string | null> {
  const a = analyzer.analyze(text);
  const out = new Map<string, string | null>();
  // by the source line the statement starts on (its whole line, trimmed)
  for (const s of a.statements) {
    const at = a.startOf(s);
    const line = text.slice(text.lastIndexOf('\n', at - 1) + 1, (text.indexOf('\n', at) + 1 || text.length + 1) - 1).trim();
    out.set(line, s.result?.value ? printValue(s.result.value) : null);
  }
  return out;
}

const FIXED = `#include "tla/tensor.hpp"
namespace Demo {
using L = tla::Layout<tla::Shape<uint32_t, uint32_t>, tla::Stride<int64_t, tla::Int<1>>>;
struct Params {
    L layoutA;
    uint32_t m;
};
inline void Run(Params const &params, L layoutB)
{
    AscendC::GlobalTensor<half> gmA;
    auto tensorA = tla::MakeTensor(gmA, params.layoutA, Arch::PositionGM{});
    auto tile = GetTile(tensorA, tla::MakeCoord(i, j), tla::MakeShape(a, b));
    auto tensorB = tla::MakeTensor(gmA, layoutB, Arch::PositionGM{});
}
inline void Other(uint32_t layoutB)
{
    auto v = tla::MakeLayout(layoutB);
}
}
`;

describe('a name declared with a fixed TLA type (no instantiation needed)', () => {
  const v = values(FIXED);
  test('a struct member reached through a parameter of the struct: the type (u32,u32):(i64,_1), run-time leaves named', () => {
    // L's static stride _1 stays; shape, stride 0 and originShape are the running program's
    assert.equal(
      v.get('auto tensorA = tla::MakeTensor(gmA, params.layoutA, Arch::PositionGM{});'),
      'Tensor<half, GM> (params.layoutA.shape<0>,params.layoutA.shape<1>):(params.layoutA.stride<0>,_1):' +
        '(params.layoutA.originShape<0>,params.layoutA.originShape<1>) @ coord (_0,_0), data gmA+0',
    );
  });
  test('its tile: the tile shape, the stride of the declared type, the valid part from its originShape', () => {
    assert.equal(
      v.get('auto tile = GetTile(tensorA, tla::MakeCoord(i, j), tla::MakeShape(a, b));'),
      'Tensor<half, GM> (a,b):(params.layoutA.stride<0>,_1):' +
        '(min(a,max(params.layoutA.originShape<0>-i,0)),min(b,max(params.layoutA.originShape<1>-j,0))) @ coord (i,j), data gmA+0',
    );
  });
  test('a parameter of the type, and a parameter of the same name but an integer type in another function', () => {
    assert.equal(
      v.get('auto tensorB = tla::MakeTensor(gmA, layoutB, Arch::PositionGM{});'),
      'Tensor<half, GM> (layoutB.shape<0>,layoutB.shape<1>):(layoutB.stride<0>,_1):(layoutB.originShape<0>,layoutB.originShape<1>) @ coord (_0,_0), data gmA+0',
    );
    // Other's layoutB is a uint32_t: MakeLayout(len) is (len):(_1):(len)
    assert.equal(v.get('auto v = tla::MakeLayout(layoutB);'), '(layoutB):(_1):(layoutB)');
  });
  test("the declared name's hover: its value and that it comes from its declared type", () => {
    const h = hoverAt(cppDoc(FIXED), 'L layoutB', 3);
    assert.match(h, /layoutB\.stride<0>/);
    assert.match(h, /the value its declared type `L` gives/);
  });
  test('a type that is no TLA type, or not known: nothing changes (a symbol of the call, never zeros)', () => {
    const text = FIXED.replace('using L = tla::Layout<tla::Shape<uint32_t, uint32_t>, tla::Stride<int64_t, tla::Int<1>>>;', '');
    const w = values(text);
    const a = w.get('auto tensorA = tla::MakeTensor(gmA, params.layoutA, Arch::PositionGM{});');
    assert.ok(!a || !/params\.layoutA\.shape/.test(a), String(a));
  });
});

describe('a struct member whose type is an alias of a nested struct', () => {
  test("`using MmadParams = MmadArguments;` then `MmadParams mmadParams;`: params.mmadParams.layoutA bound as that struct's member", () => {
    const text = `#include "tla/tensor.hpp"
template <class T>
class K {
public:
    using LayoutA = tla::Layout<tla::Shape<uint32_t, uint32_t>, tla::Stride<int64_t, tla::Int<1>>>;
    struct MmadArguments {
        LayoutA layoutA;
    };
    using MmadParams = MmadArguments;
    struct Params {
        MmadParams mmadParams;
    };
    void Run(Params const &params)
    {
        AscendC::GlobalTensor<half> gmA;
        auto tensorA = tla::MakeTensor(gmA, params.mmadParams.layoutA, Arch::PositionGM{});
    }
};`;
    const p = 'params.mmadParams.layoutA';
    assert.equal(
      values(text).get('auto tensorA = tla::MakeTensor(gmA, params.mmadParams.layoutA, Arch::PositionGM{});'),
      `Tensor<half, GM> (${p}.shape<0>,${p}.shape<1>):(${p}.stride<0>,_1):(${p}.originShape<0>,${p}.originShape<1>) @ coord (_0,_0), data gmA+0`,
    );
  });
});

describe('a value-initialised data member (`LayoutSrc layoutSrc{};`, block_epilogue_per_block_quant_tla.hpp)', () => {
  test('a member of the struct and a member of the struct type, both `{}`, declared after the function reading them: as without `{}`', () => {
    const text = `#include "tla/tensor.hpp"
template <class T>
class E {
public:
    using LayoutSrc = tla::Layout<tla::Shape<uint32_t, uint32_t>, tla::Stride<int64_t, tla::Int<1>>>;
    struct Params {
        LayoutSrc layoutSrc{};
        uint32_t strideC{0};
    };
    void operator()(AscendC::LocalTensor<half> ubC)
    {
        auto tensorUbC = tla::MakeTensor(ubC, params.layoutSrc, Arch::PositionUB{});
        auto tensorHeld = tla::MakeTensor(ubC, held, Arch::PositionUB{});
    }
private:
    Params params{};
    LayoutSrc held{};
};`;
    // the values are the type's: its static _1, its run-time leaves symbols (never the zeros of {})
    const p = 'params.layoutSrc';
    const v = values(text);
    assert.equal(
      v.get('auto tensorUbC = tla::MakeTensor(ubC, params.layoutSrc, Arch::PositionUB{});'),
      `Tensor<half, VECCALC> (${p}.shape<0>,${p}.shape<1>):(${p}.stride<0>,_1):(${p}.originShape<0>,${p}.originShape<1>) @ coord (_0,_0), data ubC+0`,
    );
    assert.equal(
      v.get('auto tensorHeld = tla::MakeTensor(ubC, held, Arch::PositionUB{});'),
      'Tensor<half, VECCALC> (held.shape<0>,held.shape<1>):(held.stride<0>,_1):(held.originShape<0>,held.originShape<1>) @ coord (_0,_0), data ubC+0',
    );
  });
});

describe('Catlass layout tag objects of a declared type', () => {
  test("a member of a tag type: every field a run-time member; MakeLayoutFromTag keeps RowMajor's static _1", () => {
    const v = values(`#include "tla/tensor.hpp"
using namespace Catlass;
using LayoutA = layout::RowMajor;
struct Params {
    LayoutA layoutA;
};
void Run(Params const &params) {
    auto layoutA = MakeLayoutFromTag(params.layoutA);
}
`);
    // MakeLayoutFromTag(RowMajor r): (r.shape(0),r.shape(1)):(r.stride(0),_1):(r.shape(0),r.shape(1)) (tla-layouts.md, MakeLayoutFromTag)
    assert.equal(
      v.get('auto layoutA = MakeLayoutFromTag(params.layoutA);'),
      '(params.layoutA.shape(0),params.layoutA.shape(1)):(params.layoutA.stride(0),_1):(params.layoutA.shape(0),params.layoutA.shape(1))',
    );
  });
  test('`LayoutTagA tagA{m, k};` of a type alias of the file is the tag object RowMajor(m, k)', () => {
    const v = values(`#include "tla/tensor.hpp"
using namespace Catlass;
using LayoutTagA = layout::RowMajor;
void Run(uint32_t m, uint32_t k) {
    LayoutTagA tagA{m, k};
    auto layoutA = MakeLayoutFromTag(tagA);
}
`);
    // RowMajor(m, k): shape (m, k), stride (k, 1); from the tag: (m,k):(k,_1):(m,k)
    assert.equal(v.get('auto layoutA = MakeLayoutFromTag(tagA);'), '(m,k):(k,_1):(m,k)');
  });
});

const CORPUS = path.join(SHARED_DIR, 'corpus', 'catlass');
const present = existsSync(path.join(CORPUS, 'include', 'catlass'));

describe('Catlass example 13 under its instantiation', { skip: present ? false : `no corpus at ${CORPUS}` }, () => {
  test('BasicMatmulTla: params.layoutA of BlockMmad::LayoutA = (uint32_t,uint32_t):(int64_t,_1):(uint32_t,uint32_t)', () => {
    // basic_matmul_tla.cpp:114 `using MatmulKernel = Gemm::Kernel::BasicMatmulTla<BlockMmad, BlockEpilogue, BlockScheduler>;`
    const { include, res, alias } = corpusSiteScratch(CORPUS, 'examples/13_basic_matmul_tla/basic_matmul_tla.cpp', 114);
    const ib = instanceBindings(res, alias!);
    assert.ok(ib, 'the site selects BasicMatmulTla');
    const header = readFileSync(path.join(include, 'catlass/gemm/kernel/basic_matmul_tla.hpp'), 'utf8');
    const analyzer = new CppAnalyzer(2201);
    analyzer.instantiation = [ib];
    const v = values(header, analyzer);
    // the golden's LayoutA of this site's BlockMmad (catlass-inst-sites-1.jsonl, line 105): (uint32_t,uint32_t):(int64_t,_1):(uint32_t,uint32_t)
    assert.equal(
      v.get('auto tensorA = tla::MakeTensor(gmA, params.layoutA, Arch::PositionGM{});'),
      'Tensor<half, GM> (params.layoutA.shape<0>,params.layoutA.shape<1>):(params.layoutA.stride<0>,_1):' +
        '(params.layoutA.originShape<0>,params.layoutA.originShape<1>) @ coord (_0,_0), data gmA+0',
    );
    // GetTile(tensorB, (k·L1_TILE_K, n·L1_TILE_N), (k, n)): the stride of LayoutB (i64,_1); L1_TILE_K = 256 (L1TileShape (_128,_256,_256))
    const tileB = v.get('auto tensorBlockB = GetTile(');
    assert.match(String(tileB), /^Tensor<half, GM> \(actualBlockShape\.k\(\),actualBlockShape\.n\(\)\):\(params\.layoutB\.stride<0>,_1\):/);
    assert.match(String(tileB), /max\(params\.layoutB\.originShape<0>-blockCoord\.k\(\)·256,0\)/);
    // without the instantiation: LayoutA is not known, params.layoutA stays the call's own symbol
    const none = values(header, new CppAnalyzer(2201));
    assert.ok(!/params\.layoutA\.shape/.test(String(none.get('auto tensorA = tla::MakeTensor(gmA, params.layoutA, Arch::PositionGM{});'))));
  });
});

const FIXTURE = path.join(ROOT, 'test', 'fixtures', 'typed', 'include');
const COPY_HEADER = path.join(FIXTURE, 'catlass', 'typed_copy.hpp');
const COPY_TEXT = readFileSync(COPY_HEADER, 'utf8');
const LAYOUT = 'tla::Layout<tla::Shape<uint32_t, uint32_t>, tla::Stride<int64_t, tla::Int<1>>>';
const TENSOR = `tla::Tensor<AscendC::GlobalTensor<half>, ${LAYOUT}, tla::Coord<uint32_t, uint32_t>, AscendC::TPosition::GM>`;

/** The fixture header's sites read under `using X = …;` (the scratch's last line). */
function underInstance(site: string): Map<string, string | null> {
  const index = new HeaderIndex();
  index.setFile(COPY_HEADER, COPY_TEXT);
  const tla = path.join(FIXTURE, 'tla', 'tensor.hpp');
  index.setFile(tla, readFileSync(tla, 'utf8'));
  const text = ['#include "catlass/typed_copy.hpp"', 'using namespace Catlass;', site].join('\n');
  const res = evaluateScratch(text, index, headerNameUnder(FIXTURE), 2201, FIXTURE);
  const ib = instanceBindings(res, 'X');
  assert.ok(ib, `${site} selects a body of the fixture`);
  const analyzer = new CppAnalyzer(2201);
  analyzer.instantiation = [ib];
  return values(COPY_TEXT, analyzer);
}

describe('self-written templates under an instantiation', () => {
  test("a parameter of the class's tensor type: its tile keeps the type's stride (i64,_1)", () => {
    const v = underInstance(`using X = Typed::DemoCopy<int, ${TENSOR}>;`);
    // GetTile(dst, (i,0), (16,16)): shape (16,16), dst's stride (dstTensor.stride<0>,_1), coord dst's coord + (i,0)
    const tile = String(v.get('auto tile = GetTile(dstTensor, tla::MakeCoord(i, 0), tla::MakeShape(16, 16));'));
    assert.match(tile, /^Tensor<half, GM> \(16,16\):\(dstTensor\.stride<0>,_1\):/);
    assert.match(tile, /data dstTensor\.data\(\)\+0/);
    // without the instantiation: TensorDst is not known, the tile is not known beyond its own words
    const none = values(COPY_TEXT, new CppAnalyzer(2201));
    assert.ok(!/dstTensor\.stride/.test(String(none.get('auto tile = GetTile(dstTensor, tla::MakeCoord(i, 0), tla::MakeShape(16, 16));'))));
  });
  test('a struct member of the class parameter type, and a member function template deduced from its one call', () => {
    const v = underInstance(`using X = Typed::DemoKernel<${LAYOUT}>;`);
    const tensorA =
      'Tensor<half, GM> (params.layoutA.shape<0>,params.layoutA.shape<1>):(params.layoutA.stride<0>,_1):(params.layoutA.originShape<0>,params.layoutA.originShape<1>) @ coord (_0,_0), data gmA+0';
    assert.equal(v.get('auto tensorA = tla::MakeTensor(gmA, params.layoutA, Arch::PositionGM{});'), tensorA);
    // GetTileA's TensorA is deduced from its one call GetTileA(tensorA, i): a tensor of that type, its
    // run-time leaves its parameter's (tensorA.stride<0>); the tile (16,32) at (k,0) keeps the stride (…,_1)
    const tile = String(v.get('return GetTile(tensorA, tla::MakeCoord(k, 0), tla::MakeShape(16, 32));'));
    assert.match(tile, /^Tensor<half, GM> \(16,32\):\(tensorA\.stride<0>,_1\):/);
  });
});
