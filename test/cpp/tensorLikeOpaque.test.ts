// MakeTensorLike over a tensor whose layout and rank are not known here (a parameter `TensorC
// &tensorC`; issue 21, the tensor_like kind of the v2 goldens): the overload fixes the rank where the
// code compiles at all — 2 without a layoutBase (tla/tensor.hpp's rank-1 branch calls a MakeLayout
// that does not exist), the layoutBase's with one — so the result keeps its layout over the like's
// originShape as symbols instead of failing. Expected values by hand (the comments).
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { CppAnalyzer, printValue } from '../../server/src/language';
import { ROOT, SHARED_DIR } from '../helpers';

const KERNEL = `#include "tla/tensor.hpp"
using namespace Catlass;
template <class TensorC, class TensorX>
void f(TensorC &tensorC, TensorX &tensorX) {
    AscendC::LocalTensor<float> l0C;
    AscendC::LocalTensor<half> l1A;
    auto tc = tla::MakeTensorLike<layout::zN, float>(l0C, tensorC, Arch::PositionL0C{});
    constexpr auto L1_LAYOUT = tla::MakeLayout<half, layout::zN>(tla::Int<64>{}, tla::Int<256>{});
    auto tx = tla::MakeTensorLike<layout::zN>(l1A, tensorX, Arch::PositionL1{}, L1_LAYOUT);
}
`;

function site(text: string, a: ReturnType<CppAnalyzer['analyze']>, needle: string): string | null {
  const s = a.statements.find((x) => text.slice(a.startOf(x), a.endOf(x)).startsWith(needle));
  return s?.result?.value ? printValue(s.result.value) : null;
}

test('a like-tensor of unknown rank: rank 2 without a layoutBase, the layoutBase’s with one; its originShape symbols', () => {
  const a = new CppAnalyzer(2201).analyze(KERNEL);
  // MakeLayout<float, zN>(r, c), r = tensorC.originShape<0>, c = …<1>: a float fractal is 16 rows × 8 columns
  // (32 B / 4 B), so ((_16,⌈r/16⌉),(_8,⌈c/8⌉)) with strides ((_8,_128),(_1,⌈r/16⌉·128)) (16·8 = 128 a fractal)
  const r = 'tensorC.originShape<0>';
  const c = 'tensorC.originShape<1>';
  assert.equal(
    site(KERNEL, a, 'tla::MakeTensorLike<layout::zN, float>'),
    `Tensor<float, CO1> ((_16,⌈${r}/16⌉),(_8,⌈${c}/8⌉)):((_8,_128),(_1,⌈${r}/16⌉·128)):(${r},${c}) @ coord (_0,_0), data l0C+0`,
  );
  // the layoutBase's shape and stride (a half zN 64 × 256: ((_16,_4),(_16,_16)):((_16,_256),(_1,1024))) over tensorX's originShape
  assert.equal(
    site(KERNEL, a, 'tla::MakeTensorLike<layout::zN>(l1A'),
    'Tensor<half, A1> ((_16,_4),(_16,_16)):((_16,_256),(_1,1024)):(tensorX.originShape<0>,tensorX.originShape<1>) @ coord (_0,_0), data l1A+0',
  );
});

const CORPUS = path.join(SHARED_DIR, 'corpus', 'catlass');
const present = existsSync(path.join(CORPUS, 'include', 'catlass'));

test(
  'block_mmad_pingpong_tla_v2.hpp:182 as the CLI reads it in the corpus workspace: the L0C accumulator over tensorC',
  { skip: present ? false : `no corpus at ${CORPUS}` },
  () => {
    // the header read under the workspace's instantiation (example 45's, as `eval --include` picks it):
    // LayoutTagL0C = layout::L0C and ElementAccumulator = float; an L0C layout is 16 × 16 fractals whatever
    // the element: ((_16,⌈r/16⌉),(_16,⌈c/16⌉)):((_16,_256),(_1,⌈r/16⌉·256)) over tensorC's originShape (r, c)
    const out = execFileSync(
      process.execPath,
      [path.join(ROOT, 'dist', 'cli.js'), 'eval', '--json', '--include', 'include', 'include/catlass/gemm/block/block_mmad_pingpong_tla_v2.hpp'],
      { cwd: CORPUS, encoding: 'utf8', maxBuffer: 64 << 20 },
    );
    const { sites } = JSON.parse(out) as { sites: { line: number; value?: string }[] };
    const r = 'tensorC.originShape<0>';
    const c = 'tensorC.originShape<1>';
    assert.equal(
      sites.find((x) => x.line === 182)?.value,
      `Tensor<float, CO1> ((_16,⌈${r}/16⌉),(_16,⌈${c}/16⌉)):((_16,_256),(_1,⌈${r}/16⌉·256)):(${r},${c}) @ coord (_0,_0), data l0CTensor+0`,
    );
  },
);
