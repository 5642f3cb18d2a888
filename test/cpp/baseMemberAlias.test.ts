// A member alias of a base class template (mx_matmul_tla.hpp: `using Params = typename
// Base::Params;` in the specialisations of MxMatmulTla, Base its base MxMatmulTlaBase<…>): the
// body reads `params.layoutA`, a data member of the base's nested struct whose type is the base's
// alias of the instantiation's BlockMmad. Under the instantiation the member's type is the one
// `Base::LayoutA` has there (C++ looks LayoutA up in Params, then in the base).
// Expected by hand: the layout type (u32,u32):(i64,_1), its run-time leaves named after `params.layoutA`.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { ROOT } from '../helpers';
import { CppAnalyzer, HeaderIndex, evaluateScratch, headerNameUnder, instanceBindings, printValue } from '../../server/src/language';

const INCLUDE_DIR = path.join(ROOT, 'test', 'fixtures', 'typed', 'include');
const HEADER = `#include "tla/tensor.hpp"
namespace Catlass::Demo {
struct Mmad {
    using LayoutA = tla::Layout<tla::Shape<uint32_t, uint32_t>, tla::Stride<int64_t, tla::Int<1>>>;
};
template <class BlockMmad_, class Tag_>
class KBase {
public:
    using BlockMmad = BlockMmad_;
    using LayoutA = typename BlockMmad::LayoutA;
    struct Params {
        GM_ADDR ptrA;
        LayoutA layoutA;
    };
};
template <class BlockMmad_, class Tag_>
class K {};
template <class BlockMmad_>
class K<BlockMmad_, int> : public KBase<BlockMmad_, int> {
    using Base = KBase<BlockMmad_, int>;
public:
    using Params = typename Base::Params;
    void operator()(Params const &params, AscendC::GlobalTensor<half> gmA)
    {
        auto tensorA = tla::MakeTensor(gmA, params.layoutA, Arch::PositionGM{});
    }
};
template <class BlockMmad_, class Tag_>
class OwnBase {
public:
    using LayoutA = typename BlockMmad_::LayoutA;
    struct Params {
        using LayoutA = typename BlockMmad_::Other;
        LayoutA layoutA;
    };
};
template <class BlockMmad_>
class K<BlockMmad_, char> : public OwnBase<BlockMmad_, char> {
    using Base = OwnBase<BlockMmad_, char>;
public:
    using Params = typename Base::Params;
    void operator()(Params const &params, AscendC::GlobalTensor<half> gmC)
    {
        auto tensorC = tla::MakeTensor(gmC, params.layoutA, Arch::PositionGM{});
    }
};
template <class BlockMmad_>
class K<BlockMmad_, float> {
public:
    using Params = typename Undeclared::Params;
    void operator()(Params const &params, AscendC::GlobalTensor<half> gmB)
    {
        auto tensorB = tla::MakeTensor(gmB, params.layoutA, Arch::PositionGM{});
    }
};
}
`;

function siteValue(instance: string | undefined, head: string): string | null {
  const analyzer = new CppAnalyzer(2201);
  if (instance) {
    const index = new HeaderIndex();
    index.setFile(`${INCLUDE_DIR}/catlass/demo_base.hpp`, HEADER);
    const tla = path.join(INCLUDE_DIR, 'tla', 'tensor.hpp');
    index.setFile(tla, readFileSync(tla, 'utf8'));
    const scratch = ['#include "catlass/demo_base.hpp"', 'using namespace Catlass;', instance].join('\n');
    const res = evaluateScratch(scratch, index, headerNameUnder(INCLUDE_DIR), 2201, INCLUDE_DIR);
    const ib = instanceBindings(res, 'X');
    assert.ok(ib, `${instance} selects a body`);
    analyzer.instantiation = [ib];
  }
  const a = analyzer.analyze(HEADER);
  const s = a.statements.find((x) => HEADER.slice(a.startOf(x), a.endOf(x)).startsWith(head));
  return s?.result?.value ? printValue(s.result.value) : null;
}

test("`using Params = typename Base::Params;` of a base class template: the base's nested struct's members under the base's instance", () => {
  const p = 'params.layoutA';
  assert.equal(
    siteValue('using X = Demo::K<Demo::Mmad, int>;', 'tla::MakeTensor(gmA, params.layoutA'),
    `Tensor<half, GM> (${p}.shape<0>,${p}.shape<1>):(${p}.stride<0>,_1):(${p}.originShape<0>,${p}.originShape<1>) @ coord (_0,_0), data gmA+0`,
  );
});

test('no instantiation, a Base the file does not declare, a type the struct declares itself: no value', () => {
  // the base's LayoutA is its template parameter's member: not known without the instance
  const notKnown = 'a tensor on params.layoutA (its layout is not known here)';
  assert.equal(siteValue(undefined, 'tla::MakeTensor(gmA, params.layoutA'), notKnown);
  assert.equal(siteValue('using X = Demo::K<Demo::Mmad, float>;', 'tla::MakeTensor(gmB, params.layoutA'), notKnown);
  // the struct's own LayoutA hides the base's: its type is the struct's, never Base::LayoutA
  assert.equal(siteValue('using X = Demo::K<Demo::Mmad, char>;', 'tla::MakeTensor(gmC, params.layoutA'), notKnown);
});
