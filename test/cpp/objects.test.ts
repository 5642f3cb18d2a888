// The older Catlass objects inside C++ kernels: a declared layout object or coord is a site;
// its name's hover shows the values the file determines, symbols for what it does not.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { cppDoc, cppObservable, hoverAt } from './cppTestKit';

const KERNEL = `#include "catlass/layout/layout.hpp"
using namespace Catlass;
void Kernel(uint32_t m, uint32_t k, GemmCoord problemShape)
{
    layout::RowMajor tagA{m, k};
    Catlass::layout::zZ tagZ = layout::zZ::MakeLayout<half>(m, k);
    MatrixCoord offset{3u, 4u};
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
  assert.match(hoverAt(d, 'tagA{'), /\(m,k\):\(k,1\)/);
  assert.match(hoverAt(d, 'offset{'), /MatrixCoord\{3, 4\}/);
  // zZ::MakeLayout<half>(m, k): (16, ⌈m/16⌉, 16, ⌈k/16⌉), and its GetOffset ignores the position inside a fractal
  assert.match(hoverAt(d, 'tagZ ='), /fractal block/);
  // a function declaration returning a RowMajor is not an object
  assert.ok(!values.some((v) => v?.includes('int a')), JSON.stringify(values));
});
