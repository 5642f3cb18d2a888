// A block's member function template `template <class TensorA, …> void operator()(TensorA &tensorA, …)`
// read under its instantiation: its type parameters are the types of what the kernel that the same
// file instantiates with the block passes (`blockMmad(tensorBlockA, …)`), each argument's value in the
// kernel's own analysis under its site. Self-written headers; expected values by hand from the guide's
// GetTile (tla-semantics.md), in the comments.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { CppAnalyzer, HeaderIndex, printValue } from '../../server/src/language';
import { resolveSite } from '../../server/src/templateInstances';

const BLOCK = `#include "tla/tensor.hpp"
namespace Catlass::Gemm::Block {
template <class ElementA, class ElementB>
struct OpBlock {
    template <class TensorA, class TensorB>
    void operator()(TensorA &tensorA, TensorB &tensorB, uint32_t m, uint32_t k)
    {
        auto tileA = GetTile(tensorA, tla::MakeCoord(0, 0), tla::MakeShape(m, k));
        auto tileB = GetTile(tensorB, tla::MakeCoord(0, 0), tla::MakeShape(m, k));
    }
    template <class TensorA>
    void Other(TensorA &tensorA, uint32_t m, uint32_t k)
    {
        auto tileOther = GetTile(tensorA, tla::MakeCoord(0, 0), tla::MakeShape(m, k));
    }
};
}
`;

/** The kernel: \`call\` is its body's last statements (the block's object is \`blockMmad\`). */
const kernel = (call: string) => `#include "tla/tensor.hpp"
namespace Catlass::Gemm::Kernel {
template <class BlockMmad_>
class OpKernel {
public:
    using BlockMmad = BlockMmad_;
    void operator()(uint32_t m, uint32_t k, int64_t ldA, uint32_t bm, uint32_t bk, uint32_t mIdx, uint32_t kIdx)
    {
        AscendC::GlobalTensor<half> gmA;
        auto layoutA = tla::MakeLayout(tla::MakeShape(m, k), tla::MakeStride(ldA, tla::Int<1>{}));
        auto tensorA = tla::MakeTensor(gmA, layoutA, Arch::PositionGM{});
        auto tensorBlockA = GetTile(tensorA, tla::MakeCoord(mIdx, kIdx), tla::MakeShape(bm, bk));
        BlockMmad blockMmad;
        ${call}
    }
};
}
`;

const SITES = `#include "catlass/op_block.hpp"
#include "catlass/op_kernel.hpp"
using namespace Catlass;
void Run()
{
    using BlockMmad = Gemm::Block::OpBlock<half, half>;
    using MatmulKernel = Gemm::Kernel::OpKernel<BlockMmad>;
}
`;

/** The block's GetTile sites under the site of the workspace whose kernel ends with \`call\`. */
function blockSites(call: string): Map<string, string | null> {
  const dir = mkdtempSync(path.join(tmpdir(), 'opcalls-'));
  const include = path.join(dir, 'include');
  mkdirSync(path.join(include, 'catlass'), { recursive: true });
  const header = path.join(include, 'catlass', 'op_block.hpp');
  const kernelFile = path.join(include, 'catlass', 'op_kernel.hpp');
  writeFileSync(header, BLOCK);
  writeFileSync(kernelFile, kernel(call));
  const site = path.join(dir, 'run.cpp');
  writeFileSync(site, SITES);
  const index = new HeaderIndex();
  index.setFile(header, BLOCK);
  index.setFile(kernelFile, kernel(call));
  const o = resolveSite({ file: site, line: 6, alias: 'BlockMmad', template: 'OpBlock' }, SITES, header, { index, root: include });
  assert.ok(typeof o === 'object', String(o));
  const analyzer = new CppAnalyzer(2201);
  analyzer.instantiation = [{ start: o.here.start, end: o.here.end, bindings: o.here.bindings, inner: o.here.inner }];
  const a = analyzer.analyze(BLOCK);
  const out = new Map<string, string | null>();
  for (const name of ['tileA', 'tileB', 'tileOther']) {
    const at = BLOCK.indexOf(`auto ${name} =`);
    const s = a.statements.find((x) => a.startOf(x) >= at && a.endOf(x) <= BLOCK.indexOf('\n', at));
    assert.ok(s, `no site ${name}`);
    out.set(name, s.result?.value ? printValue(s.result.value) : null);
  }
  return out;
}

test('operator()’s TensorA is the type of the tile the kernel passes: its static stride kept, its run-time leaves named after tensorA', () => {
  const sites = blockSites('blockMmad(tensorBlockA, unknownTensor, bm, bk);');
  // tensorBlockA: a tile (bm,bk):(ldA,_1) of half in GM at the run-time coord (mIdx,kIdx); as TensorA its
  // run-time leaves are tensorA's: stride (tensorA.stride<0>,_1), origin (tensorA.originShape<0>,…), coord
  // (tensorA.coord<0>,…). Its tile at (0,0) of shape (m,k): stride kept, valid min(m, max(O0 − 0, 0)) = min(m, O0),
  // coord the tensor's own plus (0,0)
  assert.equal(
    sites.get('tileA'),
    'Tensor<half, GM> (m,k):(tensorA.stride<0>,_1):(min(m,tensorA.originShape<0>),min(k,tensorA.originShape<1>)) @ coord (tensorA.coord<0>,tensorA.coord<1>), data tensorA.data()+0',
  );
  // the argument for tensorB has no value in the kernel: TensorB is not known, its tile has no layout
  assert.doesNotMatch(sites.get('tileB') ?? '', /stride/);
  // another member function template's own TensorA is not operator()'s
  assert.doesNotMatch(sites.get('tileOther') ?? '', /stride/);
});

test('calls that pass values of different types, or more arguments than operator() takes: the parameter stays unknown', () => {
  // tensorA (coord (_0,_0), static) and tensorBlockA (coord (mIdx,kIdx)) are of different types
  const two = blockSites('blockMmad(tensorBlockA, unknownTensor, bm, bk);\n        blockMmad(tensorA, unknownTensor, bm, bk);');
  assert.doesNotMatch(two.get('tileA') ?? '', /stride/);
  const more = blockSites('blockMmad(tensorBlockA, unknownTensor, bm, bk, bk);');
  assert.doesNotMatch(more.get('tileA') ?? '', /stride/);
});
