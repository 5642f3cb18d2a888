// A kernel's helper of one `return` (matrix_inverse.hpp's `static auto RmLayout(uint32_t rows,
// uint32_t cols, uint32_t ld) { return tla::MakeLayout(…); }`): a call is the returned expression
// with the parameters bound to the arguments. Expected values by hand from the guide:
// MakeLayout(shape, stride, originShape) keeps all three as given; an integer parameter holds a
// run-time value (an Int<4>{} argument is 4, not _4).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { CppAnalyzer, printValue } from '../../server/src/language';

const HEADER = `#include "tla/tensor.hpp"
namespace Catlass::Demo {
template <class Element>
struct K {
    static constexpr uint32_t TILE = 16;
    AscendC::GlobalTensor<Element> gm;
    void f(uint32_t m, uint32_t n, uint32_t ldA) {
        auto a = tla::MakeTensor(gm, RmLayout(m, n, ldA), Arch::PositionGM{});
        auto b = tla::MakeTensor(gm, RmLayout(tla::Int<4>{}, 8, 16), Arch::PositionGM{});
        auto c = tla::MakeTensor(gm, Tiled(m), Arch::PositionGM{});
        auto d = tla::MakeTensor(gm, RmLayout(m, n), Arch::PositionGM{});
        auto e = tla::MakeTensor(gm, Twice(m), Arch::PositionGM{});
    }
private:
    static CATLASS_HOST_DEVICE auto RmLayout(uint32_t rows, uint32_t cols, uint32_t ld)
    {
        return tla::MakeLayout(
            tla::MakeShape(rows, cols), tla::MakeStride(static_cast<int64_t>(ld), tla::Int<1>{}), tla::MakeShape(rows, cols));
    }
    static auto Tiled(uint32_t rows) { return tla::MakeLayout(tla::MakeShape(rows, TILE), tla::MakeStride(TILE, tla::Int<1>{})); }
    static auto Twice(uint32_t rows) { return tla::MakeLayout(rows); }
    static auto Twice(uint32_t rows, uint32_t cols) { return tla::MakeLayout(rows, cols); }
};
}
`;

function valueOf(name: string): string | null {
  const a = new CppAnalyzer(2201).analyze(HEADER);
  const s = a.statements.find((x) => HEADER.slice(0, a.startOf(x)).endsWith(`auto ${name} = `));
  return s?.result?.value ? printValue(s.result.value) : null;
}

test('a call of a one-return helper is its expression over the arguments', () => {
  // RmLayout(m, n, ldA): shape (m,n), stride (int64(ldA), _1), originShape (m,n)
  assert.ok(valueOf('a')?.startsWith('Tensor<Element, GM> (m,n):(ldA,_1):(m,n)'), String(valueOf('a')));
  // the uint32_t parameters hold run-time values: Int<4>{} is 4 there
  assert.ok(valueOf('b')?.startsWith('Tensor<Element, GM> (4,8):(16,_1):(4,8)'), String(valueOf('b')));
});

test('a helper that reads a name other than its parameters, a call of another arity, an overloaded helper: no value', () => {
  // Tiled reads the class's TILE: only the parameters are bound in the helper, so nothing is guessed
  assert.equal(valueOf('c'), null);
  // RmLayout takes three arguments
  assert.equal(valueOf('d'), null);
  // Twice is declared twice: which one a call selects is overload resolution, not read
  assert.equal(valueOf('e'), null);
});
