// `LayoutA::template MakeLayout<ElementA>(m, k)` (issue 21; examples 00 and 06 write it): a layout
// class's static member template called through a name that may be dependent. Its value is the
// Catlass layout object that class's MakeLayout<E> returns, as `LayoutA::MakeLayout<E>(m, k)` is;
// in a template whose LayoutA is a parameter, unknown without an instantiation, and the
// instantiation's layout class under one. Expected values by hand: RowMajor(m, k) has stride
// (k, 1), ColumnMajor(m, k) stride (1, m) (layout/matrix.hpp's constructors).
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { CppAnalyzer, HeaderIndex, evaluateScratch, headerNameUnder, instanceBindings, printValue } from '../../server/src/language';
import { SHARED_DIR } from '../helpers';

function values(text: string, analyzer = new CppAnalyzer(2201)): (string | null)[] {
  return analyzer.analyze(text).statements.map((s) => (s.result?.value ? printValue(s.result.value) : null));
}

test('a file alias of a layout class: LayoutA::template MakeLayout<E>(m, k) is that class made from (m, k)', () => {
  const text = `#include "tla/layout.hpp"
using namespace Catlass;
void f(uint32_t m, uint32_t k) {
    using ElementA = half;
    using LayoutA = layout::RowMajor;
    LayoutA layoutA = LayoutA::template MakeLayout<ElementA>(m, k);
}
`;
  assert.deepEqual(values(text), ['layout::RowMajor (m,k):(k,1)']);
});

const INCLUDE_DIR = '/virtual/include';
const HEADER = `#include "tla/layout.hpp"
#include "catlass/layout/demo_matrix.hpp"
namespace Catlass::Demo {
template <class ElementA, class LayoutA>
struct K {
    void f(uint32_t m, uint32_t k) {
        LayoutA layoutA = LayoutA::template MakeLayout<ElementA>(m, k);
    }
};
}
`;

test('a layout class parameter: unknown without an instantiation, its class under one', () => {
  // LayoutA is whatever the instantiation passes: a layout object of (m, k) whose class is not known, no stride
  const [none] = values(HEADER);
  assert.ok(none === null || /its class is not known here/.test(none), String(none));
  const index = new HeaderIndex();
  index.setFile(`${INCLUDE_DIR}/catlass/demo_k.hpp`, HEADER);
  // the layout classes the instantiation names (their bodies do not matter here)
  index.setFile(`${INCLUDE_DIR}/catlass/layout/demo_matrix.hpp`, 'namespace Catlass::layout {\nstruct RowMajor {};\nstruct ColumnMajor {};\n}\n');
  const scratch = ['#include "catlass/demo_k.hpp"', 'using namespace Catlass;', 'using X = Demo::K<half, layout::ColumnMajor>;'].join('\n');
  const res = evaluateScratch(scratch, index, headerNameUnder(INCLUDE_DIR), 2201, INCLUDE_DIR);
  const ib = instanceBindings(res, 'X');
  assert.ok(ib, 'X selects K');
  const analyzer = new CppAnalyzer(2201);
  analyzer.instantiation = [ib];
  // ColumnMajor(m, k): stride (1, m)
  assert.deepEqual(values(HEADER, analyzer), ['layout::ColumnMajor (m,k):(1,m)']);
});

const CORPUS = path.join(SHARED_DIR, 'corpus', 'catlass');
const present = existsSync(path.join(CORPUS, 'examples'));

test(
  'examples 00 and 06: LayoutA/LayoutB/LayoutC::template MakeLayout<E>(…) of RowMajor',
  { skip: present ? false : `no corpus at ${CORPUS}` },
  () => {
    for (const [file, want] of [
      // 00_basic_matmul/basic_matmul.cpp:63-64: LayoutA = LayoutB = layout::RowMajor, (m, k) and (k, n)
      ['examples/00_basic_matmul/basic_matmul.cpp', ['layout::RowMajor (m,k):(k,1)', 'layout::RowMajor (k,n):(n,1)']],
      // 06_optimized_matmul/optimized_matmul.cpp:114-116 (A, B, C; m·k, k·n, m·n)
      // (LayoutB = layout::ColumnMajor there: stride (1, k))
      [
        'examples/06_optimized_matmul/optimized_matmul.cpp',
        ['layout::RowMajor (m,k):(k,1)', 'layout::ColumnMajor (k,n):(1,k)', 'layout::RowMajor (m,n):(n,1)'],
      ],
    ] as const) {
      const text = readFileSync(path.join(CORPUS, file), 'utf8');
      const a = new CppAnalyzer(2201).analyze(text);
      const got = a.statements
        .filter((s) => /::template MakeLayout/.test(text.slice(a.startOf(s), a.endOf(s))))
        .map((s) => (s.result?.value ? printValue(s.result.value) : null));
      assert.deepEqual(got, want, file);
    }
  },
);
