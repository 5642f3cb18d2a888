// The older Catlass objects inside C++ kernels: a declared layout object or coord is a site;
// its name's hover shows the values the file determines, symbols for what it does not.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import * as core from '../../server/src/core';
import { cppDoc, cppObservable, hoverAt } from './cppTestKit';

const i3 = core.int(3);

const KERNEL = `#include "catlass/layout/layout.hpp"
using namespace Catlass;
void Kernel(uint32_t m, uint32_t k, GemmCoord problemShape)
{
    layout::RowMajor tagA{m, k};
    Catlass::layout::zZ tagZ = layout::zZ::MakeLayout<half>(m, k);
    MatrixCoord offset{3u, 4u};
    size_t at = tagA.GetOffset(MatrixCoord{3u, 4u});
    layout::RowMajor f(int a);
}
`;

test('a kernel’s layout::RowMajor tagA{m, k} is (m,k):(k,1); a coord its entries; the zZ note in the hover', () => {
  const d = cppDoc(KERNEL);
  const seen = cppObservable(d.analysis as never) as { sites: [number, number, string | null][]; diagnostics: unknown[] };
  const values = seen.sites.map((s) => s[2]);
  assert.ok(values.includes('layout::RowMajor (m,k):(k,1)'), JSON.stringify(values));
  assert.ok(values.includes('(3,4)'), JSON.stringify(values));
  assert.deepEqual(seen.diagnostics, []);
  // tagA.GetOffset(MatrixCoord{3, 4}) = 3 * stride_[0] + 4 = 3k + 4
  const A = core.arith;
  assert.ok(values.includes(core.printIntTuple(A.add(A.mul(i3, core.symbolicInt('k')), core.int(4)))), JSON.stringify(values));
  assert.match(hoverAt(d, 'tagA{'), /\(m,k\):\(k,1\)/);
  assert.match(hoverAt(d, 'offset{'), /MatrixCoord\{3, 4\}/);
  // zZ::MakeLayout<half>(m, k): (16, ⌈m/16⌉, 16, ⌈k/16⌉), and its GetOffset ignores the position inside a fractal
  assert.match(hoverAt(d, 'tagZ ='), /fractal block/);
  // a function declaration returning a RowMajor is not an object
  assert.ok(!values.some((v) => v?.includes('int a')), JSON.stringify(values));
});

test('MatrixCoord{0, 0} in a kernel is a certain warning naming the fix; {0u, 0} is not', () => {
  const d = cppDoc(
    '#include "catlass/matrix_coord.hpp"\nusing namespace Catlass;\nvoid K() {\n    MatrixCoord c{0, 0};\n    MatrixCoord e{0u, 0};\n}\n',
  );
  const seen = cppObservable(d.analysis as never) as { diagnostics: [string, string, number, number, string][] };
  assert.equal(seen.diagnostics.length, 1, JSON.stringify(seen.diagnostics));
  const [code, severity, , , message] = seen.diagnostics[0];
  assert.equal(code, 'ambiguous');
  assert.equal(severity, 'warning');
  assert.match(message, /3u/);
});

test('an object declared through a local alias of a layout class (`using LayoutTagA = layout::RowMajor; LayoutTagA tagA{m, k};`) is the same object', () => {
  const d = cppDoc(`#include "catlass/layout/layout.hpp"
#include "tla/layout.hpp"
using namespace Catlass;
void Kernel(uint32_t m, uint32_t k)
{
    using LayoutTagA = layout::RowMajor;
    using TagB = LayoutTagA;
    LayoutTagA tagA{m, k};
    TagB tagB{k, m};
    auto layoutA = tla::MakeLayoutFromTag(tagA);
}
`);
  const seen = cppObservable(d.analysis as never) as { sites: [number, number, string | null][]; diagnostics: unknown[] };
  const values = seen.sites.map((s) => s[2]);
  // by hand: a RowMajor of (rows, cols) has stride (cols, 1); MakeLayoutFromTag gives shape (m,k), stride (k,_1)
  assert.ok(values.includes('layout::RowMajor (m,k):(k,1)'), JSON.stringify(values));
  assert.ok(values.includes('layout::RowMajor (k,m):(m,1)'), JSON.stringify(values));
  assert.ok(
    values.some((v) => v?.startsWith('(m,k):(k,_1)')),
    JSON.stringify(values),
  );
  assert.deepEqual(seen.diagnostics, []);
});

test('a member call `layout.shape(0)` is not a TLA site, even where another function has a variable named `shape`', () => {
  const d = cppDoc(`#include "tla/layout.hpp"
using namespace tla;
template <class Layout>
auto P(Layout layout, uint32_t rows)
{
    auto shape = MakeShape(rows, rows);
    return shape;
}
template <class Layout>
size_t G(Layout layout, size_t rows)
{
    return RoundUp(static_cast<size_t>(layout.shape(0)), rows);
}
`);
  const seen = cppObservable(d.analysis as never) as { sites: [number, number, string | null][] };
  // the only site is P's MakeShape; \`layout.shape(0)\` is the layout's own extent, which the file does not know
  const texts = seen.sites.map((s) => d.text.slice(s[0], s[1]));
  assert.ok(!texts.some((x) => x.startsWith('shape(')), JSON.stringify(seen.sites));
});

test('where C++ needs an integer, a member call with integer literals (`layout.shape(0)`) is a runtime integer named by the call', () => {
  const d = cppDoc(`#include "tla/layout.hpp"
using namespace tla;
template <class Layout>
auto Padded(Layout layout, uint32_t rows)
{
    auto shape = MakeShape(rows, CeilDiv(layout.shape(0), rows));
    auto other = MakeShape(rows, layout.shape(0));
    return shape;
}
`);
  const seen = cppObservable(d.analysis as never) as { sites: [number, number, string | null][] };
  const values = seen.sites.map((s) => s[2]);
  // CeilDiv(x, rows) = ⌈x/rows⌉ with x the layout's run-time extent
  assert.ok(values.includes('(rows,⌈layout.shape(0)/rows⌉)'), JSON.stringify(values));
  // a shape's element may be a tuple: there the call is not taken for an integer
  assert.equal(values[1], null, JSON.stringify(values));
});

test('inside `if constexpr` a branch may be discarded by the instantiation: a rank mismatch there is not a certain warning', () => {
  const d = cppDoc(`#include "tla/tensor.hpp"
using namespace tla;
template <class Layout>
void Tiles(uint32_t m, uint32_t k)
{
    auto layout = MakeLayout(MakeShape(m, k), MakeStride(k, Int<1>{}));
    if constexpr (tla::detail::isVector<Layout>::value) {
        auto t = GetTileLayout(layout, MakeShape(k), MakeCoord(0u));
    } else {
        auto u = GetTileLayout(layout, MakeShape(m, k), MakeCoord(0u, 0u));
    }
    auto w = GetTileLayout(layout, MakeShape(k), MakeCoord(0u));
}
`);
  const seen = cppObservable(d.analysis as never) as { diagnostics: [string, string, number, number, string][] };
  // only the last one, outside the if constexpr, is certain: a rank-2 layout tiled with a rank-1 shape
  assert.equal(seen.diagnostics.length, 1, JSON.stringify(seen.diagnostics));
  assert.equal(seen.diagnostics[0][0], 'rank-mismatch');
  assert.ok(seen.diagnostics[0][2] > d.text.indexOf('auto w'), JSON.stringify(seen.diagnostics));
});

test('a data member’s initialiser seeds construction only: a member function reads a RowMajor of its own (symbols), a static constexpr member its value', () => {
  // found by the session-5 audit: Run() showed (16,32):(32,_1) and GetOffset 33 though Init() (or a constructor) may store another tag
  const d = cppDoc(`#include "catlass/layout/layout.hpp"
using namespace Catlass;
struct K {
    layout::RowMajor tagB{16, 32};
    static constexpr auto L = tla::MakeLayout(tla::MakeShape(tla::Int<4>{}, tla::Int<8>{}), tla::MakeStride(tla::Int<8>{}, tla::Int<1>{}));
    void Init(uint32_t m, uint32_t k) { tagB = layout::RowMajor{m, k}; }
    void Run(uint32_t k)
    {
        auto lb = MakeLayoutFromTag(tagB);
        auto o = tagB.GetOffset(MatrixCoord{1u, 1u});
        auto l2 = tla::GetTileLayout(L, tla::MakeShape(tla::Int<2>{}, tla::Int<8>{}), tla::MakeCoord(0, 0));
    }
};
void F()
{
    layout::RowMajor tagC{16, 32};
    auto lc = MakeLayoutFromTag(tagC);
}
`);
  const values = (cppObservable(d.analysis as never) as { sites: [number, number, string | null][] }).sites.map((s) => s[2] ?? '');
  // the member's own hover: its initialiser
  assert.match(hoverAt(d, 'tagB{'), /\(16,32\):\(32,1\)/);
  // in Run: no number from the initialiser (RowMajor's offset of (1,1) is stride(0)·1 + 1)
  // in Run: no number from the initialiser (RowMajor's offset of (1,1) is stride(0)·1 + 1); only F's local reads (16,32)
  assert.equal(values.filter((v) => v.startsWith('(16,32):(32,_1)')).length, 1, JSON.stringify(values));
  assert.ok(values.includes('tagB.stride(0)+1'), JSON.stringify(values));
  assert.ok(!values.includes('33'), JSON.stringify(values));
  // a static constexpr member is its value: the 2×8 head of (_4,_8):(_8,_1)
  assert.ok(
    values.some((v) => v.startsWith('(_2,_8):(_8,_1)')),
    JSON.stringify(values),
  );
});
