// Member constants of a class a template parameter (or a member alias) names, read qualified in
// the body (issue 21: `TileShape::COLUMN` of a MatrixShape, `FmapL1TileShape::Cin1` of a conv
// shape): under an instantiation, the member's value as the headers declare it; without one, the
// name stays a symbol. Expected values by hand (the comments).
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { CppAnalyzer, HeaderIndex, evaluateScratch, headerNameUnder, instanceBindings, printValue } from '../../server/src/language';
import { SHARED_DIR } from '../helpers';
import { corpusSiteScratch } from './cppTestKit';

const INCLUDE_DIR = '/virtual/include';
const HEADER = `#include "tla/layout.hpp"
namespace Catlass::Demo {
template <uint32_t ROW_, uint32_t COLUMN_>
struct MatShape {
    static constexpr uint32_t ROW = ROW_;
    static constexpr uint32_t COLUMN = COLUMN_;
};
template <uint32_t Cin1_, uint32_t C0_ = 16>
struct FmapShape {
    static constexpr uint32_t Cin1 = Cin1_;
    static constexpr uint32_t C0 = C0_;
};
struct WideBase { static constexpr uint32_t COLUMN = 999; static constexpr uint32_t ROW = 8; };
struct Wide : WideBase { static constexpr uint32_t COLUMN = 32; };
template <class TileShape, class FmapL1TileShape, class Other = Wide>
struct Epi {
    using Fmap = FmapL1TileShape;
    void f(uint32_t m) {
        auto a = tla::MakeLayout(tla::MakeShape(m, TileShape::COLUMN), tla::MakeStride(TileShape::COLUMN, tla::Int<1>{}));
        auto b = tla::MakeShape(tla::Int<FmapL1TileShape::Cin1 * FmapL1TileShape::C0>{}, tla::Int<Fmap::Cin1>{});
        auto c = tla::MakeShape(tla::Int<Other::COLUMN>{}, tla::Int<Other::ROW>{});
    }
};
}
`;

function values(instance?: string): (string | null)[] {
  const analyzer = new CppAnalyzer(2201);
  if (instance) {
    const index = new HeaderIndex();
    index.setFile(`${INCLUDE_DIR}/catlass/demo_epi.hpp`, HEADER);
    const text = ['#include "catlass/demo_epi.hpp"', 'using namespace Catlass;', instance].join('\n');
    const res = evaluateScratch(text, index, headerNameUnder(INCLUDE_DIR), 2201, INCLUDE_DIR);
    const ib = instanceBindings(res, 'X');
    assert.ok(ib, `${instance} selects Epi`);
    analyzer.instantiation = [ib];
  }
  return analyzer.analyze(HEADER).statements.map((s) => (s.result?.value ? printValue(s.result.value) : null));
}

test("a parameter's class members under the instantiation: TileShape::COLUMN, FmapL1TileShape::Cin1, through an alias and a base", () => {
  const [a, b, c] = values('using X = Demo::Epi<Demo::MatShape<16, 64>, Demo::FmapShape<4>>;');
  // TileShape::COLUMN = 64, a uint32_t (not static): (m,64):(64,_1):(m,64)
  assert.equal(a, '(m,64):(64,_1):(m,64)');
  // Cin1 · C0 = 4 · 16 (the default) = 64; Fmap is FmapL1TileShape: Cin1 = 4
  assert.equal(b, '(_64,_4)');
  // Other = Wide (the default): its own COLUMN (32) hides WideBase's 999; ROW = 8 from the base
  assert.equal(c, '(_32,_8)');
});

test('without an instantiation the members stay symbols, never a number', () => {
  const [a, b, c] = values();
  assert.equal(a, '(m,TileShape::COLUMN):(TileShape::COLUMN,_1):(m,TileShape::COLUMN)');
  // Int<a symbol> is no static integer: no value
  assert.deepEqual([b, c], [null, null]);
});

const CORPUS = path.join(SHARED_DIR, 'corpus', 'catlass');
const present = existsSync(path.join(CORPUS, 'include', 'catlass'));

test(
  'grouped_matmul_slice_m_per_token_dequant_tla.hpp:218 under example 47: TileShape::COLUMN of MatrixShape<256, 256>',
  { skip: present ? false : `no corpus at ${CORPUS}` },
  () => {
    // the example's MatmulKernel (line 158); its BlockEpilogue's TileShape is EpilogueTileShape =
    // MatrixShape<get<0>(L1TileShape{}), get<1>(L1TileShape{})> with L1TileShape (_256,_256,_512): COLUMN = 256
    const site = 'examples/47_ascend950_grouped_matmul_slice_m_per_token_dequant/grouped_matmul_slice_m_per_token_dequant_tla.cpp';
    const { include, res, alias } = corpusSiteScratch(CORPUS, site, 158);
    const ib = instanceBindings(res, alias!);
    assert.ok(ib, 'the site selects the kernel');
    const header = path.join(include, 'catlass/gemm/kernel/grouped_matmul_slice_m_per_token_dequant_tla.hpp');
    const text = readFileSync(header, 'utf8');
    const analyzer = new CppAnalyzer(3510);
    analyzer.instantiation = [ib];
    const a = analyzer.analyze(text);
    const at = a.statements.find((s) => text.slice(0, a.startOf(s)).split('\n').length === 218);
    // MakeLayout((blockM, blockN), (COLUMN, _1)): (blockM,blockN):(256,_1):(blockM,blockN)
    assert.equal(at?.result?.value ? printValue(at.result.value) : null, '(blockM,blockN):(256,_1):(blockM,blockN)');
  },
);
