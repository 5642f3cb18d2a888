// A site's scratch text reads the branches the compiler may read: not a dead `#if` branch (`#if 0`, a
// condition over macros the file defines). (A branch beside a configuration default is still read:
// the inst-sites golden expects it, see instanceSite.ts branchesRead.)
import { strict as assert } from 'node:assert';
import { describe, test } from 'node:test';
import { siteScratchText } from '../../server/src/language';

const KERNEL = [
  '#include "catlass/gemm/block/block_mmad.hpp"',
  '#define QUANT_MODE 0',
  '#if 0',
  '#define TILE 32',
  'using Unused = layout::ColumnMajor;',
  '#else',
  '#define TILE 16',
  '#endif',
  'using ArchTag = Arch::AtlasA2;',
  '#if QUANT_MODE == 0',
  'using Mode = PerTensor;',
  '#else',
  'using Mode = PerChannel;',
  '#endif',
  'constexpr uint32_t tile = TILE;',
  'using Block = Gemm::Block::Foo<ArchTag, Mode>;',
].join('\n');

describe('a site’s scratch text and the #if branches', () => {
  test('a dead branch gives nothing, nor its #define (the macro the file defines decides the chain)', () => {
    const { text, alias } = siteScratchText(KERNEL, 16);
    assert.equal(alias, 'Block');
    assert.deepEqual(text.trim().split('\n'), [
      '#include "catlass/gemm/block/block_mmad.hpp"',
      'using ArchTag = Arch::AtlasA2;',
      'using Mode = PerTensor;',
      'constexpr uint32_t tile = 16;',
      'using Block = Gemm::Block::Foo<ArchTag, Mode>;',
    ]);
  });
});

test('the configuration defaults a scratch takes are listed (a JIT build may define them otherwise)', () => {
  const kernel = [
    '#include "catlass/gemm/block/block_mmad.hpp"',
    '#ifndef CATLASS_JIT_ELEMENT_A',
    '#define CATLASS_JIT_ELEMENT_A half',
    '#endif',
    '#ifdef CATLASS_JIT_LAYOUT_A',
    'using LayoutTagA = layout::CATLASS_JIT_LAYOUT_A;',
    '#else',
    'using LayoutTagA = layout::RowMajor;',
    '#endif',
    'using ElementA = CATLASS_JIT_ELEMENT_A;',
    'using Block = Gemm::Block::Foo<ElementA, LayoutTagA>;',
  ].join('\n');
  const { text, defaults } = siteScratchText(kernel, 11);
  assert.match(text, /using ElementA = half;/);
  assert.deepEqual(defaults, ['CATLASS_JIT_LAYOUT_A not defined', 'CATLASS_JIT_ELEMENT_A = half']);
  // none taken: no field
  assert.equal(siteScratchText(KERNEL, 16).defaults, undefined);
});
