// Names a class template's body reads from the namespaces around it, declared in another header
// (issue 21: `L1_TILE_K / MX_SCALE_GROUP_NUM` in block_mmad_mx_tla.hpp, where catlass.hpp declares
// `Catlass::MX_SCALE_GROUP_NUM = 32`): under an instantiation the value is the constant's, in a
// static member's initialiser and in a member function alike; the nearest namespace wins.
// Expected values by hand (the comments).
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, test } from 'node:test';
import { CppAnalyzer, HeaderIndex, evaluateScratch, headerNameUnder, instanceBindings, printValue } from '../../server/src/language';
import { SHARED_DIR } from '../helpers';
import { corpusSiteScratch } from './cppTestKit';

const INCLUDE_DIR = '/virtual/include';
const CONSTS = `namespace Catlass {
constexpr uint32_t GROUP = 32;
constexpr uint32_t NEAR = 64;
namespace Gemm { constexpr uint32_t NEAR = 16; }
}
`;
const BLOCK = `#include "tla/layout.hpp"
#include "catlass/demo_consts.hpp"
namespace Catlass::Gemm::Block {
template <uint32_t TILE_K>
struct Block {
    static constexpr auto L1S = tla::MakeLayout<half, Catlass::layout::RowMajor>(tla::Int<TILE_K / GROUP>{}, tla::Int<4>{});
    void f(uint32_t kIdx) {
        auto a = tla::MakeShape(tla::Int<TILE_K / NEAR>{}, 4);
        auto b = tla::MakeShape(kIdx * TILE_K / GROUP, 4);
    }
};
}
`;

function sitesUnder(site: string): (string | null)[] {
  const index = new HeaderIndex();
  index.setFile(`${INCLUDE_DIR}/catlass/demo_consts.hpp`, CONSTS);
  index.setFile(`${INCLUDE_DIR}/catlass/demo_block.hpp`, BLOCK);
  const text = ['#include "catlass/demo_block.hpp"', 'using namespace Catlass;', site].join('\n');
  const res = evaluateScratch(text, index, headerNameUnder(INCLUDE_DIR), 2201, INCLUDE_DIR);
  const ib = instanceBindings(res, 'X');
  assert.ok(ib, `${site} selects the block`);
  const analyzer = new CppAnalyzer(2201);
  analyzer.instantiation = [ib];
  return analyzer.analyze(BLOCK).statements.map((s) => (s.result?.value ? printValue(s.result.value) : null));
}

test("another header's namespace constant under the instantiation: a static member's initialiser and a member function", () => {
  const [l1s, a, b] = sitesUnder('using X = Gemm::Block::Block<256>;');
  // 256 / GROUP (32) = 8: RowMajor(r, c) is (r,c):(c,_1):(r,c) (tla-semantics.md), here (_8,_4):(4,_1):(_8,_4)
  assert.equal(l1s, '(_8,_4):(4,_1):(_8,_4)');
  // NEAR: Catlass::Gemm's 16 is nearer than Catlass's 64: 256 / 16 = 16
  assert.equal(a, '(_16,4)');
  // kIdx · 256 / 32 = kIdx · 8, kIdx a run-time symbol
  assert.ok(b && !b.includes('GROUP') && /kIdx/.test(b), `GROUP read as 32: ${b}`);
});

const CORPUS = path.join(SHARED_DIR, 'corpus', 'catlass');
const present = existsSync(path.join(CORPUS, 'include', 'catlass', 'catlass.hpp'));

/** The values at each 1-based line of a corpus header read under the site `file:line` of the corpus. */
function corpusHeaderUnder(site: string, siteLine: number, headerRel: string, arch: 2201 | 3510): (line: number) => (string | null)[] {
  const { include, res, alias } = corpusSiteScratch(CORPUS, site, siteLine);
  const ib = instanceBindings(res, alias!);
  assert.ok(ib, `${site}:${siteLine} selects a body`);
  const header = path.join(include, headerRel);
  assert.equal(path.resolve(ib.file), header);
  const text = readFileSync(header, 'utf8');
  const analyzer = new CppAnalyzer(arch);
  analyzer.instantiation = [ib];
  const a = analyzer.analyze(text);
  return (line) =>
    a.statements
      .filter((s) => text.slice(0, a.startOf(s)).split('\n').length === line)
      .map((s) => (s.result?.value ? printValue(s.result.value) : null));
}

describe('MX scale layouts of the corpus under their instantiations', { skip: present ? false : `no corpus at ${CORPUS}` }, () => {
  test('block_mmad_mx_tla.hpp:159/161 under fp8_mx_matmul.cpp:169 read MX_SCALE_GROUP_NUM = 32 of catlass.hpp', () => {
    // BlockMmadTla<MmadMx<Ascend950, true, 16, …>, L1 (_256,_256,_256), …>:
    // L1_TILE_K / MX_SCALE_GROUP_NUM * L1_SCALE_FACTOR_K = 256 / 32 · 16 = 128: the scale tiles are 256 × 128 (A) and 128 × 256 (B)
    const on = corpusHeaderUnder('examples/53_ascend950_fp8_mx_matmul/fp8_mx_matmul.cpp', 169, 'catlass/gemm/block/block_mmad_mx_tla.hpp', 3510);
    for (const [line, origin] of [
      [159, '(_256,_128)'],
      [161, '(_128,_256)'],
    ] as const) {
      const [v] = on(line);
      assert.ok(v && v.endsWith(`:${origin}`) && !v.includes('MX_SCALE_GROUP_NUM'), `line ${line}: ${v}`);
    }
  });
  test('block_mmad_mx_a8w4.hpp:156/158 under a8w4_mx.cpp:197', () => {
    // BlockMmadA8W4Mx<MmadA8W4Mx<Ascend950, true, false, 16, …>, L1 (_128,_128,_128), …>: 128 / 32 · 16 = 64
    const on = corpusHeaderUnder('examples/59_ascend950_a8w4_mx_matmul/a8w4_mx.cpp', 197, 'catlass/gemm/block/block_mmad_mx_a8w4.hpp', 3510);
    for (const [line, origin] of [
      [156, '(_128,_64)'],
      [158, '(_64,_128)'],
    ] as const) {
      const [v] = on(line);
      assert.ok(v && v.endsWith(`:${origin}`) && !v.includes('MX_SCALE_GROUP_NUM'), `line ${line}: ${v}`);
    }
  });
});
