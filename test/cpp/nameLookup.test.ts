// C++'s name lookup of an unqualified MakeCoord in a kernel (issue 24, problem 4): inside
// `namespace Catlass::… { }` (all of include/catlass) it is Catlass::MakeCoord, whatever a
// `using namespace tla;` says (a directive's names count at the file's scope, past Catlass); a
// using-declaration in the block (`using tla::MakeCoord;`) or `namespace tla { }` makes it
// tla's; qualified, it is what it says. Self-written kernels in the idioms of the corpus.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { CppAnalyzer, HeaderIndex, instantiationWarnings, printValue } from '../../server/src/language';
import { ROOT } from '../helpers';

const HEAD = '#include "tla/tensor.hpp"\n#include "catlass/coord.hpp"\n';
/** A function body making a rank-2 tla tensor, then `call` on it. */
const body = (call: string, prelude = '') => `
void Tile(AscendC::GlobalTensor<half> gmA)
{${prelude}
    auto tensorA = tla::MakeTensor(gmA, tla::MakeLayout(tla::MakeShape(64u, 64u), tla::MakeStride(64u, 1u)), Arch::PositionGM{});
    auto tile = ${call};
}
`;
const GET_TILE = 'tla::GetTile(tensorA, MakeCoord(0u, 0u), tla::MakeShape(16u, 16u))';

/** The warnings of a kernel, as `code: text`. */
function warnings(text: string): string[] {
  const a = new CppAnalyzer().analyze(text);
  return a.diagnostics.filter((d) => d.severity === 'warning').map((d) => `${d.code}: ${text.slice(d.start, d.end)}`);
}

/** The catlass-coord warnings' messages of a kernel. */
function coordMessages(text: string): string[] {
  const a = new CppAnalyzer().analyze(text);
  return a.diagnostics.filter((d) => d.code === 'catlass-coord').map((d) => d.message);
}

/** The value of the site whose text starts with `start`. */
function site(text: string, start: string) {
  const a = new CppAnalyzer().analyze(text);
  const s = a.statements.find((x) => text.startsWith(start, a.startOf(x)));
  assert.ok(s, `no site at ${start}: ${a.statements.map((x) => text.slice(a.startOf(x), a.endOf(x))).join(' | ')}`);
  return s.result?.value ?? null;
}

describe('an unqualified MakeCoord in a kernel follows C++ name lookup', () => {
  test('inside namespace Catlass::Gemm::Block it is Catlass::MakeCoord: GetTile of it warns', () => {
    const text = `${HEAD}namespace Catlass::Gemm::Block {\n${body(GET_TILE)}} // namespace Catlass::Gemm::Block\n`;
    assert.deepEqual(warnings(text), ['catlass-coord: MakeCoord']);
  });
  test('nested blocks namespace Catlass { namespace Gemm { … } } too, and a using namespace tla; inside does not change it', () => {
    const text = `${HEAD}namespace Catlass {\nnamespace Gemm {\nusing namespace tla;\n${body(GET_TILE)}}\n}\n`;
    assert.deepEqual(warnings(text), ['catlass-coord: MakeCoord']);
  });
  test('the same call outside any namespace, with only using namespace tla;, is tla::MakeCoord: no warning', () => {
    assert.deepEqual(warnings(`${HEAD}using namespace tla;\n${body(GET_TILE)}`), []);
  });
  test('under using namespace Catlass; at the file scope it warns as before', () => {
    assert.deepEqual(warnings(`${HEAD}using namespace Catlass;\n${body(GET_TILE)}`), ['catlass-coord: MakeCoord']);
  });
  test('a using-declaration using tla::MakeCoord; in the function makes it tla’s inside namespace Catlass', () => {
    const text = `${HEAD}namespace Catlass::Gemm {\n${body(GET_TILE, '\n    using tla::MakeCoord;')}}\n`;
    assert.deepEqual(warnings(text), []);
  });
  test('after the namespace closes, the lookup is the file’s again', () => {
    const text = `${HEAD}namespace Catlass::Gemm {\nvoid F() {}\n}\nusing namespace tla;\n${body(GET_TILE)}`;
    assert.deepEqual(warnings(text), []);
  });
  test('inside namespace tla it is tla::MakeCoord; tla::MakeCoord qualified is tla’s anywhere', () => {
    assert.deepEqual(warnings(`${HEAD}namespace tla {\n${body(GET_TILE)}}\n`), []);
    const qualified = GET_TILE.replace('MakeCoord', 'tla::MakeCoord');
    assert.deepEqual(warnings(`${HEAD}namespace Catlass::Gemm::Block {\n${body(qualified)}}\n`), []);
  });
  test('the warning says why it is Catlass::MakeCoord: inside namespace Catlass, a using-declaration, using namespace Catlass', () => {
    const inside = coordMessages(`${HEAD}namespace Catlass::Gemm::Block {\n${body(GET_TILE)}}\n`);
    assert.equal(inside.length, 1, inside.join('\n'));
    assert.match(inside[0], /inside namespace Catlass, MakeCoord\(…, …\) resolves to Catlass::MakeCoord/);
    assert.doesNotMatch(inside[0], /using namespace Catlass/);
    const declared = coordMessages(`${HEAD}${body(GET_TILE, '\n    using Catlass::MakeCoord;')}`);
    assert.equal(declared.length, 1, declared.join('\n'));
    assert.match(declared[0], /using-declaration 'using Catlass::MakeCoord;', MakeCoord\(…, …\) resolves to Catlass::MakeCoord/);
    const directive = coordMessages(`${HEAD}using namespace Catlass;\n${body(GET_TILE)}`);
    assert.equal(directive.length, 1, directive.join('\n'));
    assert.match(directive[0], /with 'using namespace Catlass;', MakeCoord\(…, …\) of arguments of one type resolves to Catlass::MakeCoord/);
  });
  test('MakeCoord(L1_TILE_M, L1_TILE_N) inside namespace Catlass is a Catlass coord (128, 256), not a tla tuple', () => {
    const kernel = `${HEAD}namespace Catlass::Gemm::Kernel {
template <class BlockMmad>
class BasicMatmulTla {
public:
    static constexpr uint32_t L1_TILE_M = 128;
    static constexpr uint32_t L1_TILE_N = 256;
    void Run()
    {
        auto tileShape = MakeCoord(L1_TILE_M, L1_TILE_N);
    }
};
}
`;
    const v = site(kernel, 'MakeCoord(L1_TILE_M');
    assert.ok(v, 'the coord has a value');
    assert.equal(v.kind, 'catlassCoord');
    assert.equal(printValue(v), '(128,256)');
    // and outside the namespace, with using namespace tla;: a tla tuple of the same entries
    const outside = kernel.replace('namespace Catlass::Gemm::Kernel {', 'using namespace tla;\nnamespace Kernels {');
    assert.equal(site(outside, 'MakeCoord(L1_TILE_M')?.kind, 'tuple');
  });
});

test('a kernel alias of a Catlass coord type (using L1TileShape = GemmShape<128, 256, 256>;) before an instantiation: no throw', () => {
  // found on the corpus: examples/advanced/basic_matmul_aclnn made `tla-layout check --include` throw
  // ("the type of a type"); here on the self-written demo header
  const include = path.join(ROOT, 'test', 'fixtures', 'templates', 'include');
  const text =
    '#include "catlass/demo_block.hpp"\nusing namespace Catlass;\nvoid K()\n{\n    using L1TileShape = GemmShape<128, 256, 256>;\n    using Blk = Gemm::Block::DemoBlock<L1TileShape>;\n}\n';
  const read = (f: string) => (existsSync(f) ? readFileSync(f, 'utf8') : undefined);
  assert.deepEqual(
    instantiationWarnings(text, new HeaderIndex(), include, (f) => path.relative(include, f), read),
    [],
  );
});

describe('an assignment in a kernel (`offset += delta;`): the name’s earlier value is not shown after it', () => {
  const kernel = (stmts: string) => `${HEAD}#include "catlass/matrix_coord.hpp"
void K(Catlass::MatrixCoord delta)
{
    auto layoutA = tla::MakeLayout(tla::MakeShape(64u, 64u), tla::MakeStride(64u, 1u));
    auto off = layoutA(tla::MakeCoord(1u, 2u));
${stmts}
}
`;
  /** The values of the sites `tla::MakeShape(off, …)` in order. */
  const reads = (text: string) => {
    const a = new CppAnalyzer().analyze(text);
    return a.statements
      .filter((x) => text.startsWith('tla::MakeShape(off', a.startOf(x)))
      .map((x) => (x.result?.value ? printValue(x.result.value) : null));
  };
  test('before the assignment the value (1·64 + 2 = 66); after it, not the old 66', () => {
    const got = reads(kernel('    auto before = tla::MakeShape(off, 4u);\n    off += 5;\n    auto after = tla::MakeShape(off, 8u);'));
    assert.equal(got.length, 2, JSON.stringify(got));
    assert.equal(got[0], '(66,4)');
    assert.ok(got[1] !== '(66,8)', `after += the old 66 is shown: ${got[1]}`);
  });
  test('inside a loop the assignment reaches back to the loop’s start (a later iteration reads it)', () => {
    const got = reads(kernel('    for (uint32_t i = 0; i < 4; i++) {\n        auto inLoop = tla::MakeShape(off, 4u);\n        off += 5;\n    }'));
    assert.equal(got.length, 1, JSON.stringify(got));
    assert.ok(got[0] !== '(66,4)', `the loop's read is the first iteration's 66: ${got[0]}`);
  });
});

// examples 40's fai_kernel.cpp: `namespace { using LayoutOTmp = layout::RowMajor; }` at the file's
// scope, read by the kernel class and the function after it
describe('the names of an unnamed namespace are its enclosing scope’s', () => {
  const kernel = `#include "tla/layout.hpp"
using namespace Catlass;
namespace {
using LayoutOTmp = layout::RowMajor;
constexpr uint32_t EMBED = 128;
} // namespace
extern "C" {
using LayoutP = layout::ColumnMajor;
}
template <class Block>
struct Kernel {
    void Run(uint32_t rows)
    {
        auto layoutOTmp = tla::MakeLayout<float, LayoutOTmp>(rows, EMBED);
        auto layoutP = tla::MakeLayout<half, LayoutP>(rows, EMBED);
    }
};
namespace Other {
using LayoutHidden = layout::RowMajor;
}
void Run(uint32_t rows)
{
    auto hidden = tla::MakeLayout<float, LayoutHidden>(rows, EMBED);
}
`;
  test('an alias and a constant of `namespace { }`, an alias of `extern "C" { }`: the tag and the constant are known after it', () => {
    // RowMajor (rows, 128): shape (rows,128), stride (128,_1); ColumnMajor: stride (_1,rows)
    assert.equal(printValue(site(kernel, 'tla::MakeLayout<float, LayoutOTmp>')!), '(rows,128):(128,_1):(rows,128)');
    assert.equal(printValue(site(kernel, 'tla::MakeLayout<half, LayoutP>')!), '(rows,128):(_1,rows):(rows,128)');
  });
  test('a named namespace’s alias is not seen outside it', () => {
    const v = site(kernel, 'tla::MakeLayout<float, LayoutHidden>');
    assert.notEqual(v && printValue(v), '(rows,128):(128,_1):(rows,128)');
  });
});
