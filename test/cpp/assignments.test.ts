// An assignment of a TLA value (`tensorL1A = tla::MakeTensor(…);`, `x = MakeLayout(…)` after a declaration
// with no value) binds the name from there to the end of its block; after a block that assigned it, and
// in a loop before the assignment, the name is not known (never the earlier value).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { CppAnalyzer, printValue } from '../../server/src/language';

const INCLUDE = '#include "tla/layout.hpp"\n#include "tla/tensor.hpp"\n';

function siteValue(text: string, needle: string): string | undefined {
  const a = new CppAnalyzer().analyze(text);
  const at = text.indexOf(needle);
  assert.ok(at >= 0, `no ${needle}`);
  const s = a.statements.find((x) => a.startOf(x) === at);
  return s?.result?.value ? printValue(s.result.value) : undefined;
}

const TEXT = `${INCLUDE}
void f(uint32_t m, bool c) {
    decltype(tla::MakeLayout(8u)) x;
    x = tla::MakeLayout(16u);
    auto a = tla::MakeShape(tla::size(x), 1);
    if (c) {
        x = tla::MakeLayout(32u);
        auto b = tla::MakeShape(tla::size(x), 2);
    }
    auto d = tla::MakeShape(tla::size(x), 3);
    for (uint32_t i = 0; i < m; i++) {
        auto e = tla::MakeShape(tla::size(x), 4);
        x = tla::MakeLayout(64u);
        auto g = tla::MakeShape(tla::size(x), 5);
    }
}`;

test('an assignment binds the name from there to the end of its block', () => {
  assert.equal(siteValue(TEXT, 'tla::MakeShape(tla::size(x), 1)'), '(16,1)');
  assert.equal(siteValue(TEXT, 'tla::MakeShape(tla::size(x), 2)'), '(32,2)');
  assert.equal(siteValue(TEXT, 'tla::MakeShape(tla::size(x), 5)'), '(64,5)');
});

test('after a branch that assigned it, and in a loop before its assignment, the name is not known', () => {
  const d = siteValue(TEXT, 'tla::MakeShape(tla::size(x), 3)');
  assert.ok(d === undefined || !/\b(16|32)\b/.test(d), d);
  const e = siteValue(TEXT, 'tla::MakeShape(tla::size(x), 4)');
  assert.ok(e === undefined || !/\b(16|32|64)\b/.test(e), e);
});

test("a case's assignment does not hold in the next case of its switch", () => {
  const text = `${INCLUDE}
void f(uint32_t k) {
    auto x = tla::MakeLayout(8u);
    switch (k) {
    case 0:
        k++;
        x = tla::MakeLayout(16u);
        break;
    case 1:
        auto h = tla::MakeShape(tla::size(x), 6);
        break;
    }
}`;
  const h = siteValue(text, 'tla::MakeShape(tla::size(x), 6)');
  assert.ok(h === undefined || !/\b16\b/.test(h), h);
});
