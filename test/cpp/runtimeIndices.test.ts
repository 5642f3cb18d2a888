// Tiles cut at a run-time index a kernel reads from AscendC (`kL1Offset * AscendC::GetSubBlockIdx()`, the
// vector core's half of an L1 tile) or from a conv coord (`blockCoord.batch()`, Catlass's Conv2dCoord): both
// are integers known only at run time, so the tile is known with a symbol in its coordinate — before, the
// call had no value at all. Expected values by hand from the guide's GetTile (tla-semantics.md: the tile's
// shape, the source's stride, valid extent min(tile, origin − coord) clamped at 0), in the comments.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { CppAnalyzer, printValue } from '../../server/src/language';

const KERNEL = `#include "tla/tensor.hpp"
struct Conv2dCoord : public Coord<5, uint32_t> {};
template <class ElementB>
struct Prologue {
    void run(uint32_t kL1Offset, uint32_t n, uint32_t b, uint32_t c1, Conv2dCoord blockCoord, Conv2dCoord actualBlockShape) {
        auto layoutB = tla::MakeLayout(tla::MakeShape(n, n), tla::MakeStride(n, tla::Int<1>{}));
        auto tensorB = tla::MakeTensor(gmB, layoutB, Arch::PositionGM{});
        auto tileHalf = GetTile(tensorB, tla::MakeCoord(kL1Offset * AscendC::GetSubBlockIdx(), 0), tla::MakeShape(kL1Offset, n));
        auto tileBlock = GetTile(tensorB, tla::MakeCoord(AscendC::GetBlockIdx(), 0), tla::MakeShape(1, n));
        auto idx = tla::MakeCoord(AscendC::GetBlockNum(), AscendC::GetSubBlockNum());
        auto layoutF = tla::MakeLayout(tla::MakeShape(b, c1, tla::Int<16>{}), tla::MakeStride(c1 * 16, tla::Int<16>{}, tla::Int<1>{}));
        auto tensorF = tla::MakeTensor(gmF, layoutF, Arch::PositionGM{});
        auto tileF = GetTile(tensorF, tla::MakeCoord(blockCoord.batch(), 0, 0), tla::MakeShape(actualBlockShape.batch(), actualBlockShape.cin1(), 16));
        auto other = tla::MakeCoord(AscendC::GetSubBlockIdx(3), 0);
        auto notAscendC = tla::MakeCoord(GetSubBlockIdx(), 0);
    }
};
`;

function site(a: ReturnType<CppAnalyzer['analyze']>, needle: string): string | null {
  const s = a.statements.find((x) => KERNEL.slice(a.startOf(x), a.endOf(x)).includes(needle));
  assert.ok(s, `no site ${needle}`);
  return s.result?.value ? printValue(s.result.value) : null;
}

test('AscendC::GetSubBlockIdx() and its kin are run-time integers: the tile is known with the call as a symbol', () => {
  const a = new CppAnalyzer(2201).analyze(KERNEL);
  // (n,n):(n,_1) cut at (kL1Offset·i, 0), i = GetSubBlockIdx(), shape (kL1Offset, n): stride (n,_1);
  // valid rows min(kL1Offset, max(n − i·kL1Offset, 0)), columns min(n, n − 0) = n
  assert.equal(
    site(a, 'MakeCoord(kL1Offset * AscendC::GetSubBlockIdx()'),
    'Tensor<‹?›, GM> (kL1Offset,n):(n,_1):(min(kL1Offset,max(n-GetSubBlockIdx()·kL1Offset,0)),n) @ coord (GetSubBlockIdx()·kL1Offset,0), data gmB+0',
  );
  // one row at GetBlockIdx(): valid min(1, max(n − GetBlockIdx(), 0)) (the symbolic normal form puts the number last)
  assert.equal(
    site(a, 'MakeCoord(AscendC::GetBlockIdx()'),
    'Tensor<‹?›, GM> (1,n):(n,_1):(min(max(n-GetBlockIdx(),0),1),n) @ coord (GetBlockIdx(),0), data gmB+0',
  );
  assert.equal(site(a, 'MakeCoord(AscendC::GetBlockNum()'), '(GetBlockNum(),GetSubBlockNum())');
});

test('a conv coord accessor (Conv2dCoord::batch(), cin1()) is a run-time integer in a tile’s coord and shape', () => {
  const a = new CppAnalyzer(2201).analyze(KERNEL);
  // (b,c1,_16):(c1·16,_16,_1) cut at (B, 0, 0), B = blockCoord.batch(), shape (S, C, 16), S = actualBlockShape.batch(),
  // C = actualBlockShape.cin1(): valid (min(S, max(b − B, 0)), min(C, c1), min(16, 16) = 16)
  const B = 'blockCoord.batch()';
  const S = 'actualBlockShape.batch()';
  const C = 'actualBlockShape.cin1()';
  assert.equal(
    site(a, 'GetTile(tensorF'),
    `Tensor<‹?›, GM> (${S},${C},16):(c1·16,_16,_1):(min(${S},max(b-${B},0)),min(${C},c1),16) @ coord (${B},0,0), data gmF+0`,
  );
});

test('only AscendC’s own index functions, without arguments, are taken for run-time integers', () => {
  const a = new CppAnalyzer(2201).analyze(KERNEL);
  assert.equal(site(a, 'GetSubBlockIdx(3)'), null);
  assert.equal(site(a, 'MakeCoord(GetSubBlockIdx(), 0)'), null);
});
