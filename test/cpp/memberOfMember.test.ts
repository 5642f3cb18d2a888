// A member type two levels down a class parameter (svd_quant_matmul's
// `tla::MakeLayout<typename BlockMmad1::ElementC, typename BlockMmad1::TileCopy::LayoutTagC>(m, r)`):
// under the instantiation, `BlockMmad1::TileCopy` is a class template's instance whose member
// LayoutTagC the instance gives. Expected by the guide: RowMajor (m, r) of half is (m,r):(r,_1):(m,r).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { CppAnalyzer, HeaderIndex, evaluateScratch, headerNameUnder, instanceBindings, printValue } from '../../server/src/language';

const INCLUDE_DIR = '/virtual/include';
const HEADER = `#include "tla/tensor.hpp"
namespace Catlass::layout { struct RowMajor {}; struct ColumnMajor {}; }
namespace Catlass::Demo {
template <class Tag> struct Copy { using LayoutTagC = Tag; };
template <class Tag> struct Mmad { using ElementC = half; using TileCopy = Copy<Tag>; };
template <class BlockMmad1>
struct K {
    void f(uint32_t m, uint32_t r) {
        auto layoutC1 = tla::MakeLayout<typename BlockMmad1::ElementC, typename BlockMmad1::TileCopy::LayoutTagC>(m, r);
    }
};
}
`;

function layoutUnder(instance?: string): string | null {
  const analyzer = new CppAnalyzer(2201);
  if (instance) {
    const index = new HeaderIndex();
    index.setFile(`${INCLUDE_DIR}/catlass/demo_mm.hpp`, HEADER);
    const scratch = ['#include "catlass/demo_mm.hpp"', 'using namespace Catlass;', instance].join('\n');
    const res = evaluateScratch(scratch, index, headerNameUnder(INCLUDE_DIR), 2201, INCLUDE_DIR);
    const ib = instanceBindings(res, 'X');
    assert.ok(ib, `${instance} selects K`);
    analyzer.instantiation = [ib];
  }
  const a = analyzer.analyze(HEADER);
  const s = a.statements.find((x) => HEADER.slice(a.startOf(x), a.endOf(x)).startsWith('tla::MakeLayout'));
  return s?.result?.value ? printValue(s.result.value) : null;
}

test('`typename BlockMmad1::TileCopy::LayoutTagC`: the tag the member class instance gives', () => {
  assert.equal(layoutUnder('using X = Demo::K<Demo::Mmad<layout::RowMajor>>;'), '(m,r):(r,_1):(m,r)');
  // ColumnMajor (m, r): (m,r):(_1,m):(m,r)
  assert.equal(layoutUnder('using X = Demo::K<Demo::Mmad<layout::ColumnMajor>>;'), '(m,r):(_1,m):(m,r)');
});

test('without the instantiation the tag is not known: no layout', () => {
  assert.ok(!/^\(m,r\):/.test(String(layoutUnder())), String(layoutUnder()));
});
