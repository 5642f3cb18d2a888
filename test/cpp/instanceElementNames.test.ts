// A tensor's element under an instantiation (issue 21: block_mmad_mx_tla.hpp:533/556 printed
// `Tensor<ElementL0A, A2>`, the member alias's own name, where the instantiation makes ElementL0A
// `AscendC::mx_fp8_e4m3_t`): the buffer of a member type the language does not model is named by
// the instantiation's type, and a modelled one is that element. Expected values by hand: RowMajor
// (16, 16) of half is (16,16):(16,_1):(16,16).
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { CppAnalyzer, HeaderIndex, evaluateScratch, headerNameUnder, instanceBindings, printValue } from '../../server/src/language';
import { SHARED_DIR } from '../helpers';
import { corpusSiteScratch } from './cppTestKit';

const INCLUDE_DIR = '/virtual/include';
const HEADER = `#include "tla/tensor.hpp"
namespace AscendC { struct mx_fp8_e4m3_t {}; }
namespace Catlass::Demo {
template <class E> struct L0Element { using Element = E; };
template <> struct L0Element<int8_t> { using Element = AscendC::mx_fp8_e4m3_t; };
template <class ElementA>
struct K {
    using ElementL0A = typename L0Element<ElementA>::Element;
    AscendC::LocalTensor<ElementL0A> l0A;
    void f() {
        auto t = tla::MakeTensor(l0A, tla::MakeLayout<half, Catlass::layout::RowMajor>(16, 16), Arch::PositionL0A{});
    }
};
}
`;

function tensorUnder(instance?: string): string | null {
  const analyzer = new CppAnalyzer(2201);
  if (instance) {
    const index = new HeaderIndex();
    index.setFile(`${INCLUDE_DIR}/catlass/demo_l0.hpp`, HEADER);
    const scratch = ['#include "catlass/demo_l0.hpp"', 'using namespace Catlass;', instance].join('\n');
    const res = evaluateScratch(scratch, index, headerNameUnder(INCLUDE_DIR), 2201, INCLUDE_DIR);
    const ib = instanceBindings(res, 'X');
    assert.ok(ib, `${instance} selects K`);
    analyzer.instantiation = [ib];
  }
  const a = analyzer.analyze(HEADER);
  const s = a.statements.find((x) => HEADER.slice(a.startOf(x), a.endOf(x)).startsWith('tla::MakeTensor'));
  return s?.result?.value ? printValue(s.result.value) : null;
}

test("a buffer of a member type: the instantiation's type names its element, never the alias's own name", () => {
  // K<int8_t>: L0Element<int8_t> is the explicit specialisation, Element = AscendC::mx_fp8_e4m3_t
  const mx = tensorUnder('using X = Demo::K<int8_t>;');
  assert.ok(mx?.startsWith('Tensor<AscendC::mx_fp8_e4m3_t, A2> (16,16):(16,_1):(16,16)'), String(mx));
  // K<float>: the primary, Element = float
  const f = tensorUnder('using X = Demo::K<float>;');
  assert.ok(f?.startsWith('Tensor<float, A2> (16,16):(16,_1):(16,16)'), String(f));
});

const CORPUS = path.join(SHARED_DIR, 'corpus', 'catlass');
const present = existsSync(path.join(CORPUS, 'include', 'catlass'));

test(
  'block_mmad_mx_tla.hpp:533/556 under fp8_mx_matmul.cpp:169: the L0 tensors of AscendC::mx_fp8_e4m3_t',
  { skip: present ? false : `no corpus at ${CORPUS}` },
  () => {
    // ElementA = ElementB = float8_e4m3_t; helper.hpp's GetL0Element<float8_e4m3_t, true> (at 3510) has Element = AscendC::mx_fp8_e4m3_t
    const { include, res, alias } = corpusSiteScratch(CORPUS, 'examples/53_ascend950_fp8_mx_matmul/fp8_mx_matmul.cpp', 169);
    const ib = instanceBindings(res, alias!);
    assert.ok(ib);
    const text = readFileSync(path.join(include, 'catlass/gemm/block/block_mmad_mx_tla.hpp'), 'utf8');
    const analyzer = new CppAnalyzer(3510);
    analyzer.instantiation = [ib];
    const a = analyzer.analyze(text);
    for (const [line, head] of [
      [533, 'Tensor<AscendC::mx_fp8_e4m3_t, A2> '],
      [556, 'Tensor<AscendC::mx_fp8_e4m3_t, B2> '],
    ] as const) {
      const s = a.statements.find((x) => text.slice(0, a.startOf(x)).split('\n').length === line);
      const v = s?.result?.value ? printValue(s.result.value) : null;
      assert.ok(v?.startsWith(head), `line ${line}: ${v}`);
    }
  },
);

const F32_HEADER = `#include "tla/tensor.hpp"
namespace Catlass::Demo {
template <class ElementA>
struct F {
    static_assert(std::is_same_v<ElementA, float>, "ElementA must be float");
    AscendC::LocalTensor<ElementA> l1A;
    void f() {
        auto t = tla::MakeTensor(l1A, tla::MakeLayout<ElementA, Catlass::layout::zN>(16, 16), Arch::PositionL1{});
    }
};
}
`;

test("float32_t (AscendC's name of float, optest 80's ElementMmOut) instantiates as float: 32 bits, is_same_v with float", () => {
  const index = new HeaderIndex();
  index.setFile(`${INCLUDE_DIR}/catlass/demo_f32.hpp`, F32_HEADER);
  const scratch = ['#include "catlass/demo_f32.hpp"', 'using namespace Catlass;', 'using X = Demo::F<float32_t>;'].join('\n');
  const res = evaluateScratch(scratch, index, headerNameUnder(INCLUDE_DIR), 2201, INCLUDE_DIR);
  const ib = instanceBindings(res, 'X');
  assert.ok(ib, 'F<float32_t> is instantiated (its static_assert holds)');
  const analyzer = new CppAnalyzer(2201);
  analyzer.instantiation = [ib];
  const a = analyzer.analyze(F32_HEADER);
  const s = a.statements.find((x) => F32_HEADER.slice(a.startOf(x), a.endOf(x)).startsWith('tla::MakeTensor'));
  const v = s?.result?.value ? printValue(s.result.value) : null;
  // zN of a 32-bit element (the guide's table): C0 = 256/32 = 8, F = 4096/32 = 128;
  // shape ((_16, ⌈16/16⌉), (_8, ⌈16/8⌉)) = ((_16,1),(_8,2)), stride ((_8,_128),(_1, RU(16,16)·8 = 128))
  assert.ok(v?.startsWith('Tensor<float, A1> ((_16,1),(_8,2)):((_8,_128),(_1,128)):(16,16)'), String(v));
});
