// Template parameters in C++ kernels: unknown inside the templated declaration, whatever their
// default, and hiding a name of the same spelling from outside (a wrong number otherwise).
// Expected values by hand: RowMajor(r, c) is (r,c):(c,_1):(r,c) (tla-semantics.md).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { CppAnalyzer, printValue } from '../../server/src/language';

const INCLUDE = '#include "tla/layout.hpp"\n';

function values(text: string): (string | null)[] {
  const a = new CppAnalyzer().analyze(text);
  return a.statements.map((s) => (s.result?.value ? printValue(s.result.value) : null));
}

test('an integer template parameter hides a file constant of the same name, only inside its declaration', () => {
  const text = `${INCLUDE}constexpr uint32_t K = 32;
template <class ElementA, uint32_t K = 64>
struct Block {
    void f() { auto a = tla::MakeLayout<half, Catlass::layout::RowMajor>(K, 16); }
};
void g() { auto b = tla::MakeLayout<half, Catlass::layout::RowMajor>(K, 16); }
`;
  // inside Block, K is whatever the instantiation passes; after it, the file's K = 32
  assert.deepEqual(values(text), ['(K,16):(16,_1):(K,16)', '(32,16):(16,_1):(32,16)']);
});

test('a template function: its parameter is unknown in its body, a template alias ends at its semicolon', () => {
  const text = `${INCLUDE}constexpr uint32_t N = 8;
template <uint32_t N> using Row = tla::Shape<tla::Int<N>, tla::_1>;
template <typename T, uint32_t N = 4>
__aicore__ inline void h(uint32_t m) {
    auto a = tla::MakeLayout<half, Catlass::layout::RowMajor>(m, N);
}
auto b = tla::MakeLayout<half, Catlass::layout::RowMajor>(N, N);
`;
  // h's N is its own; b reads the file's N = 8: (8,8):(8,_1):(8,8)
  assert.deepEqual(values(text), ['(m,N):(N,_1):(m,N)', '(8,8):(8,_1):(8,8)']);
});

test('a type template parameter hides a file alias of the same name', () => {
  const text = `${INCLUDE}using ElementA = float;
auto outer = tla::MakeLayout<ElementA, Catlass::layout::zN>(32, 32);
template <class ElementA>
struct Block {
    void f() { auto inner = tla::MakeLayout<ElementA, Catlass::layout::zN>(32, 32); }
};
`;
  const [outer, inner] = values(text);
  // float zN (32, 32): C0 = 32 B / 4 B = 8 columns a fractal, a column of fractals 32 rows · 8 = 256
  // apart: ((_16,2),(_8,4)):((_8,_128),(_1,256))
  assert.equal(outer, '((_16,2),(_8,4)):((_8,_128),(_1,256)):(32,32)');
  // the element of Block's zN is not known: never float's numbers
  assert.notEqual(inner, outer);
});

test('a function parameter and a runtime local hide a file constant of the same name', () => {
  const text = `${INCLUDE}constexpr uint32_t M = 128;
void g(uint32_t M) { auto a = tla::MakeLayout<half, Catlass::layout::RowMajor>(M, 16); }
void h() {
    auto b = tla::MakeLayout<half, Catlass::layout::RowMajor>(M, 16);
    uint32_t M = params.m;
    auto c = tla::MakeLayout<half, Catlass::layout::RowMajor>(M, 16);
}
void k() {
    for (uint32_t M = 0; M < 4; ++M) { auto d = tla::MakeLayout<half, Catlass::layout::RowMajor>(M, 16); }
    auto e = tla::MakeLayout<half, Catlass::layout::RowMajor>(M, 16);
}
`;
  // b and e (outside any hiding declaration) read the file's M = 128: (128,16):(16,_1):(128,16)
  assert.deepEqual(values(text), [
    '(M,16):(16,_1):(M,16)',
    '(128,16):(16,_1):(128,16)',
    '(M,16):(16,_1):(M,16)',
    '(M,16):(16,_1):(M,16)',
    '(128,16):(16,_1):(128,16)',
  ]);
});
