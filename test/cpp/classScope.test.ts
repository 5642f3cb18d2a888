// C++'s unqualified name lookup in a class (issue 21, "no wrong value"): the class's members, then
// its non-dependent bases' members, then the scopes around the class (a base that depends on a
// template parameter is never read: two-phase lookup). A non-dependent base the file does not
// declare may declare the name: unknown there (a symbol or no value), never the outer name's number.
// Expected values by hand: MakeShape(Int<N>{}, 4) is (_N,4).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { CppAnalyzer, HeaderIndex, evaluateScratch, headerNameUnder, instanceBindings, printValue } from '../../server/src/language';

const INCLUDE = '#include "tla/layout.hpp"\n';

function values(text: string): (string | null)[] {
  const a = new CppAnalyzer().analyze(text);
  return a.statements.map((s) => (s.result?.value ? printValue(s.result.value) : null));
}

const HEADER = `${INCLUDE}namespace Catlass {
constexpr uint32_t TILE = 7;
struct Base1 { static constexpr uint32_t OTHER = 3; };
struct Base2 { static constexpr uint32_t TILE = 42; };
struct D : Base2 {
    void f() { auto a = tla::MakeShape(tla::Int<TILE>{}, 4); }
};
struct E : public Base1 {
    void f() { auto b = tla::MakeShape(tla::Int<TILE>{}, 4); }
};
template <class B>
struct F : B {
    void f() { auto c = tla::MakeShape(tla::Int<TILE>{}, 4); }
};
template <class T>
struct G : Base2 {
    void f() { auto d = tla::MakeShape(tla::Int<TILE>{}, 4); }
};
struct H : Base1, Base2 {
    void f() { auto e = tla::MakeShape(tla::Int<TILE>{}, tla::Int<OTHER>{}); }
};
struct I : D {
    void f() { auto g = tla::MakeShape(tla::Int<TILE>{}, 4); }
};
struct J : Catlass::Gemm::SomeBaseOfAHeader {
    void f() { auto h = tla::MakeShape(tla::Int<TILE>{}, 4); }
};
}
`;

test('a non-dependent base member comes before a namespace constant of the same name', () => {
  const [a, b, c, d, e, g, h] = values(HEADER);
  // D : Base2: Base2::TILE = 42, not the namespace's 7
  assert.equal(a, '(_42,4)');
  // E : Base1 declares no TILE: the namespace's 7
  assert.equal(b, '(_7,4)');
  // G<T> : Base2 (a template whose base is not dependent): 42
  assert.equal(d, '(_42,4)');
  // H : Base1, Base2: TILE from Base2 (42), OTHER from Base1 (3)
  assert.equal(e, '(_42,_3)');
  // I : D : Base2: through the base's base, 42
  assert.equal(g, '(_42,4)');
  // F<B> : B: C++ reads no dependent base for an unqualified name (two-phase lookup): the namespace's 7
  assert.equal(c, '(_7,4)');
  // J : a class the file does not declare (a header's): it may declare TILE, so not the namespace's 7
  assert.ok(h === null || !h.includes('_7'), `unknown, not 7: ${h}`);
});

test('two bases declaring the name make it ambiguous: unknown', () => {
  const text = `${INCLUDE}constexpr uint32_t TILE = 7;
struct A1 { static constexpr uint32_t TILE = 1; };
struct A2 { static constexpr uint32_t TILE = 2; };
struct K : A1, A2 {
    void f() { auto a = tla::MakeShape(tla::Int<TILE>{}, 4); }
};
`;
  const [a] = values(text);
  assert.ok(a === null || !/_[127]\b/.test(a), `ambiguous, never 1, 2 or 7: ${a}`);
});

test("a class's own member and a block-scope name still come before its bases", () => {
  const text = `${INCLUDE}struct B { static constexpr uint32_t TILE = 42; };
struct L : B {
    static constexpr uint32_t TILE = 5;
    void f() { auto a = tla::MakeShape(tla::Int<TILE>{}, 4); }
};
struct M : B {
    void f() { constexpr uint32_t TILE = 9; auto b = tla::MakeShape(tla::Int<TILE>{}, 4); }
};
`;
  // L's own TILE (5) hides B's; M's local TILE (9) hides B's
  assert.deepEqual(values(text), ['(_5,4)', '(_9,4)']);
});

test('this-> reads a member of a non-dependent base', () => {
  const text = `${INCLUDE}constexpr uint32_t TILE = 7;
struct B { static constexpr uint32_t TILE = 42; };
struct N : B {
    void f() { auto a = tla::MakeShape(tla::Int<this->TILE>{}, 4); }
};
`;
  const [a] = values(text);
  assert.ok(a === null || a === '(_42,4)', `B's 42 or nothing, never 7: ${a}`);
});

const INCLUDE_DIR = '/virtual/include';
const DEMO_PATH = `${INCLUDE_DIR}/catlass/demo_bases.hpp`;
const DEMO = `#include "tla/layout.hpp"
namespace Catlass::Demo {
constexpr uint32_t TILE = 7;
struct Base1 { static constexpr uint32_t OTHER = 3; };
struct Base2 { static constexpr uint32_t TILE = 42; };
template <class B>
struct F : B {
    void f() { auto c = tla::MakeShape(tla::Int<TILE>{}, 4); }
};
template <class T>
struct G : Base2 {
    void f() { auto d = tla::MakeShape(tla::Int<TILE>{}, 4); }
};
}
`;

/** The demo header's sites read under `using X = …;` (a scratch that includes it). */
function underInstance(site: string): (string | null)[] {
  const index = new HeaderIndex();
  index.setFile(DEMO_PATH, DEMO);
  const text = ['#include "catlass/demo_bases.hpp"', 'using namespace Catlass;', site].join('\n');
  const res = evaluateScratch(text, index, headerNameUnder(INCLUDE_DIR), 2201, INCLUDE_DIR);
  const ib = instanceBindings(res, 'X');
  assert.ok(ib, `${site} selects a body of the demo header`);
  const analyzer = new CppAnalyzer(2201);
  analyzer.instantiation = [ib];
  return analyzer.analyze(DEMO).statements.map((s) => (s.result?.value ? printValue(s.result.value) : null));
}

test('under an instantiation: a non-dependent base member, and a dependent base that declares the name', () => {
  // G<int> : Base2: 42
  assert.equal(underInstance('using X = Demo::G<int>;')[1], '(_42,4)');
  // F<Base2> : Base2: C++ does not read a dependent base for an unqualified name, even instantiated: the namespace's 7
  assert.equal(underInstance('using X = Demo::F<Demo::Base2>;')[0], '(_7,4)');
  // F<Base1> : Base1 declares no TILE: the namespace's 7 either way
  assert.equal(underInstance('using X = Demo::F<Demo::Base1>;')[0], '(_7,4)');
});

test("a type name in a class: a base's nested class comes before a namespace's of that name", () => {
  // Params of the file: layoutA RowMajor; Base::Params: layoutA ColumnMajor. Inside D : Base, Params is Base's
  const text = `#include "tla/layout.hpp"
using namespace Catlass;
struct Params { layout::RowMajor layoutA; };
struct Base { struct Params { layout::ColumnMajor layoutA; }; };
struct D : Base {
    void f(Params const &params) { auto l = tla::MakeLayoutFromTag(params.layoutA); }
};
struct E : Catlass::Gemm::SomeBaseOfAHeader {
    void f(Params const &params) { auto m = tla::MakeLayoutFromTag(params.layoutA); }
};
`;
  const [l, m] = values(text);
  // MakeLayoutFromTag of a ColumnMajor (r, c): stride (_1, ld) — never RowMajor's (ld, _1)
  assert.ok(l === null || /:\(_1,/.test(l), `Base::Params's ColumnMajor: ${l}`);
  // E's base is a header's class: it may declare Params, so the file's RowMajor Params is not known to be it
  assert.ok(m === null || !/,_1\):/.test(m), `not the file's RowMajor: ${m}`);
});

test('a lookup after nested classes that closed before it still reads the class around it, and its bases', () => {
  // Outer : Base2 holds the nested A and B (closed before f); f's TILE is Base2's 42. Inner, nested
  // in Outer and declaring its own TILE = 5, sees 5; after Outer, the namespace's 7.
  const text = `${INCLUDE}namespace Catlass {
constexpr uint32_t TILE = 7;
struct Base2 { static constexpr uint32_t TILE = 42; };
struct Outer : Base2 {
    struct A { static constexpr uint32_t X = 1; };
    struct B { struct C { static constexpr uint32_t Y = 2; }; };
    void f() { auto p = tla::MakeShape(tla::Int<TILE>{}, 4); }
    struct Inner {
        static constexpr uint32_t TILE = 5;
        void g() { auto q = tla::MakeShape(tla::Int<TILE>{}, 4); }
    };
    void h() { auto r = tla::MakeShape(tla::Int<TILE>{}, 4); }
};
struct After { void k() { auto s = tla::MakeShape(tla::Int<TILE>{}, 4); } };
}
`;
  assert.deepEqual(values(text), ['(_42,4)', '(_5,4)', '(_42,4)', '(_7,4)']);
});
