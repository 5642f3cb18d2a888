// `if constexpr` under an instantiation (issue 21): the branch the instantiation discards is not
// instantiated, so nothing in it has a value there; the branch it takes does, and a condition the
// analysis cannot decide keeps both. Expected values by hand: MakeShape(Int<N>{}, 4) is (_N,4).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { CppAnalyzer, HeaderIndex, evaluateScratch, headerNameUnder, instanceBindings, printValue } from '../../server/src/language';

const INCLUDE_DIR = '/virtual/include';
const HEADER = `#include "tla/layout.hpp"
namespace Catlass::Demo {
template <bool ENABLE_UNIT_FLAG, class ElementBias, uint32_t TILE>
struct Block {
    static constexpr bool HAS_BIAS = !std::is_void_v<ElementBias>;
    void f() {
        if constexpr (HAS_BIAS) {
            auto a = tla::MakeShape(tla::Int<TILE>{}, 1);
        } else {
            auto b = tla::MakeShape(tla::Int<TILE>{}, 2);
        }
        if constexpr (!ENABLE_UNIT_FLAG && TILE > 64) {
            auto c = tla::MakeShape(tla::Int<TILE>{}, 3);
        }
        if constexpr (std::is_same_v<ElementBias, float>) {
            auto d = tla::MakeShape(tla::Int<TILE>{}, 4);
        }
        if constexpr (TILE - 256 > 0) {
            auto e = tla::MakeShape(tla::Int<TILE>{}, 5);
        }
    }
};
}
`;

function values(instance: string): Map<string, string | null> {
  const index = new HeaderIndex();
  index.setFile(`${INCLUDE_DIR}/catlass/demo_if.hpp`, HEADER);
  const scratch = ['#include "catlass/demo_if.hpp"', 'using namespace Catlass;', instance].join('\n');
  const res = evaluateScratch(scratch, index, headerNameUnder(INCLUDE_DIR), 2201, INCLUDE_DIR);
  const ib = instanceBindings(res, 'X');
  assert.ok(ib, `${instance} selects Block`);
  const analyzer = new CppAnalyzer(2201);
  analyzer.instantiation = [ib];
  const a = analyzer.analyze(HEADER);
  const out = new Map<string, string | null>();
  for (const s of a.statements) {
    const src = HEADER.slice(a.startOf(s), a.endOf(s));
    const name = /^auto (\w) =/.exec(src)?.[1] ?? /, (\d)\)$/.exec(src)?.[1];
    if (name) out.set(name, s.result?.value ? printValue(s.result.value) : null);
  }
  return out;
}

const shown = (m: Map<string, string | null>, k: string) => m.get(k) ?? null;

test('the branch an instantiation discards has no value; the one it takes does', () => {
  // ElementBias = void: HAS_BIAS false, the else branch is taken; ENABLE_UNIT_FLAG false and 128 > 64: c taken
  const v = values('using X = Demo::Block<false, void, 128>;');
  assert.equal(shown(v, '1'), null);
  assert.equal(shown(v, '2'), '(_128,2)');
  assert.equal(shown(v, '3'), '(_128,3)');
  // ElementBias = float: HAS_BIAS true; ENABLE_UNIT_FLAG true: c discarded
  const w = values('using X = Demo::Block<true, float, 128>;');
  assert.equal(shown(w, '1'), '(_128,1)');
  assert.equal(shown(w, '2'), null);
  assert.equal(shown(w, '3'), null);
});

test('a condition not read (a trait, C++ arithmetic that wraps) keeps its branch', () => {
  const v = values('using X = Demo::Block<false, void, 128>;');
  // std::is_same_v is not read here: d keeps its value
  assert.equal(shown(v, '4'), '(_128,4)');
  // TILE - 256 wraps as uint32_t in C++ (128 - 256 > 0 is true there): not decided, e keeps its value
  assert.equal(shown(v, '5'), '(_128,5)');
});
