// A kernel author's first day (issue 24), the fourth try: a scratchpad of examples/cpp/matmul_kernel.cpp
// holds only the kernel's names; a template parameter takes its default (or its instantiation's value),
// in the scratchpad and in the layout view, and is never called a run-time value.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Analyzer, CppAnalyzer, hoverAt, printValue } from '../../server/src/language';
import { scratchpad } from '../../server/src/features/scratchpad';
import { picture } from '../../server/src/features/layoutView';
import { tileSteppers } from '../../server/src/language/ide/layoutView';
import { cppDoc } from '../cpp/cppTestKit';
import { ROOT } from '../helpers';

const EXAMPLE = readFileSync(path.join(ROOT, 'examples', 'cpp', 'matmul_kernel.cpp'), 'utf8');

const scratchOf = (kernel: string, needle: string, at = needle) => {
  const lines = kernel.split('\n');
  const line = lines.findIndex((l) => l.includes(needle));
  assert.ok(line >= 0, needle);
  const uri = 'file:///w/examples/cpp/matmul_kernel.cpp';
  const r = scratchpad({ ...cppDoc(kernel), uri }, { textDocument: { uri }, position: { line, character: lines[line].indexOf(at) + 2 } });
  assert.ok(r.text, r.reason ?? '');
  return r.text;
};

/** The declared names of a scratchpad's code (its comments aside). */
const declaredNames = (text: string) =>
  text
    .split('\n')
    .map((l) => l.replace(/\/\/.*$/, ''))
    .flatMap((l) => [...l.matchAll(/^\s*(?:auto|u?int(?:32|64)_t)\s+(\w+)/g)].map((m) => m[1]));

test('a scratchpad of matmul_kernel.cpp:29 declares only the kernel’s names: no made-up name for the MakeCoord lookup', () => {
  const text = scratchOf(EXAMPLE, 'auto tileA = GetTileLayout', 'GetTileLayout');
  assert.doesNotMatch(text, /unqualified_/);
  // every name it declares is one the kernel writes
  for (const n of declaredNames(text)) assert.match(EXAMPLE, new RegExp(`\\b${n}\\b`), `${n} in\n${text}`);
});

test('a template parameter with a default and no instantiation takes its default in the scratchpad, and says so', () => {
  const text = scratchOf(EXAMPLE, 'auto tileA = GetTileLayout', 'GetTileLayout');
  // template <class ElementA, uint32_t TILE_K = 64>
  assert.match(text, /^uint32_t TILE_K = 64; \/\/ 'TILE_K' is a template parameter of the kernel: its default/m);
  assert.doesNotMatch(text, /TILE_K[^\n]*not a compile-time constant/);
  // the tile then is numbers: layoutA RowMajor (300,200):(200,_1); the tile at (256,0) of shape (128,64):
  // valid min(128, 300−256) = 44 rows, min(64, 200) = 64 columns, offset 256·200 = 51200
  const a = new Analyzer().analyze(text);
  assert.deepEqual(
    a.diagnostics.filter((d) => d.severity === 'error'),
    [],
  );
  const tile = a.declarations.get('tileA')?.value;
  assert.ok(tile);
  assert.match(printValue(tile), /^\(128,64\):\(200,_1\):\(44,64\)$/);
});

test('a template parameter without a default: a symbol the user sets, never a made-up number', () => {
  const kernel = `#include "tla/layout.hpp"
template <uint32_t TILE_K>
struct Block {
  void f() {
    auto layoutA = tla::MakeLayout<half, Catlass::layout::RowMajor>(TILE_K, 16);
  }
};
`;
  const text = scratchOf(kernel, 'auto layoutA', 'MakeLayout');
  assert.match(text, /^uint32_t TILE_K; \/\/ 'TILE_K' is a template parameter of the kernel \(without a default/m);
  assert.doesNotMatch(text, /TILE_K = \d/);
  assert.doesNotMatch(text, /not a compile-time constant/);
});

test('inside namespace Catlass, the scratchpad carries over that an unqualified MakeCoord is Catlass::MakeCoord', () => {
  const kernel = `#include "catlass/catlass.hpp"
#include "tla/layout.hpp"
using namespace tla;
namespace Catlass::Gemm::Block {
void f() {
  auto layoutA = tla::MakeLayout<half, Catlass::layout::RowMajor>(64, 32);
  auto tileA = tla::GetTileLayout(layoutA, tla::MakeShape(16u, 16u), MakeCoord(0u, 0u));
}
}
`;
  // the kernel itself warns (issue 24 problem 4)
  const lines = kernel.split('\n');
  const line = lines.findIndex((l) => l.includes('auto tileA'));
  const kernelCodes = cppDoc(kernel).analysis.diagnostics.map((d) => d.code);
  assert.ok(kernelCodes.includes('catlass-coord'), kernelCodes.join(', '));
  assert.ok(line > 0);
  const text = scratchOf(kernel, 'auto tileA', 'GetTileLayout');
  for (const n of declaredNames(text)) assert.match(kernel, new RegExp(`\\b${n}\\b`), `${n} in\n${text}`);
  assert.match(text, /^using namespace Catlass; \/\/ /m);
  // evaluated as the kernel does: a Catlass coord, with the catlass-coord warning
  const a = new Analyzer().analyze(text);
  const codes = a.diagnostics.map((d) => d.code);
  assert.ok(codes.includes('catlass-coord'), `${codes.join(', ')}\n${text}`);
});

const pictureOf = (kernel: string, needle: string, at: string) => {
  const lines = kernel.split('\n');
  const line = lines.findIndex((l) => l.includes(needle));
  assert.ok(line >= 0, needle);
  const doc = cppDoc(kernel);
  return picture(doc, { textDocument: { uri: doc.uri }, position: { line, character: lines[line].indexOf(at) + 2 } });
};

test('Show Layout on a kernel tile cut by a template parameter draws it at its default and says so, never "known only at run time"', () => {
  const answer = pictureOf(EXAMPLE, 'auto tileA = GetTileLayout', 'tileA');
  assert.ok(answer);
  assert.doesNotMatch(answer.reason ?? '', /run time/);
  assert.deepEqual(answer.defaults, ['TILE_K = 64']);
  assert.ok(answer.picture, answer.reason ?? '');
  // tileA: shape (128, TILE_K = 64) at (BLOCK_M·2, 0) = (256, 0) of 300×200: valid (300−256, 64) = (44, 64)
  assert.equal(answer.picture.subject?.tile?.parent, 'layoutA');
  const tile = answer.picture.tiles[0];
  assert.deepEqual(
    [tile.tileShape, tile.coord, tile.valid],
    [
      [128, 64],
      [256, 0],
      [44, 64],
    ],
  );
});

test('a template parameter without a default is not called a run-time value by the layout view', () => {
  const kernel = `#include "tla/layout.hpp"
template <uint32_t TILE_K>
struct Block {
  void f(uint32_t m) {
    auto layoutA = tla::MakeLayout<half, Catlass::layout::RowMajor>(TILE_K, 16);
    auto layoutB = tla::MakeLayout<half, Catlass::layout::RowMajor>(TILE_K, m);
  }
};
`;
  const a = pictureOf(kernel, 'auto layoutA', 'layoutA');
  assert.ok(a && !a.picture);
  assert.doesNotMatch(a.reason ?? '', /run time/);
  assert.match(a.reason ?? '', /TILE_K is a template parameter without a default/);
  const b = pictureOf(kernel, 'auto layoutB', 'layoutB');
  assert.ok(b && !b.picture);
  assert.match(b.reason ?? '', /known only at run time: bind m to numbers; TILE_K is a template parameter/);
});

test('a C++ variable whose TLA statement has an error: its hover says what Problems says, and on which line', () => {
  const kernel = `#include "catlass/catlass.hpp"
#include "tla/layout.hpp"
using namespace tla;
namespace Catlass::Gemm::Block {
void f(AscendC::GlobalTensor<half> gmA) {
  auto layoutA = tla::MakeLayout<half, Catlass::layout::RowMajor>(256u, 512u);
  auto tensorA = tla::MakeTensor(gmA, layoutA, Arch::PositionGM{});
  auto tileA = tla::GetTile(tensorA, MakeCoord(0u, 0u), tla::MakeShape(128u, 256u));
}
}
`;
  const a = new CppAnalyzer().analyze(kernel);
  const problem = a.diagnostics.find((d) => d.code === 'catlass-coord');
  assert.ok(problem);
  const line = kernel.slice(0, problem.start).split('\n').length;
  assert.equal(line, 8);
  const h = hoverAt(a, kernel.indexOf('tileA =') + 2, { gridSize: 8, cpp: true });
  assert.ok(h, 'no hover on tileA');
  assert.ok(h.markdown.startsWith('**tileA**'), h.markdown);
  assert.ok(h.markdown.includes(`no value: ${problem.message} (in Problems, line 8)`), h.markdown);
});

test("the layout view steps a block coordinate within its parent's blocks: the last one the tail, no empty tile past it", () => {
  const kernel = `#include "catlass/catlass.hpp"
#include "tla/layout.hpp"
#include "tla/tensor.hpp"
__aicore__ inline void kernel(AscendC::GlobalTensor<half> gmC, uint32_t m, uint32_t n)
{
    auto layoutC = tla::MakeLayout<half, Catlass::layout::RowMajor>(m, n);
    auto tensorC = tla::MakeTensor(gmC, layoutC, Arch::PositionGM{});
    Catlass::GemmCoord blockCoord = blockScheduler.GetBlockCoord(AscendC::GetBlockIdx());
    auto tileC = tla::GetTile(tensorC, tla::MakeCoord(blockCoord.m() * 128, blockCoord.n() * 256), tla::MakeShape(128u, 256u));
}
`;
  const a = new CppAnalyzer().analyze(kernel);
  const ends = (bound: Map<string, bigint>) => tileSteppers(a, 'tileC', bound).map((s) => [s.name, s.start, s.end]);
  // m = 300: rows 0, 128, 256 start inside (⌈300/128⌉ = 3 blocks, the third 44 rows: the tail); n = 500: ⌈500/256⌉ = 2
  assert.deepEqual(
    ends(
      new Map([
        ['m', 300n],
        ['n', 500n],
      ]),
    ),
    [
      ['blockCoord.m()', 0, 3],
      ['blockCoord.n()', 0, 2],
    ],
  );
  // m and n unbound: no bound said
  assert.deepEqual(ends(new Map()), [
    ['blockCoord.m()', 0, null],
    ['blockCoord.n()', 0, null],
  ]);
});
