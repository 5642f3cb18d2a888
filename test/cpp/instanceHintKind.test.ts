// The kind word of a layout hint under an instantiation (issue 24 Deliver 3, "a layout's shape and
// the word for its kind"): a block's `MakeLayout<ElementA, LayoutTagL1A>(…)` names its tag through a
// member alias or template parameter, which the instantiation binds to `layout::zN`. A 16×16 half
// zN layout's value also fits L0C's, so only the bound tag can say which it is; the hint must lead
// with `zN`, as the same call with `layout::zN` written out does.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { inlayHints } from '../../server/src/features/inlayHints';
import { DEFAULT_SETTINGS } from '../../server/src/features/settings';
import { CppAnalyzer, HeaderIndex, evaluateScratch, headerNameUnder, instanceBindings } from '../../server/src/language';
import { cppDoc } from './cppTestKit';

const INCLUDE_DIR = '/virtual/include';
const HEADER = `#include "tla/tensor.hpp"
namespace Catlass::Demo {
template <class LayoutTagL1A_>
struct Block {
    using LayoutTagL1A = LayoutTagL1A_;
    AscendC::LocalTensor<half> l1A;
    void f() {
        auto byAlias = tla::MakeLayout<half, LayoutTagL1A>(tla::Int<16>{}, tla::Int<16>{});
        auto byParam = tla::MakeLayout<half, LayoutTagL1A_>(tla::Int<16>{}, tla::Int<16>{});
        auto written = tla::MakeLayout<half, Catlass::layout::zN>(tla::Int<16>{}, tla::Int<16>{});
        auto tensor = tla::MakeTensor(l1A, byAlias, Arch::PositionL1{});
    }
};
}
`;

function hintsUnder(instance: string): Map<string, string> {
  const index = new HeaderIndex();
  index.setFile(`${INCLUDE_DIR}/catlass/demo_block.hpp`, HEADER);
  // the tags as the workspace's catlass/layout/layout.hpp declares them (the resolver reads type names from the index)
  index.setFile(`${INCLUDE_DIR}/catlass/layout/layout.hpp`, 'namespace Catlass::layout { struct RowMajor {}; struct zN {}; }\n');
  const scratch = ['#include "catlass/layout/layout.hpp"', '#include "catlass/demo_block.hpp"', 'using namespace Catlass;', instance].join('\n');
  const ib = instanceBindings(evaluateScratch(scratch, index, headerNameUnder(INCLUDE_DIR), 2201, INCLUDE_DIR), 'X');
  assert.ok(ib, `${instance} selects Block`);
  const analyzer = new CppAnalyzer(2201);
  analyzer.instantiation = [ib];
  const doc = cppDoc(HEADER, analyzer.analyze(HEADER));
  const lines = HEADER.split('\n');
  const out = new Map<string, string>();
  for (const h of inlayHints(doc, { start: { line: 0, character: 0 }, end: { line: lines.length, character: 0 } }, DEFAULT_SETTINGS)) {
    const name = /auto (\w+) =/.exec(lines[h.position.line])?.[1];
    if (name) out.set(name, typeof h.label === 'string' ? h.label : h.label.map((p) => p.value).join(''));
  }
  return out;
}

test('a layout tag bound by the instantiation gives the hint its kind word, as the tag written out does', () => {
  const hints = hintsUnder('using X = Demo::Block<Catlass::layout::zN>;');
  assert.match(hints.get('written') ?? '', /^▸ zN /, 'the tag written out');
  assert.match(hints.get('byAlias') ?? '', /^▸ zN /, 'through the member alias');
  assert.match(hints.get('byParam') ?? '', /^▸ zN /, 'through the template parameter');
  assert.equal(hints.get('byAlias'), hints.get('written'));
  // a tensor on that layout: its layout argument's declaration read the bound tag
  assert.match(hints.get('tensor') ?? '', /^▸ zN /, 'a tensor on the layout');
});
