// Buffers a template body reads without declaring them, and aliases of an element of an array of
// buffers (`auto l1ATensor = l1ATensorList[i];`): the tensor built on them keeps its layout.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { CppAnalyzer, printValue } from '../../server/src/language';

const INCLUDE = '#include "tla/layout.hpp"\n#include "tla/tensor.hpp"\n';

/** The value of the statement that starts with `needle` (printed), or undefined. */
function siteValue(text: string, needle: string): string | undefined {
  const a = new CppAnalyzer().analyze(text);
  const at = text.indexOf(needle);
  assert.ok(at >= 0, `no ${needle}`);
  const s = a.statements.find((x) => a.startOf(x) === at);
  return s?.result?.value ? printValue(s.result.value) : undefined;
}

test('an element of an array of buffers, taken as a local first, is that buffer', () => {
  const text = `${INCLUDE}
struct B {
    AscendC::LocalTensor<half> l1List[2];
    void run(uint32_t id) {
        auto l1A = l1List[id];
        auto a = tla::MakeTensor(l1A, tla::MakeLayout(64u), Catlass::Arch::PositionL1{});
    }
};`;
  assert.equal(siteValue(text, 'tla::MakeTensor(l1A'), 'Tensor<half, A1> (64):(_1):(64) @ coord (_0), data l1List[id]+0');
});

test('an alias of what is not a buffer stays unknown (never an outer value of its name)', () => {
  const text = `${INCLUDE}
struct B {
    AscendC::LocalTensor<half> l1A;
    uint32_t offsets[2];
    void run(uint32_t id) {
        {
            auto l1A = offsets[id];
            auto a = tla::MakeTensor(l1A, tla::MakeLayout(64u), Catlass::Arch::PositionL1{});
        }
    }
};`;
  // not the outer buffer's half: what offsets[id] is, the code here does not say
  assert.equal(siteValue(text, 'tla::MakeTensor(l1A'), 'Tensor<‹?›, A1> (64):(_1):(64) @ coord (_0), data l1A+0');
});

test('a buffer the body does not declare (a base class member, what a call returned): its element not known, its layout shown', () => {
  const text = `${INCLUDE}
template <class Base>
struct B : Base {
    void run() {
        auto l1Bias = l1BiasTensor.template ReinterpretCast<half>();
        auto a = tla::MakeTensor(l1Bias, tla::MakeLayout(64u), Catlass::Arch::PositionL1{});
        auto b = tla::MakeTensor(ubBuf, tla::MakeLayout(64u), Catlass::Arch::PositionUB{});
        auto d = tla::MakeTensor(gmD, tla::MakeLayout<half, Catlass::layout::RowMajor>(8u, 8u), Catlass::Arch::PositionGM{});
        auto c = tla::MakeTensorLike<Catlass::layout::RowMajor>(ubOut, d, Catlass::Arch::PositionUB{});
    }
};`;
  assert.equal(siteValue(text, 'tla::MakeTensor(l1Bias'), 'Tensor<‹?›, A1> (64):(_1):(64) @ coord (_0), data l1Bias+0');
  assert.equal(siteValue(text, 'tla::MakeTensor(ubBuf'), 'Tensor<‹?›, VECCALC> (64):(_1):(64) @ coord (_0), data ubBuf+0');
  assert.equal(siteValue(text, 'tla::MakeTensor(gmD'), 'Tensor<‹?›, GM> (8,8):(8,_1):(8,8) @ coord (_0,_0), data gmD+0');
  // MakeTensorLike over it, on a buffer not declared either: the tag's layout may depend on the element (zN; RowMajor at 3510): nothing
  assert.equal(siteValue(text, 'tla::MakeTensorLike'), undefined);
});

test('an element of a buffer the body does not declare (`lists.x[i]`, `gm[off]`): the data at that element, its layout shown', () => {
  const text = `${INCLUDE}
template <class QuantParams>
struct B {
    void run(QuantParams &qp, uint32_t id, uint32_t off) {
        auto &lists = qp.tensorLists.ub;
        auto a = tla::MakeTensor(lists.x[id], tla::MakeLayout(64u), Catlass::Arch::PositionUB{});
        auto b = tla::MakeTensor(gmA[off], tla::MakeLayout<half, Catlass::layout::RowMajor>(8u, 8u), Catlass::Arch::PositionGM{});
        auto c = tla::MakeTensor(l1List[2 * id], tla::MakeLayout(32u), Catlass::Arch::PositionL1{});
    }
};`;
  // an array's i-th buffer or a view i elements on: named by the element, at offset 0 of it either way
  assert.equal(siteValue(text, 'tla::MakeTensor(lists.x'), 'Tensor<‹?›, VECCALC> (64):(_1):(64) @ coord (_0), data lists.x[id]+0');
  assert.equal(siteValue(text, 'tla::MakeTensor(gmA'), 'Tensor<‹?›, GM> (8,8):(8,_1):(8,8) @ coord (_0,_0), data gmA[off]+0');
  assert.equal(siteValue(text, 'tla::MakeTensor(l1List'), 'Tensor<‹?›, A1> (32):(_1):(32) @ coord (_0), data l1List[id·2]+0');
});

test('this->member reads the member; a local of its name does not stand for it', () => {
  const text = `${INCLUDE}
struct B {
    AscendC::LocalTensor<half> l1List[2];
    static constexpr uint32_t TILE = 64;
    void run(uint32_t id) {
        auto a = tla::MakeTensor(this->l1List[id], tla::MakeLayout(this->TILE), Catlass::Arch::PositionL1{});
        {
            constexpr uint32_t TILE = 16;
            auto b = tla::MakeLayout(this->TILE);
        }
    }
};`;
  assert.equal(siteValue(text, 'tla::MakeTensor(this->l1List'), 'Tensor<half, A1> (64):(_1):(64) @ coord (_0), data l1List[id]+0');
  // the local TILE (16) is not the member: this->TILE is not read as it
  const b = siteValue(text, 'tla::MakeLayout(this->TILE);');
  assert.ok(b === undefined || !b.includes('16'), b);
});
