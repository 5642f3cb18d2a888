// A kernel's site naming a local by decltype (`using TileCopy = …<…, decltype(layoutMxScaleA), …>;`
// after `auto layoutMxScaleA = tla::MakeMxScaleLayout<…>(m, mxScaleK);`): the site's scratch takes
// the local's statement and declares the integer names it reads without their run-time values.
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, test } from 'node:test';
import {
  HeaderIndex,
  evaluateScratch,
  headerNameUnder,
  includesOfText,
  indexIncludes,
  instanceBindings,
  siteScratchText,
} from '../../server/src/language';
import { SHARED_DIR } from '../helpers';

const KERNEL = [
  'void Helper()',
  '{',
  '    auto layoutB = tla::MakeLayout<half, layout::ColumnMajor>(8, 8);',
  '}',
  'void Run(Options const &options)',
  '{',
  '    uint32_t m = options.problemShape.m();',
  '    uint32_t k = options.problemShape.k();',
  '    uint32_t unused = 7;',
  '    using LayoutTagB = layout::ColumnMajor;',
  '    LayoutTagB tagB{k, m};',
  '    auto layoutA = tla::MakeLayout<half, layout::RowMajor>(m, k);',
  '    auto layoutB = MakeLayoutFromTag(tagB);',
  '    auto other = tla::MakeLayout<half, layout::RowMajor>(k, k);',
  '    using TensorA = Tensor<AscendC::GlobalTensor<half>, decltype(layoutA), tla::Coord<tla::_0, tla::_0>, AscendC::TPosition::GM>;',
  '    using TensorB = Tensor<AscendC::GlobalTensor<half>, decltype(layoutB), tla::Coord<tla::_0, tla::_0>, AscendC::TPosition::GM>;',
  '}',
  'void Later()',
  '{',
  '    using TensorC = Tensor<AscendC::GlobalTensor<half>, decltype(layoutB), tla::Coord<tla::_0, tla::_0>, AscendC::TPosition::GM>;',
  '}',
].join('\n');

describe('locals named by decltype in a site’s scratch', () => {
  test('the auto locals and what they read (integers without their values, a tag object as written); other locals are left out', () => {
    const { text, alias } = siteScratchText(KERNEL, 16);
    assert.equal(alias, 'TensorB');
    assert.deepEqual(text.trim().split('\n'), [
      // (Helper's layoutB is another function's: its block is closed at the site)
      'uint32_t m;',
      'uint32_t k;',
      'using LayoutTagB = layout::ColumnMajor;',
      'LayoutTagB tagB{k, m};',
      'auto layoutA = tla::MakeLayout<half, layout::RowMajor>(m, k);',
      'auto layoutB = MakeLayoutFromTag(tagB);',
      'using TensorA = Tensor<AscendC::GlobalTensor<half>, decltype(layoutA), tla::Coord<tla::_0, tla::_0>, AscendC::TPosition::GM>;',
      'using TensorB = Tensor<AscendC::GlobalTensor<half>, decltype(layoutB), tla::Coord<tla::_0, tla::_0>, AscendC::TPosition::GM>;',
    ]);
  });
  test("a tag object copied from its class's MakeLayout (`LayoutTagA tagA = LayoutTagA::MakeLayout<E>(m, k);`) is taken as written", () => {
    const kernel = [
      'void Run(Options const &options)',
      '{',
      '    uint32_t m = options.problemShape.m();',
      '    uint32_t k = options.problemShape.k();',
      '    using LayoutTagA = layout::RowMajor;',
      '    LayoutTagA tagA = LayoutTagA::MakeLayout<int8_t>(m, k);',
      '    auto layoutA = MakeLayoutFromTag(tagA);',
      '    using TensorA = Tensor<AscendC::GlobalTensor<int8_t>, decltype(layoutA), tla::Coord<tla::_0, tla::_0>, AscendC::TPosition::GM>;',
      '}',
    ].join('\n');
    const { text, alias } = siteScratchText(kernel, 8);
    assert.equal(alias, 'TensorA');
    assert.deepEqual(text.trim().split('\n'), [
      'uint32_t m;',
      'uint32_t k;',
      'using LayoutTagA = layout::RowMajor;',
      'LayoutTagA tagA = LayoutTagA::MakeLayout<int8_t>(m, k);',
      'auto layoutA = MakeLayoutFromTag(tagA);',
      'using TensorA = Tensor<AscendC::GlobalTensor<int8_t>, decltype(layoutA), tla::Coord<tla::_0, tla::_0>, AscendC::TPosition::GM>;',
    ]);
  });
  test('a local of a function closed before the site is not taken', () => {
    const { text, alias } = siteScratchText(KERNEL, 20);
    assert.equal(alias, 'TensorC');
    assert.doesNotMatch(text, /auto layoutB/);
  });
});

// example 53 builds its tile copy from `decltype(layoutMxScaleA)` (fp8_mx_matmul.cpp:162-167): its block, BlockMmadTla over
// MmadMx (line 156), selects the MmadMx specialisation of block_mmad_mx_tla.hpp
const CORPUS = path.join(SHARED_DIR, 'corpus', 'catlass');
const INCLUDE = path.join(CORPUS, 'include');
const EXAMPLE_53 = path.join(CORPUS, 'examples', '53_ascend950_fp8_mx_matmul', 'fp8_mx_matmul.cpp');
describe('example 53’s mx block', { skip: existsSync(EXAMPLE_53) ? false : `no corpus at ${CORPUS}` }, () => {
  test('the site at fp8_mx_matmul.cpp:169 selects block_mmad_mx_tla.hpp', () => {
    const { text, alias } = siteScratchText(readFileSync(EXAMPLE_53, 'utf8'), 169);
    const index = new HeaderIndex();
    const read = (p: string) => (existsSync(p) ? readFileSync(p, 'utf8') : undefined);
    indexIncludes(index, INCLUDE, includesOfText(text), read);
    const res = evaluateScratch(text, index, headerNameUnder(INCLUDE), 2201, INCLUDE);
    const ib = instanceBindings(res, alias ?? '');
    assert.equal(path.basename(ib?.file ?? ''), 'block_mmad_mx_tla.hpp');
    assert.match(ib?.selected ?? '', /^Catlass::Gemm::Block::BlockMmadTla<Catlass::Gemm::MmadMx<Catlass::Arch::Ascend950, true, 16/);
  });
});
