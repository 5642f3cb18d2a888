// A kernel's data member of a tla::Tensor type (`using AGmTensor = tla::Tensor<AGlobalTensorType, NDLayout,
// tla::Coord<tla::_0, tla::_0>, AscendC::TPosition::GM>; AGmTensor aGmTensor_;`, assigned in another member
// function): the member is a tensor of that type — its layout's static leaves as the type fixes them, its
// run-time leaves symbols named after it (docs/templates.md, names declared with a type) — so its tiles and
// `aGmTensor_.layout()` are known, where before both were a tensor "not known here" or no value.
// Expected values by hand from the guide's GetTile (tla-semantics.md), in the comments.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { CppAnalyzer, printValue } from '../../server/src/language';

const KERNEL = `#include "tla/tensor.hpp"
template <class ElementA>
struct Kernel {
    using NDLayout = tla::Layout<tla::Shape<int64_t, int64_t>, tla::Stride<int64_t, tla::Int<1>>>;
    using AGlobalTensorType = AscendC::GlobalTensor<ElementA>;
    using AGmTensor = tla::Tensor<AGlobalTensorType, NDLayout, tla::Coord<tla::_0, tla::_0>, AscendC::TPosition::GM>;
    using UbTensor = tla::Tensor<AscendC::LocalTensor<half>, NDLayout, tla::Coord<tla::_0, tla::_0>, AscendC::TPosition::VECCALC>;
    using WrongRank = tla::Tensor<AscendC::LocalTensor<half>, NDLayout, tla::Coord<tla::_0>, AscendC::TPosition::GM>;
    using NotAPosition = tla::Tensor<AscendC::LocalTensor<half>, NDLayout, tla::Coord<tla::_0, tla::_0>, Other::GM>;
    AGmTensor aGmTensor_;
    UbTensor ub_;
    WrongRank wrong_;
    NotAPosition other_;
    void operator()(int64_t mCoord, int64_t kCoord, int64_t blockM, int64_t blockK) {
        auto tileA = GetTile(aGmTensor_, tla::MakeCoord(mCoord, kCoord), tla::MakeShape(blockM, blockK));
        auto tensorA = tla::MakeTensor(gmA, aGmTensor_.layout(), Arch::PositionGM{});
        auto tileUb = GetTile(ub_, tla::MakeCoord(0, kCoord), tla::MakeShape(blockM, blockK));
        auto tileWrong = GetTile(wrong_, tla::MakeCoord(mCoord, kCoord), tla::MakeShape(blockM, blockK));
        auto tileOther = GetTile(other_, tla::MakeCoord(mCoord, kCoord), tla::MakeShape(blockM, blockK));
    }
};
`;

function site(a: ReturnType<CppAnalyzer['analyze']>, needle: string): string | null {
  const s = a.statements.find((x) => KERNEL.slice(a.startOf(x), a.endOf(x)).includes(needle));
  assert.ok(s, `no site ${needle}`);
  return s.result?.value ? printValue(s.result.value) : null;
}

test('a data member of a tla::Tensor type: its tiles have the type’s static stride and the member’s run-time leaves', () => {
  const a = new CppAnalyzer(2201).analyze(KERNEL);
  // NDLayout is (i64,i64):(i64,_1): shape (S0,S1), stride (D0,_1), origin (O0,O1) named aGmTensor_.…; the tile at
  // (mCoord,kCoord) of shape (blockM,blockK) keeps the stride (D0,_1), valid (min(blockM, max(O0 − mCoord, 0)), …)
  const O = (i: number) => `aGmTensor_.originShape<${i}>`;
  assert.equal(
    site(a, 'GetTile(aGmTensor_'),
    `Tensor<ElementA, GM> (blockM,blockK):(aGmTensor_.stride<0>,_1):(min(blockM,max(${O(0)}-mCoord,0)),min(blockK,max(${O(1)}-kCoord,0))) @ coord (mCoord,kCoord), data aGmTensor_.data()+0`,
  );
  // its layout() is the member's layout: shape, stride and origin symbols, the static _1 kept
  assert.equal(
    site(a, 'aGmTensor_.layout()'),
    `Tensor<‹?›, GM> (aGmTensor_.shape<0>,aGmTensor_.shape<1>):(aGmTensor_.stride<0>,_1):(${O(0)},${O(1)}) @ coord (_0,_0), data gmA+0`,
  );
  // a LocalTensor<half> in VECCALC: the element and the position are the type's
  assert.equal(
    site(a, 'GetTile(ub_'),
    'Tensor<half, VECCALC> (blockM,blockK):(ub_.stride<0>,_1):(min(blockM,ub_.originShape<0>),min(blockK,max(ub_.originShape<1>-kCoord,0))) @ coord (0,kCoord), data ub_.data()+0',
  );
});

test('a tla::Tensor type that does not compile (a coord of another rank) or names no position stays unknown', () => {
  const a = new CppAnalyzer(2201).analyze(KERNEL);
  // unknown, not a tensor of a guessed type: its tile is a tile of a tensor whose layout is not known
  assert.doesNotMatch(site(a, 'GetTile(wrong_') ?? '', /stride/);
  assert.doesNotMatch(site(a, 'GetTile(other_') ?? '', /stride/);
});
